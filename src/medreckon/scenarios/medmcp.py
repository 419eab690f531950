"""MedMCP-Calc's task specifications as scenarios (read at run time from
`$MEDRECKON_DATA/medmcp_calc/tasks.jsonl`; nothing from it is committed).

Each task becomes a synthetic patient whose record implies the task's published inputs: every
worked answer (a "step") whose MDCalc calculator resolves to one of ours and whose inputs our
mapping file reads (`bench.coverage.mapping`, docs/coverage/README.md) has its inputs charted in
the record (labs and vitals as labs and vitals, MedMCP-Calc's other fields as bedside
assessments under their own labels), and its gold answer computed by our calculator from
exactly what was charted. An input that equals an earlier step's result (a weight that is the
adjusted body weight of step 3) is taken from that step; one that would chart a second value of
the same measurement at the same time is stated in the question instead. A step whose
calculator we lack is marked "no validated calculator" (the agent may compute it in the
sandbox; it is not graded), and its inputs are charted as written so the data is there.

`import_tasks` returns the scenarios and the import report (`ImportReport`): tasks, steps and
calculator uses, and how many of each are graded, with every reason a step is not.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..bench.coverage.answers import check_use
from ..bench.coverage.mapping import Unmapped, inputs_for, label_key, load_mapping, read_value
from ..bench.datasets.medmcp_calc import CalculatorUse, Task, load_tasks
from ..calculators import units as u
from ..calculators.registry import find, get
from ..calculators.spec import Calculator
from .gold import Chart, Conflict, GoldError, canonical, compute_step, specs
from .model import NO_CALCULATOR, GoldInput, Scenario, Source, Step
from .patients import PatientBuilder

SOURCE = "medmcp-calc"
_SEX_WORDS = {"female": "female", "male": "male", "woman": "female", "man": "male", "f": "female", "m": "male"}


@dataclass
class ImportReport:
    tasks: int = 0
    tasks_with_graded_steps: int = 0
    tasks_fully_graded: int = 0
    steps: int = 0  # worked answers (a calculator used twice is two steps)
    graded_steps: int = 0
    uses: int = 0  # required calculator uses
    graded_uses: int = 0
    reasons: Counter[str] = field(default_factory=Counter)  # why a step is not graded
    inputs: Counter[str] = field(default_factory=Counter)  # graded inputs by source kind
    published: Counter[str] = field(default_factory=Counter)  # our gold vs MedMCP-Calc's answer

    def to_dict(self) -> dict[str, Any]:
        return {"tasks": {"of": self.tasks, "with_graded_steps": self.tasks_with_graded_steps,
                          "fully_graded": self.tasks_fully_graded},
                "steps": {"of": self.steps, "graded": self.graded_steps},
                "calculator_uses": {"of": self.uses, "graded": self.graded_uses},
                "not_graded": dict(self.reasons.most_common()), "graded_inputs": dict(self.inputs),
                "published_answers": dict(self.published)}


def _label_of(mapping: Any, use: CalculatorUse) -> dict[str, str]:
    """Our input -> the MedMCP-Calc field label it was read from."""
    out: dict[str, str] = {}
    for label, _ in use.inputs:
        rule = mapping.fields.get(label_key(label))
        if rule is not None and rule.input:
            out.setdefault(rule.input, label)
    return out


def _patient(task: Task, rng: random.Random) -> tuple[str, int]:
    """The sex and age the task's inputs state (else drawn)."""
    sex, age = None, None
    for use in task.answers:
        for label, raw in use.inputs:
            key = label_key(label)
            if sex is None and key in ("sex", "gender"):
                sex = _SEX_WORDS.get(str(raw).strip().lower().split(" ")[0])
            if age is None and key.startswith("age"):
                number, _ = read_number(raw)
                age = int(number) if number is not None and number == int(number) and 0 < number < 120 else None
    return sex or rng.choice(("female", "male")), age or rng.randint(30, 85)


def read_number(raw: Any) -> tuple[float | None, str | None]:
    from ..bench.coverage.mapping import leading_amount

    if isinstance(raw, int | float) and not isinstance(raw, bool):
        return float(raw), None
    return leading_amount(str(raw), None)


