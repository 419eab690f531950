"""Phrasing families: how notes assert, deny, attribute to a relative, date, or hedge a finding, in
several registers (clinic letter, hospital shorthand, case report, problem list, discharge
summary). Each family is one way of saying it; families marked `held_out` never appear in
training passages, so validation measures phrasing the model has not seen.

Slots: {x} the thing said (a criterion's name, an instance, a near miss), {X} the same capitalised;
{o1} {o2} other findings (list neighbours); {t} a time expression; {pro}/{Pro} she/he, {pos}/{Pos}
her/his, {pt}/{Pt} how the note names the patient; {rel} a relative, {age} their age at onset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["assert", "deny", "relative", "hypothetical", "clause_true", "clause_false"]
# when an assertion happened: now (the present state), history (some time before, unspecified),
# timed (the {t} slot says when)
Time = Literal["now", "history", "timed", "none"]


@dataclass(frozen=True)
class Family:
    id: str
    kind: Kind
    time: Time
    register: str
    templates: tuple[str, ...]
    held_out: bool = False


def _f(id: str, kind: Kind, time: Time, register: str, *templates: str, held_out: bool = False) -> Family:
    return Family(id, kind, time, register, templates, held_out)


FAMILIES: tuple[Family, ...] = (
    # -- assertions about the present
    _f("assert.has", "assert", "now", "letter", "{Pro} has {x}.", "{Pt} has {x} at present.",
       "{Pro} currently has {x}.", "{Pt} has {x}, which is being treated."),
    _f("assert.presents", "assert", "now", "case report", "{Pt} presented with {x}.", "{Pro} was admitted with {x}.",
       "{Pt} presents with {o1} and {x}.", "Admitted today with {x}.", "{Pro} was brought in with {x} this morning."),
    _f("assert.exam", "assert", "now", "shorthand", "O/E: {x}.", "Exam notable for {x}.", "On examination there is {x}.",
       "Exam: {o1}; {x}.", "Examination today revealed {x}."),
    _f("assert.shorthand", "assert", "now", "shorthand", "c/o {x}.", "Pt w/ {x}.", "{X} +ve.", "{X} noted today.",
       "Current issues: {o1}, {x}."),
    _f("assert.impression", "assert", "now", "discharge summary", "Impression: {x}.", "Working diagnosis: {x}.",
       "Diagnoses this admission: {o1}; {x}.", "Assessment: {x}, being managed on the ward."),
    _f("assert.reports", "assert", "now", "letter", "{Pro} reports {x}.", "{Pro} endorses {x}.",
       "Positive for {x} on review of systems.", "{Pro} complains of {x}.", held_out=True),
    _f("assert.contrast", "assert", "now", "shorthand", "No {o1}, but {pro} has {x}.", "Denies {o1}; reports {x}.",
       "{O1} absent; {x} present.", "FH: {rel} with {o1}. {Pro} has {x}."),
    # -- assertions of the past, unspecified when
    _f("assert.pmh", "assert", "history", "shorthand", "PMH: {o1}, {x}, {o2}.", "PMHx: {x}; {o1}.",
       "PMH significant for {x}.", "Past medical history: {o1}; {x}."),
    _f("assert.background", "assert", "history", "letter", "{Pro} has a history of {x}.", "{Pt} has a background of {x}.",
       "{Pro} is known to have {x}.", "Background: {x}."),
    _f("assert.hx", "assert", "history", "shorthand", "h/o {x}.", "Hx of {x}.", "Known {x}.", "Known to have {x}.",
       "s/p {x}.", "PMH: {o1}; s/p {x}; {o2}."),
    _f("assert.problems", "assert", "history", "problem list", "Problem list: 1. {o1} 2. {x} 3. {o2}",
       "Problems: {x}; {o1}.", "Medical problems include {o1} and {x}."),
    _f("assert.previously", "assert", "history", "case report", "{Pro} was previously diagnosed with {x}.",
       "{Pro} had {x} in the past.", "Previous {x}.", held_out=True),
    # -- assertions with a time
    _f("assert.ago", "assert", "timed", "letter", "{Pro} had {x} {t}.", "{Pt} was diagnosed with {x} {t}.",
       "{Pro} was treated for {x} {t}.", "{X} {t}."),
    _f("assert.dated", "assert", "timed", "shorthand", "PMH: {x} ({t}); {o1}.", "{X}, {t}.", "Hx: {o1}; {x} {t}."),
    _f("assert.course", "assert", "timed", "discharge summary", "{Pro} was admitted {t} with {x}.",
       "{Pro} developed {x} {t}.", held_out=True),
    # -- denials
    _f("deny.denies", "deny", "none", "letter", "{Pro} denies {x}.", "Denies {o1}, {x} or {o2}.", "{Pt} denies any {x}."),
    _f("deny.no", "deny", "none", "shorthand", "No {x}.", "No {o1} or {x}.", "No h/o {x}.", "No known {x}.", "Nil {x}.",
       "No h/o {o1}, {x} or {o2}."),
    _f("deny.contrast", "deny", "none", "shorthand", "Has {o1} but no {x}.", "{O1} present; {x} absent.",
       "Reports {o1}, denies {x}.", "PMH: {o1}. No {x}."),
    _f("deny.negative", "deny", "none", "shorthand", "Negative for {x}.", "ROS negative for {o1}, {x}.", "{X}: negative.",
       "{X} -ve."),
    _f("deny.without", "deny", "none", "case report", "There was no evidence of {x}.", "{Pro} has no {x}.",
       "{Pro} does not have {x}.", "{Pt} was seen without {x}."),
    _f("deny.never", "deny", "none", "letter", "{Pro} has never had {x}.", "{Pro} has never been diagnosed with {x}.",
       "There is no history of {x}."),
    _f("deny.absent", "deny", "none", "problem list", "{X}: absent.", "{X}: no.", "{X}: not present.", "{X} - none."),
    _f("deny.excluded", "deny", "none", "discharge summary", "{X} was ruled out.", "{X} has been excluded.",
       "{X} was excluded on investigation.", "No evidence of {x} on imaging.", held_out=True),
    # -- a relative's
    _f("relative.fh", "relative", "none", "shorthand", "FH: {rel} with {x} at {age}.", "FHx: {x} ({rel}, aged {age}).",
       "FH: {rel} - {x} at age {age}; {rel2} - {o1}."),
    _f("relative.contrast", "relative", "none", "shorthand", "PMH: {o1}. FH: {rel} with {x} at {age}.",
       "{Pro} has {o1}; {pos} {rel} had {x} at {age}."),
    _f("relative.letter", "relative", "none", "letter", "{Pos} {rel} had {x} at the age of {age}.",
       "{Pos} {rel} was diagnosed with {x} aged {age}.", "{Pos} {rel} died of {x} at {age}."),
    _f("relative.history", "relative", "none", "case report", "Family history is notable for {x} in {pos} {rel} at {age}.",
       "There is a family history of {x}: {pos} {rel}, aged {age}.", held_out=True),
    # -- hedged, planned, or hypothetical
    _f("hyp.return", "hypothetical", "none", "discharge summary", "Advised to return if {x} develops.",
       "Return precautions given for {x}.", "Seek help should {x} occur."),
    _f("hyp.rule_out", "hypothetical", "none", "shorthand", "CT ordered to rule out {x}.", "r/o {x}.",
       "Workup for possible {x}.", "Screen for {x} sent."),
    _f("hyp.risk", "hypothetical", "none", "letter", "{Pro} is at risk of {x}.", "We discussed the risk of {x}.",
       "{Pro} was counselled about {x}."),
    _f("hyp.plan", "hypothetical", "none", "shorthand", "Plan: monitor for {x}.", "Will consider {x} if no improvement.",
       "Watch for {x}."),
    _f("hyp.if", "hypothetical", "none", "letter", "If {x} occurs, {pro} should call us.",
       "In the event of {x}, {pro} will be readmitted.", held_out=True),
    # -- a clause that states a judgement or a graded option by itself
    _f("clause.plain", "clause_true", "none", "case report", "{X}.", "On assessment, {x}.", "Notably, {x}."),
    _f("clause.note", "clause_true", "none", "shorthand", "Assessment: {x}.", "Exam: {o1}; {x}.", "{X} per the team."),
    _f("clause.letter", "clause_true", "none", "letter", "On review today {x}.", "We found that {x}.", held_out=True),
)

PRONOUNS = {"female": ("she", "her"), "male": ("he", "his")}
PATIENTS = {"female": ("the patient", "Mrs Jones", "pt", "this woman", "Ms Okafor", "our patient"),
            "male": ("the patient", "Mr Patel", "pt", "this man", "Mr Novak", "our patient")}
RELATIVES = ("mother", "father", "brother", "sister", "maternal aunt", "paternal uncle", "grandmother")

# time expressions, by days before presentation
AGO = ((0.2, "this morning"), (0.5, "last night"), (1, "yesterday"), (2, "two days ago"), (3, "3 days ago"),
       (5, "five days ago"), (7, "last week"), (10, "10 days ago"), (14, "two weeks ago"), (21, "three weeks ago"),
       (35, "five weeks ago"), (42, "six weeks ago"), (60, "two months ago"), (90, "three months ago"),
       (120, "four months ago"), (240, "eight months ago"), (400, "last year"), (730, "two years ago"),
       (1825, "five years ago"), (3650, "ten years ago"), (3650, "in 2012"), (5475, "in 2009"), (7300, "as a young adult"),
       (7300, "in 2003"), (3000, "many years ago"))

# conditions a note lists beside the one that matters ({o1}, {o2}), with the other findings of the
# same calculator: common, and none of them a criterion's own words
NEIGHBOURS = ("asthma", "gout", "GERD", "hypothyroidism", "osteoarthritis", "migraine", "depression", "anxiety", "BPH",
              "cataracts", "eczema", "psoriasis", "glaucoma", "hyperlipidaemia", "iron deficiency", "sleep apnoea",
              "irritable bowel syndrome", "chronic back pain", "allergic rhinitis", "hiatus hernia", "vitamin D deficiency",
              "diverticulosis", "benign essential tremor", "macular degeneration", "plantar fasciitis", "hearing loss")

# sentences that mention none of the criteria: vitals, labs, social history, medicines, plans
FILLER = (
    "BP 132/78, HR 84, RR 16, SpO2 97% on room air.", "Temperature 37.1 °C.", "Na 138, K 4.1, creatinine 0.9 mg/dL.",
    "Hb 12.8 g/dL, WCC 8.2, platelets 254.", "Lives with her husband and is independent.", "Retired teacher.",
    "Drinks about 6 units of alcohol a week.", "Allergies: penicillin (rash).", "Meds: omeprazole 20 mg daily.",
    "She walks her dog every day.", "He works as an electrician.", "Plan: review in clinic in 6 weeks.",
    "Chest clear, heart sounds normal.", "Abdomen soft and non-tender.", "ECG: sinus rhythm at 78.",
    "Thank you for seeing this patient.", "Seen with her daughter.", "Glucose 6.2 mmol/L.",
    "CXR: no acute changes.", "Bloods sent.", "Observations stable overnight.", "Social: lives alone, manages stairs.",
)

# words a phrase's stem may complete to (phrases.sample), besides the calculator's own
WORDS = ("diabetes diabetic anaesthesia anesthesia anaesthetic laparoscopic laparoscopy arthroscopic arthroscopy metastatic "
         "metastases localised localized encephalopathy pyrexia pyrexial febrile withdraws withdrawal localises localizes "
         "immobilised immobilized cirrhosis cirrhotic hepatitis malignancy malignant oedema edema oedematous edematous "
         "varices variceal haemorrhage hemorrhage electrocardiogram repolarisation repolarization troponin",)
