"""``make bench`` (``python -m bench``): measure, compare with the budgets, print, save.

Start-up and memory are measured in fresh processes (``bench.startup_child``), the program's
and the baseline's (a bare QMainWindow after sqlmodel has opened an empty SQLite file),
interleaved so both meet the same machine; the median of several runs counts. So is the
opening of a campaign that has grown (``bench.fixtures.build_campaign``), whose database size is
measured too. Everything else runs here. The windows are drawn on a real X server (Xvfb, started
for the run and stopped after) when there is one, as on a GM's desktop; otherwise on Qt's
offscreen platform, which the results say. Writes bench/results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:  # for the checker only: the package is imported where it is used
    from encounter_app.domain.json_data import JSON

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results.json"
COMMAND = "make bench"
MB = 1_000_000  # a database's size is counted in decimal megabytes (the stricter reading)

# The campaign that has grown: finished encounters, and rolls logged in all (100 in each
# finished one, the rest in the encounter that opens: see bench.fixtures.build_campaign).
GROWTH_DONE, GROWTH_ROLLS = 200, 100_000


@dataclass(frozen=True)
class Budget:
    key: str
    what: str
    limit: float
    at_most: bool  # True: the value must not exceed the limit; False: must reach it
    strict: bool = False  # "under": the limit itself fails

    def met(self, value: float) -> bool:
        if self.at_most:
            return value < self.limit if self.strict else value <= self.limit
        return value >= self.limit

    @property
    def text(self) -> str:
        word = ("<" if self.strict else "<=") if self.at_most else ">="
        return f"{word} {self.limit:g}"


# bench/results.json: one entry of "results" per budget, the machine, and the details behind the
# values (lists of samples, summaries of them, sizes).
BudgetResult = TypedDict("BudgetResult", {"value": float, "budget": str, "pass": bool,
                                          "what": str})
Detail = list[float] | dict[str, float] | float


class Machine(TypedDict):
    cores: int | None
    python: str
    qt: str
    platform: str
    runs: int
    load_average: list[float]


class Results(TypedDict):
    command: str
    when: str
    machine: Machine
    results: dict[str, BudgetResult]
    details: dict[str, Detail]


BUDGETS = (
    # Issue 28: within 1.3 of the program's own stack, as the frozen start (bench/packaging.py).
    Budget("startup_ratio", "start to first paint, 200 combatants / QMainWindow + sqlmodel",
           1.3, True),
    Budget("roll_p99_ms", "attack roll round trip, GUI thread -> worker -> slot, p99", 2.0,
           True, strict=True),
    Budget("rolls_per_s", "rolls through the worker per second, burst", 10_000, False),
    Budget("reorder_p99_ms", "one drag-and-drop move, 1000 combatants, p99", 16.0, True,
           strict=True),
    Budget("open_1000_ms", "open 1000 combatants + 10,000 rolls to a painted window", 300.0,
           True, strict=True),
    Budget("odds_ms", "exact odds: hit vs 5 Evasions + damage distribution, worst", 20.0, True,
           strict=True),
    Budget("rss_ratio", "peak memory, 1000 combatants open / QMainWindow + sqlmodel", 1.5,
           True),
    Budget("growth_open_ms", "open a campaign of 200 done encounters + 100,000 rolls to a painted"
           " window", 300.0, True, strict=True),
    Budget("page_fanout_p99_ms", "players' page: a move to the last of 50 phones' update, "
           "1000 combatants, p99", 50.0, True, strict=True),
    Budget("page_reorder_p99_ms", "one drag-and-drop move, 1000 combatants, 50 phones "
           "connected, p99", 16.0, True, strict=True),
    Budget("page_update_bytes", "players' page: bytes a phone is sent for one combatant's "
           "change, 1000 combatants", 2048, True, strict=True),
    Budget("page_flood_lag_p99_ms", "GM window's event-loop lag while 64 phones flood rolls "
           "past their limit, p99", 16.0, True, strict=True),
    Budget("growth_db_mb", "that campaign's database file + -wal after a checkpoint, MB", 50.0,
           True, strict=True),
)


class Display:
    """An Xvfb server for the run, or Qt's offscreen platform when there is none."""

    def __init__(self, want: str) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.env = dict(os.environ)
        self.name = "offscreen"
        if want != "offscreen" and shutil.which("Xvfb"):
            read, write = os.pipe()
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1000x24",
                 "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as pipe:
                number = pipe.readline().strip()
            if number:
                self.env.update(DISPLAY=f":{number}", QT_QPA_PLATFORM="xcb")
                self.name = f"xcb on Xvfb :{number}"
            else:
                self.close()
        if self.process is None:
            if want == "xcb":
                raise SystemExit("bench: --platform xcb needs Xvfb (apt-get install xvfb)")
            self.env["QT_QPA_PLATFORM"] = "offscreen"

    def close(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


def child(args: list[str], env: dict[str, str]) -> dict[str, float]:
    """One fresh process that paints a window once; its report and its start-to-paint time."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "bench.startup_child", *args], env=env,
                          cwd=HERE.parent, capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"startup child {args} failed:\n{done.stderr}")
    report = read_report(lines[-1])
    report["start_s"] = report["painted"] - started
    return report


def read_report(line: str) -> dict[str, float]:
    """A child's report, checked as it is read: one JSON object whose values are numbers."""
    report: JSON = json.loads(line)
    if isinstance(report, dict):
        found = {key: value for key, value in report.items() if isinstance(value, int | float)}
        if len(found) == len(report):
            return {key: float(value) for key, value in found.items()}
    raise RuntimeError(f"a startup child's report is not an object of numbers: {line!r}")


def database_bytes(data_dir: Path) -> int:
    """The database's bytes on disk after a full checkpoint: the file and its write-ahead log
    (which the checkpoint empties: what stays is what the data needs)."""
    from encounter_app.store import DB_NAME

    path = data_dir / DB_NAME
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return sum(file.stat().st_size for file in (path, path.with_name(f"{DB_NAME}-wal"))
               if file.exists())


def startup_runs(folders: dict[str, Path], baseline_db: Path, env: dict[str, str], runs: int
                 ) -> dict[str, list[dict[str, float]]]:
    # Byte-code as an installed program has it (pip compiles on install): without it every
    # child would compile the package from source, which no GM's start does.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(HERE.parent / "encounter_app"),
                    str(HERE)], check=True)
    kinds = {"baseline": ["baseline", str(baseline_db)], "bare": ["bare"],
             **{kind: ["app", str(folders[name])] for kind, name in APP_STARTS.items()
                if name in folders}}
    reports: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
    for args in kinds.values():  # one unrecorded start each: files into the page cache
        child(args, env)
    for _ in range(runs):
        for kind, args in kinds.items():
            reports[kind].append(child(args, env))
    return reports


