"""medreckon in inspect_ai (`pip install 'medreckon[inspect]'`).

    inspect eval medreckon/medcalc_bench --model medreckon/embedded -T subset=medrac_clean_940 \
        -T per_calculator=1 -T strategy=direct

- `medcalc_bench` (task): the bench's datasets, label sets, strategies and scoring rules as task
  parameters (`task`);
- solvers: `direct`, `zero_shot_cot`, `one_shot_cot` (`prompt_strategy`) and `tools_strategy`
  (`solvers`), and `bench_strategy` for every other strategy (`bridge`: the strategy's own code,
  its requests through inspect's model), each leaving the bench's Outcome in the sample's store;
- scorers: `rule_score` and one per rule, `step_verification` (`scorers`), judged by
  `bench.analysis`, with our trace in each Score's metadata;
- `calculator_tools`, `compact_calculator_tools`: our calculators as inspect tools (`tools`);
- the `medreckon` model provider: `--model medreckon/<our model string>` (`provider`).

Importing this package imports inspect_ai; `import medreckon` never does.
"""

from ._registry import medreckon as medreckon_provider
from .bridge import bench_strategy
from .dataset import case_of, load, medcalc_dataset
from .scorers import (
    exact_score,
    mdcalc_precision_score,
    medcalc_bench_score,
    relative_score,
    rule_score,
    step_verification,
)
from .solvers import (
    OUTCOME_KEY,
    direct,
    one_shot_cot,
    prompt_strategy,
    tools_strategy,
    zero_shot_cot,
)
from .task import medcalc_bench
from .tools import calculator_tools, compact_calculator_tools

__all__ = ["OUTCOME_KEY", "bench_strategy", "calculator_tools", "case_of", "compact_calculator_tools", "direct", "exact_score",
           "load", "mdcalc_precision_score", "medcalc_bench", "medcalc_bench_score", "medcalc_dataset",
           "medreckon_provider", "one_shot_cot", "prompt_strategy", "relative_score", "rule_score",
           "step_verification", "tools_strategy", "zero_shot_cot"]
