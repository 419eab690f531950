"""Where a generated input's value comes from: one sampler per calculator input, read from the
declaration (kind, canonical unit, units offered, hard bounds, plausible range), narrowed to the
range clinicians actually see, plus the joint constraints that independent draws would break
(diastolic below systolic, HDL below total cholesterol, current date after the LMP).

Values are drawn in the canonical unit and written to the precision a note would show; the
generator then computes the answer from exactly what the note says.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic.json_schema import WithJsonSchema

from ..calculators import units as u
from ..calculators.describe import InputSpec, describe_inputs, unwrap
from ..calculators.fields import Quantity
from ..calculators.rules import AllOrNone
from ..calculators.spec import Calculator
from ..errors import CalculatorInputError, InputIssue

# Typical ranges (canonical unit) of the values real adult patients present with. A field not
# listed draws from the middle of its plausible range; the output checks reject the rest.
TYPICAL: dict[str, tuple[float, float]] = {
    "age": (18, 90), "weight": (45, 130), "height": (150, 195), "bmi": (17, 45), "target_bmi": (18.5, 30),
    "creatinine": (0.5, 4.0), "serum_creatinine": (0.5, 4.0), "urine_creatinine": (20, 250),
    "bun": (7, 60), "glucose": (70, 450), "sodium": (122, 156), "serum_sodium": (122, 156),
    "urine_sodium": (5, 150), "potassium": (2.8, 6.2), "chloride": (88, 116), "bicarbonate": (10, 32),
    "calcium": (6.5, 11.5), "albumin": (1.8, 4.8), "bilirubin": (0.3, 8.0), "total_cholesterol": (130, 300),
    "hdl": (25, 90), "triglycerides": (50, 390), "hemoglobin": (6.5, 17.5), "platelets": (40, 450),
    "wbc": (2.5, 25), "white_cells": (2.5, 25), "ast": (10, 300), "alt": (10, 300), "inr": (0.9, 3.5),
    "heart_rate": (45, 145), "respiratory_rate": (10, 36), "systolic_bp": (80, 195), "diastolic_bp": (40, 115),
    "systolic": (80, 195), "diastolic": (40, 115), "mean_arterial_pressure": (50, 115),
    "temperature": (35.0, 40.5), "qt_interval": (330, 520), "fio2": (21, 100), "pao2": (50, 400),
    "paco2": (25, 70), "a_a_gradient": (5, 450), "arterial_ph": (7.10, 7.60), "hematocrit": (20, 55),
    "oxygen_saturation": (84, 100), "insulin": (2, 40), "cycle_length": (24, 35), "dose": (1, 80),
    "alcohol_drinks_per_week": (0, 20), "bands": (0, 20), "urine_output": (150, 3000),
    "dopamine": (1, 20), "dobutamine": (1, 20), "epinephrine": (0.02, 0.5), "norepinephrine": (0.02, 0.5),
    "fentanyl_patch": (12, 100), "fentanyl_buccal_dose": (100, 800), "fentanyl_film_dose": (200, 1200),
    "fentanyl_nasal_dose": (100, 400),
}
# Calculators whose patients are not the adults TYPICAL describes, or whose inputs follow each
# other in time (a vancomycin infusion, its peak and trough level, the dosing interval).
CALCULATOR_RANGES: dict[str, dict[str, tuple[float, float]]] = {
    "apls-weight-estimate": {"age": (0.1, 12.9)},  # the formulas' ages: completed years up to 12
    "pecarn-head-injury-under-2": {"age": (0.1, 1.9)},
    "pediatric-ett-size": {"age": (2, 10)},  # the ages the age-based formulas are meant for
    "ranson": {"ldh": (150, 900), "hematocrit_admission": (28, 52), "hematocrit_48h": (25, 50),
               "bun_admission": (7, 45), "bun_48h": (7, 60), "calcium_48h": (6.5, 10.5), "pao2_48h": (50, 110),
               "base_deficit_48h": (0, 10), "fluid_sequestration": (0, 9)},
    # CDC growth charts: the ages each chart covers (infants 0-36 months; children 2-20 years) and sizes of children
    "cdc-length-for-age-infant": {"age": (0.05, 2.9), "length": (48, 98)},
    "cdc-head-circumference-infant": {"age": (0.05, 2.9), "head_circumference": (34, 50)},
    "cdc-weight-for-length-infant": {"length": (48, 100), "weight": (3, 16)},
    "cdc-height-for-age-boys": {"age": (2.1, 19.9), "height": (85, 185)},
    "cdc-height-for-age-girls": {"age": (2.1, 19.9), "height": (85, 175)},
    "cdc-weight-for-age-boys": {"age": (2.1, 19.9), "weight": (11, 90)},
    "cdc-weight-for-age-girls": {"age": (2.1, 19.9), "weight": (11, 80)},
    "vancomycin-auc": {"dose": (750, 2000), "infusion_time": (1, 2), "peak_time": (2.5, 4), "peak": (20, 45),
                       "trough_time": (8, 11.5), "trough": (5, 19), "interval": (12, 24)},
    # echocardiography and catheterisation: adult dimensions, velocities and pressures
    "echo-hemodynamics": {"lvot_diameter": (1.7, 2.5), "lvot_vti": (10, 28)},
    "aortic-valve-area-continuity": {"lvot_diameter": (1.7, 2.5), "lvot_vti": (12, 28), "aortic_valve_vti": (40, 120)},
    "systemic-vascular-resistance": {"central_venous_pressure": (0, 18), "cardiac_output": (2.5, 8)},
    "pulmonary-vascular-resistance": {"mean_pa_pressure": (15, 55), "pcwp": (4, 14), "cardiac_output": (2.5, 8)},
    "cardiac-power-output": {"cardiac_output": (2, 8)},
    "cardiac-output-fick": {"sao2": (88, 100), "svo2": (40, 75)},
    "ar-volumetric": {"lvot_diameter": (1.9, 2.5), "lvot_vti": (20, 35), "mitral_annulus_diameter": (2.6, 3.4),
                      "mitral_vti": (8, 14)},
    "ar-pisa": {"pisa_radius": (0.3, 1.0), "aliasing_velocity": (25, 45), "peak_ar_velocity": (350, 550)},
    "rv-systolic-pressure": {"tr_velocity": (180, 450), "right_atrial_pressure": (3, 15)},
    "pcwp-echo": {"mitral_e_velocity": (50, 130), "lateral_e_prime": (5, 15)},
    # tumour markers of patients under HCC surveillance; laboratory values of the scores' populations
    "galad": {"age": (35, 85), "afp": (1, 2000), "afp_l3": (0, 40), "dcp": (5, 1000)},
    "reticulocyte-production-index": {"reticulocytes": (0.2, 15)},
    "corrected-reticulocyte-count": {"reticulocytes": (0.2, 15)},
    "harvey-bradshaw": {"liquid_stools": (0, 15)},
    "crohns-disease-activity-index": {"liquid_stools_7_days": (0, 70), "weight": (45, 100), "standard_weight": (50, 90)},
    "nutritional-risk-index": {"current_weight": (45, 100), "usual_weight": (50, 105)},
    "sickle-cell-exchange": {"initial_hbs": (60, 95), "target_hbs": (20, 40), "hematocrit": (18, 35)},
    "ganzoni": {"actual_hemoglobin": (5, 9), "target_hemoglobin": (10, 15)},
}
_DOSES_PER_DAY = (1, 6)
_DOSE_MG = (2.5, 60)

# (lower field, upper field, least gap in the canonical unit): the lower must stay below the upper.
ORDERED: tuple[tuple[str, str, float], ...] = (
    ("diastolic_bp", "systolic_bp", 15.0),
    ("diastolic", "systolic", 15.0),
    ("hdl", "total_cholesterol", 40.0),
    ("paco2", "pao2", 0.0),
)

# Optional inputs that the calculators' default rules need (Cockcroft-Gault's BMI-based weight
# needs the height, APACHE II's oxygenation the PaO2 and PaCO2, SOFA's renal criterion a
# creatinine): always drawn, so an omission is never the reason a case is rejected.
DRAWN_ALWAYS = frozenset({"height", "pao2", "paco2", "creatinine", "admission"})
# Choices that make a calculator refuse (a GCS component not testable): never drawn.
UNDRAWN_CHOICES = frozenset({"not testable", "not_testable", "unknown"})

_EPOCH = dt.date(2020, 1, 1)  # dates are drawn over five years from here


class GenerationError(ValueError):
    """A generation request that cannot be met; the message says what to change."""


@dataclass(frozen=True)
class Sampler:
    """How one input is drawn: its description and the range it is drawn from."""

    spec: InputSpec
    name: str = ""
    low: float | None = None
    high: float | None = None
    decimals: int = 0
    skip: bool = False  # rule options and inputs the generator leaves to their default
    analyte: str | None = None  # for mass <-> molar conversions of the written value
    values: tuple[float, ...] = ()  # the only points a scale item takes (COWS restlessness: 0, 1, 3, 5)
    group: int | None = None  # inputs given all together or not at all (an AllOrNone rule) share a group

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.spec.name)


@dataclass
class Draw:
    """One draw of every input: canonical values (None: left out, the default applies)."""

    values: dict[str, Any] = field(default_factory=dict)


def decimals_for(low: float, high: float) -> int:
    """Places a note writes a value with, from how wide its range is (80-195 mmHg: 0; creatinine 0.5-4: 1; pH 7.1-7.6: 2)."""
    span = abs(high - low)
    if span >= 20:
        return 0
    if span >= 2.5:
        return 1
    return 2


def _bounded(spec: InputSpec, lo: float, hi: float) -> tuple[float, float]:
    if spec.plausible:
        lo, hi = max(lo, spec.plausible[0]), min(hi, spec.plausible[1])
    return lo, hi


def _analyte(calc: Calculator, name: str) -> str | None:
    f = calc.inputs.model_fields[name]
    _, meta, _ = unwrap(f.annotation)
    return next((m.analyte for m in meta + list(f.metadata) if isinstance(m, Quantity)), None)


def _allowed(calc: Calculator, name: str) -> tuple[float, ...]:
    """The only values a scale item takes: the whole numbers its schema's enum declares, or the
    multiples of its step between its bounds (EASI's half-point signs, Lansky's tens); else ()."""
    f = calc.inputs.model_fields[name]
    _, meta, _ = unwrap(f.annotation)
    for m in meta + list(f.metadata):
        enum = m.json_schema.get("enum") if isinstance(m, WithJsonSchema) else None
        if enum and all(type(v) is int for v in enum):
            return tuple(enum)
    found = {k: getattr(m, k) for m in meta + list(f.metadata) for k in ("ge", "le", "multiple_of") if hasattr(m, k)}
    if {"ge", "le", "multiple_of"} <= found.keys() and found["multiple_of"] > 0:
        lo, hi, step = found["ge"], found["le"], found["multiple_of"]
        return tuple(lo + i * step for i in range(int(round((hi - lo) / step)) + 1))
    return ()


def _declared_range(bounds: str | None) -> tuple[float, float] | None:
    """(low, high) of a closed declared range such as '≥ 0, ≤ 3' (InputSpec.bounds); None otherwise."""
    found = dict(re.findall(r"([≥≤])\s*(-?\d+(?:\.\d+)?)", bounds or ""))
    if "≥" in found and "≤" in found:
        return float(found["≥"]), float(found["≤"])
    return None


def _nonempty(r: tuple[float, float]) -> bool:
    # a typical range of another calculator's field of the same name, in another unit (urine
    # output in mL/day vs L/day), can miss this field's plausible range: its own range is used then
    return r[0] <= r[1]


def sampler_for(spec: InputSpec, ranges: Mapping[str, tuple[float, float]], analyte: str | None = None) -> Sampler:
    if spec.option:
        return Sampler(spec, skip=True)
    if spec.kind in ("quantity", "number", "integer"):
        if spec.name in ranges:
            lo, hi = ranges[spec.name]
        elif spec.name in TYPICAL and _nonempty(typical := _bounded(spec, *TYPICAL[spec.name])):
            lo, hi = typical
        elif spec.name.endswith("_doses_per_day"):
            lo, hi = _DOSES_PER_DAY
        elif spec.name.endswith("_dose"):
            lo, hi = _DOSE_MG
        elif spec.name == "gcs":
            lo, hi = 3, 15
        elif spec.plausible:
            a, b = spec.plausible
            lo, hi = a + (b - a) * 0.2, b - (b - a) * 0.4
        elif (declared := _declared_range(spec.bounds)) is not None:
            lo, hi = declared  # a rating item (0-3) or a scale (-5 to +4): its whole declared range
        else:
            lo, hi = 0.0, 100.0
        if not lo <= hi:
            raise GenerationError(f"range for {spec.name!r} is empty ({lo:g} > {hi:g}); give low:high with low <= high")
        places = 0 if spec.kind == "integer" or spec.name.endswith("_doses_per_day") else decimals_for(lo, hi)
        return Sampler(spec, low=lo, high=hi, decimals=places, analyte=analyte)
    return Sampler(spec)


def samplers(calc: Calculator, ranges: Mapping[str, tuple[float, float]] | None = None) -> list[Sampler]:
    """The calculator's samplers; a range override naming no input, or an impossible one, is an
    error that names the input, the value, what was expected and what to do."""
    ranges = dict(ranges or {})
    specs = describe_inputs(calc)
    names = {s.name: s for s in specs}
    for name, (lo, hi) in ranges.items():  # the caller's ranges (CALCULATOR_RANGES are checked in tests)
        spec = names.get(name)
        if spec is None or spec.kind not in ("quantity", "number", "integer"):
            numeric = [s.name for s in specs if s.kind in ("quantity", "number", "integer") and not s.option]
            raise CalculatorInputError(calc.id, [InputIssue(
                name, f"{lo:g}:{hi:g}", "a numeric input of this calculator",
                f"numeric inputs: {', '.join(numeric) or 'none'}", "unknown_field")])
        if not (math.isfinite(lo) and math.isfinite(hi)) or lo > hi:
            raise GenerationError(f"{calc.id}: range {name}={lo:g}:{hi:g} is empty; give low:high with low <= high")
        try:  # the calculator's own bounds say what is impossible
            calc.inputs.model_validate({**_minimal(calc), name: lo})
            calc.inputs.model_validate({**_minimal(calc), name: hi})
        except Exception as exc:  # noqa: BLE001 - pydantic's error, reworded below
            raise GenerationError(
                f"{calc.id}: range {name}={lo:g}:{hi:g} leaves the input's possible values ({spec.bounds or 'none'} "
                f"{spec.unit or ''}): {str(exc).splitlines()[-1].strip()}") from None
    ranges = CALCULATOR_RANGES.get(calc.id, {}) | ranges
    groups = {n: g for g, rule in enumerate(getattr(calc.inputs, "rules", ()))
              if isinstance(rule, AllOrNone) for n in rule.fields}
    return [dataclasses.replace(sampler_for(s, ranges, _analyte(calc, s.name)), values=_allowed(calc, s.name),
                                group=groups.get(s.name)) for s in specs]


def _minimal(calc: Calculator) -> dict[str, Any]:
    """Required inputs filled with a mid value, to check one field's bounds on its own."""
    out: dict[str, Any] = {}
    for s in describe_inputs(calc):
        if not s.required:
            continue
        if s.kind == "quantity":
            lo, hi = TYPICAL.get(s.name, s.plausible or (1.0, 1.0))
            out[s.name] = (lo + hi) / 2
        elif s.kind == "choice":
            out[s.name] = s.choices[0]
        elif s.kind == "boolean":
            out[s.name] = False
        elif s.kind == "date":
            out[s.name] = _EPOCH
        elif s.kind == "integer":
            out[s.name] = 15
    return out


