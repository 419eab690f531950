"""Canadian C-Spine Rule for alert, stable trauma patients (Stiell 2001)."""

from __future__ import annotations

from pydantic import Field

from ..fields import Age, Finding, Inputs
from ..points import any_of, threshold
from ..spec import Output, Reference, Working, calculator, fmt


class CanadianCSpineInputs(Inputs):
    age: Age = Field(description="Age in years; 65 or older is a high-risk factor. The rule excludes patients "
                     "under 16.")
    dangerous_mechanism: bool = Finding(
        "Dangerous mechanism: fall from 3 feet (0.9 m) or 5 stairs or more; axial load to the head (e.g. diving); "
        "motor vehicle collision at high speed (> 100 km/h), with rollover or ejection; motorised recreational "
        "vehicle; bicycle collision.")
    paresthesias_in_extremities: bool = Finding("Paraesthesias in the extremities.")
    simple_rear_end_collision: bool = Finding(
        "Simple rear-end motor vehicle collision (not: pushed into oncoming traffic, hit by a bus or large truck, "
        "rollover, or hit by a high-speed vehicle). A low-risk factor.")
    sitting_in_ed: bool = Finding("Sitting position in the emergency department. A low-risk factor.")
    ambulatory_at_any_time: bool = Finding("Ambulatory at any time since the injury. A low-risk factor.")
    delayed_onset_neck_pain: bool = Finding("Delayed (not immediate) onset of neck pain. A low-risk factor.")
    no_midline_tenderness: bool = Finding(
        "True when there is NO midline cervical spine tenderness (a low-risk factor). Not given: taken as "
        "tenderness present, the safe assumption.", absence=True)
    able_to_rotate_neck_45: bool = Finding(
        "Able to actively rotate the neck 45° to the left and to the right (assessed only when a low-risk factor "
        "allows it).")


@calculator(
    id="canadian-c-spine-rule",
    name="Canadian C-Spine Rule",
    aliases=("canadian-c-spine", "ccsr", "canadian-cervical-spine-rule"),
    kind="score",
    specialty="emergency medicine",
    output=Output(None, "integer", 0, range=(0, 1)),
    inputs=CanadianCSpineInputs,
    references=(
        Reference("Stiell IG, Wells GA, Vandemheen KL, et al. The Canadian C-spine rule for radiography in alert "
                  "and stable trauma patients. JAMA. 2001;286(15):1841-1848.",
                  "https://doi.org/10.1001/jama.286.15.1841"),
        Reference("MDCalc. Canadian C-Spine Rule."),
    ),
    formula="1. Any high-risk factor (age ≥ 65, dangerous mechanism, paraesthesias in extremities) → imaging. "
    "2. Otherwise, no low-risk factor (simple rear-end collision, sitting in ED, ambulatory at any time, delayed "
    "onset of neck pain, no midline tenderness) → imaging. 3. Otherwise, unable to actively rotate the neck 45° "
    "left and right → imaging; able → no imaging. Result: 1 = imaging indicated, 0 = not indicated.",
    description="Which alert (GCS 15), haemodynamically stable adult trauma patients need cervical spine imaging. "
    "Not for patients under 16, with GCS < 15, unstable vital signs, paralysis, known vertebral disease or prior "
    "cervical spine surgery, or injury more than 48 hours earlier.",
    example={"age": 38, "dangerous_mechanism": False, "paresthesias_in_extremities": False,
             "simple_rear_end_collision": True, "sitting_in_ed": True, "ambulatory_at_any_time": True,
             "delayed_onset_neck_pain": False, "no_midline_tenderness": True, "able_to_rotate_neck_45": True},
)
def canadian_c_spine(x: CanadianCSpineInputs, w: Working) -> int:
    if x.age < 16:
        w.warn("the Canadian C-spine rule excludes patients under 16 years", "age")
    old = threshold(w, "age ≥ 65", f"age {fmt(x.age)}", x.age, "≥", 65, unit="criteria")
    high = any_of(w, "high-risk factors", (("age ≥ 65", bool(old)), ("dangerous mechanism", x.dangerous_mechanism),
                                          ("paraesthesias", x.paresthesias_in_extremities)), unit="criteria")
    if high:
        w.interpretation = "high-risk factor present: cervical spine imaging indicated"
        return w.step("imaging indicated", "high-risk factor", 1)
    low = any_of(w, "low-risk factors", (
        ("simple rear-end collision", x.simple_rear_end_collision), ("sitting in ED", x.sitting_in_ed),
        ("ambulatory", x.ambulatory_at_any_time), ("delayed neck pain", x.delayed_onset_neck_pain),
        ("no midline tenderness", x.no_midline_tenderness)), unit="criteria")
    if not low:
        w.interpretation = "no low-risk factor allows range-of-motion testing: cervical spine imaging indicated"
        return w.step("imaging indicated", "no low-risk factor", 1)
    if not x.able_to_rotate_neck_45:
        w.interpretation = "unable to actively rotate the neck 45° left and right: cervical spine imaging indicated"
        return w.step("imaging indicated", "cannot rotate neck 45° both ways", 1)
    w.interpretation = "no high-risk factor, a low-risk factor, and able to rotate the neck: no imaging needed"
    return w.step("imaging indicated", "rotates neck 45° both ways", 0)
