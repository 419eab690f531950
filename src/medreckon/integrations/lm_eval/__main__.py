"""`python -m medreckon.integrations.lm_eval path`: the folder for ``lm_eval --include_path``;
``tasks``: the task names it holds."""

from __future__ import annotations

import sys

from . import TASKS, tasks_path

USAGE = "usage: python -m medreckon.integrations.lm_eval path|tasks"


def main(argv: list[str]) -> int:
    if argv == ["path"]:
        print(tasks_path())
        return 0
    if argv == ["tasks"]:
        print("\n".join(TASKS))
        return 0
    print(f"{USAGE}\n  path   the folder to pass to lm_eval --include_path\n  tasks  the task names",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
