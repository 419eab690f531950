"""Instructions per call (valgrind's cachegrind), ours against clincalc on the same call as
`calc_throughput.py --peer clincalc`: a load-independent proxy for the CPU-time ratio, for a
machine too busy to time on (on a quiet machine the two ratios agreed: 0.59 both).

    python benchmarks/calc_instructions.py [--calls 20000]

Each figure is (instructions of a process making N calls − instructions of one making none) / N,
the start-up of a process varying by about 1.5% (±1,500 per call at N = 20,000). Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path


def _calls(which: str, n: int) -> None:
    """The child: make n calls of `which` (ours | clincalc | none), after one to warm up."""
    sys.path.insert(0, str(Path(__file__).parent))
    import clincalc
    from calc_throughput import ENTITIES, clincalc_from_entities

    import medreckon

    peer = clincalc_from_entities(clincalc.calculate)
    ours = lambda: medreckon.from_medcalc_bench(2, ENTITIES)  # noqa: E731
    ours(), peer()  # warm in every child, "none" too: the registry's loading is not a call's cost
    fn = {"ours": ours, "clincalc": peer, "none": lambda: None}[which]
    for _ in range(n):
        fn()


def _instructions(which: str, n: int) -> int:
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, __file__, "--child", which, "--calls", str(n)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not found:
        sys.exit(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--child", choices=["ours", "clincalc", "none"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        _calls(args.child, args.calls)
        return
    if not shutil.which("valgrind"):
        sys.exit("needs valgrind (apt-get install valgrind)")
    base = _instructions("none", args.calls)
    ours = (_instructions("ours", args.calls) - base) / args.calls
    peer = (_instructions("clincalc", args.calls) - base) / args.calls
    print(f"{'CG entities, medreckon':<30} {ours:>10,.0f} instructions/call")
    print(f"{'CG entities, clincalc':<30} {peer:>10,.0f} instructions/call")
    print(f"{'ratio clincalc / medreckon':<30} {peer / ours:>10.2f} (> 1: medreckon needs fewer)")


if __name__ == "__main__":
    main()
