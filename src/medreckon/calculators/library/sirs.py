"""SIRS criteria (ACCP/SCCM consensus 1992), with the 1992 sepsis categories when their facts are given."""

from __future__ import annotations

from pydantic import Field

from ..fields import HeartRate, Inputs, Percent, RespiratoryRate, Temperature, WhiteCells, q
from ..points import compared, sum_points, threshold
from ..rounding import round_half_away
from ..spec import MedCalcBench, Output, Reference, Working, calculator, fmt

# Narrower than fields.PaCO2 (APACHE II): < 400 mm Hg, plausible from 8; as this calculator publishes it.
PaCO2 = q("mmHg", gt=0, lt=400, plausible=(8, 150), units=("mmHg", "kPa"))


class SIRSInputs(Inputs):
    temperature: Temperature = Field(
        description="Body temperature, °C by default; a value in °F must carry its unit ('101.2 degF'). "
        "Meets the criterion when > 38 °C or < 36 °C (38.0 and 36.0 do not)."
    )
    heart_rate: HeartRate = Field(description="Heart rate in beats per minute; meets the criterion when > 90.")
    respiratory_rate: RespiratoryRate = Field(
        description="Respiratory rate in breaths per minute; meets the criterion when > 20 (or PaCO2 < 32 mmHg)."
    )
    wbc: WhiteCells = Field(
        description="White blood cell count, ×10⁹/L (= ×10³/µL) by default. A count per µL or per mm³ "
        "must carry its unit ('13200 /uL'): 13200 /µL is 13.2 ×10⁹/L. Meets the criterion when > 12 or < 4 ×10⁹/L."
    )
    paco2: PaCO2 | None = Field(
        None,
        description="Arterial PaCO2 in mmHg (kPa with its unit), if measured; < 32 mmHg meets the respiratory "
        "criterion. Not given: assumed ≥ 32 mmHg (normal), with a warning.",
    )
    bands: Percent | None = Field(
        None,
        description="Immature (band) neutrophils as a percentage of white cells, if measured; > 10% meets the "
        "white-cell criterion. Not given: assumed ≤ 10% (normal), with a warning.",
    )
    suspected_infection: bool | None = Field(
        None,
        description="Suspected or confirmed source of infection. Give it (with the next fields) to have the "
        "1992 sepsis category reported; leave it out for the SIRS count alone.",
    )
    organ_dysfunction: bool | None = Field(
        None,
        description="Signs of organ dysfunction, hypoperfusion or hypotension (e.g. lactic acidosis, oliguria, "
        "acute alteration in mental status, SBP < 90 mmHg or a fall ≥ 40 mmHg from baseline): severe sepsis.",
    )
    refractory_hypotension: bool | None = Field(
        None,
        description="Hypotension that persists despite adequate fluid resuscitation: septic shock.",
    )
    multiple_organ_dysfunction: bool | None = Field(
        None,
        description="Multiple organ dysfunction syndrome: altered function of two or more organs in an acutely "
        "ill patient such that homeostasis cannot be maintained without intervention.",
    )


