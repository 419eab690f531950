// medreckon review page: a note read for a calculator through POST /api/calculators/{id}/from-note,
// every input with its evidence highlighted in the note and its confidence; a person's changes
// computed again by the same endpoint and saved as a labelled example (POST /review/examples).
// Everything from the server or the note is written with textContent.
"use strict";

(function () {
  const form = document.getElementById("review");
  if (!form) return;
  const $ = (id) => document.getElementById(id);
  let reading = null, specs = {}, edits = {}, note = "";

  async function call(url, body) {
    const resp = await fetch(new URL(url, document.baseURI), body === undefined ? { credentials: "same-origin" } : {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body), credentials: "same-origin",
    });
    let data = null;
    try { data = await resp.json(); } catch (err) { data = { message: "the server sent no JSON" }; }
    return { ok: resp.ok, data };
  }

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  function shown(v) {
    if (v === null || v === undefined) return "";
    if (typeof v === "boolean") return v ? "yes" : "no";
    if (typeof v === "object" && "value" in v) return (v.value + " " + (v.unit || "")).trim();
    return String(v);
  }

  function confClass(c) {
    return c === null || c === undefined ? "conf-low" : c >= 0.85 ? "conf-high" : c >= 0.6 ? "conf-mid" : "conf-low";
  }

  function status(text) { $("review-status").textContent = text; }

  // The note with each input's evidence marked: cut at every span boundary, each piece marked
  // with the inputs whose spans cover it (several inputs may share words: "85/50 mmHg").
  function renderNote() {
    const spans = [];
    Object.values(reading.inputs).forEach((r) => r.evidence.forEach((s) => spans.push([s.start, s.end, r])));
    const cuts = new Set([0, note.length]);
    spans.forEach(([a, b]) => { cuts.add(a); cuts.add(b); });
    const points = Array.from(cuts).sort((a, b) => a - b);
    const out = $("review-note");
    out.replaceChildren();
    for (let i = 0; i + 1 < points.length; i++) {
      const [a, b] = [points[i], points[i + 1]];
      const over = spans.filter(([s, e]) => s <= a && e >= b).map((x) => x[2]);
      if (!over.length) { out.appendChild(document.createTextNode(note.slice(a, b))); continue; }
      const least = Math.min(...over.map((r) => (r.confidence === null ? 0 : r.confidence)));
      const m = el("mark", note.slice(a, b), "ev " + confClass(least));
      m.dataset.inputs = over.map((r) => r.name).join(" ");
      m.title = over.map((r) => r.name + ": " + shown(r.value) + " (" + r.source + ")").join("; ");
      out.appendChild(m);
    }
  }

  function editor(r) {
    const spec = specs[r.name] || { kind: r.kind };
    let input;
    if (spec.kind === "boolean" || spec.kind === "choice") {
      input = el("select");
      const options = spec.kind === "boolean" ? [["", "not given"], ["true", "yes"], ["false", "no"]]
        : [["", "not given"], ...(spec.choices || []).map((c) => [String(c), String(c)])];
      options.forEach(([v, t]) => { const o = el("option", t); o.value = v; input.appendChild(o); });
      input.value = r.value === null ? "" : String(r.value);
    } else {
      input = el("input");
      input.type = "text";
      input.value = shown(r.value);
      input.placeholder = spec.kind === "quantity" ? "value and unit, e.g. 31 " + (spec.unit || "") : "not given";
    }
    input.name = r.name;
    input.setAttribute("aria-label", "value of " + r.name);
    input.addEventListener("change", () => {
      const raw = input.value.trim();
      let v = raw === "" ? null : raw;
      if (spec.kind === "boolean" && raw) v = raw === "true";
      else if ((spec.kind === "integer" || spec.kind === "number") && raw && !isNaN(Number(raw))) v = Number(raw);
      edits[r.name] = v;
      input.closest("tr").classList.add("edited");
    });
    return input;
  }

  function highlight(name, on) {
    document.querySelectorAll("#review-note mark").forEach((m) => {
      if (m.dataset.inputs.split(" ").includes(name)) m.classList.toggle("active", on);
    });
  }

  function renderInputs() {
    const body = $("review-inputs").tBodies[0];
    body.replaceChildren(...Object.values(reading.inputs).map((r) => {
      const tr = el("tr", undefined, r.name in edits ? "edited" : "");
      tr.dataset.input = r.name;
      tr.appendChild(el("td", r.name));
      const value = el("td");
      value.appendChild(editor(r));
      value.appendChild(el("span", "", "field-error"));
      tr.appendChild(value);
      const read = r.source === "person" && r.detail && "read" in r.detail ? " (read: " + (shown(r.detail.read) || "nothing") + ")" : "";
      tr.appendChild(el("td", r.source + " · " + r.method + read, "source-" + r.source));
      tr.appendChild(el("td", r.confidence === null ? "–" : Math.round(r.confidence * 100) + "%"));
      tr.appendChild(el("td", r.evidence.map((s) => "“" + s.text + "”").join(" ") || "not in the note"));
      tr.addEventListener("mouseenter", () => highlight(r.name, true));
      tr.addEventListener("mouseleave", () => highlight(r.name, false));
      return tr;
    }));
  }

  function renderResult() {
    const c = reading.confidence;
    $("case-confidence").textContent = "Case confidence " + (c === null ? "–" : Math.round(c * 100) + "%") +
      (reading.needs_review ? " · needs review" : " · no review needed") +
      (reading.drivers.length ? " · least sure: " + reading.drivers.join(", ") : "");
    const r = reading.result;
    $("calc-status").textContent = r ? "Result" : reading.status === "abstained"
      ? "Not computable: the note does not give " + reading.missing.join(", ") + ". Fill them in and compute."
      : "Not computed: " + (reading.error || reading.status);
    $("calc-value").textContent = r ? r.rounded + (r.unit ? " " + r.unit : "") : "";
    $("calc-interpretation").textContent = r ? r.interpretation || "" : "";
    $("calc-warnings").replaceChildren(...(r ? r.warnings : []).map((w) => el("li", (w.field ? w.field + ": " : "") + w.message)));
    const steps = $("calc-steps");
    steps.tBodies[0].replaceChildren(...(r ? r.steps : []).map((s) => {
      const tr = el("tr");
      const v = typeof s.value === "number" ? Number(s.value.toPrecision(6)) : s.value;
      [s.what, s.expression, v + (s.unit ? " " + s.unit : "")].forEach((t) => tr.appendChild(el("td", t)));
      return tr;
    }));
    steps.hidden = !(r && r.steps.length);
  }

  function showIssues(data) {
    const lines = [];
    (data.issues || []).forEach((i) => {
      const name = String(i.field).replace(/^inputs\./, "");
      const row = document.querySelector("#review-inputs tr[data-input='" + CSS.escape(name) + "']");
      const text = (i.value !== undefined && i.value !== null ? "got " + JSON.stringify(i.value) + ", " : "") + "expected " + i.expected;
      if (row) { row.classList.add("invalid"); row.querySelector(".field-error").textContent = text; }
      lines.push(name + ": " + text);
    });
    status("Correct the marked input: " + (lines.join("; ") || data.message));
  }

  async function read() {
    note = $("note").value;
    const calc = $("calculator").value;
    if (!note.trim()) { status("Paste a note first."); return; }
    if (!calc) { status("Choose a calculator, or ask for suggestions."); return; }
    status("Reading the note…");
    if (!specs.__calc || specs.__calc !== calc) {
      const d = await call(form.dataset.api + encodeURIComponent(calc));
      specs = { __calc: calc };
      (d.ok ? d.data.inputs : []).forEach((s) => { specs[s.name] = s; });
    }
    let answer;
    try {
      answer = await call(form.dataset.api + encodeURIComponent(calc) + "/from-note", { note, inputs: edits });
    } catch (err) {
      status("Reading needs the viewer's server: run `medreckon view` and open this page there.");
      return;
    }
    if (!answer.ok) { showIssues(answer.data); return; }
    reading = answer.data;
    renderNote(); renderInputs(); renderResult();
    $("review-out").hidden = false;
    status("Read by " + reading.version + (Object.keys(edits).length ? " with your changes to " + Object.keys(edits).join(", ") : "") + ".");
  }

  async function suggest() {
    if (!$("note").value.trim()) { status("Paste a note first."); return; }
    status("Ranking calculators…");
    const answer = await call(form.dataset.suggest, { note: $("note").value });
    if (!answer.ok) { status(answer.data.message); return; }
    $("suggestions").replaceChildren(...answer.data.suggestions.map((s) => {
      const li = el("li");
      const b = el("button", s.name + " (" + s.id + ")");
      b.type = "button";
      b.dataset.calculator = s.id;
      b.addEventListener("click", () => { $("calculator").value = s.id; edits = {}; read(); });
      li.appendChild(b);
      return li;
    }));
    status("Calculators for this note, best first: pick one.");
  }

  async function save() {
    if (!reading) return;
    const answer = await call(form.dataset.save, { calculator: reading.calculator, note, inputs: edits });
    $("save-status").textContent = answer.ok
      ? "Saved example " + answer.data.examples + " to " + answer.data.file + "."
      : "Not saved: " + answer.data.message;
  }

  $("suggest").addEventListener("click", suggest);
  $("read").addEventListener("click", () => { edits = {}; read(); });
  $("compute").addEventListener("click", read);
  $("save").addEventListener("click", save);
  $("note").addEventListener("input", () => { edits = {}; });
})();
