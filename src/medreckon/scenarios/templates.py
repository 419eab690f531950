"""Scenarios generated from templates of clinical workflows: each a loose question, an ordered
plan of calculator steps with branches, a recommendation decided by the results, and a patient
drawn so that every value the plan needs is in the record at the right time.

A template declares its steps (`Planned`: the calculator, the branch it sits on as a rule and in
words, the inputs read at another time than admission, the inputs taken from an earlier step or
stated in the question) and how its patient is drawn: every input of its calculators from the
environment's clinical ranges (`env.distributions`, one value per input name, shared by the
steps), then the template's own ties (a confused patient is not 'alert' on NEWS2) and the draws
that make both branches common. `generate(template, seed, index, number)` charts the patient,
computes every step's gold from the chart and returns the scenario and its rows; a draw the
calculators refuse is drawn again (bounded).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..calculators.registry import get
from ..env.distributions import display_unit, draw, samplers, written
from .gold import Chart, Conflict, GoldError, compute_step, specs
from .model import GoldInput, Scenario, Source, Step
from .patients import PatientBuilder

Facts = dict[str, Any]
Results = dict[int, Any]  # step order -> gold answer
MAX_TRIES = 60


@dataclass(frozen=True)
class Planned:
    calculator: str
    when: Callable[[Results, Facts], bool] | None = None
    condition: str | None = None  # the branch in words
    rules: dict[str, str] = field(default_factory=dict)  # input -> time rule (default admission)
    facts: dict[str, str] = field(default_factory=dict)  # input -> the fact it reads (default: its name)
    derived: dict[str, int] = field(default_factory=dict)  # input -> the earlier step whose answer it is
    stated: dict[str, str] = field(default_factory=dict)  # input -> the fact the question states
    labels: dict[str, str] = field(default_factory=dict)  # input -> the assessment's charted name


@dataclass(frozen=True)
class Template:
    id: str
    title: str
    category: str
    reason: str  # why the patient came in
    department: str
    question: str  # may name facts in {braces} (stated values)
    plan: str
    steps: tuple[Planned, ...]
    options: tuple[str, ...]
    recommend: Callable[[Results, Facts], str]
    adjust: Callable[[Facts, random.Random], None] = lambda f, r: None
    kind: str = "emergency"
    unit_variety: float = 0.25


# ---------------------------------------------------------------- the templates


def _sepsis_adjust(f: Facts, rng: random.Random) -> None:
    f["altered_mentation"] = rng.random() < 0.35
    f["consciousness"] = "new confusion" if f["altered_mentation"] else "alert"
    f["gcs"] = rng.randint(10, 14) if f["altered_mentation"] else 15
    if rng.random() < 0.5:  # a septic picture half the time, else ordinary observations
        f["respiratory_rate"] = rng.randint(20, 32)
        f["systolic_bp"] = rng.randint(80, 104)
        f["pulse"] = rng.randint(95, 135)
        f["temperature"] = round(rng.uniform(38.1, 39.8), 1)
    else:
        f["respiratory_rate"] = rng.randint(12, 21)
        f["systolic_bp"] = rng.randint(102, 150)
        f["pulse"] = rng.randint(58, 100)
        f["temperature"] = round(rng.uniform(36.2, 38.2), 1)
        f["oxygen_saturation"] = rng.randint(93, 99)
    f.pop("mean_arterial_pressure", None)
    f["hypotension"] = False
    for drug in ("dopamine", "dobutamine", "epinephrine", "norepinephrine", "urine_output"):
        f.pop(drug, None)
    f["mechanical_ventilation"] = f["cpap"] = False
    f["supplemental_oxygen"] = rng.random() < 0.4
    f["diastolic_bp"] = min(f.get("diastolic_bp", 70), f["systolic_bp"] - 25)


def _sepsis_recommend(r: Results, f: Facts) -> str:
    if 3 not in r:
        return "routine observations"
    return "escalate to critical care review" if r[3] >= 2 else "start the ward sepsis pathway"


SEPSIS = Template(
    id="sepsis-screen", title="Sepsis screen", category="critical care", reason="fever and breathlessness",
    department="Emergency medicine",
    question=("This patient came in with fever and breathlessness. Is this sepsis? Screen at the bedside, "
              "score the early-warning signs, and if the screen is positive work out the organ dysfunction "
              "score. What should happen next?"),
    plan=("1) qSOFA. 2) NEWS2. 3) If qSOFA >= 2 or NEWS2 >= 5: SOFA. Recommendation: SOFA >= 2 -> escalate to "
          "critical care review; SOFA < 2 -> start the ward sepsis pathway; screen negative -> routine "
          "observations."),
    steps=(
        Planned("qsofa", labels={"altered_mentation": "Altered mentation"}),
        Planned("news2", labels={"supplemental_oxygen": "Supplemental oxygen", "consciousness": "ACVPU"},
                facts={"pulse": "pulse"}),
        Planned("sofa", when=lambda r, f: r[1] >= 2 or r[2] >= 5, condition="if qSOFA >= 2 or NEWS2 >= 5",
                labels={"gcs": "Glasgow Coma Scale total", "mechanical_ventilation": "Mechanical ventilation",
                        "cpap": "CPAP", "hypotension": "Hypotension (MAP < 70 mmHg)"}),
    ),
    options=("escalate to critical care review", "start the ward sepsis pathway", "routine observations"),
    recommend=_sepsis_recommend, adjust=_sepsis_adjust)


def _aki_adjust(f: Facts, rng: random.Random) -> None:
    base = round(rng.uniform(0.7, 1.4), 2)
    f["baseline_creatinine"] = base
    f["creatinine"] = f["serum_creatinine"] = round(base * rng.uniform(1.6, 3.5), 2)
    f["loop_diuretic"] = rng.random() < 0.45
    prerenal = rng.random() < 0.5
    f["urine_sodium"] = rng.randint(8, 18) if prerenal else rng.randint(40, 90)
    f["urine_creatinine"] = rng.randint(90, 200) if prerenal else rng.randint(30, 70)
    f["urine_urea_nitrogen"] = rng.randint(500, 900) if prerenal else rng.randint(150, 300)
    f["serum_bun"] = rng.randint(35, 80)


def _aki_recommend(r: Results, f: Facts) -> str:
    fe = r.get(3, r.get(4))
    cut = 1.0 if 3 in r else 35.0
    return "prerenal" if fe < cut else "intrinsic renal"


AKI = Template(
    id="aki-workup", title="AKI work-up", category="nephrology", reason="poor oral intake and dizziness",
    department="Internal medicine",
    question=("Creatinine is up on this admission. How far has kidney function fallen from the patient's "
              "baseline, and do the urine studies point to a prerenal cause or to intrinsic kidney injury? Mind "
              "the diuretics when you pick the fractional excretion test."),
    plan=("1) CKD-EPI eGFR on the baseline creatinine (the most recent before this encounter). 2) CKD-EPI eGFR on "
          "the admission creatinine. 3) If not on a loop diuretic: FENa. 4) If on a loop diuretic: FEUrea. "
          "Recommendation: FENa < 1% or FEUrea < 35% -> prerenal; otherwise intrinsic renal."),
    steps=(
        Planned("ckd-epi-2021", rules={"creatinine": "baseline"}, facts={"creatinine": "baseline_creatinine"}),
        Planned("ckd-epi-2021"),
        Planned("fena", when=lambda r, f: not f["loop_diuretic"], condition="if not on a loop diuretic"),
        Planned("feurea", when=lambda r, f: f["loop_diuretic"], condition="if on a loop diuretic"),
    ),
    options=("prerenal", "intrinsic renal"), recommend=_aki_recommend, adjust=_aki_adjust, kind="inpatient")


def _af_adjust(f: Facts, rng: random.Random) -> None:
    f["age"] = rng.randint(40, 85)
    for name in ("congestive_heart_failure", "hypertension", "stroke", "transient_ischemic_attack",
                 "thromboembolism", "vascular_disease", "diabetes", "renal_disease", "liver_disease",
                 "prior_major_bleeding", "bleeding_medication", "labile_inr", "uncontrolled_hypertension"):
        f[name] = rng.random() < 0.18
    f["alcohol_drinks_per_week"] = rng.choice((0, 2, 4, 10, 14))


def _chads_indicated(r: Results, f: Facts) -> bool:
    return r[1] >= (3 if f["sex"] == "female" else 2)


def _af_recommend(r: Results, f: Facts) -> str:
    if 2 not in r:
        return "no anticoagulation for now"
    return "start anticoagulation and address bleeding risks" if r[2] >= 3 else "start anticoagulation"


ANTICOAGULATION = Template(
    id="af-anticoagulation", title="Bleeding risk before anticoagulation", category="cardiology",
    reason="palpitations, new atrial fibrillation", department="Cardiology", kind="outpatient",
    question=("New atrial fibrillation in this patient. Does the stroke risk justify anticoagulation, and if it does, "
              "how high is the bleeding risk? Give me your recommendation."),
    plan=("1) CHA2DS2-VASc. 2) If the score is >= 2 (men) or >= 3 (women): HAS-BLED. Recommendation: not indicated "
          "-> no anticoagulation for now; HAS-BLED >= 3 -> start anticoagulation and address bleeding risks; "
          "otherwise start anticoagulation."),
    steps=(
        Planned("cha2ds2-vasc"),
        Planned("has-bled", when=_chads_indicated, condition="if CHA2DS2-VASc >= 2 (men) or >= 3 (women)",
                labels={"uncontrolled_hypertension": "Uncontrolled hypertension (SBP > 160 mmHg)",
                        "labile_inr": "Labile INR", "alcohol_drinks_per_week": "Alcohol (drinks per week)"}),
    ),
    options=("start anticoagulation", "start anticoagulation and address bleeding risks",
             "no anticoagulation for now"),
    recommend=_af_recommend, adjust=_af_adjust)

# (procedure, ARISCAT incision, RCRI elevated-risk surgery, hours)
SURGERIES = (("Open right hemicolectomy", "upper abdominal", True, (2.0, 4.0)),
             ("Video-assisted thoracoscopic lobectomy", "intrathoracic", True, (2.5, 4.5)),
             ("Laparoscopic cholecystectomy", "upper abdominal", True, (1.0, 2.5)),
             ("Total knee arthroplasty", "peripheral", False, (1.5, 2.5)),
             ("Inguinal hernia repair", "peripheral", False, (0.8, 1.5)))


def _periop_adjust(f: Facts, rng: random.Random) -> None:
    name, incision, risky, hours = rng.choice(SURGERIES)
    f.update(procedure=name, incision=incision, elevated_risk_surgery=risky,
             duration=round(rng.uniform(*hours) * 2) / 2, emergency=False)
    for n in ("ischemic_heart_disease", "congestive_heart_failure", "cerebrovascular_disease",
              "insulin_treatment"):
        f[n] = rng.random() < 0.2
    for n in ("hypertension", "snoring", "tired", "observed_apnea", "respiratory_infection_last_month"):
        f[n] = rng.random() < 0.35


PERIOPERATIVE = Template(
    id="perioperative", title="Perioperative risk", category="anesthesiology", reason="pre-operative assessment",
    department="Pre-operative clinic", kind="outpatient",
    question=("This patient is booked for surgery. Before I sign the anaesthetic plan: what is the cardiac risk, "
              "could there be sleep apnoea, and - if the operation is in the chest or upper abdomen - how likely "
              "are pulmonary complications? Should we proceed or refer first?"),
    plan=("1) RCRI. 2) BMI. 3) STOP-BANG using the BMI of step 2. 4) If the planned incision is intrathoracic or "
          "upper abdominal: ARISCAT. Recommendation: RCRI >= 2 -> refer for cardiology assessment before surgery; "
          "otherwise proceed with surgery."),
    steps=(
        Planned("rcri", labels={"elevated_risk_surgery": "Planned procedure"}),
        Planned("bmi"),
        Planned("stop-bang", derived={"bmi": 2},
                labels={"snoring": "Snores loudly", "tired": "Daytime tiredness", "observed_apnea": "Observed apnoea",
                        "neck_circumference": "Neck circumference"}),
        Planned("ariscat", when=lambda r, f: f["incision"] != "peripheral",
                condition="if the planned incision is intrathoracic or upper abdominal",
                labels={"respiratory_infection_last_month": "Respiratory infection in the last month"}),
    ),
    options=("refer for cardiology assessment before surgery", "proceed with surgery"),
    recommend=lambda r, f: "refer for cardiology assessment before surgery" if r[1] >= 2 else "proceed with surgery",
    adjust=_periop_adjust)


def _hypo_adjust(f: Facts, rng: random.Random) -> None:
    f["sodium"] = rng.randint(112, 129)
    f["glucose"] = rng.randint(260, 600) if rng.random() < 0.4 else rng.randint(80, 180)
    f["severe_symptoms"] = rng.random() < 0.4
    f["infusate_sodium"] = 513 if f["severe_symptoms"] else 154
    f["infusate_potassium"] = 0
    f.pop("target_sodium", None)  # the calculator's default, 140 mEq/L, as the plan says


HYPONATRAEMIA = Template(
    id="hyponatraemia", title="Hyponatraemia correction", category="nephrology", reason="confusion and vomiting",
    department="Acute medicine",
    question=("Sodium is low on this admission. Is it a true hypotonic hyponatraemia, how large is the sodium "
              "deficit, and how much will one litre of the fluid you choose raise the sodium (3% saline has "
              "513 mEq/L of sodium, 0.9% saline 154 mEq/L)? Which fluid should we start?"),
    plan=("1) Serum osmolality. 2) If glucose > 200 mg/dL: sodium corrected for hyperglycaemia. 3) Sodium deficit. "
          "4) Adrogue-Madias for 1 L of the fluid chosen: 3% saline if seizures or reduced consciousness, else 0.9% "
          "saline. Recommendation: severe symptoms -> hypertonic 3% saline bolus; otherwise isotonic saline or "
          "fluid restriction by cause."),
    steps=(
        Planned("serum-osmolality"),
        Planned("sodium-correction-hyperglycemia", when=lambda r, f: f["glucose"] > 200,
                condition="if glucose > 200 mg/dL"),
        Planned("sodium-deficit"),
        Planned("adrogue-madias", stated={"infusate_sodium": "infusate_sodium", "infusate_potassium": "infusate_potassium"}),
    ),
    options=("hypertonic 3% saline bolus", "isotonic saline or fluid restriction by cause"),
    recommend=lambda r, f: ("hypertonic 3% saline bolus" if f["severe_symptoms"]
                            else "isotonic saline or fluid restriction by cause"),
    adjust=_hypo_adjust)

TEMPLATES: dict[str, Template] = {t.id: t for t in (SEPSIS, AKI, ANTICOAGULATION, PERIOPERATIVE, HYPONATRAEMIA)}


# ---------------------------------------------------------------- generation


def draw_facts(template: Template, rng: random.Random) -> Facts:
    """One value per input name over the template's calculators (the first draw of a name
    wins), then the template's ties."""
    facts: Facts = {}
    for planned in template.steps:
        calc = get(planned.calculator)
        for name, value in draw(calc, samplers(calc), rng).values.items():
            facts.setdefault(name, value)
    facts["sex"] = rng.choice(("female", "male"))
    facts["age"] = int(facts.get("age") or rng.randint(25, 90))
    template.adjust(facts, rng)
    return facts