def _number(s: Sampler, rng: random.Random) -> float | int:
    x = rng.uniform(s.low, s.high)  # type: ignore[arg-type]
    return int(round(x)) if s.decimals == 0 and s.spec.kind == "integer" else round(x, s.decimals)


def draw(calc: Calculator, specs: list[Sampler], rng: random.Random, *, finding_rate: float = 0.3,
         optional_rate: float = 0.5) -> Draw:
    """One joint draw of the calculator's inputs (canonical units), constraints applied."""
    out = Draw()
    opioids = [s for s in specs if s.name.endswith("_dose") or s.name == "fentanyl_patch"]
    chosen_opioids = set(rng.sample([s.name for s in opioids], k=min(len(opioids), rng.randint(1, 2)))) if opioids else set()
    taken: dict[int, bool] = {}  # an AllOrNone group's one decision: measured or not
    for s in specs:
        spec = s.spec
        if s.skip:
            continue
        if opioids and (s.name.endswith("_dose") or s.name.endswith("_doses_per_day") or s.name == "fentanyl_patch"):
            base = s.name.removesuffix("_doses_per_day").removesuffix("_dose")
            if not any(c == s.name or c.removesuffix("_dose") == base for c in chosen_opioids):
                continue
        elif s.group is not None and not spec.required and spec.default is None:
            if not taken.setdefault(s.group, rng.random() <= optional_rate):
                continue  # the group's measurements not taken
        elif (not spec.required and spec.default is None and s.name not in DRAWN_ALWAYS
              and rng.random() > optional_rate):
            continue  # an optional measurement not taken
        if spec.kind == "boolean":
            if spec.default is None and not spec.required:
                continue  # a None-default finding applies to some patients only; leave it out
            out.values[s.name] = rng.random() < finding_rate
        elif spec.kind == "choice":
            out.values[s.name] = rng.choice([c for c in spec.choices if c not in UNDRAWN_CHOICES])
        elif spec.kind == "date":
            out.values[s.name] = _EPOCH + dt.timedelta(days=rng.randrange(0, 5 * 365))
        elif s.values:
            out.values[s.name] = rng.choice(s.values)
        elif spec.kind in ("quantity", "number", "integer"):
            out.values[s.name] = _number(s, rng)
    _constrain(out.values, specs, rng)
    return out


