"""`clinbench local start|stop|status|env`: serve the bundled SmolLM2 model on 127.0.0.1."""

from __future__ import annotations

import typer

from clinbench.cli.console import echo_error, echo_message
from clinbench.messages import with_command
from clinbench.providers import local_server as local

app = typer.Typer(
    help="Serve a real instruction-tuned model (SmolLM2-135M-Instruct, bundled by the 'local' "
    "extra) on 127.0.0.1 through llama-cpp-python's OpenAI-compatible server, offline.",
    no_args_is_help=True,
)


def _fail(message: str) -> None:
    echo_error(f"{message}")
    raise typer.Exit(2)


@app.command("start")
def start(
    threads: int = typer.Option(
        local.DEFAULT_THREADS, "--threads", min=1, help="CPU threads (1 is fastest on a busy box)."
    ),
    context: int = typer.Option(local.DEFAULT_CONTEXT, "--context", min=256, help="Context size."),
    port: int | None = typer.Option(None, "--port", help="Port (default: a free one)."),
    timeout: float = typer.Option(
        local.DEFAULT_READY_TIMEOUT, "--timeout", min=1, help="Seconds to wait until it answers."
    ),
) -> None:
    """Start the local model server (or report the one running) and print how to use it."""
    try:
        server, new = local.start_server(
            threads=threads,
            context=context,
            port=port,
            ready_timeout=timeout,
            on_wait=lambda s: typer.echo(f"waiting for the local server... {s:.0f} s", err=True),
            detach=True,  # started on purpose: it runs until `clinbench local stop`
        )
    except local.LocalModelUnavailable as err:
        _fail(str(err))
    except local.LocalServerError as err:
        echo_error(f"{err}")
        raise typer.Exit(1) from err
    if new:
        echo_message(
            f"Local server ready in {server.ready_seconds:.1f} s: {server.base_url} "
            f"(pid {server.pid}, {server.threads} thread(s), log {server.log_path})"
        )
    else:
        echo_message(f"Local server already running: {server.base_url} (pid {server.pid})")
    typer.echo('Set the endpoint (or run: eval "$(clinbench local env)"):')
    typer.echo(server.exports())
    typer.echo("Then run, one request at a time as the server answers:")
    typer.echo(f"  {server.run_command()}")
    typer.echo("Stop it with: clinbench local stop")


@app.command("status")
def status() -> None:
    """Report whether the local model server runs (exit 1 when it does not)."""
    server, line = local.server_status()
    typer.echo(line)
    if server is None or not local.answers(server):
        raise typer.Exit(1)
    typer.echo(f"model: {server.model}  (use --max-connections {local.MAX_CONNECTIONS})")


@app.command("env")
def env() -> None:
    """Print the shell exports that point Inspect's openai-api provider at the local server."""
    server, line = local.server_status()
    if server is None:
        echo_error(with_command(f"{line}; start it with:", "clinbench local start"))
        raise typer.Exit(1)
    typer.echo(server.exports())


@app.command("stop")
def stop(
    grace: float = typer.Option(
        local.STOP_GRACE, "--grace", min=0, help="Seconds between SIGTERM and SIGKILL."
    ),
) -> None:
    """Stop the local model server (SIGTERM, then SIGKILL after --grace seconds)."""
    _server, line = local.stop_server(grace)
    typer.echo(line)
