"""Neuropathic Pain Scale (Galer & Jensen 1997): ten patient-rated qualities of pain, 0-10 each."""

from __future__ import annotations

from pydantic import Field

from ..fields import Inputs
from ..scales import item, score_items
from ..spec import Output, Reference, Working, calculator

NPS_ITEMS = (("intensity", "How intense is the pain?"), ("sharp", "How sharp is the pain?"),
             ("hot", "How hot is the pain?"), ("dull", "How dull is the pain?"), ("cold", "How cold is the pain?"),
             ("sensitive", "How sensitive is the skin to light touch or clothing?"),
             ("itchy", "How itchy is the pain?"), ("unpleasant", "How unpleasant is the pain?"),
             ("deep", "How intense is the deep pain?"), ("surface", "How intense is the surface pain?"))


class NPSInputs(Inputs):
    intensity: item(10) = Field(description="How intense is the pain? 0 (no pain) to 10 (most intense imaginable).")
    sharp: item(10) = Field(description="How sharp is the pain? 0-10.")
    hot: item(10) = Field(description="How hot is the pain? 0-10.")
    dull: item(10) = Field(description="How dull is the pain? 0-10.")
    cold: item(10) = Field(description="How cold is the pain? 0-10.")
    sensitive: item(10) = Field(description="How sensitive is the skin to light touch or clothing? 0-10.")
    itchy: item(10) = Field(description="How itchy is the pain? 0-10.")
    unpleasant: item(10) = Field(description="How unpleasant is the pain? 0-10.")
    deep: item(10) = Field(description="If the pain is deep, how intense is the deep pain? 0-10.")
    surface: item(10) = Field(description="If the pain is on the surface, how intense is the surface pain? 0-10.")


@calculator(
    id="neuropathic-pain-scale",
    name="Neuropathic Pain Scale (NPS)",
    aliases=("nps",),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 100)),
    inputs=NPSInputs,
    references=(
        Reference("Galer BS, Jensen MP. Development and preliminary validation of a pain measure specific to "
                  "neuropathic pain: the Neuropathic Pain Scale. Neurology. 1997;48(2):332-338."),
        Reference("MDCalc. Neuropathic Pain Scale (NPS)."),
    ),
    formula="Sum of ten 0-10 ratings: intensity, sharp, hot, dull, cold, sensitive, itchy, unpleasant, deep, surface. "
    "Total 0-100 (the time-quality item is descriptive and not scored).",
    description="Patient-rated qualities of neuropathic pain, to follow change over time; higher is worse.",
    example={"intensity": 7, "sharp": 6, "hot": 7, "dull": 3, "cold": 2, "sensitive": 8, "itchy": 1,
             "unpleasant": 8, "deep": 5, "surface": 7},
)
def neuropathic_pain_scale(x: NPSInputs, w: Working) -> int:
    total = score_items(w, tuple((name, getattr(x, name), 10) for name, _ in NPS_ITEMS))
    w.interpretation = f"NPS {total} of 100: higher is worse neuropathic pain"
    return total