def _constrain(values: dict[str, Any], specs: list[Sampler], rng: random.Random) -> None:
    by_name = {s.name: s for s in specs}
    for low, high, gap in ORDERED:
        if low in values and high in values and values[low] is not None and values[high] is not None:
            if values[low] > values[high] - gap:
                s = by_name[low]
                top = max(s.low, values[high] - gap)  # type: ignore[type-var]
                values[low] = round(rng.uniform(min(s.low, top), top), s.decimals)  # type: ignore[arg-type]
    if "current_date" in values and "last_menstrual_period" in values:
        # a pregnancy 2 to 42 weeks along on the current date
        values["current_date"] = values["last_menstrual_period"] + dt.timedelta(days=rng.randint(14, 294))


def display_unit(s: Sampler, rng: random.Random, variety: float) -> str | None:
    """The unit a note writes this input in: the canonical one, or with probability `variety`
    another of the units the calculator offers (µmol/L, lb, °F, mmol/L urea …)."""
    spec = s.spec
    if spec.kind != "quantity" or not spec.unit:
        return None
    others = [x for x in spec.units if x != spec.unit and x not in ("1", "/L", "/uL", "/h", "g", "ft", "mo", "wk", "d", "s")]
    if others and rng.random() < variety:
        return rng.choice(others)
    return spec.unit


def written(s: Sampler, canonical: float, unit: str | None) -> tuple[float | int, str | None]:
    """The value as a note writes it in `unit`, at that unit's precision."""
    if unit is None or unit == s.spec.unit:
        return (int(canonical) if s.decimals == 0 else canonical), unit
    x = u.convert(canonical, s.spec.unit or "", unit, s.analyte)
    lo = u.convert(s.low, s.spec.unit or "", unit, s.analyte)  # type: ignore[arg-type]
    hi = u.convert(s.high, s.spec.unit or "", unit, s.analyte)  # type: ignore[arg-type]
    places = decimals_for(lo, hi)
    value = round(x, places)
    return (int(value) if places == 0 else value), unit
