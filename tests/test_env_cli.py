"""`medreckon env …` end to end through click: files written, verified, scored; bad input exits 2."""

from __future__ import annotations

import json

from click.testing import CliRunner

from medreckon.cli import main


def run(*args: str):
    return CliRunner().invoke(main, ["env", *args])


def test_generate_verify_and_score(tmp_path):
    cases = tmp_path / "cases.jsonl"
    r = run("generate", "-c", "crcl,curb-65", "--n", "6", "--level", "hard", "--out", str(cases))
    assert r.exit_code == 0, r.output
    assert ("wrote 6 cases to " in r.output and "2 calculators of 2 (3 cases each, taken in turn "
            "across specialties), from 2 specialties; level hard, seed 0;" in r.output), r.output
    records = [json.loads(line) for line in cases.read_text().splitlines()]
    assert sorted(c["calculator"] for c in records[:2]) == ["cockcroft-gault", "curb-65"]
    r = run("verify", str(cases))
    assert r.exit_code == 0 and "6 of 6 cases re-derived" in r.output
    outputs = tmp_path / "outputs.jsonl"
    outputs.write_text("\n".join(json.dumps({"id": c["id"], "output": f"\\boxed{{{c['answer']}}}" if i % 2 else "no idea"})
                                 for i, c in enumerate(records)) + "\n")
    r = run("verify", str(cases), "--outputs", str(outputs), "--json")
    report = json.loads(r.output)
    assert report["mean_reward"] == 0.5 and report["statuses"] == {"ok": 3, "unparsed": 3}
    tampered = tmp_path / "tampered.jsonl"
    records[0]["answer"] = -1
    tampered.write_text("\n".join(json.dumps(c) for c in records) + "\n")
    r = run("verify", str(tampered))
    assert r.exit_code == 1 and "the facts give" in r.output


def test_a_few_cases_span_specialties_and_say_so(tmp_path):
    """--n 5 over every calculator: five calculators of five specialties, not the first five of
    the alphabet, and the message says what was drawn."""
    from medreckon.calculators.registry import all_calculators, get

    out = tmp_path / "five.jsonl"
    r = run("generate", "--n", "5", "--out", str(out))
    assert r.exit_code == 0, r.output
    m = len(all_calculators())
    assert f"5 calculators of {m} (1 case each, taken in turn across specialties), from 5 specialties" in r.output
    names = [json.loads(line)["calculator"] for line in out.read_text().splitlines()]
    assert len({get(n).specialty for n in names}) == 5
    assert names != sorted(c.id for c in all_calculators())[:5]


def test_generate_verl_parquet_then_verify(tmp_path):
    out = tmp_path / "train.parquet"
    r = run("generate", "-c", "bmi", "--n", "3", "--format", "verl", "--out", str(out))
    assert r.exit_code == 0, r.output
    assert run("verify", str(out)).exit_code == 0


def test_stats_and_bad_input(tmp_path):
    r = run("stats", "-c", "anion-gap", "--n", "20", "--json")
    stats = json.loads(r.output)
    assert stats["anion-gap"]["accepted"] == 20
    for args, message in (
        (("stats", "-c", "cockroft"), "did you mean"),
        (("stats", "--knob", "unit_variety"), "write name=value"),
        (("stats", "--knob", "loudness=1"), "unknown difficulty knob"),
        (("stats", "--range", "crcl:age=10"), "calculator:input=low:high"),
        (("stats", "--level", "brutal"), "unknown difficulty"),
        (("generate", "--n", "2", "--format", "jsonl", "--out", str(tmp_path / "x.parquet")), "--format parquet"),
        (("generate", "--n", "2", "--out", str(tmp_path / "p.jsonl"), "--paraphrase", "nonsense:model"),
         "unknown model string"),
        (("verify", str(tmp_path / "missing.jsonl")), "cannot read"),
    ):
        r = run(*args)
        assert r.exit_code == 2 and message in r.output, (args, r.output)


def test_stats_of_all_calculators_with_workers_says_which_were_left_out(tmp_path):
    r = run("stats", "--n", "150", "--workers", "2", "--range", "apls-weight-estimate:age=20:30")
    assert r.exit_code == 0, r.output
    left_out = [line for line in r.output.splitlines() if "left out:" in line]
    assert any(line.startswith("apls-weight-estimate") and "input_error:age" in line for line in left_out)
    cases = tmp_path / "two.jsonl"
    assert run("generate", "--n", "150", "--workers", "2", "--out", str(cases)).exit_code == 0
    alone = tmp_path / "one.jsonl"
    assert run("generate", "--n", "150", "--out", str(alone)).exit_code == 0
    assert cases.read_text() == alone.read_text()
    r = run("stats", "--workers", "0")
    assert r.exit_code == 2 and "--workers" in r.output