# The program's starts: their kind in the reports, and the folder each opens.
APP_STARTS = {"app_200": "200", "app_1000": "1000", "growth": "growth"}


def startup_only(runs: int, want_platform: str) -> int:
    """``--startup-only``: the start-up ratio alone (the baseline, the bare window and the
    200-combatant start, interleaved as in the full run), printed; nothing is written."""
    from bench.fixtures import build_encounter

    work = Path(tempfile.mkdtemp(prefix="encounter-bench-"))
    display = Display(want_platform)
    try:
        folders = {"200": build_encounter(work / "200", 200, 2_000)}
        print(f"start-up: {runs} fresh processes of each kind ({display.name}) ...", flush=True)
        reports = startup_runs(folders, work / "baseline.db", display.env, runs)
    finally:
        display.close()
        shutil.rmtree(work, ignore_errors=True)
    baseline, app = median_of(reports["baseline"], "start_s"), median_of(reports["app_200"],
                                                                         "start_s")
    budget = next(b for b in BUDGETS if b.key == "startup_ratio")
    ratio = app / baseline
    print(f"startup_ratio {ratio:.3f} ({budget.text}: {'pass' if budget.met(ratio) else 'FAIL'}):"
          f" the program {app * 1000:.0f} ms, the baseline {baseline * 1000:.0f} ms, a bare "
          f"window {median_of(reports['bare'], 'start_s') * 1000:.0f} ms (medians); load "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if budget.met(ratio) else 1


PAGE_KEYS = ("page_fanout_p99_ms", "page_reorder_p99_ms", "page_update_bytes",
             "page_flood_lag_p99_ms")


def page_only(want_platform: str) -> int:
    """``--page-only``: the players' page's measures alone, on a fight of 1000 combatants,
    printed; nothing is written."""
    from bench.fixtures import build_encounter

    work = Path(tempfile.mkdtemp(prefix="encounter-bench-"))
    display = Display(want_platform)
    try:
        print(f"building an encounter in {work} ...", flush=True)
        build_encounter(work / "1000-page", 1000, 10_000)
        shutil.copytree(work / "1000-page", work / "1000-flood")
        os.environ.update({k: v for k, v in display.env.items()
                           if k in ("DISPLAY", "QT_QPA_PLATFORM")})
        from PySide6.QtWidgets import QApplication

        from bench import measures

        app = QApplication.instance() or QApplication(sys.argv[:1])
        print(f"the players' page, 50 phones ({display.name}) ...", flush=True)
        fanout, frames, cpu, update_bytes = measures.page_fanout(work / "1000-page")
        print("64 phones flooding rolls ...", flush=True)
        lags, sent, answers = measures.page_flood_lag(work / "1000-flood")
        app.processEvents()
    finally:
        display.close()
        shutil.rmtree(work, ignore_errors=True)
    values = {"page_fanout_p99_ms": measures.percentile(fanout, 99) * 1000,
              "page_reorder_p99_ms": measures.percentile(frames, 99) * 1000,
              "page_update_bytes": float(update_bytes),
              "page_flood_lag_p99_ms": measures.percentile(lags, 99) * 1000}
    met = True
    for budget in BUDGETS:
        if budget.key in values:
            value = values[budget.key]
            met = met and budget.met(value)
            print(f"{budget.key} {value:.3f} ({budget.text}: "
                  f"{'pass' if budget.met(value) else 'FAIL'})")
    print(f"details: fanout median {statistics.median(fanout) * 1000:.1f} ms, reorder median "
          f"{statistics.median(frames) * 1000:.1f} ms (GUI thread CPU median "
          f"{statistics.median(cpu) * 1000:.1f}, p99 {measures.percentile(cpu, 99) * 1000:.1f}"
          f" ms), flood lag median "
          f"{statistics.median(lags) * 1000:.2f} max {max(lags) * 1000:.1f} ms "
          f"({len(lags)} ticks); the flood: {sent} rolls sent, answers {answers}; load "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if met else 1


def median_of(reports: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in reports)


def run(runs: int, want_platform: str) -> Results:
    from bench.fixtures import build_campaign, build_encounter

    work = Path(tempfile.mkdtemp(prefix="encounter-bench-"))
    display = Display(want_platform)
    try:
        print(f"building encounters in {work} ...", flush=True)
        folders = {"200": build_encounter(work / "200", 200, 2_000),
                   "1000": build_encounter(work / "1000", 1000, 10_000)}
        shutil.copytree(folders["1000"], work / "1000-reorder")
        shutil.copytree(folders["1000"], work / "1000-page")
        shutil.copytree(folders["1000"], work / "1000-flood")
        print(f"building a campaign of {GROWTH_DONE} finished encounters and {GROWTH_ROLLS:,}"
              " rolls ...", flush=True)
        folders["growth"] = build_campaign(work / "growth", GROWTH_DONE, GROWTH_ROLLS)
        growth_bytes = database_bytes(folders["growth"])
        print(f"start-up, memory, opening: {runs} fresh processes of each kind"
              f" ({display.name}) ...", flush=True)
        reports = startup_runs(folders, work / "baseline.db", display.env, runs)

        os.environ.update({k: v for k, v in display.env.items()
                           if k in ("DISPLAY", "QT_QPA_PLATFORM")})
        from PySide6.QtCore import qVersion
        from PySide6.QtWidgets import QApplication

        from bench import measures

        app = QApplication.instance() or QApplication(sys.argv[:1])
        print("rolls, reorder, odds ...", flush=True)
        trips = measures.roll_round_trips()
        rate = measures.rolls_per_second()
        reorder, drops, reorder_cpu = measures.reorder_times(work / "1000-reorder")
        odds_times = measures.odds_times()
        print("the players' page, 50 phones, then 64 flooding ...", flush=True)
        fanout, page_frames, page_cpu, update_bytes = measures.page_fanout(work / "1000-page")
        flood_lags, flood_sent, flood_answers = measures.page_flood_lag(work / "1000-flood")
        app.processEvents()
    finally:
        display.close()
        shutil.rmtree(work, ignore_errors=True)

    baseline_start = median_of(reports["baseline"], "start_s")
    baseline_rss = median_of(reports["baseline"], "maxrss_kb")
    values = {
        "startup_ratio": median_of(reports["app_200"], "start_s") / baseline_start,
        "roll_p99_ms": measures.percentile(trips, 99) * 1000,
        "rolls_per_s": rate,
        "reorder_p99_ms": measures.percentile(reorder, 99) * 1000,
        "open_1000_ms": median_of(reports["app_1000"], "launch_s") * 1000,
        "odds_ms": max(odds_times) * 1000,
        "rss_ratio": median_of(reports["app_1000"], "maxrss_kb") / baseline_rss,
        "growth_open_ms": median_of(reports["growth"], "launch_s") * 1000,
        "growth_db_mb": growth_bytes / MB,
        "page_fanout_p99_ms": measures.percentile(fanout, 99) * 1000,
        "page_reorder_p99_ms": measures.percentile(page_frames, 99) * 1000,
        "page_update_bytes": update_bytes,
        "page_flood_lag_p99_ms": measures.percentile(flood_lags, 99) * 1000,
    }
    ms = 1000

    def in_ms(seconds: list[float]) -> dict[str, float]:
        return {k: (v * ms if k != "count" else v) for k, v in measures.summary(seconds).items()}

    return {
        "command": COMMAND,
        "when": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "machine": {"cores": os.cpu_count(), "python": platform.python_version(),
                    "qt": qVersion(), "platform": display.name, "runs": runs,
                    # Other processes' demand for the cores while this ran (1, 5, 15 min).
                    "load_average": [round(x, 2) for x in os.getloadavg()]},
        "results": {b.key: {"value": round(values[b.key], 3), "budget": b.text,
                            "pass": b.met(values[b.key]), "what": b.what} for b in BUDGETS},
        "details": {
            "baseline_start_ms": [round(r["start_s"] * ms, 1) for r in reports["baseline"]],
            # A QMainWindow alone (no budget): the baseline's start less this is sqlmodel's.
            "bare_start_ms": [round(r["start_s"] * ms, 1) for r in reports["bare"]],
            "app_200_start_ms": [round(r["start_s"] * ms, 1) for r in reports["app_200"]],
            "app_1000_start_ms": [round(r["start_s"] * ms, 1) for r in reports["app_1000"]],
            "open_1000_ms": [round(r["launch_s"] * ms, 1) for r in reports["app_1000"]],
            "open_1000_cpu_ms": [round(r["launch_cpu_s"] * ms, 1) for r in reports["app_1000"]],
            "growth_start_ms": [round(r["start_s"] * ms, 1) for r in reports["growth"]],
            "growth_open_ms": [round(r["launch_s"] * ms, 1) for r in reports["growth"]],
            "growth_open_cpu_ms": [round(r["launch_cpu_s"] * ms, 1) for r in reports["growth"]],
            "growth_db_bytes": growth_bytes,
            "baseline_rss_mb": round(baseline_rss / 1024, 1),
            "bare_rss_mb": round(median_of(reports["bare"], "maxrss_kb") / 1024, 1),
            "app_200_rss_mb": round(median_of(reports["app_200"], "maxrss_kb") / 1024, 1),
            "app_1000_rss_mb": round(median_of(reports["app_1000"], "maxrss_kb") / 1024, 1),
            "growth_rss_mb": round(median_of(reports["growth"], "maxrss_kb") / 1024, 1),
            "roll_round_trip_ms": in_ms(trips),
            "reorder_ms": in_ms(reorder),
            "reorder_drop_only_ms": in_ms(drops),
            "reorder_gui_thread_cpu_ms": in_ms(reorder_cpu),
            "odds_ms": in_ms(odds_times),
            "page_fanout_ms": in_ms(fanout),
            "page_reorder_ms": in_ms(page_frames),
            "page_reorder_gui_thread_cpu_ms": in_ms(page_cpu),
            "page_flood_lag_ms": in_ms(flood_lags),
            "page_flood_answers": {k: float(v) for k, v in flood_answers.items()},
            "page_flood_sent": float(flood_sent),
        },
    }


def table(results: Results) -> str:
    rows = [("key", "value", "budget", "result")]
    for key, r in results["results"].items():
        rows.append((key, f"{r['value']:g}", r["budget"], "pass" if r["pass"] else "FAIL"))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes of each kind")
    parser.add_argument("--platform", choices=("auto", "xcb", "offscreen"), default="auto",
                        help="where the windows are drawn (auto: Xvfb if installed)")
    parser.add_argument("--output", type=Path, default=RESULTS)
    parser.add_argument("--startup-only", action="store_true",
                        help="only the start-up ratio, printed (results.json is left as it is)")
    parser.add_argument("--page-only", action="store_true",
                        help="only the players' page's measures, printed (results.json is "
                             "left as it is)")
    args = parser.parse_args(argv)
    if args.startup_only:
        return startup_only(args.runs, args.platform)
    if args.page_only:
        return page_only(args.platform)
    results = run(args.runs, args.platform)
    print()
    print(table(results))
    print(f"\n{results['machine']}")
    temporary = args.output.with_name(args.output.name + ".tmp")
    temporary.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    temporary.replace(args.output)
    print(f"wrote {args.output}")
    return 0 if all(r["pass"] for r in results["results"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
