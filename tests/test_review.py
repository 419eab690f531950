"""The review flow (`reading.review.from_note`) and three of its four surfaces: the command line
(`medreckon calc from-note`), REST (`POST /calculators/{id}/from-note` on a real server) and MCP
(`calculate_from_note` with the SDK's client over stdio). The rule-based readers only (no model),
but for one reading with a scripted model; the viewer's page is tests/test_web_review.py."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from click.testing import CliRunner

from medreckon.cli import main
from medreckon.errors import CalculatorInputError
from medreckon.reading import Source
from medreckon.reading.review import MAX_NOTE, example, from_note, save_example, suggest
from scripted import Scripted
from test_rest import _start, _stop

CURB = ("A 72-year-old man presents with a productive cough for three days and new confusion this morning. "
        "BUN 31 mg/dL, respiratory rate 32/min, blood pressure 85/50 mmHg. Chest x-ray: right lower lobe "
        "consolidation, community-acquired pneumonia.")
CG = "A 60-year-old woman, weight 70 kg, height 165 cm, serum creatinine 88 umol/L."


# ---------------------------------------------------------------- the shared function


def test_every_input_with_its_source_evidence_and_confidence():
    reading = from_note("curb-65", CURB)
    assert reading.pipeline == "rules" and reading.status == "ok" and reading.value == 5
    for r in reading.inputs.values():
        assert r.source == Source.RULE and 0 < r.confidence <= 1 and r.evidence
        assert all(CURB[s.start:s.end] == s.text for s in r.evidence)
    assert reading.inputs["bun"].evidence[0].text == "31 mg/dL"
    assert reading.confidence is not None and reading.needs_review  # no threshold fitted yet


def test_a_person_s_value_replaces_what_was_read_and_keeps_the_evidence():
    reading = from_note("curb-65", CURB, values={"confusion": False, "age": "64 years"})
    assert reading.value == 3  # BUN, respiratory rate, pressure
    confusion = reading.inputs["confusion"]
    assert confusion.source == Source.PERSON and confusion.value is False and confusion.confidence == 1.0
    assert confusion.detail == {"read": True, "read_by": "context"} and confusion.evidence[0].text == "confusion"
    assert from_note("curb-65", CURB, values={"confusion": None}).inputs["confusion"].value is None


def test_what_neither_note_nor_person_gives_abstains_and_a_bad_value_names_its_field():
    short = "Confused 80-year-old woman with pneumonia."
    reading = from_note("curb-65", short, values={"bun": "12 mg/dL"})
    assert reading.status == "abstained" and reading.result is None
    assert set(reading.missing) == {"respiratory_rate", "systolic_bp", "diastolic_bp"}
    with pytest.raises(CalculatorInputError) as bad:
        from_note("curb-65", short, values={"age": "very old"})
    assert [i.field for i in bad.value.issues] == ["age"]  # the missing ones are the reading's, not the person's
    with pytest.raises(CalculatorInputError) as unknown:
        from_note("curb-65", CURB, values={"agee": 70})
    assert unknown.value.issues[0].field == "agee" and unknown.value.issues[0].kind == "unknown_field"


def test_a_rule_option_goes_to_the_calculator():
    assert from_note("cockcroft-gault", CG, values={"weight_rule": "actual"}).options == {"weight_rule": "actual"}
    with pytest.raises(CalculatorInputError) as bad:
        from_note("cockcroft-gault", CG, values={"weight_rule": "heaviest"})
    assert bad.value.issues[0].field == "weight_rule"


@pytest.mark.parametrize("note", ["", "   \n", None, "x" * (MAX_NOTE + 1)])
def test_a_note_that_cannot_be_read_names_the_note(note):
    with pytest.raises(CalculatorInputError) as bad:
        from_note("curb-65", note)
    assert bad.value.issues[0].field == "note"


def test_with_a_model_the_default_pipeline_reads():
    class Scoring(Scripted):
        supports_logprobs = True

    model = Scoring({"heart_rate": 104})
    note = "A 48-year-old woman, pulse 104, recent hip replacement 2 weeks ago. No hemoptysis. No prior DVT or PE."
    reading = from_note("wells-pe", note, model=model)
    assert reading.pipeline == "default" and reading.status == "ok" and len(model.requests) <= 1
    with pytest.raises(ValueError, match="asks a model"):
        from_note("wells-pe", note, pipeline="default")


def test_examples_are_appended_one_json_line_each(tmp_path):
    path = tmp_path / "sub" / "examples.jsonl"
    first = save_example(path, from_note("curb-65", CURB, values={"confusion": False}))
    save_example(path, from_note("curb-65", CURB))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == 2 and lines[0] == first
    assert first["note"] == CURB and first["calculator"] == "curb-65" and first["result"]["rounded"] == 4
    assert first["inputs"]["confusion"]["source"] == "person" and first["inputs"]["confusion"]["read"] is True
    assert first["inputs"]["bun"] == {"value": {"value": 31.0, "unit": "mg/dL"}, "source": "rule",
                                      "method": "named_mention", "evidence": [
                                          {"start": CURB.index("31 mg"), "end": CURB.index("31 mg") + 8,
                                           "text": "31 mg/dL"}]}
    assert example(from_note("curb-65", "Confused.", values={}))["result"] is None


def test_calculators_are_suggested_for_a_note():
    ranked = [s["id"] for s in suggest(CURB)]
    assert "curb-65" in ranked[:3] and len(ranked) == 5
    af = "68-year-old woman with atrial fibrillation, hypertension and diabetes; a stroke in 2019."
    assert {"cha2ds2-vasc", "chads2"} <= {s["id"] for s in suggest(af)[:3]}


# ---------------------------------------------------------------- the command line


def test_cli_prints_every_input_with_its_evidence_and_the_result(tmp_path):
    note = tmp_path / "note.txt"
    note.write_text(CURB)
    out = CliRunner().invoke(main, ["calc", "from-note", "curb-65", str(note), "--set", "confusion=false",
                                    "--save-example", str(tmp_path / "ex.jsonl")])
    assert out.exit_code == 0, out.output
    assert '"31 mg/dL" [' in out.output and "person/person" in out.output and "(read yes)" in out.output
    assert "Result: 4 points" in out.output and "- total: 0 + 1 + 1 + 1 + 1 = 4 points" in out.output
    assert "needs review" in out.output
    assert json.loads((tmp_path / "ex.jsonl").read_text())["inputs"]["confusion"]["value"] is False

    as_json = CliRunner().invoke(main, ["calc", "from-note", "curb-65", str(note), "--json"])
    assert json.loads(as_json.output)["result"]["rounded"] == 5

    suggested = CliRunner().invoke(main, ["calc", "from-note", str(note), "--json"])
    assert "curb-65" in [s["id"] for s in json.loads(suggested.output)["suggestions"]]


@pytest.mark.parametrize("args, says", [
    (["curb-65", "NOTE", "--set", "age=old"], "age: got 'old'"),
    (["curb-65", "NOTE", "--set", "age"], "write name=value"),
    (["curb66", "NOTE"], "curb66"),
    (["curb-65", "missing.txt"], "cannot read the note"),
    (["curb-65", "NOTE", "--pipeline", "default"], "asks a model"),
])
def test_cli_bad_input_is_one_paragraph_and_exit_2(tmp_path, args, says):
    note = tmp_path / "note.txt"
    note.write_text(CURB)
    out = CliRunner().invoke(main, ["calc", "from-note", *[str(note) if a == "NOTE" else a for a in args]])
    assert out.exit_code == 2 and says in out.output and "Traceback" not in out.output


# ---------------------------------------------------------------- REST


@pytest.fixture(scope="module")
def rest(tmp_path_factory):
    server = _start(tmp_path_factory.mktemp("rest-review"))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        yield client
    _stop(server)


def test_rest_reads_a_note_and_computes(rest):
    r = rest.post("/calculators/curb-65/from-note", json={"note": CURB, "inputs": {"confusion": False}})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["result"]["rounded"] == 4 and body["inputs"]["confusion"]["source"] == "person"
    assert body["inputs"]["bun"]["evidence"] == [{"start": CURB.index("31 mg"), "end": CURB.index("31 mg") + 8,
                                                  "text": "31 mg/dL"}]
    assert body == from_note("curb-65", CURB, values={"confusion": False}).to_dict()
    assert rest.post("/calculators/curb65/from-note", json={"note": CURB}).json()["calculator"] == "curb-65"


def test_rest_documents_an_example_that_succeeds(rest):
    op = rest.get("/openapi.json").json()["paths"]["/calculators/{calculator}/from-note"]["post"]
    example = op["requestBody"]["content"]["application/json"]["schema"]["examples"][0]
    calculator = op["parameters"][0]["schema"]["example"]
    r = rest.post(f"/calculators/{calculator}/from-note", json=example)
    assert r.status_code == 200 and r.json()["status"] == "ok"
    assert op["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")


@pytest.mark.parametrize("body, field", [
    ({"note": "  "}, "note"), ({}, "note"), ({"note": CURB, "inputs": {"age": "old"}}, "inputs.age"),
    ({"note": CURB, "inputs": {"agee": 1}}, "inputs.agee"), ({"note": CURB, "inputs": []}, "inputs"),
    ({"note": CURB, "other": 1}, "other"), (b"{not json", "body"), ({"note": "x" * (MAX_NOTE + 1)}, "note"),
])
def test_rest_bad_input_is_a_422_naming_the_field(rest, body, field):
    if isinstance(body, bytes):
        r = rest.post("/calculators/curb-65/from-note", content=body, headers={"content-type": "application/json"})
    else:
        r = rest.post("/calculators/curb-65/from-note", json=body)
    assert r.status_code == 422 and r.json()["error"] == "invalid_input", r.text
    assert r.json()["issues"][0]["field"] == field and "Traceback" not in r.text


def test_rest_unknown_calculator_is_a_404(rest):
    r = rest.post("/calculators/curb66/from-note", json={"note": CURB})
    assert r.status_code == 404 and r.json()["error"] == "unknown_calculator"


# ---------------------------------------------------------------- MCP


def test_mcp_tool_over_stdio():
    pytest.importorskip("mcp")
    from mcp import Client

    from test_mcp import TIMEOUT, stdio

    async def session() -> None:
        async with Client(stdio()) as client:
            listed = {t.name: t for t in (await client.list_tools()).tools}
            assert listed["calculate_from_note"].input_schema["required"] == ["note"]
            done = await client.call_tool("calculate_from_note", {"calculator": "curb-65", "note": CURB,
                                                                   "inputs": {"confusion": False}})
            assert not done.is_error
            assert done.structured_content == from_note("curb-65", CURB, values={"confusion": False}).to_dict()
            ranked = await client.call_tool("calculate_from_note", {"note": CURB})
            assert "curb-65" in [s["id"] for s in ranked.structured_content["suggestions"]]
            bad = await client.call_tool("calculate_from_note", {"calculator": "curb-65", "note": CURB,
                                                                  "inputs": {"age": "old"}})
            assert bad.is_error and bad.structured_content["issues"][0]["field"] == "inputs.age"
            empty = await client.call_tool("calculate_from_note", {"calculator": "curb-65", "note": " "})
            assert empty.is_error and empty.structured_content["issues"][0]["field"] == "note"

    asyncio.run(asyncio.wait_for(session(), TIMEOUT * 2))
