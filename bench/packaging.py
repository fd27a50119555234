"""How big the frozen program is and how fast it starts, next to its frozen stack.

    python -m bench.packaging [--reuse] [--runs N] [--instructions]

Builds the program (packaging/build.py) and the baseline (bench/baseline_window.spec, bundled
the same way): `make bench`'s baseline, a QMainWindow of the program's size and a sqlmodel
engine that runs ``SELECT 1`` on an empty SQLite file (bench/baseline_window.py). Then it
compares their folder sizes and the wall time of `--smoke-test` offscreen, each on a data folder
of its own (the program opens its database there, the baseline its empty file), runs of the two
interleaved so that a busy machine slows both alike. Prints the numbers against the budgets
(size within 1.25x, start within 1.3x of the baseline) and writes bench/packaging-results.json.
The budgets are reported, never asserted: timings on a shared machine are noisy. Beside the wall
time it reports the CPU time each start used (user + system): other work on the machine stretches
the first, hardly the second, so on a busy machine the CPU ratio is the steadier one.

With --instructions it also counts the instructions of one start of each under valgrind's
callgrind (apt-get install valgrind): the same count run after run, whatever else the machine
does, so a change to start-up can be judged by a few percent. It is a proxy (a cache miss costs
more than an instruction), not the budget.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "dist" / "encounter-app"
APP_ARCHIVES = ROOT / "dist"
BASELINE_WORK = ROOT / "build" / "bench-packaging"
BASELINE = BASELINE_WORK / "dist" / "baseline-window"
RESULTS = Path(__file__).with_name("packaging-results.json")
# Against the baseline with the program's stack (issue 28): what the program adds to a frozen
# window that imports sqlmodel and opens an SQLite file. (Against a bare window they were 1.25x
# and 2x: issue 6.)
SIZE_BUDGET = 1.25
START_BUDGET = 1.3


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return time.perf_counter() - started


def build_app() -> float:
    return timed([sys.executable, str(ROOT / "packaging" / "build.py")])


def build_baseline() -> float:
    return timed([sys.executable, "-m", "PyInstaller", str(ROOT / "bench" / "baseline_window.spec"),
                  "--noconfirm", "--clean", "--log-level", "WARN",
                  "--distpath", str(BASELINE.parent), "--workpath", str(BASELINE_WORK / "work")])


def folder_bytes(folder: Path) -> int:
    """Bytes of the regular files under ``folder``; symbolic links (PyInstaller makes some to
    the Qt libraries) count nothing, as they take no space in the folder or the archive."""
    return sum(path.lstat().st_size for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink())


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def start_seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``command``."""
    cpu_before = _children_cpu()
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({result.returncode}):\n{result.stderr}")
    return elapsed, _children_cpu() - cpu_before


def baseline_command(scratch: Path) -> list[str]:
    """The baseline's smoke test on a folder of its own, as the program's on its data folder:
    both open a database file that is already there (the baseline's is empty)."""
    return [str(BASELINE / "baseline-window"), "--smoke-test", "--data-dir",
            str(scratch / "baseline")]


def measure_starts(runs: int, scratch: Path) -> dict[str, list[tuple[float, float]]]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(scratch))
    warm_data = scratch / "warm"
    app = [str(APP / "encounter-app"), "--smoke-test", "--data-dir"]
    baseline = baseline_command(scratch)
    # One run of each first, not counted: it reads the bundles into the page cache, and makes
    # the warm data folder and the baseline's empty SQLite file.
    start_seconds([*app, str(warm_data)], env)
    start_seconds(baseline, env)
    times: dict[str, list[tuple[float, float]]] = {
        "baseline": [], "app_first_start": [], "app_warm_start": []}
    for run in range(runs):
        times["baseline"].append(start_seconds(baseline, env))
        # An empty folder: Alembic migrations and the demo fight, as on a GM's first start.
        times["app_first_start"].append(start_seconds([*app, str(scratch / f"new-{run}")], env))
        times["app_warm_start"].append(start_seconds([*app, str(warm_data)], env))
    return times