class _Importer:
    def __init__(self, task: Task, number: int, seed: int, report: ImportReport):
        self.task, self.report = task, report
        self.rng = random.Random(f"{seed}:{task.task_id}")
        sex, age = _patient(task, self.rng)
        self.builder = PatientBuilder(number, self.rng, sex=sex, age=age, reason=task.category.lower(),
                                      department=task.category)
        self.chart = Chart(self.builder, self.rng)
        self.steps: list[Step] = []
        self.stated: list[str] = []
        self.sex, self.age = sex, age

    def step(self, use: CalculatorUse) -> Step:
        calc = find(use.name)
        if calc is None:
            self._chart_raw(use)
            return Step(use.order, use.name, None, NO_CALCULATOR, published=use.final_answer)
        mapping = load_mapping(calc.id)
        if mapping is None:
            self._chart_raw(use)
            return Step(use.order, use.name, calc.id, "not graded: no mapping of MedMCP-Calc's inputs yet",
                        published=use.final_answer)
        try:
            target, inputs = inputs_for(mapping, calc, use)
        except Unmapped as exc:
            self._chart_raw(use)
            return Step(use.order, use.name, calc.id, f"not graded: unmapped input ({exc})", published=use.final_answer)
        step = Step(use.order, use.name, target.id, published=use.final_answer)
        labels = _label_of(mapping, use)
        input_specs = specs(target)
        for name, value in inputs.items():
            spec = input_specs.get(name)
            if spec is None or spec.option or name in mapping.fixed:
                step.options[name] = value
                continue
            step.inputs.append(self._gold_input(target, name, value, labels.get(name)))
        try:
            compute_step(step)
        except GoldError as exc:
            return Step(use.order, use.name, target.id, f"not graded: our calculator refuses these inputs ({exc})",
                        published=use.final_answer)
        self.report.published[check_use(mapping, calc, use).status] += 1
        return step

    def _gold_input(self, calc: Calculator, name: str, value: Any, label: str | None) -> GoldInput:
        spec = specs(calc)[name]
        if name == "age" and canonical(calc, spec, value) != canonical(calc, spec, {"value": self.age, "unit": "yr"}) \
                and not (isinstance(value, int | float) and value == self.age):
            return self._stated(name, value, label or "Age")
        if name == "sex" and value != self.sex:
            return self._stated(name, value, label or "Sex")
        derived = self._derived(calc, spec, value)
        if derived is not None:
            return GoldInput(name, value, derived)
        got = self.chart.input(calc, name, value, label=label)
        return self._stated(name, value, label or name) if isinstance(got, Conflict) else got

    def _stated(self, name: str, value: Any, label: str) -> GoldInput:
        shown = f"{value['value']:g} {value['unit']}" if isinstance(value, dict) else str(value)
        self.stated.append(f"{label}: {shown}")
        return GoldInput(name, value, Source("stated", written=value))

    def _derived(self, calc: Calculator, spec: Any, value: Any) -> Source | None:
        """The earlier step whose main result this quantity is (in a unit that converts), within
        0.5%: the task carried it over (a weight that is step 3's adjusted body weight). The gold
        input stays the value as the task wrote it."""
        if spec.kind != "quantity" or not isinstance(value, dict):
            return None
        x = canonical(calc, spec, value)
        if not isinstance(x, float):
            return None
        for earlier in reversed(self.steps):
            unit = get(earlier.calculator).output.unit if earlier.graded else None
            if not unit or not isinstance(earlier.value, int | float) or isinstance(earlier.value, bool):
                continue
            try:
                theirs = u.convert(float(earlier.value), unit, spec.unit or unit)
            except (u.UnitError, KeyError):
                continue
            if theirs and abs(theirs - x) <= 0.005 * abs(theirs):
                return Source("step", step=earlier.order, written=value)
        return None

    def _chart_raw(self, use: CalculatorUse) -> None:
        """The inputs of a step we do not grade, charted as written so the agent has them."""
        charted = {label_key(k[0]) for k in self.chart.charted}
        for label, raw in use.inputs:
            key = label_key(label)
            if key in charted or key.startswith(("age", "sex", "gender")):
                continue
            charted.add(key)
            self.builder.assessment(label, str(raw))

    def scenario(self) -> Scenario:
        for use in sorted(self.task.answers, key=lambda a: a.order):
            self.steps.append(self.step(use))
        question = self.task.question
        if self.stated:
            question += "\n\nValues given for this case: " + "; ".join(self.stated) + "."
        b = self.builder
        return Scenario(id=self.task.task_id, source=SOURCE, template=self.task.scenario, title=self.task.scenario,
                        category=self.task.category, question=question, plan=self.task.description,
                        patient_id=b.patient_id, encounter_id=b.encounter, admitted_at=b.t0.strftime("%Y-%m-%d %H:%M:%S"),
                        steps=self.steps)


def import_tasks(tasks: list[Task] | None = None, *, seed: int = 0, first_number: int = 1
                 ) -> tuple[list[tuple[Scenario, dict[str, list[tuple]]]], ImportReport]:
    """Every task as (scenario, the patient's rows), and the import report."""
    tasks = load_tasks() if tasks is None else tasks
    report = ImportReport(tasks=len(tasks))
    out = []
    for i, task in enumerate(tasks):
        imp = _Importer(task, first_number + i, seed, report)
        scenario = imp.scenario()
        rows = imp.builder.finish()
        graded = {s.order for s in scenario.steps if s.graded}
        report.steps += len(scenario.steps)
        report.graded_steps += len(graded)
        report.uses += len(task.required)
        graded_names = Counter(s.title for s in scenario.steps if s.graded)
        report.graded_uses += sum(min(graded_names[n], c) for n, c in Counter(task.required).items())
        report.tasks_with_graded_steps += bool(graded)
        report.tasks_fully_graded += bool(graded) and len(graded) == len(scenario.steps)
        for s in scenario.steps:
            if not s.graded:
                report.reasons[s.status.split(" (")[0]] += 1
            else:
                report.inputs.update(i.source.kind for i in s.inputs)
        out.append((scenario, rows))
    return out, report


__all__ = ["ImportReport", "SOURCE", "import_tasks", "read_value"]
