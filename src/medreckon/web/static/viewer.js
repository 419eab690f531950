// medreckon viewer: sortable, filterable and paged tables, and the calculator form's live
// check through the REST endpoint. Everything from the server is written with textContent.
"use strict";

const PAGE_ROWS = 50;  // rows per page of a table.paged (a 1,047-row audit stays one screen wide and short)

// A table.paged shows one page of the rows its filters keep (row.dataset.out marks the others),
// with a pager under it; any other table shows every row its filters keep.
function paginate(table) {
  const rows = Array.from(table.tBodies[0].rows);
  const kept = rows.filter((r) => !r.dataset.out);
  if (!table.classList.contains("paged")) {
    rows.forEach((r) => { r.hidden = Boolean(r.dataset.out); });
    return;
  }
  const pages = Math.max(1, Math.ceil(kept.length / PAGE_ROWS));
  table.page = Math.min(table.page || 0, pages - 1);
  rows.forEach((r) => { r.hidden = true; });
  kept.forEach((r, i) => { r.hidden = Math.floor(i / PAGE_ROWS) !== table.page; });
  let pager = table.nextElementSibling;
  if (!pager || !pager.classList.contains("pager")) {
    pager = document.createElement("nav");
    pager.className = "pager";
    const button = (text, step) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.addEventListener("click", () => { table.page += step; paginate(table); });
      return b;
    };
    pager.append(button("← previous", -1), document.createElement("span"), button("next →", 1));
    table.after(pager);
  }
  const [prev, where, next] = pager.children;
  const first = table.page * PAGE_ROWS;
  where.textContent = "page " + (table.page + 1) + " of " + pages + " · rows " + (kept.length ? first + 1 : 0) +
    "–" + Math.min(kept.length, first + PAGE_ROWS) + " of " + kept.length;
  prev.disabled = table.page === 0;
  next.disabled = table.page >= pages - 1;
  pager.hidden = pages === 1;
}

function cellKey(row, i) {
  const cell = row.cells[i];
  if (!cell) return "";
  const v = cell.dataset.sort !== undefined ? cell.dataset.sort : cell.textContent.trim();
  const n = parseFloat(v.replace(/[%,]/g, ""));
  return isNaN(n) || !/^[-\d.]/.test(v) ? v.toLowerCase() : n;
}

function makeSortable(table) {
  const heads = table.tHead ? table.tHead.rows[0].cells : [];
  Array.from(heads).forEach((th, i) => {
    th.classList.add("sort");
    th.tabIndex = 0;
    const sort = () => {
      const body = table.tBodies[0];
      const dir = th.dataset.dir === "asc" ? "desc" : "asc";
      Array.from(heads).forEach((h) => delete h.dataset.dir);
      th.dataset.dir = dir;
      const rows = Array.from(body.rows);
      rows.sort((a, b) => {
        const x = cellKey(a, i), y = cellKey(b, i);
        const c = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : typeof x === "number" ? -1 : 1;
        return dir === "asc" ? c : -c;
      });
      rows.forEach((r) => body.appendChild(r));
      paginate(table);
    };
    th.addEventListener("click", sort);
    th.addEventListener("keydown", (e) => { if (e.key === "Enter") sort(); });
  });
}

function makeFilterable(form) {
  const table = document.querySelector("table.filterable");
  if (!table) return;
  const shown = form.querySelector("#shown");
  const apply = () => {
    const selects = form.querySelectorAll("[data-filter]");
    const search = form.querySelector("[data-search]");
    let n = 0;
    const rows = table.tBodies[0].rows;
    for (const row of rows) {
      let ok = true;
      selects.forEach((s) => {
        if (!s.value) return;
        const have = row.getAttribute("data-" + s.dataset.filter) || "";
        ok = ok && (s.dataset.match === "contains" ? have.split(" ").includes(s.value) : have === s.value);
      });
      if (search && search.value) {
        const have = row.getAttribute("data-" + search.dataset.search) || "";
        ok = ok && have.includes(search.value.toLowerCase().trim());
      }
      if (ok) delete row.dataset.out; else row.dataset.out = "1";
      if (ok) n += 1;
    }
    table.page = 0;
    paginate(table);
    if (shown) shown.textContent = n + " of " + rows.length + " shown";
  };
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", (e) => e.preventDefault());
  apply();
}

function formBody(form) {
  const body = {};
  form.querySelectorAll(".field").forEach((f) => {
    const name = f.dataset.field, kind = f.dataset.kind;
    const input = f.querySelector("[name='" + name + "']");
    const raw = input.value.trim();
    if (raw === "") return;
    if (kind === "quantity") {
      body[name] = { value: Number(raw), unit: f.querySelector("[name='" + name + "__unit']").value };
    } else if (kind === "boolean") {
      body[name] = raw === "true";
    } else if (kind === "integer" || kind === "number") {
      body[name] = Number(raw);
    } else {
      body[name] = raw;
    }
  });
  return body;
}

