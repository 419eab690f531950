"""Integrations with the evaluation frameworks researchers already use, each an optional extra
imported only when asked for (importing `medreckon` imports none of them):

- `medreckon.integrations.inspect` — inspect_ai (`pip install 'medreckon[inspect]'`): the
  `medcalc_bench` task, solvers for our strategies, scorers for every scoring rule and for step
  verification, our calculators as inspect tools, and a model provider for our model strings;
  `inspect eval medreckon/medcalc_bench --model …`.
- lm-evaluation-harness (`lm_eval*`).
"""
