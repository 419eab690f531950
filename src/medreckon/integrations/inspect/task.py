"""The `medcalc_bench` inspect task: the bench's datasets, strategies and scoring rules as task
parameters (``-T name=value`` on inspect's command line).

    inspect eval medreckon/medcalc_bench --model medreckon/embedded \
        -T subset=medrac_clean_940 -T per_calculator=1 -T strategy=direct
    inspect eval medreckon/medcalc_bench --model openai/gpt-4o-mini -T dataset=medcalc-bench-corrected \
        -T strategy=tools -T rule=medcalc_bench,mdcalc_precision

The generation defaults are the strategy's (`direct`: temperature 0, max_tokens 64), with the
task's seed, as `medreckon bench run` sets them; inspect's own options override them.
"""

from __future__ import annotations

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Scorer
from inspect_ai.solver import Solver

from ...bench.analysis.scoring import RULES
from ...bench.strategies import STRATEGIES, get_strategy
from .bridge import bench_strategy, preflight
from .dataset import load, medcalc_dataset
from .scorers import RULE_SCORERS, step_verification
from .solvers import PROMPT_STRATEGIES, prompt_strategy, tools_strategy


def _rules(rule: str | list[str]) -> list[str]:
    names = [r.strip() for r in (rule.split(",") if isinstance(rule, str) else rule) if r.strip()]
    if names == ["all"]:
        return list(RULES)
    unknown = [r for r in names if r not in RULES]
    if unknown or not names:
        raise ValueError(f"rule: got {rule!r}; expected one or more of {', '.join(RULES)} (comma-separated) "
                         "or all")
    return names


def strategy_solver(strategy: str) -> Solver:
    """The solver of a strategy spec: a prompt strategy and `tools` natively, any other through
    the bridge (`bridge.bench_strategy`)."""
    name = strategy.partition(":")[0].strip()
    if name in PROMPT_STRATEGIES:
        return prompt_strategy(strategy)
    if name == "tools":
        return tools_strategy(strategy)
    if name in STRATEGIES:
        return bench_strategy(strategy)
    raise ValueError(f"strategy: got {name!r}; expected one of {', '.join(STRATEGIES)}")


@task
def medcalc_bench(
    dataset: str = "medcalc-bench",
    data_file: str | None = None,
    subset: str | None = None,
    per_calculator: int | None = None,
    seed: int = 0,
    limit: int | None = None,
    calculators: str | int | None = None,
    labels: str = "v1.0",
    strategy: str = "direct",
    rule: str = "medcalc_bench",
    steps: bool | None = None,
) -> Task:
    """MedCalc-Bench (or any dataset `medreckon bench run` loads) with our strategies and rules.

    Args:
      dataset: medcalc-bench (v1.0), medcalc-bench-corrected, medcalc-bench-v1.2,
        medcalc-bench-verified, synthetic (with data_file) or synthetic:<level>,n=…,seed=….
      data_file: the dataset's file, where it is not under MEDRECKON_DATA.
      subset: a named subset of v1.0 rows, e.g. medrac_clean_940.
      per_calculator: cases drawn per calculator (seeded by `seed`).
      seed: the sampling seed, and the generation seed sent to the model.
      limit: the first N cases after the other filters.
      calculators: MedCalc-Bench calculator IDs or names, comma-separated.
      labels: v1.0, or corrected (v1.0 rows scored against their corrected labels).
      strategy: any of `medreckon bench strategies`, with parameters as in `bench run`
        (tools:k=5,max_turns=8); direct, zero_shot_cot, one_shot_cot and tools as inspect
        solvers, the others through the bridge (their requests through inspect's model).
      rule: scoring rule(s), comma-separated, or all: medcalc_bench, mdcalc_precision,
        relative, exact.
      steps: add step verification (default: for every strategy but the three prompt ones,
        whose attempts carry no calculation trace).
    """
    strat = get_strategy(strategy)
    cases = load(dataset, data_file=data_file, subset=subset, per_calculator=per_calculator, seed=seed,
                 limit=limit, calculators=calculators, labels=labels)
    strat.check(cases)  # e.g. one_shot_cot without an exemplar for some calculator
    if strat.name not in PROMPT_STRATEGIES and strat.name != "tools":
        preflight(strat, strategy, cases)  # what inspect cannot carry, refused before any sample
    rules = _rules(rule)
    scorers: list[Scorer] = [RULE_SCORERS[r]() for r in rules]
    if steps if steps is not None else strat.name not in PROMPT_STRATEGIES:  # the others may trace
        scorers.append(step_verification(rules[0]))
    default_gen = dict(strat.default_gen)
    config = GenerateConfig(temperature=default_gen.get("temperature"), max_tokens=default_gen.get("max_tokens"),
                            seed=seed)
    return Task(
        dataset=medcalc_dataset(cases, cases[0].dataset),
        solver=strategy_solver(strategy),
        scorer=scorers,
        config=config,
        version=f"{strat.name} {strat.version}",
        metadata={"dataset": cases[0].dataset, "dataset_version": cases[0].dataset_version, "labels": labels,
                  "strategy": strat.name, "strategy_version": strat.version, "rules": rules},
    )


__all__ = ["medcalc_bench"]
