"""Corrected QT interval (QTc): Bazett, Fridericia, Framingham, Hodges and Rautaharju.

All five take the measured QT interval in ms and the heart rate in beats/min. Bazett and
Fridericia divide QT (ms) by a root of the RR interval expressed in seconds, RR = 60 / HR, and
report the result in ms by convention (the formulas are not dimensionally homogeneous); Framingham
adds 154 ms × (1 − RR in s); Hodges and Rautaharju use the heart rate directly. MedCalc-Bench
states every formula the same way (QT in msec, RR = 60 / HR in s, answer in msec); its
explanations round RR to three decimals before using it, which moves its answers by well under
0.1% - we use the unrounded RR.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import Field

from ..fields import Inputs, QTInterval, q
from ..rules import Relation
from ..spec import (
    Calculator,
    Domain,
    MedCalcBench,
    Output,
    Reference,
    Working,
    calculator,
    fmt,
    invalid,
)

ENTITIES = {"Heart Rate or Pulse": "heart_rate", "QT interval": "qt_interval"}
# a correction that reaches 0 ms or less (Framingham's and Hodges' subtract at slow rates) means no QTc
DOMAIN = Domain(
    gt=0, inputs=("qt_interval", "heart_rate"),
    validity="a QT interval and heart rate for which the corrected QT is above 0 ms (the corrections are derived "
    "on heart rates of about 40-120/min); check the QT in ms and the rate in beats per minute")
OUTPUT = Output("ms", "decimal", 0, range=(250, 700), domain=DOMAIN)

DREW_2010 = Reference(
    "Drew BJ, Ackerman MJ, Funk M, et al. Prevention of torsade de pointes in hospital settings: a scientific "
    "statement from the American Heart Association and the American College of Cardiology Foundation. "
    "Circulation. 2010;121(8):1047-1060 (QTc > 500 ms: high risk).",
    "https://doi.org/10.1161/CIRCULATIONAHA.109.192704",
)
RAUTAHARJU_2009 = Reference(
    "Rautaharju PM, Surawicz B, Gettes LS. AHA/ACCF/HRS recommendations for the standardization and "
    "interpretation of the electrocardiogram, part IV: the ST segment, T and U waves, and the QT interval. "
    "J Am Coll Cardiol. 2009;53(11):982-991 (prolonged QTc: ≥ 450 ms in men, ≥ 460 ms in women).",
    "https://doi.org/10.1016/j.jacc.2008.12.014",
)


# the QT cannot be rate-corrected at a rate of 0 (every formula divides by it, or by RR = 60/HR)
PositiveHeartRate = q("/min", gt=0, lt=600, plausible=(20, 300), units=("/min",))

class QTcInputs(Inputs):
    qt_interval: QTInterval = Field(
        description="Measured (uncorrected) QT interval, in ms by default; a value in seconds must carry its "
        "unit ('0.38 s'). Do not pass the QTc the ECG machine printed."
    )
    heart_rate: PositiveHeartRate = Field(
        description="Heart rate in beats/min at the time the QT was measured (not the RR interval)."
    )

    # the output's domain (Output.domain): a relation between values, stated in words, checked by the engine
    rules = (Relation(("qt_interval", "heart_rate"), "the result stays in its domain: the corrected QT above 0 ms"),)


def check_rate(heart_rate: float) -> None:
    if heart_rate <= 0:
        raise invalid("heart_rate", heart_rate, "a heart rate > 0 beats/min", "the QT cannot be rate-corrected at 0")


def rr_interval(heart_rate: float, w: Working) -> float:
    """RR interval in seconds from the heart rate in beats/min."""
    check_rate(heart_rate)
    return w.step("RR interval", f"60 / {fmt(heart_rate)}", 60 / heart_rate, "s")


def corrected(method: str, expression: str, qtc: float, w: Working) -> float:
    """Record the QTc of `method` as the last step, interpret it and return it."""
    w.step(f"QTc ({method})", expression, qtc, "ms")
    if qtc > 500:
        w.interpretation = "QTc above 500 ms: markedly prolonged, high risk of torsade de pointes"
    elif qtc >= 450:
        w.interpretation = "QTc 450-500 ms: prolonged in men (≥ 450 ms); in women prolonged from 460 ms"
    else:
        w.interpretation = "QTc below 450 ms: not prolonged"
    return qtc


def qtc_calculator(method: str, *, aliases: tuple[str, ...], reference: Reference, formula: str, description: str,
                   medcalc_bench_id: int) -> Callable[[Callable[[QTcInputs, Working], float]], Calculator]:
    """The declaration the five corrections share: inputs, output, the AHA references, the example."""
    return calculator(
        id=f"qtc-{method.lower()}",
        name=f"QTc {method} Calculator",
        aliases=aliases,
        kind="equation",
        specialty="cardiology",
        output=OUTPUT,
        inputs=QTcInputs,
        references=(reference, RAUTAHARJU_2009, DREW_2010),
        formula=formula,
        description=description,
        medcalc_bench=MedCalcBench(medcalc_bench_id, ENTITIES),
        example={"qt_interval": 400, "heart_rate": 88},
    )


@qtc_calculator(
    "Bazett",
    aliases=("qtc", "bazett", "qtcb"),
    reference=Reference("Bazett HC. An analysis of the time-relations of electrocardiograms. Heart. 1920;7:353-370."),
    formula="QTc = QT (ms) / √(RR (s)), RR = 60 / heart rate",
    description="Heart-rate-corrected QT interval by Bazett's square-root formula, the most used and the one "
    "that over-corrects most at fast heart rates.",
    medcalc_bench_id=11,
)
def qtc_bazett(x: QTcInputs, w: Working) -> float:
    rr = rr_interval(x.heart_rate, w)
    return corrected("Bazett", f"{fmt(x.qt_interval)} / √{fmt(rr)}", x.qt_interval / rr**0.5, w)


@qtc_calculator(
    "Fridericia",
    aliases=("fridericia", "qtcf", "QTc (Fridericia) Correction Calculator"),
    reference=Reference("Fridericia LS. Die Systolendauer im Elektrokardiogramm bei normalen Menschen und bei "
                        "Herzkranken. Acta Med Scand. 1920;53:469-486."),
    formula="QTc = QT (ms) / ∛(RR (s)), RR = 60 / heart rate",
    description="Heart-rate-corrected QT interval by Fridericia's cube-root formula.",
    medcalc_bench_id=56,
)
def qtc_fridericia(x: QTcInputs, w: Working) -> float:
    rr = rr_interval(x.heart_rate, w)
    return corrected("Fridericia", f"{fmt(x.qt_interval)} / ∛{fmt(rr)}", x.qt_interval / rr ** (1 / 3), w)


@qtc_calculator(
    "Framingham",
    aliases=("qtc-sagie", "qtcfra"),
    reference=Reference("Sagie A, Larson MG, Goldberg RJ, Bengtson JR, Levy D. An improved method for adjusting "
                        "the QT interval for heart rate (the Framingham Heart Study). Am J Cardiol. "
                        "1992;70(7):797-801."),
    formula="QTc = QT (ms) + 154 × (1 − RR (s)), RR = 60 / heart rate",
    description="Heart-rate-corrected QT interval by the linear regression formula of the Framingham Heart Study.",
    medcalc_bench_id=57,
)
def qtc_framingham(x: QTcInputs, w: Working) -> float:
    rr = rr_interval(x.heart_rate, w)
    return corrected("Framingham", f"{fmt(x.qt_interval)} + 154 × (1 − {fmt(rr)})", x.qt_interval + 154 * (1 - rr), w)


@qtc_calculator(
    "Hodges",
    aliases=("hodges", "qtch"),
    reference=Reference("Hodges M, Salerno D, Erlien D. Bazett's QT correction reviewed: evidence that a linear "
                        "QT correction for heart rate is better. J Am Coll Cardiol. 1983;1(2):694 (abstract)."),
    formula="QTc = QT (ms) + 1.75 × (heart rate − 60)",
    description="Heart-rate-corrected QT interval by Hodges' linear formula in heart rate.",
    medcalc_bench_id=58,
)
def qtc_hodges(x: QTcInputs, w: Working) -> float:
    check_rate(x.heart_rate)
    return corrected("Hodges", f"{fmt(x.qt_interval)} + 1.75 × ({fmt(x.heart_rate)} − 60)",
                     x.qt_interval + 1.75 * (x.heart_rate - 60), w)


@qtc_calculator(
    "Rautaharju",
    aliases=("rautaharju", "qtcrth"),
    reference=Reference("Rautaharju PM, Mason JW, Akiyama T. New age- and sex-specific criteria for QT "
                        "prolongation based on rate correction formulas that minimize bias at the upper normal "
                        "limits. Int J Cardiol. 2014;174(3):535-540."),
    formula="QTc = QT (ms) × (120 + heart rate) / 180",
    description="Heart-rate-corrected QT interval by Rautaharju's 2014 multiplicative formula.",
    medcalc_bench_id=59,
)
def qtc_rautaharju(x: QTcInputs, w: Working) -> float:
    check_rate(x.heart_rate)
    return corrected("Rautaharju", f"{fmt(x.qt_interval)} × (120 + {fmt(x.heart_rate)}) / 180",
                     x.qt_interval * (120 + x.heart_rate) / 180, w)
