"""Every page of the viewer, by path, rendered from Jinja2 templates (autoescaped: notes, model
output and dataset text are data) over the bench's analysis and render modules.

Pages are addressed as files (`index.html`, `runs/0/cases/12.html`, ...) and link to each other
relatively, so the server and a static export (`--static`) serve the same HTML.

    site = Site(load_runs(["runs/extract"]))
    site.render("runs/0/index.html")   # the page, or None for an unknown path
    list(site.paths())                 # every page, for the static export
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from ..bench.analysis.entity_checks import input_specs
from ..bench.analysis.stats import wilson
from ..bench.analysis.steps import Verifier
from ..bench.analysis.verdicts import ERROR_TYPES, STEPS
from ..bench.render import steps as render_steps
from ..bench.render.cells import answer_text, interval, percent, value_text
from ..bench.render.charts import accuracy_svg
from ..bench.render.page import CSS
from ..bench.render.summary import configuration_html, cost_html, summary_html
from ..bench.types import STATUSES
from ..calculators.describe import describe_inputs, describe_output
from ..calculators.registry import all_calculators, by_medcalc_bench_id
from ..errors import CalculatorInputError
from . import evidence
from .runs import RULE, AttemptView, RunDirError, RunView, load_run, slug, stamp

PAGE_CACHE = 4096  # rendered pages kept (a 1,047-case run has 1,047 case pages)


def verdict_mark(v: bool | None) -> str:
    return {True: "right", False: "wrong", None: "undecided"}[v]


def in_unit(value: Any, unit: str | None) -> str:
    """A normalised input value with its canonical unit ('70 kg'), as `value_text` writes it."""
    if isinstance(value, int | float) and not isinstance(value, bool) and unit not in (None, "", "1"):
        return value_text({"value": value, "unit": unit})
    return value_text(value)


MASKS = {"#": "a number that differs between the rows of the group",
         "'…'": "a quoted value that differs between the rows of the group"}


def masked_pattern(pattern: str) -> Markup:
    """An audit group's reason pattern with its masks (`datasets.audit.reason_pattern`) marked
    and explained on hover; the text itself escaped."""
    out = Markup("")
    rest = pattern
    while rest:
        hits = [(rest.find(m), m) for m in MASKS if m in rest]
        if not hits:
            return out + rest
        i, mask = min(hits)
        out += Markup.escape(rest[:i]) + Markup('<span class="mask" title="{}">{}</span>').format(MASKS[mask], mask)
        rest = rest[i + len(mask):]
    return out


class Site:
    def __init__(self, runs: list[RunView], *, examples_dir: str | Path | None = None):
        self.runs = runs
        self.examples_dir = None if examples_dir is None else Path(examples_dir)  # the review page saves here
        self.env = Environment(loader=PackageLoader("medreckon.web", "templates"),
                               autoescape=select_autoescape(["html"]), trim_blocks=True,
                               lstrip_blocks=True)
        self.env.filters.update(answer=answer_text, percent=percent, mark=verdict_mark, value=value_text,
                                masks=masked_pattern, in_unit=in_unit)
        self.env.globals.update(base_css=Markup(CSS), interval=interval)
        self.verifier = Verifier(RULE)
        self._pages: dict[str, str | None] = {}
        self.calculators = {c.id: c for c in all_calculators()}

    # -------------------------------------------------------------- lazily read dataset parts

    @cached_property
    def audit(self) -> Any:
        """The dataset audit, or the reason it cannot be made (a str)."""
        from ..bench.datasets.audit import audit

        try:
            return audit()
        except (FileNotFoundError, ValueError) as exc:
            return str(exc)

    @cached_property
    def corrected(self) -> dict[str, Any] | str:
        from ..bench.datasets import corrected_labels

        try:
            return corrected_labels()
        except (FileNotFoundError, ValueError) as exc:
            return str(exc)

    def page(self, path: str) -> str | None:
        """`render(path)`, kept: every page is a function of runs read once. A run that has moved
        on since it was read (a `bench run` or `bench verify` still writing it) is read again,
        and its pages with it, when one of them or the index is asked for."""
        parts = path.strip("/").split("/")
        changed = [r for r in self.runs if (parts[0] == "runs" and parts[1:2] == [str(r.index)]
                                           or parts[0] in ("index.html", "arms.html", ""))
                   and stamp(r.run_dir) != r.stamp]
        for run in changed:
            try:
                self.runs[run.index] = load_run(run.index, run.run_dir, self.verifier)
            except RunDirError:  # caught mid-write: keep what was read, try again next time
                continue
            self._pages.clear()
        if path not in self._pages:
            if len(self._pages) >= PAGE_CACHE:
                self._pages.pop(next(iter(self._pages)))
            self._pages[path] = self.render(path)
        return self._pages[path]

    def warm(self) -> None:
        """Read the corrected labels and make the audit now (a server calls this in the
        background at start, so no visitor waits for them)."""
        _ = self.corrected, self.audit

    # -------------------------------------------------------------- pages

    def paths(self) -> Iterator[str]:
        yield "index.html"
        if len(self.runs) > 1:
            yield "arms.html"
        yield "audit.html"
        yield "calculators/index.html"
        yield "review.html"
        yield from (f"calculators/{cid}.html" for cid in self.calculators)
        for run in self.runs:
            yield f"runs/{run.index}/index.html"
            yield from (f"runs/{run.index}/cases/{slug(cid)}.html" for cid in run.by_case)

    def render(self, path: str) -> str | None:
        parts = path.strip("/").split("/") if path.strip("/") else ["index.html"]
        root = "../" * (len(parts) - 1)
        if parts == ["index.html"]:
            return self._page("index.html", root, "Runs", runs=self.runs, chart=self._runs_chart())
        if parts == ["arms.html"] and len(self.runs) > 1:
            return self._page("arms.html", root, "Arms", body=Markup(self._arms_html()))
        if parts == ["audit.html"]:
            return self._audit_page(root)
        if parts == ["review.html"]:
            return self._page("review.html", root, "Review a note", calculators=list(self.calculators.values()),
                              saving=self.examples_dir is not None)
        if parts[0] == "calculators" and len(parts) == 2:
            if parts[1] == "index.html":
                return self._page("calculators.html", root, "Calculators",
                                  calculators=list(self.calculators.values()))
            calc = self.calculators.get(parts[1].removesuffix(".html"))
            return None if calc is None or not parts[1].endswith(".html") else self._calculator_page(root, calc)
        if parts[0] == "runs" and len(parts) >= 3 and parts[1].isdigit():
            i = int(parts[1])
            if i >= len(self.runs):
                return None
            run = self.runs[i]
            if parts[2:] == ["index.html"]:
                return self._run_page(root, run)
            if len(parts) == 4 and parts[2] == "cases" and parts[3].endswith(".html"):
                cid = run.slugs.get(parts[3].removesuffix(".html"))
                if cid is not None and cid in run.by_case:
                    return self._case_page(root, run, cid)
        return None

    def _page(self, template: str, root: str, title: str, **context: Any) -> str:
        nav = [("index.html", "Runs"), *([("arms.html", "Arms")] if len(self.runs) > 1 else []),
               ("audit.html", "Dataset audit"), ("calculators/index.html", "Calculators"),
               ("review.html", "Review a note")]
        return self.env.get_template(template).render(root=root, title=title, nav=nav, **context)

    def _runs_chart(self) -> Markup:
        bars = [(r.label, r.summary.overall.correct, r.summary.overall.n, r.summary.overall.wilson)
                for r in self.runs if r.summary is not None]
        return Markup(accuracy_svg(bars, of="run", label_width=340, label_chars=48)) if bars else Markup("")

    def _arms_html(self) -> str:
        from ..bench.analysis.arms import analyse
        from ..bench.render.arms import arms_html

        names = [r.label for r in self.runs]
        if len(set(names)) < len(names):
            names = [f"{r.index}: {r.label}" for r in self.runs]
        arms = [(name, [(a.case, a.attempt.outcome) for a in r.attempts if a.attempt.epoch == 0])
                for name, r in zip(names, self.runs, strict=True)]
        try:
            report = analyse(arms, RULE, meta=[r.config for r in self.runs], gee=False,
                             context={"title": "Arms"})
        except ValueError as exc:
            return f"<p class=\"warn\">These runs cannot be compared as arms: {Markup.escape(str(exc))}</p>"
        named = [(name, r.steps.overall) for name, r in zip(names, self.runs, strict=True) if r.steps is not None]
        traced = render_steps.traced(named)
        return arms_html(report) + ("\n" + render_steps.arms_html(traced) if traced else "")

    def _run_page(self, root: str, run: RunView) -> str:
        rows = []
        for a in run.attempts:
            v = a.verdicts
            rows.append({
                "slug": slug(a.case.id), "case": a.case, "epoch": a.attempt.epoch,
                "status": a.attempt.outcome.status, "correct": a.correct,
                "answer": answer_text(a.attempt.outcome.answer), "truth": answer_text(a.case.ground_truth),
                "first_error": v.first_error() or ("none" if v.status == "ok" and v.all_right() else "undecided"),
                "errors": list(v.errors), "cause": a.attribution.cause or "",
                "calculator": f"{a.case.calculator_id} · {a.case.calculator_name}"
                if a.case.calculator_id is not None else a.case.calculator_name,
            })
        steps = Markup("")
        if run.steps is not None and run.steps.overall.n:
            m = run.steps.overall
            bars = [(t, k, m.n, wilson(k, m.n)) for t, k in m.errors.items()]
            steps = Markup(render_steps.steps_html(run.steps, "Step verification (exact verdicts)")
                           + "<h2>Error types (share of attempts with verdicts)</h2>"
                           + accuracy_svg(bars, of="error type", label_width=220, label_chars=30))
        return self._page(
            "run.html", root, run.label, run=run, rows=rows, steps=steps,
            config=Markup(configuration_html(run.config, str(run.run_dir))),
            summary=Markup(summary_html(run.summary)) if run.summary else None,
            cost=Markup(cost_html(run.summary.cost)) if run.summary and run.summary.cost else None,
            statuses=STATUSES, error_types=ERROR_TYPES, step_names=(*STEPS, "none", "undecided"),
            calculators=sorted({r["calculator"] for r in rows}), categories=sorted({r["case"].category for r in rows}),
            causes=sorted({r["cause"] for r in rows if r["cause"]}))

    def _case_page(self, root: str, run: RunView, cid: str) -> str:
        case = run.cases[cid]
        ids = list(run.by_case)
        pos = ids.index(cid)
        prev_slug = slug(ids[pos - 1]) if pos > 0 else None
        next_slug = slug(ids[pos + 1]) if pos + 1 < len(ids) else None
        if case.dataset == "scenarios" and "scenario" in case.metadata:  # a scenario over a patient record
            from ..scenarios.view import scenario_context

            return self._page("scenario.html", root, f"Scenario {cid} · {run.label}", run=run, case=case,
                              prev_slug=prev_slug, next_slug=next_slug,
                              sc=scenario_context(case, run.by_case[cid]))
        attempts = [self._attempt(case, a) for a in run.by_case[cid]]
        return self._page("case.html", root, f"Case {cid} · {run.label}", run=run, case=case,
                          attempts=attempts, prev_slug=prev_slug, next_slug=next_slug,
                          labels=self._labels(case), steps=STEPS)

    def _labels(self, case: Any) -> dict[str, Any]:
        """v1.0 truth, the corrected label, our calculator on the gold entities, and the
        documented deviation of the case's row (when the dataset is v1.0)."""
        from ..calculators.medcalc_bench_replay import load_deviations, load_suspects

        out: dict[str, Any] = {"truth": answer_text(case.ground_truth),
                               "limits": f"{answer_text(case.lower)} – {answer_text(case.upper)}"
                               if case.lower is not None else None}
        gold = self.verifier.gold(case)
        out["gold"] = answer_text(gold.rounded) if gold.normalised is not None else None
        out["gold_correct"] = gold.correct
        out["gold_why_not"] = gold.why_not
        v1 = case.dataset == "medcalc-bench" and case.dataset_version == "v1.0"
        labels = self.corrected if v1 else None
        if isinstance(labels, dict):
            label = labels.get(case.id)
            out["corrected"] = None if label is None else label.text if label.answer is None \
                else answer_text(label.answer)
            out["corrected_note"] = "not relabelled in the corrected file" if label is None else None
        else:
            out["corrected"] = None
            out["corrected_note"] = labels if v1 else "corrected labels exist for MedCalc-Bench v1.0 only"
        out["deviation"] = None
        if v1 and case.calculator_id is not None:
            try:
                calc = by_medcalc_bench_id(case.calculator_id)
            except CalculatorInputError:
                calc = None
            if calc is not None and case.id.isdigit():
                doc = load_deviations(calc).get(int(case.id)) or load_suspects(calc).get(int(case.id))
                out["deviation"] = doc
        return out

    def _attempt(self, case: Any, a: AttemptView) -> dict[str, Any]:
        o = a.attempt.outcome
        terms = evidence.terms_for(case.entities, o.calc, o.trace)
        note_html, found = evidence.highlight(case.note, terms)
        judged = [e for e in a.evaluations if not e.evaluator.startswith("steps:")]
        calc = self.verifier.case_calculator(case)
        units = {} if isinstance(calc, str) else {n: s.unit for n, s in input_specs(calc).items()}
        return {"view": a, "outcome": o, "calc": o.calc, "verdicts": a.verdicts, "units": units,
                "note": Markup(note_html), "terms": found, "judged": judged}

    def _audit_page(self, root: str) -> str:
        from ..bench.render.audit import corrected_lines

        report = self.audit
        if isinstance(report, str):
            return self._page("audit.html", root, "Dataset audit", report=None, missing=report)
        flagged = [r for r in report.rows if r.implausible]
        return self._page("audit.html", root, "Dataset audit", report=report, flagged=flagged,
                          corrected=corrected_lines(report),
                          calculators=sorted({r.calculator or str(r.calculator_id) for r in report.rows}))

    def _calculator_page(self, root: str, calc: Any) -> str:
        specs = describe_inputs(calc)
        return self._page("calculator.html", root, calc.name, calc=calc,
                          inputs=[s for s in specs if not s.option], options=[s for s in specs if s.option],
                          output=describe_output(calc.output, page=True))


__all__ = ["Site", "answer_text"]
