"""'All calculators' draws 32 cases of each calculator up front to see which it can keep; those
cases are handed out by generate() rather than drawn again, and must be exactly what drawing them
again gives: the same cases and the same acceptance and rejection counts."""

from __future__ import annotations

from medreckon.env import Generator


def test_preflight_cases_are_reused_unchanged():
    adults = {"apls-weight-estimate": {"age": (20, 30)}}  # so that one calculator is left out
    everything = Generator(seed=4, level="hard", ranges=adults)
    kept = [c.id for c in everything.calculators]
    named = Generator(kept, seed=4, level="hard")  # named calculators: no preflight, every case drawn
    n = 40 * len(kept)  # past the 32 preflight cases of each calculator
    assert list(everything.generate(n)) == list(named.generate(n))
    assert everything.stats.accepted == named.stats.accepted
    assert {c: dict(r) for c, r in everything.stats.rejected.items()} == {c: dict(r) for c, r in named.stats.rejected.items()}
    assert everything.stats.skipped and not named.stats.skipped
    # a second pass draws them again (the preflight's cases are handed out once)
    assert list(everything.generate(len(kept))) == list(named.generate(len(kept)))


def test_preflight_gives_up_early_on_a_calculator_it_cannot_meet():
    """A calculator whose draws are nearly all refused is left out after PREFLIGHT_DRAWS draws,
    not after MAX_TRIES draws for each of its preflight cases, and the reason names the refusals."""
    from medreckon.env import generator as g

    gen = Generator(["bmi", "apls-weight-estimate"], seed=0, leave_out=True,
                    ranges={"apls-weight-estimate": {"age": (20, 30)}})  # ages the formulas refuse
    why = gen.stats.skipped["apls-weight-estimate"]
    draws = int(why.split(" of ")[1].split()[0])
    assert g.PREFLIGHT_DRAWS <= draws < g.PREFLIGHT_DRAWS + g.PREFLIGHT  # one round past the limit at most
    assert "input_error:age" in why and [c.id for c in gen.calculators] == ["bmi"]


def test_workers_give_the_same_cases_and_stats_as_one_process():
    one = Generator(seed=2, level="hard")
    two = Generator(seed=2, level="hard", workers=2, verify=True)
    try:
        n = 3 * 16 * len(one.calculators) + 5  # several of the workers' chunks, the last one short
        assert [c.id for c in two.calculators] == [c.id for c in one.calculators]
        assert list(two.generate(n)) == list(one.generate(n))
        assert two.stats.to_dict() == one.stats.to_dict()
        assert two.case(one.calculators[0], 7) == one.case(one.calculators[0], 7)
    finally:
        two.close()
    assert not two._workers


def test_a_workers_error_reaches_the_caller():
    import pytest

    from medreckon.env import GenerationError

    gen = Generator(["bmi", "apls-weight-estimate"], seed=0, workers=2,  # named: an error, not left out
                    ranges={"apls-weight-estimate": {"age": (20, 30)}})
    with pytest.raises(GenerationError, match="apls-weight-estimate: no acceptable case"):
        list(gen.generate(4))
    assert not gen._workers  # stopped: answers in flight cannot be mistaken for the next request's
    with pytest.raises(GenerationError, match="worker processes were stopped"):
        gen.case(gen.calculators[0], 0)


def test_a_generate_being_read_blocks_other_requests():
    import pytest

    from medreckon.env import GenerationError

    gen = Generator(["bmi", "curb-65", "wells-pe"], seed=0, workers=2)
    try:
        cases = gen.generate(500)
        next(cases)
        with pytest.raises(GenerationError, match="still being read"):
            gen.case(gen.calculators[0], 0)
        assert len(list(cases)) == 499
        assert gen.case(gen.calculators[0], 0)["id"] == "bmi-s0-0"
    finally:
        gen.close()


def test_verify_refuses_a_case_that_does_not_rederive(monkeypatch):
    import pytest

    from medreckon.env import GenerationError
    from medreckon.env import generator as g

    monkeypatch.setattr(g, "render_note", lambda *a, **k: "A patient.")  # every fact lost from the note
    with pytest.raises(GenerationError, match=r"bmi-s0-0 does not re-derive: the note does not state"):
        list(Generator(["bmi"], seed=0, verify=True).generate(1))


def test_input_errors_survive_pickling():
    import pickle

    from medreckon.errors import CalculatorInputError, InputIssue

    exc = CalculatorInputError("bmi", [InputIssue("weight", -1, "a weight > 0 kg", "check the sign")])
    back = pickle.loads(pickle.dumps(exc))
    assert str(back) == str(exc) and back.issues == exc.issues and back.calculator == "bmi"