@calculator(
    id="sirs",
    name="SIRS, Sepsis, and Septic Shock Criteria",
    aliases=("sirs-criteria", "systemic-inflammatory-response-syndrome"),
    kind="score",
    specialty="critical care",
    output=Output(None, "integer", 0, range=(0, 4)),
    inputs=SIRSInputs,
    references=(
        Reference("Bone RC, Balk RA, Cerra FB, et al. Definitions for sepsis and organ failure and guidelines "
                  "for the use of innovative therapies in sepsis. The ACCP/SCCM Consensus Conference "
                  "Committee. Chest. 1992;101(6):1644-1655.", "https://doi.org/10.1378/chest.101.6.1644"),
        Reference("Levy MM, Fink MP, Marshall JC, et al. 2001 SCCM/ESICM/ACCP/ATS/SIS International Sepsis "
                  "Definitions Conference. Crit Care Med. 2003;31(4):1250-1256.",
                  "https://doi.org/10.1097/01.CCM.0000050454.01978.3B"),
        Reference("Singer M, Deutschman CS, Seymour CW, et al. The Third International Consensus Definitions "
                  "for Sepsis and Septic Shock (Sepsis-3). JAMA. 2016;315(8):801-810 (supersedes the SIRS-based "
                  "sepsis definitions).", "https://doi.org/10.1001/jama.2016.0287"),
        Reference("MDCalc. SIRS, Sepsis, and Septic Shock Criteria.",
                  "https://www.mdcalc.com/calc/1096/sirs-sepsis-septic-shock-criteria"),
    ),
    formula=(
        "Count of criteria met: temperature > 38 °C or < 36 °C; heart rate > 90/min; respiratory rate "
        "> 20/min or PaCO2 < 32 mmHg; WBC > 12 or < 4 ×10⁹/L or > 10% bands. SIRS = ≥ 2 criteria; "
        "sepsis = SIRS + suspected infection; severe sepsis = sepsis + organ dysfunction, hypoperfusion or "
        "hypotension; septic shock = sepsis with hypotension despite adequate fluid resuscitation."
    ),
    description="Number of systemic inflammatory response syndrome criteria met (0-4); two or more is SIRS. "
    "When infection and organ-dysfunction facts are given, the 1992 sepsis category is reported too.",
    medcalc_bench=MedCalcBench(
        51,
        {
            "Temperature": "temperature",
            "Heart Rate or Pulse": "heart_rate",
            "respiratory rate": "respiratory_rate",
            "White blood cell count": "wbc",
            "PaCO₂": "paco2",
        },
    ),
    example={
        "temperature": "101.3 degF", "heart_rate": 112, "respiratory_rate": 18, "wbc": "15200 /uL", "paco2": 36,
        "bands": 6, "suspected_infection": True, "organ_dysfunction": False, "refractory_hypotension": False,
        "multiple_organ_dysfunction": False,
    },
)
def sirs(x: SIRSInputs, w: Working) -> int:
    for name in ("paco2", "bands"):
        if getattr(x, name) is None:
            w.warn(f"not given; assumed normal: {name}", name, "assumed_default")

    # values compared at 0.01 precision, so unit-conversion noise (100.4 °F = 38.00000000000001 °C)
    # cannot cross a limit
    t = round_half_away(x.temperature, 2)
    temp_met = t > 38 or t < 36
    relation = "> 38" if t > 38 else "< 36" if t < 36 else "within 36-38"
    temp = w.step("temperature > 38 or < 36 °C", f"{fmt(t, 2)} °C {relation}", int(temp_met))

    hr = round_half_away(x.heart_rate, 2)
    heart = threshold(w, "heart rate > 90", f"{fmt(hr, 2)}/min", hr, ">", 90, unit=None)

    rr = round_half_away(x.respiratory_rate, 2)
    fast, rr_text = compared(f"RR {fmt(rr, 2)}/min", rr, ">", 20)
    low_co2, co2_text = False, "PaCO2 not given"
    if x.paco2 is not None:
        paco2 = round_half_away(x.paco2, 2)
        low_co2, co2_text = compared(f"PaCO2 {fmt(paco2, 2)} mmHg", paco2, "<", 32)
    resp = w.step("respiratory rate > 20 or PaCO2 < 32 mmHg", f"{rr_text}, {co2_text}", int(fast or low_co2))

    wbc = round_half_away(x.wbc, 3)
    relation = "> 12" if wbc > 12 else "< 4" if wbc < 4 else "within 4-12"
    many_bands, bands_text = False, "bands not given"
    if x.bands is not None:
        bands = round_half_away(x.bands, 2)
        many_bands, bands_text = compared(f"bands {fmt(bands, 2)}%", bands, ">", 10, "%")
    white = w.step("WBC > 12 or < 4 ×10⁹/L or bands > 10%", f"WBC {x.wbc:.4g} ×10⁹/L {relation}, {bands_text}",
                   int(wbc > 12 or wbc < 4 or many_bands))

    total = sum_points(w, (temp, heart, resp, white), unit=None)
    w.interpretation = _interpretation(total, x, w)
    return total


def _interpretation(total: int, x: SIRSInputs, w: Working) -> str:
    text = (f"{total} of 4 SIRS criteria met: SIRS (≥ 2)" if total >= 2
            else f"{total} of 4 SIRS criteria met: SIRS criteria not met (< 2)")
    extra = (x.organ_dysfunction, x.refractory_hypotension, x.multiple_organ_dysfunction)
    if x.suspected_infection is None:
        if any(v is not None for v in extra):
            w.warn("the sepsis category needs suspected_infection; only the SIRS count is reported",
                   "suspected_infection", "note")
        return text
    if not x.suspected_infection:
        return text + "; no suspected infection, so not sepsis"
    if total < 2:
        return text + "; suspected infection without SIRS: not sepsis by the 1992 definition"
    if x.refractory_hypotension:
        stage = "septic shock (sepsis with hypotension despite adequate fluid resuscitation)"
    elif x.organ_dysfunction:
        stage = "severe sepsis (sepsis with organ dysfunction, hypoperfusion or hypotension)"
    else:
        stage = "sepsis (SIRS with suspected infection)"
    if x.multiple_organ_dysfunction:
        stage += ", with multiple organ dysfunction syndrome"
    return f"{text}; {stage}, by the 1992 ACCP/SCCM definitions (Sepsis-3 now defines sepsis by SOFA)"
