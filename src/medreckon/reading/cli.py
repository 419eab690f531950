"""`medreckon calc from-note`: the review flow on the command line (see `review`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _values(assignments: tuple[str, ...]) -> dict[str, Any]:
    """`--set name=value` as a person's values: JSON where it parses (true, 3, "x"), else the text
    ("31 mg/dL"); an empty value leaves the input out."""
    values: dict[str, Any] = {}
    for a in assignments:
        key, sep, text = a.partition("=")
        key = key.strip()
        if not sep or not key:
            _fail(f"--set {a!r}: write name=value, e.g. --set confusion=false or --set bun=\"31 mg/dL\"")
        if key in values:
            _fail(f"--set {key} is given twice; give each input once")
        try:
            values[key] = json.loads(text) if text.strip() else None
        except ValueError:
            values[key] = text
    return values


def _shown(value: Any) -> str:
    if value is None:
        return "(left out)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict) and "value" in value:
        return f"{value['value']:g} {value.get('unit') or ''}".strip()
    return str(value)


def _print_reading(d: dict[str, Any], name: str) -> None:
    click.echo(f"{name} ({d['calculator']}), read by pipeline {d['version']}")
    click.echo("Inputs (value · source · confidence · evidence in the note):")
    for n, r in d["inputs"].items():
        conf = "-" if r["confidence"] is None else f"{r['confidence']:.2f}"
        spans = "; ".join(f"\"{s['text']}\" [{s['start']}-{s['end']}]" for s in r["evidence"]) or "-"
        was = f" (read {_shown(r['detail'].get('read'))})" if r["source"] == "person" else ""
        click.echo(f"  {n:<24} {_shown(r['value']):<18} {r['source'] + '/' + r['method']:<22} {conf:>5}  {spans}{was}")
    conf = "-" if d["confidence"] is None else f"{d['confidence']:.2f}"
    threshold = "none fitted" if d["threshold"] is None else f"{d['threshold']:.2f}"
    review = "needs review" if d["needs_review"] else "no review needed"
    drivers = f"; least sure: {', '.join(d['drivers'])}" if d["drivers"] else ""
    click.echo(f"Case confidence {conf} (threshold {threshold}): {review}{drivers}")
    result = d["result"]
    if result is None:
        missing = f"; missing: {', '.join(d['missing'])}" if d["missing"] else ""
        click.echo(f"Result: not computed ({d['status']}{missing})")
        return
    unit = f" {result['unit']}" if result["unit"] else ""
    click.echo(f"Result: {result['rounded']}{unit}" + (f" — {result['interpretation']}" if result["interpretation"] else ""))
    for s in result["steps"]:
        click.echo(f"  - {s['what']}: {s['expression']} = {s['value']}{' ' + s['unit'] if s['unit'] else ''}")
    for w in result["warnings"]:
        click.echo(f"  ! {w['message']}")


def _suggestions(note: str, as_json: bool) -> None:
    from .review import suggest

    rows = suggest(note)
    if as_json:
        click.echo(json.dumps({"suggestions": rows}, indent=2, ensure_ascii=False))
        return
    click.echo("Calculators for this note, best first (read one with `medreckon calc from-note CALC NOTE_FILE`):")
    for r in rows:
        click.echo(f"  {r['id']:<30} {r.get('score', 0):>7.2f}  {r['name']}")


@click.command("from-note")
@click.argument("args", nargs=-1, metavar="[CALC] NOTE_FILE")
@click.option("--suggest", "only_suggest", is_flag=True, help="List calculators ranked for the note, read nothing.")
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE",
              help="A person's value for an input (source person); repeatable. JSON or text with a unit.")
@click.option("--model", default=None, help="Read with a model too (e.g. embedded); default: rules only.")
@click.option("--pipeline", default=None, help="A named reading pipeline (default: rules, or default with --model).")
@click.option("--save-example", "save_to", type=click.Path(dir_okay=False), default=None,
              help="Append the reading as a labelled example (one JSON line) to this file.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def from_note_command(args: tuple[str, ...], only_suggest: bool, assignments: tuple[str, ...], model: str | None,
                      pipeline: str | None, save_to: str | None, as_json: bool) -> None:
    """Read a clinical note for a calculator: every input with its value, source, confidence and
    the words of the note it was read from, then the result with its steps. NOTE_FILE '-' reads
    stdin. Without CALC (or with --suggest): the calculators ranked for the note."""
    from ..errors import CalculatorInputError

    if not 1 <= len(args) <= 2:
        _fail("give CALC NOTE_FILE (or NOTE_FILE alone for suggestions)")
    *calc, note_file = args
    try:
        note = sys.stdin.read() if note_file == "-" else Path(note_file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"cannot read the note {note_file!r}: {exc}")
    try:
        if only_suggest or not calc:
            _suggestions(note, as_json)
            return
        _read(calc[0], note, _values(assignments), model, pipeline, save_to, as_json)
    except CalculatorInputError as exc:
        _fail(str(exc))
    except ValueError as exc:  # an unknown pipeline, or one that needs a model it was not given
        _fail(str(exc))


def _read(calculator: str, note: str, values: dict[str, Any], model: str | None, pipeline: str | None,
          save_to: str | None, as_json: bool) -> None:
    from ..calculators.registry import get
    from .review import from_note, save_example

    calc = get(calculator)
    reading = from_note(calc, note, values=values, pipeline=pipeline, model=model)
    d = reading.to_dict()
    if save_to:
        save_example(save_to, reading)
    if as_json:
        click.echo(json.dumps(d, indent=2, ensure_ascii=False))
    else:
        _print_reading(d, calc.name)
    if save_to:
        click.echo(f"saved the example to {save_to}", err=True)