def _chart_value(calc: Any, name: str, value: Any, rng: random.Random, variety: float) -> Any:
    """A quantity as the record charts it: maybe in another unit, at that unit's precision."""
    spec = specs(calc)[name]
    if spec.kind != "quantity" or not isinstance(value, int | float):
        return value
    sampler = next(s for s in samplers(calc) if s.name == name)
    if sampler.low is None:
        return value
    shown, unit = written(sampler, value, display_unit(sampler, rng, variety))
    return {"value": shown, "unit": unit or spec.unit}


def _inputs(planned: Planned, facts: Facts, chart: Chart, steps: list[Step], rng: random.Random,
            variety: float, shown: dict[tuple[str, str], Any]) -> list[GoldInput]:
    calc = get(planned.calculator)
    out = []
    for name, spec in specs(calc).items():
        if spec.option:
            continue
        if name in planned.derived:
            earlier = steps[planned.derived[name] - 1]
            out.append(GoldInput(name, earlier.answer, Source("step", step=earlier.order)))
            continue
        if name in planned.stated:
            value = facts[planned.stated[name]]
            out.append(GoldInput(name, value, Source("stated", written=value, unit=spec.unit)))
            continue
        fact = planned.facts.get(name, name)
        if fact not in facts or facts[fact] is None:
            continue  # an optional input this patient has no value for: the calculator's default
        rule = planned.rules.get(name, "admission")
        if (fact, rule) not in shown:  # one fact is charted in one unit, whichever step reads it first
            shown[(fact, rule)] = _chart_value(calc, name, facts[fact], rng, variety)
        got = chart.input(calc, name, shown[(fact, rule)], rule=rule, label=planned.labels.get(name))
        if isinstance(got, Conflict):
            raise GoldError(f"{planned.calculator}: {name} charted twice with different values")
        out.append(got)
    return out