function setText(id, text) {
  const el = document.getElementById(id);
  if (el) el.textContent = text;
}

function showResult(r) {
  setText("calc-status", "Result");
  setText("calc-value", r.rounded + (r.unit ? " " + r.unit : ""));
  setText("calc-interpretation", r.interpretation || "");
  const warnings = document.getElementById("calc-warnings");
  warnings.replaceChildren(...(r.warnings || []).map((w) => {
    const li = document.createElement("li");
    li.textContent = (w.field ? w.field + ": " : "") + w.message;
    return li;
  }));
  const table = document.getElementById("calc-steps");
  table.tBodies[0].replaceChildren(...(r.steps || []).map((s) => {
    const tr = document.createElement("tr");
    const value = typeof s.value === "number" ? Number(s.value.toPrecision(6)) : s.value;
    [s.what, s.expression, value + (s.unit ? " " + s.unit : "")].forEach((t) => {
      const td = document.createElement("td");
      td.textContent = String(t);
      tr.appendChild(td);
    });
    return tr;
  }));
  table.hidden = !(r.steps || []).length;
}

function clearResult(status) {
  setText("calc-status", status);
  setText("calc-value", "");
  setText("calc-interpretation", "");
  document.getElementById("calc-warnings").replaceChildren();
  document.getElementById("calc-steps").hidden = true;
}

function makeCalculator(form) {
  const touched = new Set();
  let timer = null, seq = 0;
  const run = async () => {
    const mine = ++seq;
    const body = formBody(form);
    form.querySelectorAll(".field-error").forEach((e) => { e.textContent = ""; });
    form.querySelectorAll(".field").forEach((f) => f.classList.remove("invalid"));
    let resp, data;
    try {
      resp = await fetch(new URL(form.dataset.endpoint, document.baseURI), {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body), credentials: "same-origin",
      });
      data = await resp.json();
    } catch (err) {
      clearResult("Live calculation needs the viewer's server: run `medreckon view` and open this page there.");
      return;
    }
    if (mine !== seq) return;  // a later change already answered
    if (resp.ok) { showResult(data); return; }
    const issues = data.issues || [];
    let waiting = 0;
    issues.forEach((i) => {
      const field = form.querySelector(".field[data-field='" + CSS.escape(String(i.field)) + "']");
      if (i.kind === "missing" && !touched.has(String(i.field))) { waiting += 1; return; }
      const slot = form.querySelector("[data-error-for='" + CSS.escape(String(i.field)) + "']");
      let text = "expected " + i.expected;
      if (i.value !== undefined && i.value !== null) text = "got " + JSON.stringify(i.value) + ", " + text;
      if (i.did_you_mean) text += " (did you mean " + i.did_you_mean + "?)";
      if (slot) slot.textContent = text;
      if (field) field.classList.add("invalid");
    });
    const shownErrors = issues.length - waiting;
    clearResult(shownErrors ? "Correct the marked input" + (shownErrors > 1 ? "s" : "") + "." :
      waiting + " required input" + (waiting > 1 ? "s" : "") + " still to fill in.");
  };
  const changed = (e) => {
    const f = e.target.closest(".field");
    if (f) touched.add(f.dataset.field);
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", (e) => { e.preventDefault(); run(); });
}

// Report tables list calculators and categories as the attempts' filters name them: each such
// first cell becomes a link that filters the attempts to it.
function linkToFilters() {
  ["calculator", "category"].forEach((key) => {
    const select = document.querySelector("select[data-filter=" + key + "]");
    if (!select) return;
    const values = new Set(Array.from(select.options).map((o) => o.value));
    document.querySelectorAll("table:not(.filterable) tbody tr td:first-child").forEach((td) => {
      const text = td.textContent.trim();
      if (!values.has(text) || td.querySelector("a")) return;
      const a = document.createElement("a");
      a.href = "#cases";
      a.textContent = text;
      a.className = "to-filter";
      a.addEventListener("click", () => {
        select.value = text;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      });
      td.replaceChildren(a);
    });
  });
}

document.addEventListener("DOMContentLoaded", () => {
  linkToFilters();
  // every table with a header sorts, the report tables of bench/render included
  document.querySelectorAll("table").forEach((t) => { if (t.tHead && !t.classList.contains("kv")) makeSortable(t); });
  document.querySelectorAll("form.filters").forEach(makeFilterable);
  document.querySelectorAll("table.paged:not(.filterable)").forEach(paginate);
  const calc = document.getElementById("calc-form");
  if (calc) makeCalculator(calc);
});
