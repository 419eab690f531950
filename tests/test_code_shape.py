"""The shape the reading pipeline and the strategies keep (issue 28): no module over 400 lines, no
function over complexity 15 (ruff's C901 with the project's max-complexity)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "medreckon"
KEPT = [SRC / "reading", SRC / "bench" / "strategies"]
MAX_LINES = 400


def test_no_module_is_over_400_lines():
    long = {str(p.relative_to(SRC)): n for root in KEPT for p in sorted(root.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_no_function_is_over_complexity_15():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (the [test] extra)")
    done = subprocess.run([ruff, "check", "--select", "C901", "--output-format", "concise", *map(str, KEPT)],
                          capture_output=True, text=True, cwd=SRC.parents[1])
    assert done.returncode == 0, done.stdout + done.stderr
