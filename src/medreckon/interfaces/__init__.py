"""Surfaces generated from the calculator declarations: LLM tool schemas (`tools`), the REST
server (`rest`, needs the `serve` extra), the MCP server and the documentation; and what every
HTTP surface shares: the guard in front of it (`http_guard`), how it runs (`http_server`) and its
command-line options (`cli`).

Nothing here declares a calculator input again: every schema, endpoint and page is read from a
calculator's inputs model, `Output`, formula and references. Optional surfaces import their
dependencies lazily, so `import medreckon.interfaces.tools` costs only pydantic.
"""
