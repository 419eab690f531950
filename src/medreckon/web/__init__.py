"""The run viewer, dataset audit and calculator pages (`medreckon view`; the `view` extra).

Why this stack: pages are server-rendered Jinja2 templates (autoescaped, so the notes, model
output and dataset text they show are data, never markup) on Starlette, which the REST server's
FastAPI already brings; a little plain JavaScript sorts and filters tables and checks the
calculator forms live against the REST endpoint, which the viewer mounts at /api. No build
step, no framework to fetch, nothing from a CDN: the same HTML is served and written out as
static files (`--static`), and the whole viewer is one small extra on top of `serve`.

    runs     read-only loading of run directories, through the bench's analysis
    evidence the note with the extracted values, quotes and gold values marked (escaped)
    site     every page by path (templates/, static/)
    review   the review page's endpoints: calculator suggestions, saving a labelled example
    app      the ASGI app (token rule as `medreckon serve`), the static export, `serve`
"""