def instructions(command: list[str], env: dict[str, str]) -> int:
    """Instructions one run of ``command`` executes, counted by callgrind (every process it
    starts included)."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes",
                             "--callgrind-out-file=/dev/null", *command],
                            capture_output=True, text=True, env=env, timeout=600)
    counts = [int(n.replace(",", "")) for n in re.findall(r"Collected : ([\d,]+)", result.stderr)]
    if result.returncode != 0 or not counts:
        raise SystemExit(f"callgrind could not count {command[0]}:\n{result.stderr[-2000:]}")
    return sum(counts)


def count_starts(scratch: Path) -> dict[str, int]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(scratch))
    warm = scratch / "warm"  # made by measure_starts, as the baseline's folder
    return {
        "baseline": instructions(baseline_command(scratch), env),
        "app_warm_start": instructions(
            [str(APP / "encounter-app"), "--smoke-test", "--data-dir", str(warm)], env),
    }


def summary(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3),
            "max": round(max(values), 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.packaging", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reuse", action="store_true",
                        help="measure the bundles already built instead of building them again")
    parser.add_argument("--runs", type=int, default=15, help="smoke-test starts of each")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of one start of each (valgrind)")
    args = parser.parse_args(argv)
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (apt-get install valgrind)")

    builds: dict[str, float] = {}
    if not (args.reuse and (APP / "encounter-app").exists()):
        print("building the program (packaging/build.py)...", flush=True)
        builds["app_seconds"] = round(build_app(), 1)
    if not (args.reuse and (BASELINE / "baseline-window").exists()):
        print("building the baseline: a window and a sqlmodel engine "
              "(bench/baseline_window.spec)...", flush=True)
        builds["baseline_seconds"] = round(build_baseline(), 1)

    sizes = {"app_bytes": folder_bytes(APP), "baseline_bytes": folder_bytes(BASELINE)}
    archives = sorted(APP_ARCHIVES.glob("encounter-app-*-linux-*.tar.gz"))
    if archives:
        sizes["app_archive_bytes"] = archives[-1].stat().st_size

    print(f"timing {args.runs} offscreen smoke-test starts of each...", flush=True)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="bench-packaging-") as scratch:
        Path(scratch).chmod(0o700)
        times = measure_starts(args.runs, Path(scratch))
        if args.instructions:
            print("counting the instructions of one start of each (callgrind)...", flush=True)
            counted = count_starts(Path(scratch))
    starts = {name: summary([wall for wall, _ in values]) for name, values in times.items()}
    cpu = {name: summary([used for _, used in values]) for name, values in times.items()}

    base_start, base_cpu = starts["baseline"]["median"], cpu["baseline"]["median"]
    ratios = {
        "size": round(sizes["app_bytes"] / sizes["baseline_bytes"], 3),
        "first_start": round(starts["app_first_start"]["median"] / base_start, 2),
        "warm_start": round(starts["app_warm_start"]["median"] / base_start, 2),
        "first_start_cpu": round(cpu["app_first_start"]["median"] / base_cpu, 2),
        "warm_start_cpu": round(cpu["app_warm_start"]["median"] / base_cpu, 2),
    }
    results = {
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": "python -m bench.packaging" + (" --reuse" if args.reuse else "")
                   + (" --instructions" if args.instructions else ""),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "python": platform.python_version(),
                    # The 1-minute load average before and after the timed runs: other work on
                    # the machine slows the starts, so compare ratios, not seconds.
                    "load_before": round(load_before, 2),
                    "load_after": round(os.getloadavg()[0], 2)},
        "baseline": "bench/baseline_window.py: QMainWindow 1400x860 and a sqlmodel engine, "
                    "SELECT 1 on an empty SQLite file (make bench's baseline)",
        "builds": builds,
        "sizes": sizes,
        "starts_seconds": starts,
        "starts_cpu_seconds": cpu,
        "ratios": ratios,
        "budgets": {"size": SIZE_BUDGET, "start": START_BUDGET},
    }
    if args.instructions:
        ratios["warm_start_instructions"] = round(
            counted["app_warm_start"] / counted["baseline"], 3)
        results["start_instructions"] = counted
    RESULTS.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")

    def verdict(ratio: float, budget: float) -> str:
        return "within budget" if ratio <= budget else "OVER BUDGET"

    mib = 1024 * 1024
    print(f"bundle size: {sizes['app_bytes'] / mib:.1f} MiB, baseline "
          f"{sizes['baseline_bytes'] / mib:.1f} MiB: {ratios['size']}x "
          f"({verdict(ratios['size'], SIZE_BUDGET)}, budget {SIZE_BUDGET}x)")
    if "app_archive_bytes" in sizes:
        print(f"archive: {archives[-1].name} {sizes['app_archive_bytes'] / mib:.1f} MiB")
    print(f"smoke-test start, median of {args.runs}: baseline {base_start:.2f} s; "
          f"program on an existing folder {starts['app_warm_start']['median']:.2f} s "
          f"({ratios['warm_start']}x, {verdict(ratios['warm_start'], START_BUDGET)}); "
          f"on an empty folder {starts['app_first_start']['median']:.2f} s "
          f"({ratios['first_start']}x, {verdict(ratios['first_start'], START_BUDGET)}; "
          f"budget {START_BUDGET}x)")
    print(f"CPU time of those starts, median: baseline {base_cpu:.2f} s; existing folder "
          f"{cpu['app_warm_start']['median']:.2f} s ({ratios['warm_start_cpu']}x); empty folder "
          f"{cpu['app_first_start']['median']:.2f} s ({ratios['first_start_cpu']}x)")
    if args.instructions:
        print(f"instructions of one start: baseline {counted['baseline'] / 1e6:.0f} M; program "
              f"on an existing folder {counted['app_warm_start'] / 1e6:.0f} M "
              f"({ratios['warm_start_instructions']}x)")
    for name, seconds in builds.items():
        print(f"build {name.removesuffix('_seconds')}: {seconds:.0f} s")
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
