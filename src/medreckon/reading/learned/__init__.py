"""The learned criterion reader: for a calculator's criterion and a passage of a note, whether the
passage asserts it for this patient within its scope (see docs/learned-reader.md).

- `criteria`: each finding and choice of every calculator as a reader is asked about it, read from
  the declarations (statement, names, scope, window, thresholds);
- `words`: where the names come from (one adapter: the calculators' declared words today, the
  reading lexicon when it lands);
- `model`: the trained cross-encoder, int8 ONNX, run by onnxruntime (no torch), pinned by sha256;
- `reader`: a note's passages for each criterion, the model's probabilities, and the decision.
"""
