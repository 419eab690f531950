"""Generated cases re-verified and rejection rates per calculator (counts, not timings): N cases
at the hard level are generated, every one re-derived from its written facts by `recompute`, and
the rejected draws counted per calculator at the hard and easy levels. Writes the markdown table.

    python benchmarks/env_generation.py [--n 100000] [--workers 2] [--out docs/results/env-generation.md]

The same counts come from the CLI: `medreckon env generate --n N --level hard --out F`,
`medreckon env verify F`, `medreckon env stats --n N --level hard|easy --json`.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="docs/results/env-generation.md")
    args = ap.parse_args()

    from medreckon.env import Generator, recompute
    from medreckon.env.generator import GENERATOR_VERSION

    stats, verified = {}, 0
    for level in ("hard", "easy"):
        gen = Generator(seed=args.seed, level=level, workers=args.workers)
        try:
            cases = list(gen.generate(args.n))
        finally:
            gen.close()
        if level == "hard":
            problems = [why for why in recompute(cases) if why]
            verified = len(cases) - len(problems)
            assert not problems, problems[:3]
        stats[level] = gen.stats.to_dict()
        m = len(gen.calculators)
    hard, easy = stats["hard"], stats["easy"]
    total = {lv: sum(s["rejected"] or 0 for s in st.values()) for lv, st in stats.items()}
    rejecting = sorted((c for c, s in hard.items() if s["rejected"]), key=lambda c: -hard[c]["rejection_rate"])
    per = f"{args.n // m:,} or {args.n // m + 1:,}" if args.n % m else f"{args.n // m:,}"
    lines = [
        "# Generated cases: re-verification and rejection rates", "",
        "```", f"python benchmarks/env_generation.py --n {args.n} --seed {args.seed} --workers {args.workers}", "```", "",
        f"Generator version {GENERATOR_VERSION} (`src/medreckon/env/`). These are counts, not timings; the same "
        "counts come from `medreckon env generate`, `env verify` and `env stats --json`.", "",
        f"**Re-verification: {verified:,} of {args.n:,} cases ({verified / args.n:.0%})** re-derived from their facts: "
        "every answer recomputed by the calculator from the values as the note writes them (units included), equal "
        "to the stored answer, and every fact's text found in the note. The cases are stratified over all "
        f"{m} calculators ({per} each), at the `hard` level (narrative, 60% of quantities in another unit, 5 "
        "distractors, half the labs at two time points, denials, half the absent findings unmentioned).", "",
        f"**Rejection rates.** {total['hard']:,} draws were rejected on the way to {args.n:,} hard cases "
        f"({total['hard'] / (total['hard'] + args.n):.1%} of {total['hard'] + args.n:,} draws; easy level: "
        f"{total['easy']:,}). {m - len(rejecting)} of {m} calculators never rejected a draw. The others, per "
        "calculator (hard, with the easy level's rate beside it):", "",
        "| calculator | cases | draws rejected | rate (hard) | rate (easy) | reasons (hard) |",
        "|---|---|---|---|---|---|",
    ]
    for c in rejecting:
        s, e = hard[c], easy.get(c, {})
        reasons = ", ".join(f"{r.replace('_', ' ')} {k:,}" for r, k in list(s["reasons"].items())[:3])
        lines.append(f"| {c} | {s['accepted']:,} | {s['rejected']:,} | {s['rejection_rate']:.1%} | "
                     f"{(e.get('rejection_rate') or 0):.1%} | {reasons} |")
    lines += ["", "A rejection is a draw of inputs, each typical on its own, that the calculator refuses (a relation "
              "between inputs, such as CAM-ICU's attention errors or a bicarbonate of exactly 24 for the delta ratio) "
              "or whose output leaves the calculator's declared plausible range (`Output.range`; the sodium deficit "
              "and the osmolal gap at the extremes of their inputs). The draw is replaced, so no case carries it. "
              "Values are drawn in the canonical unit and only written in another, so the unit knob barely moves "
              "the rates (hard and easy agree within sampling noise)."]
    skipped = {c: s["skipped"] for c, s in hard.items() if "skipped" in s}
    lines += ["", f"Calculators left out of \"all calculators\": {len(skipped) or 'none'}."]
    lines += [f"- {c}: {why}" for c, why in skipped.items()]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print(f"{verified:,}/{args.n:,} re-derived; {total['hard']:,} hard / {total['easy']:,} easy draws rejected; "
          f"{m} calculators; wrote {args.out}")


if __name__ == "__main__":
    main()
