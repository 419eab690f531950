"""Strategy specs: a strategy name with constructor parameters, in `bench run` and `bench arms`."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from medreckon.bench.cli.options import split_specs as _split_specs
from medreckon.bench.runs import arms
from medreckon.bench.strategies import STRATEGIES, get_strategy, parse_spec, strategy_parameters

# Budgets bound time and memory; they do not change what a finished attempt means, so they stay
# out of the version (a run may be resumed with a larger budget).
BUDGETS = {"time_limit_s", "max_wall_s", "sandbox_timeout_s", "sandbox_memory_mb"}


def test_a_spec_is_a_name_and_parameters():
    assert parse_spec("direct") == ("direct", {})
    assert parse_spec(" extract : max_repairs = 1 , split_findings=false ") == (
        "extract", {"max_repairs": "1", "split_findings": "false"})
    with pytest.raises(ValueError, match="must be key=value"):
        parse_spec("extract:max_repairs")


def test_parameters_take_the_type_of_their_default():
    s = get_strategy("extract:max_repairs=1,split_findings=no,fix_units=FALSE")  # an old configuration's flags
    assert (s.flags["max_repairs"], s.flags["split_findings"], s.flags["fix_units"]) == (1, False, False)
    assert get_strategy("code:time_limit_s=60").time_limit_s == 60.0
    assert get_strategy("rag:retriever=dense").version.endswith("retriever=dense")


@pytest.mark.parametrize("spec, message", [
    ("nonsense", "unknown strategy 'nonsense'; known: direct"),
    ("extract:foo=1", "extract has no parameter foo; its parameters: pipeline (default default), configuration "
                      "(default issue17), max_repairs (default 2)"),
    ("direct:k=1", "direct has no parameter k; its parameters: none"),
    ("extract:max_repairs=two", "extract parameter max_repairs: got 'two'; expected a whole number"),
    ("extract:split_findings=maybe", "expected true or false"),
    ("tools:max_wall_s=soon", "expected a number"),
    ("extract:max_repairs=9", "max_repairs must be between 0 and 5, got 9"),
])
def test_a_bad_spec_says_what_is_wrong(spec, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        get_strategy(spec)


def _other(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, float) and 0 < value < 1:  # a probability (extract's threshold)
        return value / 2
    return value + 1 if isinstance(value, int | float) else None


@pytest.mark.parametrize("name", list(STRATEGIES))
def test_every_setting_that_changes_answers_changes_the_version(name):
    cls = STRATEGIES[name]
    base = cls().version
    for key, default in strategy_parameters(cls).items():
        if key in BUDGETS or _other(default) is None:
            continue
        assert cls(**{key: _other(default)}).version != base, f"{name}.{key} is not in the version"


def test_specs_split_on_commas_but_keep_their_own_parameters():
    assert _split_specs(("direct,extract:max_repairs=1,split_findings=false,tools",)) == [
        "direct", "extract:max_repairs=1,split_findings=false", "tools"]
    assert _split_specs(("extract:fix_units=false", "zero_shot_cot")) == [
        "extract:fix_units=false", "zero_shot_cot"]


def test_an_arm_with_parameters_has_a_directory_of_its_own(tmp_path):
    from medreckon.cli import main

    assert arms.arm_dir("extract:split_findings=false,max_repairs=1") == \
        "extract-split_findings-false-max_repairs-1"
    r = CliRunner().invoke(main, ["bench", "arms", "--strategies", "extract,extract:foo=1",
                                  "--run-dir", str(tmp_path), "--limit", "1"])
    assert r.exit_code == 2 and "extract has no parameter foo" in r.output
    r = CliRunner().invoke(main, ["bench", "arms", "--strategies", "extract:max_repairs=1,extract:max_repairs=1",
                                  "--run-dir", str(tmp_path)])
    assert r.exit_code == 2 and "named twice" in r.output
    r = CliRunner().invoke(main, ["bench", "arms", "--report-only", "--strategies",
                                  "extract:split_findings=false", "--run-dir", str(tmp_path)])
    assert r.exit_code == 2 and "no run for arm(s) extract-split_findings-false" in r.output


def test_bench_run_takes_a_spec_and_lists_parameters():
    from medreckon.cli import main

    r = CliRunner().invoke(main, ["bench", "run", "--strategy", "extract:max_repairs=x", "--limit", "1"])
    assert r.exit_code == 2 and "expected a whole number" in r.output
    r = CliRunner().invoke(main, ["bench", "strategies"])
    assert r.exit_code == 0 and "parameters: pipeline=default, configuration=issue17, max_repairs=2" in r.output
