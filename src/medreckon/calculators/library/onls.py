"""Overall Neuropathy Limitations Scale (Graham & Hughes 2006): arm grade 0-5 plus leg grade 0-7."""

from __future__ import annotations

from pydantic import Field

from ..fields import Finding, Inputs, choice
from ..spec import Output, Reference, Secondary, Working, calculator

Task = choice("not affected", "affected but not prevented", "prevented")
Mobility = choice("without aid", "unilateral support", "bilateral support", "wheelchair")
ARM_TASKS = (("dressing_upper_body", "dress the upper body"), ("washing_hair", "wash and brush the hair"),
             ("turning_key", "turn a key in a lock"), ("knife_and_fork", "use a knife and fork together"),
             ("buttons_zips", "do or undo buttons or zips"))


def _task(what: str) -> object:
    return Field("not affected", description=f"Can the patient {what}? 'not affected', 'affected but not prevented' "
                 "or 'prevented'.")


class ONLSInputs(Inputs):
    arm_symptoms: bool = Finding("Any symptoms in the hands or arms (tingling, numbness, weakness).")
    dressing_upper_body: Task = _task("dress the upper part of the body (excluding buttons and zips)")
    washing_hair: Task = _task("wash and brush the hair")
    turning_key: Task = _task("turn a key in a lock")
    knife_and_fork: Task = _task("use a knife and fork together (spoon if never used a knife and fork)")
    buttons_zips: Task = _task("do or undo buttons or zips")
    arm_purposeful_movements: bool = Field(
        True, description="When every arm task is prevented: can the patient still make purposeful arm movements?")
    difficulty_running_or_stairs: bool = Finding("Difficulty running or climbing stairs.")
    difficulty_walking: bool = Finding("Difficulty walking.")
    abnormal_gait: bool = Finding("Gait looks abnormal.")
    mobility_10m: Mobility = Field("without aid", description="How the patient gets about 10 m (33 ft): 'without aid', "
                                   "'unilateral support' (stick, single crutch or one arm), 'bilateral support' "
                                   "(sticks, crutches or two arms) or 'wheelchair'.")
    stands_and_walks_1m_with_help: bool = Field(
        False, description="In a wheelchair: able to stand and walk 1 m with the help of one person.")
    leg_purposeful_movements: bool = Field(
        True, description="In a wheelchair and unable to walk 1 m with help: can still make purposeful leg movements.")


def _arm_grade(x: ONLSInputs) -> tuple[int, str]:
    levels = [getattr(x, name) for name, _ in ARM_TASKS]
    prevented = levels.count("prevented")
    if prevented == len(levels):
        return (4, "all tasks prevented, purposeful movements possible") if x.arm_purposeful_movements else (
            5, "no purposeful arm movement")
    if prevented:
        return 3, f"{prevented} task(s) prevented, not all"
    if "affected but not prevented" in levels:
        return 2, "a task affected but none prevented"
    return (1, "symptoms without affected tasks") if x.arm_symptoms else (0, "normal")


def _leg_grade(x: ONLSInputs) -> tuple[int, str]:
    if x.mobility_10m == "wheelchair":
        if x.stands_and_walks_1m_with_help:
            return 5, "wheelchair for 10 m, stands and walks 1 m with one person's help"
        return (6, "restricted to a wheelchair, some purposeful leg movement") if x.leg_purposeful_movements else (
            7, "no purposeful leg movement")
    if x.mobility_10m == "bilateral support":
        return 4, "bilateral support to walk 10 m"
    if x.mobility_10m == "unilateral support":
        return 3, "unilateral support to walk 10 m"
    if x.abnormal_gait:
        return 2, "walks independently, gait looks abnormal"
    if x.difficulty_walking or x.difficulty_running_or_stairs:
        return 1, "walking, stairs or running affected, gait normal"
    return 0, "walking, stairs and running not affected"


@calculator(
    id="onls",
    name="Overall Neuropathy Limitations Scale (ONLS)",
    aliases=("overall-neuropathy-limitations-scale",),
    kind="score",
    specialty="neurology",
    output=Output("points", "integer", 0, range=(0, 12), secondary=(
        Secondary("arm_grade", "arm scale, 0-5", "points", "integer"),
        Secondary("leg_grade", "leg scale, 0-7", "points", "integer"),
    )),
    inputs=ONLSInputs,
    references=(
        Reference("Graham RC, Hughes RAC. A modified peripheral neuropathy scale: the Overall Neuropathy Limitations "
                  "Scale. J Neurol Neurosurg Psychiatry. 2006;77(8):973-976."),
        Reference("MDCalc. Overall Neuropathy Limitations Scale (ONLS)."),
    ),
    formula="Arm grade: 0 normal; 1 symptoms, no task affected; 2 a task affected, none prevented; 3 some but not all "
    "tasks prevented; 4 all prevented, purposeful movement possible; 5 no purposeful movement (tasks: dressing the "
    "upper body, washing and brushing hair, turning a key, knife and fork, buttons and zips). Leg grade: 0 not "
    "affected; 1 walking, stairs or running affected, gait normal; 2 walks independently, gait abnormal; 3 "
    "unilateral support for 10 m; 4 bilateral support; 5 wheelchair, stands and walks 1 m with one helper; 6 "
    "wheelchair, some purposeful leg movement; 7 none. Total 0-12.",
    description="Disability from peripheral neuropathy (e.g. CIDP, Guillain-Barré) in everyday arm and leg "
    "activities; used to follow treatment response. Use of ankle-foot orthoses does not change the grade.",
    example={"arm_symptoms": True, "washing_hair": "affected but not prevented", "buttons_zips":
             "affected but not prevented", "difficulty_running_or_stairs": True, "difficulty_walking": True,
             "abnormal_gait": True, "mobility_10m": "without aid"},
)
def onls(x: ONLSInputs, w: Working) -> int:
    arm, arm_why = _arm_grade(x)
    leg, leg_why = _leg_grade(x)
    w.output("arm_grade", w.step("arm grade", arm_why, arm, "points"))
    w.output("leg_grade", w.step("leg grade", leg_why, leg, "points"))
    total = w.step("ONLS", f"{arm} + {leg}", arm + leg, "points")
    w.interpretation = f"ONLS {total} (arms {arm}/5, legs {leg}/7): higher is more disability"
    return total
