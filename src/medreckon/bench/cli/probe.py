"""`bench probe MODEL`: what a model endpoint can do, and how the bench will ask it
(`models.probe`, `models.capabilities`)."""

from __future__ import annotations

import json

import click

from . import options
from .common import fail
from .groups import bench


@bench.command("probe")
@click.argument("model")
@options.timeout(default=120.0)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def bench_probe(model: str, timeout: float, as_json: bool) -> None:
    """Probe MODEL (a model string, as in bench run) with a few tiny requests: which structured-output
    modes work, native tool calls, log-probabilities, the context length, and what the bench will use."""
    from ..models import ModelConfigError, connect
    from ..models.clients import env_prefix, parse_model
    from ..models.probe import probe
    from ..types import ModelError

    try:
        client = connect(model, timeout=timeout, max_retries=0, concurrency=1)
    except ModelConfigError as exc:
        fail(str(exc))

    def show(check) -> None:
        if not as_json:
            click.echo(f"  {check.name:<25} {'yes' if check.works else 'no ':<4} {check.detail}")

    if not as_json:
        click.echo(f"probe: {model}")
    try:
        found = probe(client, on_check=show)
    except ModelError as exc:
        fail(str(exc))
    if as_json:
        click.echo(json.dumps(found.to_dict(), indent=2))
        return
    click.echo(f"the bench will use ({found.used.source}):")
    for what, how in found.used.uses().items():
        click.echo(f"  {what}: {how}")
    spec = parse_model(model)
    if spec.provider in ("openai", "openai-api"):
        name = spec.endpoint or "openai"
        click.echo(f"override with {env_prefix(name)}_CAPABILITIES=\"structured=json_object,tools=false,"
                   f"logprobs=true\" or a [{name}] table in the file named by MEDRECKON_ENDPOINTS")
