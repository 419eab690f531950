"""Benchmark harness. Data flows one way, and the folders follow it:

    Case ──> Strategy ──> Attempt ──> Evaluations ──> report
    datasets/  strategies/   runs/        analysis/       render/
               (models/, calculation, answers)

- `types`: the vocabulary (Case, Outcome, Attempt, Evaluation, the ModelClient and Strategy
  protocols); `trace`: `CalcTrace`, the typed record of a calculation an attempt made.
- `datasets/`: datasets read into Cases; other harnesses' outputs in and out.
- `models/`: model strings to ModelClients (OpenAI-compatible, llama.cpp, the embedded model).
- `strategies/`: one module per strategy, found by name; `calculation` is the calculator
  plumbing they share (the case's calculator, tool calls, trace records), `name_matching`
  maps a calculator or value named in free text to ours, `answers/` reads a model's text as an
  answer, `retrieval` and `sandbox` serve the strategies that need them.
- `runs/`: the run store and the runner; attempts and evaluations committed as they finish.
- `analysis/`: scoring rules, statistics, summaries, arms comparisons, step verification
  (exact and judged), error taxonomy and attribution, agreement statistics.
- `render/`: text, Markdown, HTML and SVG for people.
- `cli/`: the `medreckon bench` and `medreckon data` commands.
"""
