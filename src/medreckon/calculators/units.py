"""Units: a fast table of the units clinical notes use, an analyte table for mass <-> molar <->
equivalent conversions, and pint (loaded lazily) as the fallback for anything else.

Every unit belongs to a *dimension*; a spelling is resolved within the dimension the caller
expects, which is how "L" can mean litres for a volume and "per litre" for a cell count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# dimension -> {symbol: factor to the dimension's base unit}
_FACTORS: dict[str, dict[str, float]] = {
    "mass": {"kg": 1.0, "g": 1e-3, "mg": 1e-6, "ug": 1e-9, "lb": 0.45359237, "oz": 0.028349523125},
    "length": {"m": 1.0, "cm": 0.01, "mm": 0.001, "in": 0.0254, "ft": 0.3048},
    # ages and intervals; a year is 365.25 days, a month a twelfth of that
    "time": {
        "s": 1.0, "ms": 1e-3, "min": 60.0, "h": 3600.0, "d": 86400.0, "wk": 604800.0,
        "mo": 2629800.0, "yr": 31557600.0,
    },
    "pressure": {"mmHg": 1.0, "kPa": 7.500615758, "cmH2O": 0.735559, "atm": 760.0},
    "frequency": {"/min": 1.0, "/h": 1 / 60, "/d": 1 / 1440, "/s": 60.0},
    "mass_concentration": {
        "g/L": 1.0, "g/dL": 10.0, "mg/dL": 0.01, "mg/L": 1e-3, "mg/mL": 1.0, "ug/dL": 1e-5,
        "ug/mL": 1e-3, "ug/L": 1e-6, "ng/mL": 1e-6, "ng/dL": 1e-8, "ng/L": 1e-9, "pg/mL": 1e-9,
    },
    "molar_concentration": {
        "mol/L": 1.0, "mmol/L": 1e-3, "umol/L": 1e-6, "nmol/L": 1e-9, "pmol/L": 1e-12,
    },
    "equivalent_concentration": {"Eq/L": 1.0, "mEq/L": 1e-3},
    # (U/mL also reads a tumour marker's assay units, CA-125 in U/mL = kU/L)
    "catalytic_concentration": {"U/L": 1.0, "kU/L": 1e3, "U/mL": 1e3, "ukat/L": 60.0},
    "arbitrary_concentration": {"uIU/mL": 1.0, "mIU/L": 1.0, "IU/L": 1e3, "mIU/mL": 1e3},
    "count_concentration": {"/L": 1.0, "/uL": 1e6, "10^3/uL": 1e9, "10^9/L": 1e9, "10^12/L": 1e12, "10^6/uL": 1e12},
    "fraction": {"1": 1.0, "%": 0.01},
    "volume": {"L": 1.0, "dL": 0.1, "mL": 1e-3, "fL": 1e-15},
    "flow": {"mL/min": 1.0, "mL/h": 1 / 60, "mL/d": 1 / 1440, "L/d": 1000 / 1440, "L/min": 1000.0},
    "dose_rate": {"ug/kg/min": 1.0, "mg/kg/min": 1000.0, "ug/kg/h": 1 / 60, "mg/kg/h": 1000 / 60},
    "mass_per_area": {"kg/m^2": 1.0},
    # drug delivery per unit time (a transdermal patch in ug/h; a daily total in mg/d); base mg/d
    "mass_rate": {"mg/d": 1.0, "ug/h": 0.024, "mg/h": 24.0, "ug/d": 1e-3, "g/d": 1000.0},
    "area": {"m^2": 1.0, "cm^2": 1e-4, "mm^2": 1e-6},
    "temperature": {"degC": 1.0, "degF": 1.0, "K": 1.0},  # affine: handled in _affine
    # solute per kg of water (measured osmolality); mOsm/L (osmolarity) is a different quantity
    "osmolality": {"mOsm/kg": 1.0, "mmol/kg": 1.0, "Osm/kg": 1000.0},
    # urine albumin (or protein) per creatinine; 1 mg/mmol = 1000 / 113.12 mg/g of creatinine
    "creatinine_ratio": {"mg/g": 1.0, "mg/mmol": 1000 / 113.12, "g/g": 1000.0, "mg/mg": 1000.0},
    # weight-based doses and volumes
    "dose_per_weight": {"mg/kg": 1.0, "ug/kg": 1e-3, "g/kg": 1000.0},
    "volume_per_weight": {"mL/kg": 1.0, "L/kg": 1000.0},
    # a filtration rate indexed to 1.73 m² of body surface area (eGFR)
    "indexed_gfr": {"mL/min/1.73m^2": 1.0},
    # a flow per kg of body weight (urine output, CRRT effluent dose)
    "flow_per_weight": {"mL/kg/h": 1.0, "mL/kg/min": 60.0, "mL/kg/d": 1 / 24},
    # drops per millilitre of an infusion set
    "drop_factor": {"gtt/mL": 1.0},
    # a dose per m² of body surface area (chemotherapy)
    "dose_per_area": {"mg/m^2": 1.0, "ug/m^2": 1e-3, "g/m^2": 1000.0},
    # drug exposure: the area under the concentration-time curve (carboplatin's target AUC)
    "exposure": {"mg·min/mL": 1.0},
    # a change of concentration per unit time (a sodium correction rate)
    "concentration_rate": {"mEq/L/h": 1.0, "mEq/L/d": 1 / 24},
    # a flow indexed to body surface area (cardiac index)
    "indexed_flow": {"L/min/m^2": 1.0},
    # speeds: Doppler blood-flow velocities, treadmill and walking speeds (1 mph = 0.44704 m/s exactly)
    "velocity": {"m/s": 1.0, "cm/s": 0.01, "mm/s": 0.001, "m/min": 1 / 60, "mph": 0.44704, "km/h": 1 / 3.6},
    # erythrocyte sedimentation rate (Westergren)
    "sedimentation_rate": {"mm/h": 1.0},
    # absorbed radiation dose (1 cGy = 1 rad)
    "absorbed_dose": {"Gy": 1.0, "cGy": 0.01},
    # glycated haemoglobin: IFCC mmol/mol and NGSP (DCCT) percent, related affinely (see _affine)
    "hba1c": {"mmol/mol": 1.0, "%HbA1c": 1.0},
}

# Spellings (after _normalise) -> symbol. Includes the typos seen in MedCalc-Bench's entity units
# ("degrees celsisus", "degrees fahreinheit", "mc/kg/min") and its bare "µL"/"L"/"m^3" cell
# counts, which mean "per µL", "per L" and "per mm^3" when the dimension is a count.
_ALIASES: dict[str, tuple[str, ...]] = {
    "kg": ("kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"),
    "g": ("g", "gm", "gram", "grams", "gr"),
    "mg": ("mg", "milligram", "milligrams"),
    "ug": ("ug", "microgram", "micrograms"),
    "lb": ("lb", "lbs", "pound", "pounds", "#"),
    "oz": ("oz", "ounce", "ounces"),
    "m": ("m", "meter", "meters", "metre", "metres"),
    "cm": ("cm", "centimeter", "centimeters", "centimetre", "centimetres"),
    "mm": ("mm", "millimeter", "millimeters"),
    "in": ("in", "inch", "inches", '"', "''"),
    "ft": ("ft", "foot", "feet", "'"),
    "s": ("s", "sec", "secs", "second", "seconds"),
    "ms": ("ms", "msec", "msecs", "millisecond", "milliseconds"),
    "min": ("min", "mins", "minute", "minutes"),
    "h": ("h", "hr", "hrs", "hour", "hours"),
    "d": ("d", "day", "days"),
    "wk": ("wk", "wks", "week", "weeks", "w"),
    "mo": ("mo", "mos", "month", "months"),
    "yr": ("y", "yr", "yrs", "year", "years", "years old", "yo", "y/o", "year-old", "year old", "y.o", "yr-old",
           "yr old"),
    "mmHg": ("mmhg", "mm hg", "mm of hg", "torr"),
    "kPa": ("kpa",),
    "cmH2O": ("cmh2o", "cm h2o"),
    "atm": ("atm",),
    "/min": (
        "/min", "per min", "per minute", "bpm", "beats per minute", "beats/min", "breaths per minute",
        "breaths/min", "1/min", "min^-1", "beats/minute", "breaths/minute",
    ),
    "/h": ("/h", "/hr", "per hour", "per hr"),
    "/d": ("/d", "/day", "per day", "times per day", "doses per day", "x/day", "times a day"),
    "/s": ("/s", "per second", "hz"),
    "g/L": ("g/l",),
    "g/dL": ("g/dl",),
    "mg/dL": ("mg/dl", "mg%"),
    "mg/L": ("mg/l",),
    "mg/mL": ("mg/ml",),
    "ug/dL": ("ug/dl",),
    "ug/mL": ("ug/ml",),
    "ug/L": ("ug/l",),
    "ng/mL": ("ng/ml",),
    "ng/dL": ("ng/dl",),
    "ng/L": ("ng/l",),
    "pg/mL": ("pg/ml",),
    "mol/L": ("mol/l", "m"),
    "mmol/L": ("mmol/l", "mm", "mmol"),
    "umol/L": ("umol/l", "um"),
    "nmol/L": ("nmol/l", "nm"),
    "pmol/L": ("pmol/l", "pm"),
    "Eq/L": ("eq/l",),
    "mEq/L": ("meq/l", "meq"),
    "U/L": ("u/l", "iu/l", "units/l", "unit/l"),
    "kU/L": ("ku/l",),
    "U/mL": ("u/ml", "units/ml", "unit/ml"),
    "ukat/L": ("ukat/l",),
    "uIU/mL": ("uiu/ml", "uu/ml", "uunits/ml", "microunits/ml", "miu/l", "mu/l"),
    "mIU/mL": ("miu/ml", "mu/ml"),
    "/L": ("/l", "per l", "l", "cells/l"),
    "/uL": ("/ul", "per ul", "ul", "cells/ul", "/mm^3", "per mm^3", "cells/mm^3", "mm^3", "m^3", "/mm3", "cells/mm3"),
    "10^3/uL": ("10^3/ul", "x10^3/ul", "*10^3/ul", "k/ul", "thou/ul", "10^3/mm^3", "x10^3/mm^3", "x 10^3/ul"),
    "10^9/L": ("10^9/l", "x10^9/l", "*10^9/l", "g/l", "x 10^9/l"),
    "10^12/L": ("10^12/l", "x10^12/l"),
    "10^6/uL": ("10^6/ul", "x10^6/ul", "*10^6/ul", "m/ul", "million/ul", "10^6/mm^3", "x10^6/mm^3"),
    "1": ("1", "fraction", "ratio", ""),
    "%": ("%", "percent", "pct"),
    "L": ("l", "liter", "liters", "litre", "litres"),
    "dL": ("dl",),
    "fL": ("fl", "femtoliter", "femtoliters", "femtolitre", "femtolitres", "um^3"),
    "mL": ("ml", "cc", "milliliter", "milliliters", "cm^3", "cm3"),
    "mL/min": ("ml/min",),
    "mL/h": ("ml/h", "ml/hr", "ml/hour", "cc/h", "cc/hr"),
    "mL/d": ("ml/d", "ml/day", "ml/24h", "ml/24 h", "ml/24hr", "ml/24 hr", "cc/day"),
    "L/d": ("l/d", "l/day", "l/24h"),
    "L/min": ("l/min",),
    "ug/kg/min": ("ug/kg/min", "mc/kg/min", "ucg/kg/min"),
    "mg/kg/min": ("mg/kg/min",),
    "ug/kg/h": ("ug/kg/h", "ug/kg/hr"),
    "mg/kg/h": ("mg/kg/h", "mg/kg/hr"),
    "ug/h": ("ug/h", "ug/hr", "ug/hour", "ug per hour"),
    "mg/h": ("mg/h", "mg/hr", "mg/hour"),
    "mg/d": ("mg/d", "mg/day", "mg/24h", "mg/24 h", "mg per day"),
    "ug/d": ("ug/d", "ug/day", "ug per day"),
    "g/d": ("g/d", "g/day"),
    "kg/m^2": ("kg/m^2", "kg/m2", "kg/sq m"),
    "m^2": ("m^2", "m2", "sq m"),
    "cm^2": ("cm^2", "cm2"),
    "mm^2": ("mm^2", "mm2", "sq mm"),
    "degC": (
        "degc", "c", "°c", "deg c", "degrees c", "celsius", "degrees celsius", "degree celsius",
        "degrees celsisus", "centigrade", "oc", "ºc", "° c", "℃",
    ),
    "degF": (
        "degf", "f", "°f", "deg f", "degrees f", "fahrenheit", "degrees fahrenheit",
        "degree fahrenheit", "degrees fahreinheit", "of", "ºf", "° f", "℉",
    ),
    "K": ("k", "kelvin"),
    "mOsm/kg": ("mosm/kg", "mosm/kg h2o", "mosmol/kg", "mosm/kg water"),
    "mmol/kg": ("mmol/kg",),
    "Osm/kg": ("osm/kg",),
    "mg/g": ("mg/g", "mg/g creatinine", "mg/g cr", "ug/mg"),
    "mg/mmol": ("mg/mmol", "mg/mmol creatinine", "mg/mmol cr"),
    "g/g": ("g/g",),
    "mg/mg": ("mg/mg",),
    "mg/kg": ("mg/kg", "mg per kg"),
    "ug/kg": ("ug/kg",),
    "g/kg": ("g/kg",),
    "mL/kg": ("ml/kg", "cc/kg", "ml per kg"),
    "L/kg": ("l/kg",),
    "mL/kg/h": ("ml/kg/h", "ml/kg/hr", "ml/kg/hour", "cc/kg/h", "cc/kg/hr", "ml/kg per hour"),
    "mL/kg/min": ("ml/kg/min",),
    "mL/kg/d": ("ml/kg/d", "ml/kg/day", "ml/kg/24h", "ml/kg/24 h"),
    "mg/m^2": ("mg/m^2", "mg/m2", "mg/sq m", "mg per m^2"),
    "ug/m^2": ("ug/m^2", "ug/m2"),
    "g/m^2": ("g/m^2", "g/m2"),
    "mg·min/mL": ("mg·min/ml", "mg*min/ml", "mg min/ml", "mg.min/ml", "mg-min/ml", "mg x min/ml"),
    "gtt/mL": ("gtt/ml", "gtts/ml", "drops/ml", "drop/ml", "gt/ml"),
    "mEq/L/h": ("meq/l/h", "meq/l/hr", "mmol/l/h", "mmol/l/hr", "meq/l per hour", "mmol/l per hour"),
    "mEq/L/d": ("meq/l/d", "meq/l/day", "mmol/l/d", "mmol/l/day", "meq/l per day", "mmol/l per day",
                "meq/l/24h", "mmol/l/24h", "meq/l/24 h", "mmol/l/24 h"),
    "L/min/m^2": ("l/min/m^2", "l/min/m2", "l/min/sq m", "l/min per m^2"),
    "m/s": ("m/s", "m/sec", "meters per second", "metres per second"),
    "cm/s": ("cm/s", "cm/sec", "centimeters per second", "centimetres per second"),
    "mm/s": ("mm/s", "mm/sec"),
    "Gy": ("gy", "gray"),
    "mm/h": ("mm/h", "mm/hr", "mm/hour", "mm per hour", "mm in 1 hour", "mm/1h", "mm/1st hour"),
    "cGy": ("cgy", "centigray"),
    "mL/min/1.73m^2": ("ml/min/1.73m^2", "ml/min/1.73 m^2", "ml/min/1.73m2", "ml/min/1.73 m2", "ml/min",
                       "ml/min per 1.73m^2", "ml/min per 1.73 m^2", "ml/min/1.73sqm"),
    "m/min": ("m/min", "meters per minute", "metres per minute"),
    "mph": ("mph", "mi/h", "mi/hr", "miles per hour"),
    "km/h": ("km/h", "km/hr", "kph", "kmh", "kilometers per hour", "kilometres per hour"),
    "mmol/mol": ("mmol/mol", "ifcc"),
    "%HbA1c": ("%hba1c", "%", "percent", "% ngsp", "ngsp", "dcct"),
}

_SYMBOL_DIMENSION = {sym: dim for dim, table in _FACTORS.items() for sym in table}
# spelling -> all symbols it can denote (resolved by dimension)
_SPELLINGS: dict[str, list[str]] = {}
for _sym, _names in _ALIASES.items():
    for _name in (*_names, _sym.lower()):
        _SPELLINGS.setdefault(_name, [])
        if _sym not in _SPELLINGS[_name]:
            _SPELLINGS[_name].append(_sym)

# Analytes: molar mass (g/mol) and charge, for mass <-> molar <-> equivalent conversions.
# BUN is expressed per mole of urea-nitrogen (2 N = 28.0134 g/mol), so 1 mmol/L urea = 2.8 mg/dL BUN.


@dataclass(frozen=True, slots=True)
class Analyte:
    name: str
    molar_mass: float | None = None  # g/mol
    valence: int | None = None
    # µIU/mL -> pmol/L, for hormones reported in arbitrary units
    pmol_per_uiu_ml: float | None = None


ANALYTES: dict[str, Analyte] = {
    a.name: a
    for a in (
        Analyte("creatinine", 113.12),
        Analyte("bun", 28.0134),
        Analyte("urea", 60.06),
        Analyte("glucose", 180.16),
        Analyte("calcium", 40.08, 2),
        Analyte("magnesium", 24.305, 2),
        Analyte("phosphate", 30.974),
        Analyte("sodium", 22.99, 1),
        Analyte("potassium", 39.098, 1),
        Analyte("chloride", 35.45, 1),
        Analyte("bicarbonate", 61.02, 1),
        Analyte("albumin", 66_500.0),
        Analyte("bilirubin", 584.66),
        Analyte("cholesterol", 386.65),
        Analyte("triglycerides", 885.7),
        Analyte("hemoglobin", 16_114.5),
        Analyte("lactate", 90.08),
        Analyte("ethanol", 46.07),
        Analyte("methanol", 32.04),
        Analyte("ethylene_glycol", 62.07),
        Analyte("iron", 55.845),
        Analyte("insulin", 5_808.0, pmol_per_uiu_ml=6.0),
    )
}


class UnitError(ValueError):
    """A unit that cannot be read or converted; carries a human suggestion."""

    def __init__(self, message: str, suggestion: str | None = None):
        super().__init__(message)
        self.suggestion = suggestion


def _normalise(unit: str) -> str:
    u = unit.strip().lower()
    u = u.replace("µ", "u").replace("μ", "u").replace("mcg", "ug").replace("²", "^2")
    u = u.replace("³", "^3").replace("⁹", "^9").replace("×", "x").replace("⁻¹", "^-1").replace("₂", "2")
    u = re.sub(r"\s*/\s*", "/", u)
    u = re.sub(r"\s+", " ", u)
    return u.rstrip(".")


@lru_cache(maxsize=4096)
def resolve(unit: str, dimension: str) -> str:
    """The symbol that `unit` denotes within `dimension`; raises UnitError if none."""
    spelling = _normalise(unit)
    for sym in _SPELLINGS.get(spelling, ()):
        if _SYMBOL_DIMENSION[sym] == dimension:
            return sym
    if spelling.endswith("s") and not spelling.endswith("/s"):  # plural forms: "kgs", "mmols/l"
        for sym in _SPELLINGS.get(spelling[:-1], ()):
            if _SYMBOL_DIMENSION[sym] == dimension:
                return sym
    raise UnitError(f"unknown unit {unit!r} for a {dimension.replace('_', ' ')}")


def symbol_of(unit: str) -> str | None:
    """The one symbol a spelling denotes in any dimension ("mm Hg" -> "mmHg", "℃" -> "degC"), or
    None when it denotes none or several ("L": litres or per litre)."""
    spelling = _normalise(unit)
    found = _SPELLINGS.get(spelling) or (_SPELLINGS.get(spelling[:-1], ()) if spelling.endswith("s") else ())
    return found[0] if len(found) == 1 else None


def dimension_of(symbol: str) -> str:
    return _SYMBOL_DIMENSION[symbol]


def dimensions_of(unit: str) -> list[str]:
    """Every dimension a spelling could belong to (for error messages)."""
    return sorted({_SYMBOL_DIMENSION[s] for s in _SPELLINGS.get(_normalise(unit), ())})


def symbols(dimension: str) -> list[str]:
    return list(_FACTORS[dimension])


_BRIDGED = {"mass_concentration", "molar_concentration", "equivalent_concentration"}


def _to_molar(dimension: str, analyte: Analyte | None) -> float | None:
    """Factor from the base unit of `dimension` to mol/L for this analyte, if defined."""
    if dimension == "molar_concentration":
        return 1.0
    if analyte is None:
        return None
    if dimension == "mass_concentration" and analyte.molar_mass:
        return 1.0 / analyte.molar_mass  # g/L -> mol/L
    if dimension == "equivalent_concentration" and analyte.valence:
        return 1.0 / analyte.valence  # Eq/L -> mol/L
    if dimension == "arbitrary_concentration" and analyte.pmol_per_uiu_ml:
        return analyte.pmol_per_uiu_ml * 1e-12  # uIU/mL -> mol/L
    return None


@lru_cache(maxsize=4096)
def conversion(from_unit: str, to_symbol: str, analyte: str | None = None) -> tuple[float, float]:
    """(factor, offset) such that value_in_to = value_in_from * factor + offset.

    `to_symbol` is a canonical symbol from the table; `from_unit` any spelling. Mass <-> molar
    <-> equivalent concentrations need an analyte.
    """
    target_dim = _SYMBOL_DIMENSION[to_symbol]
    a = ANALYTES.get(analyte) if analyte else None
    candidates = [target_dim]
    if target_dim in _BRIDGED or target_dim == "arbitrary_concentration":
        candidates += [d for d in (*_BRIDGED, "arbitrary_concentration") if d != target_dim]
    for dim in candidates:
        try:
            sym = resolve(from_unit, dim)
        except UnitError:
            continue
        if dim in ("temperature", "hba1c"):
            return _affine(sym, to_symbol)
        if sym == to_symbol:
            return 1.0, 0.0
        if dim == target_dim:
            return _FACTORS[dim][sym] / _FACTORS[dim][to_symbol], 0.0
        src, dst = _to_molar(dim, a), _to_molar(target_dim, a)
        if src is None or dst is None:
            what = f"for {analyte}" if analyte else "without knowing the analyte"
            raise UnitError(
                f"cannot convert {from_unit!r} to {to_symbol} {what}",
                f"give the value in {to_symbol}",
            )
        return _FACTORS[dim][sym] * src / dst / _FACTORS[target_dim][to_symbol], 0.0
    return _pint_conversion(from_unit, to_symbol, target_dim)


def _affine(src: str, dst: str) -> tuple[float, float]:
    if src in _HBA1C:  # NGSP % = 0.09148 × IFCC mmol/mol + 2.152 (the IFCC-NGSP master equation)
        to_ifcc, from_ifcc = _HBA1C[src], _HBA1C_FROM[dst]
        return to_ifcc[0] * from_ifcc[0], to_ifcc[1] * from_ifcc[0] + from_ifcc[1]
    to_c = {"degC": (1.0, 0.0), "degF": (5 / 9, -32 * 5 / 9), "K": (1.0, -273.15)}
    from_c = {"degC": (1.0, 0.0), "degF": (9 / 5, 32.0), "K": (1.0, 273.15)}
    f1, o1 = to_c[src]
    f2, o2 = from_c[dst]
    return f1 * f2, o1 * f2 + o2


_HBA1C = {"mmol/mol": (1.0, 0.0), "%HbA1c": (1 / 0.09148, -2.152 / 0.09148)}  # to mmol/mol
_HBA1C_FROM = {"mmol/mol": (1.0, 0.0), "%HbA1c": (0.09148, 2.152)}  # from mmol/mol

_PINT_NAMES = {
    "mass": "kg", "length": "m", "time": "s", "pressure": "mmHg", "volume": "L",
    "area": "m**2", "frequency": "1/min",
}


def _pint_conversion(from_unit: str, to_symbol: str, dimension: str) -> tuple[float, float]:
    """Fallback for spellings outside our table (stone, furlong, hectogram ...), via pint."""
    known = ", ".join(symbols(dimension))
    if dimension not in _PINT_NAMES or len(from_unit) > 40:  # pint's parser is no place for long text
        raise UnitError(
            f"unknown unit {from_unit!r} for a {dimension.replace('_', ' ')}", f"use one of: {known}"
        )
    try:
        reg = _pint_registry()
        q = reg.Quantity(1.0, from_unit)
        base = reg.Quantity(1.0, _PINT_NAMES[dimension])
        factor = q.to(base.units).magnitude / _FACTORS[dimension][to_symbol]
    except Exception as exc:  # pint's parser raises many types (TokenError, KeyError ...)
        raise UnitError(
            f"unknown unit {from_unit!r} for a {dimension.replace('_', ' ')}", f"use one of: {known}"
        ) from exc
    return factor, 0.0


@lru_cache(maxsize=1)
def _pint_registry():
    import pint

    return pint.UnitRegistry(cache_folder=None)


def convert(value: float, from_unit: str, to_symbol: str, analyte: str | None = None) -> float:
    factor, offset = conversion(from_unit, to_symbol, analyte)
    return value * factor + offset


# "106 umol/L", "1,025.2 mg", "250 x10^9/L"; compounds of two alphabetic units: "5 ft 7 in", "5'7\""
_NUMBER = r"[-+]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_SINGLE = re.compile(rf"^\s*({_NUMBER})\s*(.*?)\s*$")
_COMPOUND = re.compile(rf"^\s*({_NUMBER})\s*([a-zA-Z'\"]+)\s*({_NUMBER})\s*([a-zA-Z'\"]*)\s*$")


def parse_amount(text: str) -> list[tuple[float, str | None]]:
    """Split a string into (number, unit) parts; raises UnitError if it is not of that shape."""
    m = _SINGLE.match(text)
    if not m:
        raise UnitError(
            f"cannot read {text!r} as a number with a unit",
            'write it like "106 umol/L", "72.5 kg" or "5 ft 7 in"',
        )
    unit = m.group(2) or None
    # "5 ft 7 in" is two amounts; "5 cmH2O" or "5 10^9/L" is one, in a unit spelled with a digit
    if unit and any(c.isdigit() for c in unit) and _normalise(unit) not in _SPELLINGS and (c := _COMPOUND.match(text)):
        if c.group(3)[0] in "+-" or c.group(1)[0] == "-":  # "5 ft -7 in" is no length anyone means
            raise UnitError(
                f"cannot read {text!r}: a compound amount takes no signs on its parts",
                'write it like "5 ft 7 in", or as one number with a unit',
            )
        return [
            (float(c.group(1).replace(",", "")), c.group(2)),
            (float(c.group(3).replace(",", "")), c.group(4) or None),
        ]
    return [(float(m.group(1).replace(",", "")), unit)]
