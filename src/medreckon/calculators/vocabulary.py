"""The words notes use for clinical concepts that several calculators' criteria share.

A concept is written once here and each Finding composes what its criterion means
(`synonyms=STROKE + TIA`), so "cerebrovascular accident" means a stroke in every score that asks
about one, not only in those whose declaration happened to list it. Readers add British spellings
and plurals themselves (bench.reading.context), so write the American singular.

Each tuple is what the concept *is* in a note, not what it suggests: a drug names a concept only
where taking it is the criterion (HAS-BLED's antiplatelet drugs), never as a proxy for a diagnosis.
"""

STROKE = ("stroke", "CVA", "cerebrovascular accident", "cerebral vascular accident", "cerebrovascular event",
          "cerebral infarction", "cerebral infarct", "ischemic stroke", "hemorrhagic stroke", "brain infarction")
TIA = ("transient ischemic attack", "TIA")
CEREBROVASCULAR_DISEASE = STROKE + TIA + ("cerebrovascular disease",)

HEART_FAILURE = ("congestive heart failure", "CHF", "heart failure", "cardiac failure", "HFrEF", "HFpEF",
                 "reduced ejection fraction")
HYPERTENSION = ("hypertension", "HTN", "high blood pressure", "essential hypertension")
DIABETES = ("diabetes", "diabetes mellitus", "DM", "T2DM", "T1DM", "DM2", "type 2 diabetes", "type 1 diabetes",
            "type II diabetes", "type I diabetes", "NIDDM", "IDDM")
MYOCARDIAL_INFARCTION = ("myocardial infarction", "heart attack", "MI", "STEMI", "NSTEMI")
CORONARY_ARTERY_DISEASE = ("coronary artery disease", "coronary arterial disease", "coronary heart disease", "CAD",
                           "ischemic heart disease")
PERIPHERAL_ARTERY_DISEASE = ("peripheral artery disease", "peripheral arterial disease", "peripheral vascular disease",
                             "PAD", "PVD", "intermittent claudication", "claudication")
DVT = ("deep vein thrombosis", "deep venous thrombosis", "DVT")
PE = ("pulmonary embolism", "pulmonary embolus", "PE")

LIVER_CIRRHOSIS = ("cirrhosis", "liver cirrhosis", "hepatic cirrhosis")
CHRONIC_LIVER_DISEASE = LIVER_CIRRHOSIS + ("chronic liver disease", "liver disease", "hepatic disease",
                                           "chronic hepatitis", "alcoholic liver disease")
CHRONIC_KIDNEY_DISEASE = ("chronic kidney disease", "CKD", "chronic renal disease", "chronic renal failure",
                          "chronic renal insufficiency", "renal insufficiency", "renal disease", "end-stage renal disease",
                          "ESRD", "end-stage kidney disease")
DIALYSIS = ("dialysis", "hemodialysis", "peritoneal dialysis")

CANCER = ("cancer", "malignancy", "malignant neoplasm", "carcinoma", "adenocarcinoma", "sarcoma", "melanoma",
          "lymphoma", "leukemia", "myeloma", "metastatic", "metastases")
COPD = ("chronic obstructive pulmonary disease", "COPD", "emphysema", "chronic bronchitis")

CONFUSION = ("confusion", "confused", "disoriented", "disorientation", "altered mental status", "delirium", "delirious",
             "altered sensorium")
HEMOPTYSIS = ("hemoptysis", "coughing up blood", "coughed up blood", "coughs up blood", "streaks of blood",
              "blood-streaked sputum", "blood-tinged sputum", "bloody sputum")
LEG_SWELLING = ("leg swelling", "swollen leg", "calf swelling", "swollen calf", "calf is swollen", "leg is swollen",
                "leg edema", "swelling of the leg", "swelling of the calf")
SMOKING = ("smoker", "smokes", "smoking", "tobacco use", "cigarettes", "cigarette", "pack-year", "pack-years")
# an operation, by its common names (a criterion's scope says when: Wells' four weeks, PERC's four)
SURGERY = ("surgery", "operation", "operated on", "postoperative", "post-op", "postop", "laparotomy", "laparoscopy",
           "arthroplasty", "arthroscopy", "hip replacement", "knee replacement", "ORIF", "cholecystectomy",
           "appendectomy", "colectomy", "hemicolectomy", "hysterectomy", "cesarean section", "caesarean section",
           "C-section", "mastectomy", "prostatectomy", "nephrectomy", "gastrectomy", "craniotomy", "thoracotomy",
           "sternotomy", "CABG", "hernia repair", "laminectomy", "spinal fusion")
ESTROGEN_USE = ("oral contraceptive", "combined oral contraceptive", "birth control pill", "OCP", "hormone replacement therapy",
                "HRT", "estrogen", "estradiol", "ethinyl estradiol")
