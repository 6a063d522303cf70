"""Cold and warm `clinbench demo`, in interleaved pairs: wall and CPU seconds (issue #32 item 6).

Each pair runs ``clinbench demo --clear-cache -o NEW`` (cold: every speech clip decoded) then
``clinbench demo -o NEW`` (warm: the transcripts kept by the cold run are read back), each in
a fresh output folder and a fresh process, with a private transcript cache
(``CLINBENCH_CACHE_DIR``). Per run it prints the wall seconds, the CPU seconds of the process
and everything it started (``os.wait4``) and the load average; per pair, how much less wall
and CPU the warm run took than the cold one, and at the end the means. Under each run, what
its console said it read back from the user cache (speech transcripts, noisy clips).
``--compare`` also checks that every warm run's results table equals its cold run's
(``demo_results_compare.py``).

Run from a checkout with ``PYTHONPATH=src`` while the interpreter has clinbench installed
(editable) from another folder, Inspect cannot tell which installed distribution ships the
tasks: for every eval it scans the files of every installed package (about 0.17 s of CPU
each time on the project's machine, some 25% of a warm demo), which an installed clinbench
never does. So the runs get a copy of the installed distribution's metadata that points at
this checkout (a temporary folder on ``PYTHONPATH``, entry points included); ``--as-is``
leaves that out.

    PYTHONPATH=src python benchmarks/demo_warm.py [--pairs 2] [--compare] [--as-is] [--keep DIR]

With ``PYTHONPATH=OTHER/src`` it times that tree (e.g. ``git archive`` of an older commit);
``--keep DIR`` keeps the demos' folders (and their results tables) in DIR.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import clinbench

CHECKOUT = Path(clinbench.__file__).resolve().parents[2]
COMPARE = Path(__file__).with_name("demo_results_compare.py")


def metadata_for_checkout(folder: Path) -> Path | None:
    """Return a folder holding clinbench's installed metadata pointed at this checkout.

    None when clinbench is not installed as a distribution (nothing to point).
    """
    try:
        installed = distribution("clinbench")
    except PackageNotFoundError:
        return None
    info = folder / f"clinbench-{installed.version}.dist-info"
    info.mkdir(parents=True)
    for name in ("METADATA", "entry_points.txt", "top_level.txt"):
        text = installed.read_text(name)
        if text is not None:
            (info / name).write_text(text)
    # no RECORD: Inspect then trusts the name match and lists no files
    url = {"dir_info": {"editable": True}, "url": CHECKOUT.as_uri()}
    (info / "direct_url.json").write_text(json.dumps(url))
    return folder


def run_demo(out: Path, cold: bool, env: dict[str, str]) -> tuple[float, float]:
    """Return (wall seconds, CPU seconds) of one `clinbench demo` into `out`."""
    command = [sys.executable, "-c", "from clinbench.cli import main; main()", "demo", "-o",
               str(out), *(["--clear-cache"] if cold else [])]  # fmt: skip
    started = time.perf_counter()
    with (out.parent / f"{out.name}.log").open("w") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"demo into {out} failed: see {out.parent / (out.name + '.log')}")
    return wall, usage.ru_utime + usage.ru_stime


def cache_line(out: Path) -> str:
    """Return what a demo's console said it read back from the user cache (or did not)."""
    text = " ".join((out.parent / f"{out.name}.log").read_text(errors="replace").split())
    said = text.find("Read back from the user cache")
    if said < 0:
        return "read back from the cache: nothing said"
    return text[said : text.find(".", text.find("):", said)) + 1]


def main() -> None:
    """Print cold and warm demo times in interleaved pairs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--as-is", action="store_true")
    parser.add_argument("--keep", type=Path, help="write the demos here and keep them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.keep:
            args.keep.mkdir(parents=True)
            tmp = args.keep
        env = {**os.environ, "CLINBENCH_CACHE_DIR": str(tmp / "cache")}
        paths = [str(CHECKOUT / "src")]
        shim = None if args.as_is else metadata_for_checkout(tmp / "metadata")
        paths += [str(shim)] if shim else []
        env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")]).rstrip(":")
        print(f"checkout {CHECKOUT}; installed metadata pointed at it: {shim is not None}")
        print(f"{'pair':<6}{'run':<6}{'wall s':>8}{'CPU s':>8}  load (1 min) before, after")
        saved_wall, saved_cpu = [], []
        for pair in range(1, args.pairs + 1):
            times = {}
            for kind in ("cold", "warm"):
                load = os.getloadavg()[0]
                out = tmp / f"demo-{pair}-{kind}"
                times[kind] = run_demo(out, kind == "cold", env)
                print(f"{pair:<6}{kind:<6}{times[kind][0]:>8.1f}{times[kind][1]:>8.1f}  "
                      f"{load:.1f}, {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
                print(f"{'':<12}{cache_line(out)}")
            saved_wall.append(1 - times["warm"][0] / times["cold"][0])
            saved_cpu.append(1 - times["warm"][1] / times["cold"][1])
            print(f"{pair:<6}warm: {100 * saved_wall[-1]:.1f}% less wall, "
                  f"{100 * saved_cpu[-1]:.1f}% less CPU than cold")  # fmt: skip
            if args.compare:
                done = subprocess.run(
                    [sys.executable, str(COMPARE), str(tmp / f"demo-{pair}-cold/results.parquet"),
                     str(tmp / f"demo-{pair}-warm/results.parquet")],
                    capture_output=True, text=True, env=env,
                )  # fmt: skip
                verdict = "identical" if done.returncode == 0 else "DIFFERENT"
                print(f"{pair:<6}results table warm vs cold: {verdict}")
                if done.returncode:
                    print(done.stdout[-3000:])
        print(f"mean over {args.pairs} pairs: warm {100 * statistics.mean(saved_wall):.1f}% "
              f"less wall, {100 * statistics.mean(saved_cpu):.1f}% less CPU")  # fmt: skip
        shutil.rmtree(tmp / "cache", ignore_errors=True)


if __name__ == "__main__":
    main()
