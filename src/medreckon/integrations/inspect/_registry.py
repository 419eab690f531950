"""What inspect loads through medreckon's `inspect_ai` entry point (pyproject.toml): importing
these registers the task, solvers, scorers and the `medreckon` model provider under the
`medreckon/` namespace (`inspect eval medreckon/medcalc_bench --model medreckon/embedded`)."""

# ruff: noqa: F401  (imported to register)
from inspect_ai.model import ModelAPI, modelapi

from .bridge import bench_strategy
from .scorers import (
    exact_score,
    mdcalc_precision_score,
    medcalc_bench_score,
    relative_score,
    rule_score,
    step_verification,
)
from .solvers import direct, one_shot_cot, prompt_strategy, tools_strategy, zero_shot_cot
from .task import medcalc_bench


@modelapi(name="medreckon")
def medreckon() -> type[ModelAPI]:
    # the provider (and with it the bench's model clients) loads only when a medreckon/ model is used
    from .provider import MedreckonModelAPI

    return MedreckonModelAPI
