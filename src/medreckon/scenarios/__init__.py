"""Clinical scenarios over a patient record: an agent plans, queries a real database, calls the
calculators, and is checked step by step.

- `schema`, `record`, `postgres`: the record store (one schema; SQLite by default, PostgreSQL for
  scale), read-only for agents, with a statement guard and row and time caps;
- `concepts`, `patients`, `gold`: longitudinal patients whose records hold each gold value at the
  right time among what real records hold around it, gold computed from exactly what was charted;
- `templates` (generated workflows), `medmcp` (MedMCP-Calc's tasks imported), `build` (a scenario
  set: record + scenarios.jsonl + report), `verify` (every gold recomputed from the record);
- `dataset` (scenarios as bench Cases), `tools` and `agent` (the `scenario_agent` strategy),
  `evaluate` and `report` (exact process evaluation from the trace), `export` (Parquet), `cli`.

Nothing here is imported by the calculators, bench or env, except that the bench's strategy
registry and dataset loader import `agent` and `dataset` lazily, by name.
"""