def _check_derived(step: Step, planned: Planned, steps: list[Step]) -> None:
    """A step fed an earlier answer must give the same answer from its unrounded value."""
    if not planned.derived:
        return
    trial = Step(step.order, step.title, step.calculator, inputs=[
        GoldInput(i.name, steps[planned.derived[i.name] - 1].value, i.source) if i.name in planned.derived else i
        for i in step.inputs])
    compute_step(trial)
    if trial.answer != step.answer:
        raise GoldError(f"{step.calculator}: the answer depends on rounding the earlier step")


def generate(template: Template, seed: int, index: int, number: int) -> tuple[Scenario, dict[str, list[tuple]]]:
    """Scenario `index` of a template (depends only on seed, template and index) as patient
    `number`: the scenario and the patient's rows."""
    rng = random.Random(f"{seed}:{template.id}:{index}")
    last = None
    for _ in range(MAX_TRIES):
        facts = draw_facts(template, rng)
        builder = PatientBuilder(number, rng, sex=facts["sex"], age=facts["age"], reason=template.reason,
                                 department=template.department, kind=template.kind)
        if "procedure" in facts:
            builder.procedure(facts["procedure"], f"approach: {facts['incision']} incision; expected duration "
                              f"{facts['duration']:g} h; {'emergency' if facts['emergency'] else 'elective'}")
        chart = Chart(builder, rng)
        steps: list[Step] = []
        results: Results = {}
        shown: dict[tuple[str, str], Any] = {}
        try:
            for order, planned in enumerate(template.steps, 1):
                calc = get(planned.calculator)
                step = Step(order, calc.name, calc.id, condition=planned.condition,
                            inputs=_inputs(planned, facts, chart, steps, rng, template.unit_variety, shown))
                step.taken = planned.when is None or bool(planned.when(results, facts))
                if step.taken:
                    compute_step(step)
                    _check_derived(step, planned, steps)
                    results[order] = step.answer
                steps.append(step)
        except GoldError as exc:
            last = exc
            continue
        rows = builder.finish()
        scenario = Scenario(
            id=f"{template.id}-{seed}-{index}", source="generated", template=template.id, title=template.title,
            category=template.category, question=template.question, plan=template.plan,
            patient_id=builder.patient_id, encounter_id=builder.encounter,
            admitted_at=builder.t0.strftime("%Y-%m-%d %H:%M:%S"), steps=steps,
            recommendation={"options": list(template.options), "answer": template.recommend(results, facts)},
            seed=seed, index=index)
        return scenario, rows
    raise GoldError(f"{template.id}: no acceptable patient in {MAX_TRIES} draws (last: {last})")


__all__ = ["Planned", "TEMPLATES", "Template", "draw_facts", "generate"]
