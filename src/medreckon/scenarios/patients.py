"""Longitudinal patients: the record rows that hold a scenario's gold values at the right times,
and what real records hold around them.

`PatientBuilder` writes one patient: the patient row (the birth date that gives the gold age on
the day of admission), an index encounter (the scenario's: "at presentation" means its first
values), a recent clinic visit and an older one. Each gold value is charted once, at the time
its rule says (`admission`: the first measurement of the index encounter; `baseline`: the most
recent one before it), and around it go the rows that make choosing the right one part of the
task: a later measurement in the same encounter, an earlier one from a past visit, some charted
in another unit (µmol/L creatinine, °F, lb); conditions a relative has rather than the patient
(in the family-history note); a medication stopped long ago; normal results for other tests.
`finish()` returns the rows and fills each gold `Source.candidates` with every row of its concept.

`background_patient` writes a patient with ordinary visits only, fast, for filling a record to
the size real ones have (50,000 patients load in minutes).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from typing import Any

from ..calculators import units as u
from .concepts import ASSESSMENTS, DIAGNOSES, LABS, LABS_T, MEDICATIONS_T, VITALS, VITALS_T, Concept
from .model import Source

FMT = "%Y-%m-%d %H:%M:%S"
_FIRST = ("Ana", "Ben", "Chloe", "David", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jon", "Kemi", "Luis",
          "Maya", "Nils", "Olga", "Priya", "Quinn", "Rosa", "Sam", "Tara", "Umar", "Vera", "Wei", "Yara")
_LAST = ("Abara", "Berg", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowal",
         "Lopez", "Moreau", "Novak", "Okafor", "Patel", "Quist", "Rossi", "Silva", "Tanaka", "Urban", "Varga")
_RELATIVES = ("mother", "father", "sister", "brother", "maternal grandmother", "paternal uncle")
_OTHER_DX = (("Gastro-oesophageal reflux disease", "K21.9"), ("Osteoarthritis of knee", "M17.9"),
             ("Hypothyroidism", "E03.9"), ("Hyperlipidaemia", "E78.5"), ("Benign prostatic hyperplasia", "N40.0"),
             ("Migraine", "G43.909"), ("Iron deficiency anaemia", "D50.9"), ("Gout", "M10.9"))
_OTHER_DRUGS = (("atorvastatin", 20, "mg", "oral", "once daily"), ("omeprazole", 20, "mg", "oral", "once daily"),
                ("levothyroxine", 75, "ug", "oral", "once daily"), ("paracetamol", 1000, "mg", "oral", "as needed"),
                ("metformin", 500, "mg", "oral", "twice daily"), ("amlodipine", 5, "mg", "oral", "once daily"))
# background panels: (input name, low, high) drawn in the concept's unit
_PANEL = (("sodium", 136, 144), ("potassium", 3.6, 5.0), ("chloride", 99, 106), ("bicarbonate", 23, 28),
          ("bun", 8, 19), ("creatinine", 0.6, 1.1), ("glucose", 72, 98), ("hemoglobin", 12.5, 16.5),
          ("platelets", 160, 380), ("wbc", 4.5, 10.5))
_VITAL_PANEL = (("heart_rate", 60, 95), ("respiratory_rate", 12, 18), ("systolic_bp", 108, 135),
                ("diastolic_bp", 64, 84), ("temperature", 36.3, 37.2), ("oxygen_saturation", 95, 99))


# how far an earlier or later measurement lies from the gold one: tightly held values move by
# absolute steps, the rest by a share of the value
_SPREAD: dict[str, tuple[str, float, float]] = {
    "lab:sodium:serum": ("absolute", 3, 9), "lab:chloride:serum": ("absolute", 3, 8),
    "lab:potassium:serum": ("absolute", 0.3, 0.9), "lab:bicarbonate:serum": ("absolute", 2, 6),
    "lab:ph:arterial": ("absolute", 0.03, 0.1), "vital:temperature": ("absolute", 0.4, 1.4),
    "vital:spo2": ("absolute", 2, 5), "vital:fio2": ("absolute", 5, 20), "vital:weight": ("relative", 0.02, 0.08),
    "vital:height": ("same", 0, 0),
}


def stamp(t: dt.datetime) -> str:
    return t.strftime(FMT)


def decimals_of(value: Any) -> int:
    text = repr(float(value)) if isinstance(value, float) else str(value)
    return len(text.split(".", 1)[1]) if "." in text and not text.endswith(".0") else 0


def _round(x: float, places: int) -> float | int:
    v = round(x, places)
    return int(v) if places == 0 else v


def _places_for(x: float) -> int:
    ax = abs(x)
    return 0 if ax >= 100 else 1 if ax >= 10 else 2


def birth_date_for(age: int, on: dt.date, rng: random.Random) -> dt.date:
    """A birth date that makes the patient `age` full years old on `on` (never 29 February)."""
    year = on.year - age
    start = dt.date(year, 1, 1)
    last = dt.date(year, on.month, min(on.day, 28 if on.month == 2 else on.day))
    d = start + dt.timedelta(days=rng.randint(0, (last - start).days))
    return d if (d.month, d.day) != (2, 29) else d - dt.timedelta(days=1)


class PatientBuilder:
    """One patient's rows; see the module docstring."""

    def __init__(self, number: int, rng: random.Random, *, sex: str, age: int, reason: str, department: str,
                 kind: str = "emergency", admitted_at: dt.datetime | None = None):
        self.rng = rng
        self.number = number
        self.patient_id = f"P{number:06d}"
        self.rows: dict[str, list[tuple[Any, ...]]] = {}
        self._ids: dict[str, int] = {}
        self.t0 = admitted_at or dt.datetime(2023, 1, 1, 0, 0) + dt.timedelta(
            days=rng.randrange(0, 700), minutes=rng.randrange(0, 24 * 60))
        self.t0 = self.t0.replace(second=0, microsecond=0)
        self.sex, self.age = sex, age
        self.birth_date = birth_date_for(age, self.t0.date(), rng)
        self.encounter = f"E{number:06d}-3"
        self.clinic = f"E{number:06d}-2"
        self.old_clinic = f"E{number:06d}-1"
        self.end = self.t0 + dt.timedelta(days=rng.randint(3, 6), hours=rng.randint(0, 12))
        self.clinic_at = self.t0 - dt.timedelta(days=rng.randint(45, 330), hours=rng.randint(0, 6))
        self.old_at = self.clinic_at - dt.timedelta(days=rng.randint(200, 600))
        name = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
        self._add("patients", (self.patient_id, name, sex, self.birth_date.isoformat(), None))
        self._add("encounters", (self.old_clinic, self.patient_id, "outpatient", "General practice",
                                 "annual review", stamp(self.old_at), stamp(self.old_at + dt.timedelta(minutes=30))))
        self._add("encounters", (self.clinic, self.patient_id, "outpatient", "General practice",
                                 "follow-up visit", stamp(self.clinic_at),
                                 stamp(self.clinic_at + dt.timedelta(minutes=30))))
        self._add("encounters", (self.encounter, self.patient_id, kind, department, reason, stamp(self.t0),
                                 stamp(self.end)))
        self._series: dict[str, list[dict[str, Any]]] = {}  # concept key -> rows of it
        self._sources: list[tuple[str, Source]] = []
        self._relatives: list[str] = []
        self.reason = reason

    # ------------------------------------------------------------ rows and ids

    def _add(self, table: str, row: tuple[Any, ...]) -> None:
        self.rows.setdefault(table, []).append(row)

    def _id(self, prefix: str) -> str:
        k = self._ids[prefix] = self._ids.get(prefix, 0) + 1
        return f"{prefix}{self.number:06d}-{k}"

    def at(self, rule: str, spread_min: tuple[int, int] = (10, 120)) -> tuple[str, dt.datetime]:
        """(encounter, time) of a gold value under its rule."""
        if rule == "baseline":
            return self.clinic, self.clinic_at + dt.timedelta(minutes=self.rng.randint(5, 25))
        return self.encounter, self.t0 + dt.timedelta(minutes=self.rng.randint(*spread_min))

    # ------------------------------------------------------------ gold values

    def patient_fact(self, name: str) -> Source:
        column = "birth_date" if name == "age" else name
        written = self.birth_date.isoformat() if name == "age" else self.sex
        return Source("record", "patients", self.patient_id, column, None, written)

    def measurement(self, concept: Concept, value: float, unit: str | None, rule: str = "admission",
                    analyte: str | None = None) -> Source:
        """A lab or vital charted as `value` `unit` at the rule's time; distractors come in `finish`."""
        encounter, when = self.at(rule)
        row = self._chart(concept, encounter, when, value, unit)
        series = self._series.setdefault(concept.key, [])
        series.append({"row": row, "time": stamp(when), "written": value, "unit": unit, "gold": rule,
                       "concept": concept, "analyte": analyte})
        source = Source("record", concept.table, row, concept.name, stamp(when), value, unit, rule)
        self._sources.append((concept.key, source))
        return source

    def _chart(self, concept: Concept, encounter: str, when: dt.datetime, value: Any, unit: str | None) -> str:
        if concept.table == LABS_T:
            row = self._id("L")
            lo, hi = self._reference(concept, unit)
            flag = None if lo is None or hi is None or not isinstance(value, int | float) else (
                "H" if value > hi else "L" if value < lo else None)
            self._add(LABS_T, (row, self.patient_id, encounter, concept.name, concept.specimen, value, None, unit,
                               lo, hi, flag, stamp(when)))
        else:
            row = self._id("V")
            self._add(VITALS_T, (row, self.patient_id, encounter, concept.name, value, unit, stamp(when)))
        return row

    @staticmethod
    def _reference(concept: Concept, unit: str | None) -> tuple[float | None, float | None]:
        if concept.reference is None or concept.unit is None or unit in (None, concept.unit):
            return concept.reference or (None, None)  # type: ignore[return-value]
        try:
            f, off = u.conversion(concept.unit, unit, _analyte_for(concept))
        except (u.UnitError, KeyError):
            return None, None
        lo, hi = (round(x * f + off, _places_for(x * f + off)) for x in concept.reference)
        return lo, hi

    def assessment(self, name: str, value: Any, unit: str | None = None, rule: str = "admission",
                   earlier: Any = None) -> Source:
        """A bedside assessment (text such as 'present' or a choice, or a number with `unit`);
        `earlier`: a different value charted at the last clinic visit."""
        encounter, when = self.at(rule)
        row = self._id("A")
        number = value if isinstance(value, int | float) and not isinstance(value, bool) else None
        text = None if number is not None else str(value)
        self._add(ASSESSMENTS, (row, self.patient_id, encounter, name, number, text, unit, stamp(when)))
        candidates = [{"row": row, "time": stamp(when), "written": value, "unit": unit}]
        if earlier is not None and earlier != value:
            old = self._id("A")
            t = self.clinic_at + dt.timedelta(minutes=10)
            e_num = earlier if isinstance(earlier, int | float) and not isinstance(earlier, bool) else None
            self._add(ASSESSMENTS, (old, self.patient_id, self.clinic, name, e_num,
                                    None if e_num is not None else str(earlier), unit, stamp(t)))
            candidates.append({"row": old, "time": stamp(t), "written": earlier, "unit": unit})
        return Source("record", ASSESSMENTS, row, name, stamp(when), value, unit, rule, candidates=candidates)

    def condition(self, concept: Concept, present: bool) -> Source:
        """On the problem list with an onset date, or absent (and then maybe a relative's)."""
        if present:
            onset = self.t0.date() - dt.timedelta(days=self.rng.randint(200, 5000))
            row = self._id("D")
            self._add(DIAGNOSES, (row, self.patient_id, self.clinic, concept.name, concept.code, "active",
                                  onset.isoformat(), stamp(self.clinic_at + dt.timedelta(minutes=20))))
            return Source("record", DIAGNOSES, row, concept.name, onset.isoformat(), "active")
        if self.rng.random() < 0.5:
            self._relatives.append(f"{self.rng.choice(_RELATIVES)}: {concept.name.lower()}")
        return Source("absent", DIAGNOSES, None, concept.name)

    def medication(self, concept: Concept, present: bool) -> Source:
        """An active order, or none (and then maybe the same drug stopped long ago)."""
        dose, unit, route, freq = concept.dose or (None, None, None, None)
        if present:
            start = self.clinic_at + dt.timedelta(minutes=25)
            row = self._id("M")
            self._add(MEDICATIONS_T, (row, self.patient_id, self.clinic, concept.name, dose, unit, route, freq,
                                      stamp(start), None))
            return Source("record", MEDICATIONS_T, row, concept.name, stamp(start), "active")
        if self.rng.random() < 0.35:
            start = self.old_at + dt.timedelta(minutes=20)
            stop = start + dt.timedelta(days=self.rng.randint(7, 60))
            self._add(MEDICATIONS_T, (self._id("M"), self.patient_id, self.old_clinic, concept.name, dose, unit,
                                      route, freq, stamp(start), stamp(stop)))
        return Source("absent", MEDICATIONS_T, None, concept.name)

    def procedure(self, name: str, details: str, status: str = "planned") -> str:
        row = self._id("X")
        self._add("procedures", (row, self.patient_id, self.encounter, name, status, details,
                                 stamp(self.t0 + dt.timedelta(hours=self.rng.randint(20, 40)))))
        return row

    # ------------------------------------------------------------ what surrounds them

    def _distractors(self) -> None:
        """For each lab or vital series: a later value in the index encounter and an earlier one
        from a past visit (before the baseline where there is one), some in another unit."""
        for series in self._series.values():
            gold = series[0]
            concept: Concept = gold["concept"]
            rules = {s["gold"] for s in series}
            later_at = self.t0 + dt.timedelta(hours=self.rng.randint(14, 60))
            earlier_enc, earlier_at = ((self.old_clinic, self.old_at) if "baseline" in rules
                                       else (self.clinic, self.clinic_at))
            for enc, when, chance in ((self.encounter, later_at, 0.75), (earlier_enc, earlier_at, 0.6)):
                if self.rng.random() < chance:
                    self._distractor(series, concept, enc, when + dt.timedelta(minutes=self.rng.randint(5, 40)))

    def _distractor(self, series: list[dict[str, Any]], concept: Concept, encounter: str, when: dt.datetime) -> None:
        gold = series[0]
        value, unit = gold["written"], gold["unit"]
        if not isinstance(value, int | float) or value == 0:
            return
        kind, lo, hi = _SPREAD.get(concept.key, ("relative", 0.08, 0.3))
        change = self.rng.uniform(lo, hi) * self.rng.choice((-1, 1))
        other = _round(value + change if kind == "absolute" else value * (1 + change), decimals_of(value))
        if kind == "same":
            other = value  # a height does not change: the earlier one differs in its unit only
        if other == value and kind != "same" or other <= 0:
            return
        if concept.other_units and unit == concept.unit and (kind == "same" or self.rng.random() < 0.4):
            alt = self.rng.choice(concept.other_units)
            try:
                x = u.convert(other, unit, alt, gold.get("analyte") or _analyte_for(concept))
                other, unit = _round(x, _places_for(x)), alt
            except (u.UnitError, KeyError):
                pass
        row = self._chart(concept, encounter, when, other, unit)
        series.append({"row": row, "time": stamp(when), "written": other, "unit": unit, "gold": None,
                       "concept": concept})

    def _surroundings(self, used: set[str]) -> None:
        """Normal results for tests the scenario does not use, vitals, other conditions and
        drugs, and the admission note with the family history."""
        when = self.t0 + dt.timedelta(minutes=self.rng.randint(15, 90))
        for name, lo, hi in _PANEL:
            concept = LABS[name]
            if concept.key not in used and self.rng.random() < 0.8:
                self._chart(concept, self.encounter, when, _round(self.rng.uniform(lo, hi), decimals_of(lo)),
                            concept.unit)
        for name, lo, hi in _VITAL_PANEL:
            concept = VITALS[name]
            if concept.key not in used:
                self._chart(concept, self.encounter, when, _round(self.rng.uniform(lo, hi), decimals_of(lo)),
                            concept.unit)
        dx, code = self.rng.choice(_OTHER_DX)
        self._add(DIAGNOSES, (self._id("D"), self.patient_id, self.old_clinic, dx, code,
                              self.rng.choice(("active", "resolved")),
                              (self.old_at.date() - dt.timedelta(days=self.rng.randint(30, 900))).isoformat(),
                              stamp(self.old_at + dt.timedelta(minutes=15))))
        drug = self.rng.choice(_OTHER_DRUGS)
        self._add(MEDICATIONS_T, (self._id("M"), self.patient_id, self.clinic, *drug,
                                  stamp(self.clinic_at + dt.timedelta(minutes=28)), None))
        relatives = "; ".join(self._relatives) or "non-contributory"
        text = (f"{self.age}-year-old {self.sex} presenting with {self.reason}. Past history as per the problem "
                f"list. Family history: {relatives}.")
        self._add("notes", (self._id("N"), self.patient_id, self.encounter, "admission history",
                            stamp(self.t0 + dt.timedelta(minutes=self.rng.randint(20, 60))), text))

    def finish(self) -> dict[str, list[tuple[Any, ...]]]:
        """The rows; every measurement's Source gets the rows of its concept as candidates."""
        self._distractors()
        self._surroundings(set(self._series))
        for key, source in self._sources:
            source.candidates = [{k: s[k] for k in ("row", "time", "written", "unit")} for s in self._series[key]]
        return self.rows


