"""Surfaces generated from the calculator declarations: LLM tool schemas (`tools`), the REST
server (`rest`, needs the `serve` extra), the MCP server and the documentation.

Nothing here declares a calculator input again: every schema, endpoint and page is read from a
calculator's inputs model, `Output`, formula and references. Optional surfaces import their
dependencies lazily, so `import medreckon.interfaces.tools` costs only pydantic.
"""
