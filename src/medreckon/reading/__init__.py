"""Reading a note for a calculator's inputs (see docs/reading.md). `learned`: the learned criterion
reader (a small cross-encoder run through onnxruntime, trained on `medreckon.env.criteria`)."""