def _analyte_for(concept: Concept) -> str | None:
    key = concept.key.split(":")[1] if concept.key.startswith("lab:") else ""
    return {"creatinine": "creatinine", "urea_nitrogen": "bun", "glucose": "glucose", "bilirubin": "bilirubin",
            "albumin": "albumin", "calcium": "calcium", "sodium": "sodium"}.get(key)


# ---------------------------------------------------------------- background patients


def background_patient(number: int, rng: random.Random) -> dict[str, list[tuple[Any, ...]]]:
    """A patient with one to three ordinary visits: vitals, a basic panel, a condition or two,
    a drug, a note. No scenario reads it; it is what the others hide among."""
    pid = f"P{number:06d}"
    sex = rng.choice(("female", "male"))
    age = rng.randint(18, 95)
    last = dt.datetime(2023, 1, 1) + dt.timedelta(days=rng.randrange(0, 700), minutes=rng.randrange(0, 1440))
    rows: dict[str, list[tuple[Any, ...]]] = {
        "patients": [(pid, f"{rng.choice(_FIRST)} {rng.choice(_LAST)}", sex,
                      birth_date_for(age, last.date(), rng).isoformat(), None)]}
    visits = rng.randint(1, 3)
    k = 0
    for v in range(visits):
        start = last - dt.timedelta(days=(visits - 1 - v) * rng.randint(60, 400))
        enc = f"E{number:06d}-{v + 1}"
        kind = rng.choice(("outpatient", "outpatient", "emergency", "inpatient"))
        rows.setdefault("encounters", []).append(
            (enc, pid, kind, "General practice" if kind == "outpatient" else "Medicine", "review",
             stamp(start), stamp(start + dt.timedelta(hours=1 if kind == "outpatient" else 50))))
        when = stamp(start + dt.timedelta(minutes=20))
        for name, lo, hi in _VITAL_PANEL:
            k += 1
            c = VITALS[name]
            rows.setdefault(VITALS_T, []).append((f"V{number:06d}-{k}", pid, enc, c.name,
                                                  _round(rng.uniform(lo, hi), decimals_of(lo)), c.unit, when))
        for name, lo, hi in _PANEL:
            k += 1
            c = LABS[name]
            rows.setdefault(LABS_T, []).append((f"L{number:06d}-{k}", pid, enc, c.name, c.specimen,
                                                _round(rng.uniform(lo, hi), decimals_of(lo)), None, c.unit,
                                                *(c.reference or (None, None)), None, when))
    dx, code = rng.choice(_OTHER_DX)
    rows[DIAGNOSES] = [(f"D{number:06d}-1", pid, None, dx, code, "active",
                        (last.date() - dt.timedelta(days=rng.randint(100, 3000))).isoformat(), stamp(last))]
    drug = rng.choice(_OTHER_DRUGS)
    rows[MEDICATIONS_T] = [(f"M{number:06d}-1", pid, None, *drug, stamp(last), None)]
    rows["notes"] = [(f"N{number:06d}-1", pid, None, "clinic letter", stamp(last),
                      f"Seen for review. {age}-year-old {sex}; {dx.lower()} stable on {drug[0]}.")]
    return rows


def merge(into: dict[str, list[tuple[Any, ...]]], rows: dict[str, Sequence[tuple[Any, ...]]]) -> None:
    for table, items in rows.items():
        into.setdefault(table, []).extend(items)


__all__ = ["FMT", "PatientBuilder", "background_patient", "birth_date_for", "merge", "stamp"]
