"""Runs: a run directory and what fills it. `store` is the SQLite run store (config, cases,
attempts, evaluations; migrated in place from older schemas), `runner` makes a strategy's
attempts and commits each as it finishes, `evaluations` adds evaluations of stored attempts the
same resumable way, and `arms` lays out several runs on the same cases (one directory per arm)."""
