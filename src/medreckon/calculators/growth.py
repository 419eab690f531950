"""CDC 2000 growth-chart z-scores and percentiles by the LMS method (Kuczmarski 2002).

The LMS parameters are CDC's published data files (public domain), shipped as
`data/cdc_growth_lms.json`. CDC tabulates each parameter at the middle of a whole month (age 2.5
months stands for 2.0 to < 3.0 months) or of a whole centimetre (length 71.5 cm for 71.0 to < 72.0),
so a measurement is read against the row of the interval it falls in, as CDC's and MDCalc's
calculators do.
"""

from __future__ import annotations

import json
import math
from functools import cache
from typing import Any, Literal, get_args

from ..paths import package_data
from .spec import Working, fmt, invalid

LMS_FILE = "cdc_growth_lms.json"
KUCZMARSKI = ("Kuczmarski RJ, Ogden CL, Guo SS, et al. 2000 CDC growth charts for the United States: methods and "
              "development. Vital Health Stat 11. 2002;(246):1-190.")
CDC_DATA = "https://www.cdc.gov/growthcharts/percentile_data_files.htm"
PercentileFrom = Literal["exact z", "z rounded to 2 decimals"]
PERCENTILE_FROM = get_args(PercentileFrom)
PERCENTILE_OPTION = ("How the percentile is read from z: 'exact z' (default, as CDC's programs) or 'z rounded to 2 "
                     "decimals' (as MDCalc's calculators; up to about 0.2 percentile points apart).")


@cache
def _tables() -> dict[str, Any]:
    return json.loads(package_data(LMS_FILE).read_text(encoding="utf-8"))["tables"]


def lms_row(table: str, sex: str, x: float, field: str, what: str) -> tuple[float, float, float, float]:
    """(table x, L, M, S) for the interval holding x (its middle row; birth is its own row)."""
    rows = _tables()[table][sex]
    first, last = rows[0][0], rows[-1][0]
    if not first <= x <= last:
        raise invalid(field, round(x, 3), f"{what} from {fmt(first)} to {fmt(last)}",
                      "this chart does not cover it; use the chart for the child's age")
    target = 0.0 if x == 0 and rows[0][0] == 0 else math.floor(x) + 0.5
    by_x = {r[0]: r for r in rows}
    row = by_x.get(target) or by_x.get(float(x)) or min(rows, key=lambda r: abs(r[0] - x))
    return tuple(row)  # type: ignore[return-value]


def z_score(w: Working, value: float, table: str, sex: str, x: float, field: str, what: str, unit: str) -> float:
    at, lam, mu, sigma = lms_row(table, sex, x, field, what)
    w.step("LMS parameters (CDC)", f"row {fmt(at)}: L {fmt(lam, 4)}, M {fmt(mu, 4)}, S {fmt(sigma, 5)}", None)
    if lam == 0:
        return w.step("z-score", f"ln({fmt(value, 2)} / {fmt(mu, 4)}) / {fmt(sigma, 5)}", math.log(value / mu) / sigma)
    return w.step("z-score", f"(({fmt(value, 2)} {unit} / {fmt(mu, 4)})^{fmt(lam, 4)} − 1) / ({fmt(lam, 4)} × "
                  f"{fmt(sigma, 5)})", ((value / mu) ** lam - 1) / (lam * sigma))


def percentile(w: Working, z: float, rule: str) -> float:
    used = round(z, 2) if rule == PERCENTILE_FROM[1] else z
    return w.step("percentile", f"Φ({fmt(used, 4)}) × 100", 50 * (1 + math.erf(used / math.sqrt(2))), "%")


def growth_percentile(w: Working, value: float, unit: str, table: str, sex: str, x: float, field: str, what: str,
                      rule: str) -> float:
    """The percentile of `value` on a CDC chart, recording its z-score as the output 'z_score'."""
    z = w.output("z_score", z_score(w, value, table, sex, x, field, what, unit))
    return percentile(w, z, rule)


def age_in_months(w: Working, age_years: float) -> float:
    return w.step("age", f"{fmt(age_years * 12, 2)} months", age_years * 12, "months")
