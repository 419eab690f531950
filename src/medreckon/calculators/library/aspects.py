"""ASPECTS: Alberta Stroke Program Early CT Score (Barber 2000), 10 minus the MCA regions with early
ischaemic change."""

from __future__ import annotations

from ..fields import Finding, Inputs
from ..points import finding
from ..spec import Output, Reference, Working, calculator

REGIONS = (
    ("caudate", "caudate (C)"), ("lentiform", "lentiform nucleus (L)"), ("internal_capsule", "internal capsule (IC)"),
    ("insular_ribbon", "insular ribbon (I)"), ("m1", "M1: anterior MCA cortex"),
    ("m2", "M2: MCA cortex lateral to the insular ribbon"), ("m3", "M3: posterior MCA cortex"),
    ("m4", "M4: anterior MCA territory rostral to M1"), ("m5", "M5: lateral MCA territory rostral to M2"),
    ("m6", "M6: posterior MCA territory rostral to M3"),
)


def _region(what: str) -> bool:
    return Finding(f"Early ischaemic change (focal swelling or hypoattenuation) in the {what}, on the affected side: "
                   "subtracts 1.")


class ASPECTSInputs(Inputs):
    caudate: bool = _region("caudate (C)")
    lentiform: bool = _region("lentiform nucleus (L)")
    internal_capsule: bool = _region("internal capsule (IC)")
    insular_ribbon: bool = _region("insular ribbon (I)")
    m1: bool = _region("anterior MCA cortex (M1)")
    m2: bool = _region("MCA cortex lateral to the insular ribbon (M2)")
    m3: bool = _region("posterior MCA cortex (M3)")
    m4: bool = _region("anterior MCA territory immediately superior to M1 (M4)")
    m5: bool = _region("lateral MCA territory immediately superior to M2 (M5)")
    m6: bool = _region("posterior MCA territory immediately superior to M3 (M6)")


@calculator(
    id="aspects",
    name="Alberta Stroke Program Early CT Score (ASPECTS)",
    aliases=("alberta-stroke-program-early-ct-score", "aspects-score"),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 10)),
    inputs=ASPECTSInputs,
    references=(
        Reference("Barber PA, Demchuk AM, Zhang J, Buchan AM. Validity and reliability of a quantitative computed "
                  "tomography score in predicting outcome of hyperacute stroke before thrombolytic therapy. ASPECTS "
                  "Study Group. Alberta Stroke Programme Early CT Score. Lancet. 2000;355(9216):1670-1674."),
        Reference("MDCalc. Alberta Stroke Program Early CT Score (ASPECTS)."),
    ),
    formula="ASPECTS = 10 − 1 for each MCA region with early ischaemic change: caudate, lentiform nucleus, internal "
    "capsule, insular ribbon, M1-M6. Range 0-10; ≤ 7 predicts worse functional outcome and more symptomatic "
    "haemorrhage after thrombolysis.",
    description="Extent of early ischaemic change in the middle cerebral artery territory on non-contrast CT, "
    "counted from the radiologist's region-by-region reading (the reading is imaging; the score is the count). "
    "Lower is worse.",
    example={"insular_ribbon": True, "m2": True},
)
def aspects(x: ASPECTSInputs, w: Working) -> int:
    lost = [finding(w, what, getattr(x, name), -1, texts=("early ischaemic change", "normal"))
            for name, what in REGIONS]
    total = w.step("ASPECTS", f"10 − {-sum(lost)}", 10 + sum(lost), "points")
    w.interpretation = ("ASPECTS ≥ 8: limited early ischaemic change" if total >= 8 else
                        "ASPECTS ≤ 7: extensive early ischaemic change; worse outcome and higher haemorrhage risk")
    return total
