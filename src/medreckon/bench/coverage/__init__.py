"""How far our calculators reach into other benchmarks' workflows: the MedMCP-Calc coverage map
(`coverage_map`, rendered by `render`) and the check of our answers on its published inputs
(`answers`, through the per-calculator mapping files read by `mapping`)."""
