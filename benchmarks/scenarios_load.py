"""How long a patient record of PATIENTS patients takes to build and load, in SQLite and in
PostgreSQL (a throwaway local cluster: initdb in a temp dir, Unix socket only), and the latency
of the queries agents send (p50, p99) through the read-only path (`open_record`; PostgreSQL as
the agent role). Every scenario set is built by the same command, so both databases hold the
same rows; the queries are the kinds the scenario agent sends (a patient's labs in time order,
one test's series, vitals, the problem list, active medications, a note search, a join with the
encounter, and a count over the whole record).

    python benchmarks/scenarios_load.py --patients 50000 --json docs/results/scenarios-load.json \
        --markdown docs/results/scenarios-load.md            # the measurement (quiet machine)
    python benchmarks/scenarios_load.py --patients 500 --repeats 5   # a smoke test

Resumable in the sense that matters: each database is built from scratch in --root (default a
temp dir) and nothing is kept.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

from medreckon.scenarios.build import build, read_scenarios
from medreckon.scenarios.record import open_record

IMPORTED = 118
PER_TEMPLATE = 6  # 5 templates: 30 generated scenarios


def queries(patient: str) -> list[tuple[str, str]]:
    return [
        ("labs of a patient, in time order", f"SELECT test_name, specimen, value, unit, collected_at FROM lab_results "
                                             f"WHERE patient_id = '{patient}' ORDER BY collected_at"),
        ("one test's series", f"SELECT value, unit, collected_at, encounter_id FROM lab_results WHERE patient_id = "
                              f"'{patient}' AND test_name = 'Creatinine' AND specimen = 'serum' ORDER BY collected_at"),
        ("vitals of a patient", f"SELECT name, value, unit, measured_at FROM vital_signs WHERE patient_id = '{patient}'"),
        ("problem list", f"SELECT name, status, onset_date FROM diagnoses WHERE patient_id = '{patient}'"),
        ("active medications", f"SELECT drug, dose, dose_unit, frequency FROM medications WHERE patient_id = "
                               f"'{patient}' AND end_time IS NULL"),
        ("notes mentioning a word", f"SELECT kind, written_at, text FROM notes WHERE patient_id = '{patient}' "
                                    "AND text LIKE '%history%'"),
        ("first labs of the encounter", f"SELECT l.test_name, l.value, l.unit, l.collected_at FROM lab_results l "
                                        f"JOIN encounters e ON e.encounter_id = l.encounter_id WHERE l.patient_id = "
                                        f"'{patient}' AND e.kind <> 'outpatient' ORDER BY l.collected_at LIMIT 20"),
        ("a count over the whole record", "SELECT test_name, COUNT(*) FROM lab_results GROUP BY test_name"),
    ]


def latency(locator: str, patients: list[str], repeats: int) -> dict[str, dict[str, float]]:
    out: dict[str, list[float]] = {}
    with open_record(locator) as record:
        for _ in range(repeats):
            for patient in patients:
                for name, sql in queries(patient):
                    started = time.perf_counter()
                    record.query(sql, max_rows=50, timeout_s=30)
                    out.setdefault(name, []).append(1000 * (time.perf_counter() - started))
    every = [x for v in out.values() for x in v]
    out["all queries"] = every

    def q(xs: list[float], p: float) -> float:
        return statistics.quantiles(xs, n=100, method="inclusive")[p - 1] if len(xs) > 1 else xs[0]

    return {k: {"n": len(v), "p50_ms": round(q(v, 50), 3), "p99_ms": round(q(v, 99), 3)} for k, v in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--patients", type=int, default=50_000)
    ap.add_argument("--repeats", type=int, default=20, help="times each query runs per sampled patient")
    ap.add_argument("--sample", type=int, default=20, help="scenario patients the queries are about")
    ap.add_argument("--root", default=None)
    ap.add_argument("--no-postgres", action="store_true")
    ap.add_argument("--json", default=None)
    ap.add_argument("--markdown", default=None)
    a = ap.parse_args()
    root = Path(a.root or tempfile.mkdtemp(prefix="scenarios-load-"))
    background = max(0, a.patients - IMPORTED - 5 * PER_TEMPLATE)
    result: dict = {"patients": a.patients, "machine": f"{platform.machine()}, {platform.python_version()}",
                    "repeats": a.repeats}
    started = time.perf_counter()
    report = build(root / "sqlite", per_template=PER_TEMPLATE, background=background, replace=True)
    result["sqlite"] = {"build_and_load_s": round(time.perf_counter() - started, 2), "rows": sum(report.rows.values()),
                        "file_mb": round((root / "sqlite" / "record.sqlite").stat().st_size / 2**20, 1)}
    sample = [s.patient_id for s in random.Random(0).sample(read_scenarios(root / "sqlite"), a.sample)]
    result["sqlite"]["latency"] = latency(str(root / "sqlite" / "record.sqlite"), sample, a.repeats)
    if not a.no_postgres:
        from medreckon.scenarios.postgres import LocalCluster, create_agent_role

        with LocalCluster() as cluster:  # its own temp dir, which the postgres user can reach
            started = time.perf_counter()
            build(root / "postgres", per_template=PER_TEMPLATE, background=background, record=cluster.dsn())
            result["postgresql"] = {"build_and_load_s": round(time.perf_counter() - started, 2),
                                    "rows": sum(report.rows.values())}
            create_agent_role(cluster.dsn())
            result["postgresql"]["latency"] = latency(cluster.dsn("medreckon_agent"), sample, a.repeats)
    text = json.dumps(result, indent=1)
    print(text)
    if a.json:
        Path(a.json).write_text(text + "\n", encoding="utf-8")
    if a.markdown:
        Path(a.markdown).write_text(markdown(result), encoding="utf-8")


def markdown(r: dict) -> str:
    dbs = [d for d in ("sqlite", "postgresql") if d in r]
    lines = [f"# Patient record: load time and query latency ({r['patients']:,} patients)", "",
             f"Machine: {r['machine']}. Command: `python benchmarks/scenarios_load.py --patients {r['patients']}`.", "",
             "| | " + " | ".join(dbs) + " |", "|---|" + "---:|" * len(dbs),
             "| build and load (s) | " + " | ".join(f"{r[d]['build_and_load_s']:.1f}" for d in dbs) + " |",
             "| rows | " + " | ".join(f"{r[d]['rows']:,}" for d in dbs) + " |", "",
             "| query (ms) | " + " | ".join(f"{d} p50 | {d} p99" for d in dbs) + " |",
             "|---|" + "---:|" * (2 * len(dbs))]
    for name in r[dbs[0]]["latency"]:
        lines.append(f"| {name} | " + " | ".join(
            f"{r[d]['latency'][name]['p50_ms']:.2f} | {r[d]['latency'][name]['p99_ms']:.2f}" for d in dbs) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
