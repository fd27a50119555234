"""encounter-app import FILE: what it prints, its exit status, and a database left untouched
whenever the file or the folder is refused. In-process, but for one run as a GM would."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from encounter_app import exit_codes
from encounter_app.__main__ import main
from encounter_app.store import Store
from encounter_app.ui.shell.data_lock import DataFolderLock
from tests.helpers.systems import SYSTEMS


def templates(data: Path) -> list[tuple]:
    connection = sqlite3.connect(data / "encounter.db")
    try:
        return connection.execute("SELECT name, tier, source, difficulty FROM adversary_template"
                                  " ORDER BY id").fetchall()
    finally:
        connection.close()


NO_WIDGETS = """
import sys
from encounter_app.__main__ import main
code = main(sys.argv[1:])
assert "PySide6.QtWidgets" not in sys.modules, "the import loaded Qt's widgets"
sys.exit(code)
"""


def test_the_srd_file_imports_from_a_real_process_without_a_display(tmp_path, srd_file):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM",
                                                            "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-c", NO_WIDGETS, "import", str(srd_file),
                             "--data-dir", str(tmp_path)], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (f"Imported 129 adversaries from adversaries.json into "
            f"{tmp_path.resolve() / 'encounter.db'}") in result.stdout
    assert "entry 122 (Outer Realms Abomination), atk" in result.stdout  # the one note
    assert result.stderr == ""
    assert len(templates(tmp_path)) == 129


def bad_srd(tmp_path: Path, srd_file: Path) -> Path:
    data = json.loads(srd_file.read_text(encoding="utf-8-sig"))
    data[0]["thresholds"] = "15/8"
    data[40]["damage"] = "2d6 fire"
    del data[128]["hp"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_bad_file_prints_every_problem_and_imports_nothing(tmp_path, srd_file, capsys):
    data = tmp_path / "data"
    assert main(["import", str(srd_file), "--data-dir", str(data)]) == exit_codes.OK
    before = (data / "encounter.db").read_bytes()
    capsys.readouterr()

    code = main(["import", str(bad_srd(tmp_path, srd_file)), "--data-dir", str(data)])
    out, err = capsys.readouterr()
    assert code == exit_codes.IMPORT_REFUSED == 7
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == "encounter-app: bad.json: 3 problems, nothing was imported:"
    assert lines[1].startswith("  entry 1 (Acid Burrower), thresholds: Major threshold 15")
    assert lines[2].startswith("  entry 41 (") and ", damage: " in lines[2]
    assert lines[3] == "  entry 129 (Zombie Legion), hp: missing"
    assert (data / "encounter.db").read_bytes() == before


@pytest.mark.parametrize(("choice", "count", "said"), [
    ("skip", 129, "(129 skipped as duplicates: Acid Burrower, Bear, Cave Ogre, Construct, "
                  "Courtier and 124 more)"),
    ("replace", 129, "(129 replaced: Acid Burrower"),
    ("keep", 258, "Imported 129 adversaries"),
])
def test_duplicates_on_the_command_line(tmp_path, srd_file, capsys, choice, count, said):
    main(["import", str(srd_file), "--data-dir", str(tmp_path)])
    capsys.readouterr()
    assert main(["import", str(srd_file), "--data-dir", str(tmp_path),
                 "--on-duplicate", choice]) == exit_codes.OK
    assert said in capsys.readouterr().out
    assert len(templates(tmp_path)) == count


def test_a_missing_file(tmp_path, capsys):
    code = main(["import", str(tmp_path / "nowhere.json"), "--data-dir", str(tmp_path)])
    assert code == exit_codes.IMPORT_REFUSED
    assert "nowhere.json" in capsys.readouterr().err
    assert not (tmp_path / "encounter.db").exists()


def test_a_running_window_on_the_folder_refuses_the_import(tmp_path, srd_file, capsys,
                                                          qtbot):
    holder = DataFolderLock(tmp_path)
    assert holder.acquire()
    try:
        code = main(["import", str(srd_file), "--data-dir", str(tmp_path)])
    finally:
        holder.release()
    assert code == exit_codes.RUNNING
    assert "already running" in capsys.readouterr().err
    assert not (tmp_path / "encounter.db").exists()


def test_a_database_from_another_program_is_left_alone(tmp_path, srd_file, capsys):
    path = tmp_path / "encounter.db"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE recipes (id INTEGER)")
    other.commit()
    other.close()
    before = path.read_bytes()
    assert main(["import", str(srd_file), "--data-dir", str(tmp_path)]) == exit_codes.REFUSED
    assert "another program" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_a_damaged_database_is_not_set_aside_by_an_import(tmp_path, srd_file, capsys):
    Store.open(tmp_path, SYSTEMS).close()
    path = tmp_path / "encounter.db"
    raw = bytearray(path.read_bytes())
    raw[4096:8192] = bytes(range(256)) * 16
    path.write_bytes(bytes(raw))
    assert main(["import", str(srd_file), "--data-dir", str(tmp_path)]) == exit_codes.DAMAGED
    assert "offered the newest backup" in capsys.readouterr().err
    assert path.read_bytes() == bytes(raw) and not list(tmp_path.glob("*corrupt*"))


def test_an_encounter_file_imports_with_its_combatants_and_fear(tmp_path, capsys):
    from encounter_app.exchange.encounter_file import write_encounter
    from encounter_app.store.exchange import encounter_file

    path = tmp_path / "fight.json"
    demo_file(tmp_path / "a", path,
              lambda store, fight: write_encounter(encounter_file(store, fight.id)))
    fear = json.loads(path.read_text(encoding="utf-8"))["encounter"]["fear"]

    assert main(["import", str(path), "--data-dir", str(tmp_path / "b")]) == exit_codes.OK
    assert ("Imported the encounter 'Ambush at the chapel steps' (7 combatants, 2 countdowns)"
            in capsys.readouterr().out)
    target = Store.open(tmp_path / "b", SYSTEMS)
    try:
        latest = target.latest_encounter()
        assert len(target.combatants(latest.id)) == 7
        assert target.campaign(latest.campaign_id).fear == fear
    finally:
        target.close()


def test_help_names_the_import_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "encounter-app import FILE" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["import", "--help"])
    out = capsys.readouterr().out
    assert "--on-duplicate {skip,replace,keep}" in out and "7  (import)" in out


def demo_file(data: Path, path: Path, export) -> int:
    """Write ``export(store, demo_fight)`` (a file's text) to ``path``, from the demo fight in
    the folder ``data``; returns the fight's id."""
    from tests.helpers.systems import create_demo

    store = Store.open(data, SYSTEMS)
    try:
        fight = create_demo(store, seed=1)
        path.write_text(export(store, fight), encoding="utf-8")
        return fight.id
    finally:
        store.close()


def test_a_campaign_file_imports_as_a_new_campaign(tmp_path, capsys):
    from encounter_app.exchange.campaign_file import write_campaign
    from encounter_app.store.exchange import campaign_file

    path = tmp_path / "chapel.json"
    demo_file(tmp_path / "home", path,
              lambda store, fight: write_campaign(campaign_file(store, fight.campaign_id)))
    data = tmp_path / "table"
    assert main(["import", str(path), "--data-dir", str(data)]) == exit_codes.OK
    assert "the campaign 'Demo: The Drowned Chapel' (3 PCs, 1 encounter)" in (
        capsys.readouterr().out)
    store = Store.open(data, SYSTEMS)
    try:
        [campaign] = store.campaigns()
        assert [pc.name for pc in store.pcs(campaign.id)] == [
            "Aria Vell (Seraph)", "Brannoc (Guardian)", "Wren Tallow (Rogue)"]
    finally:
        store.close()


def test_an_imported_encounter_is_the_one_the_window_opens_next(tmp_path, capsys):
    from encounter_app.exchange.encounter_file import write_encounter
    from encounter_app.store.exchange import encounter_file

    path = tmp_path / "fight.json"
    fight_id = demo_file(tmp_path / "data", path,
                         lambda store, fight: write_encounter(encounter_file(store, fight.id)))
    assert main(["import", str(path), "--data-dir", str(tmp_path / "data")]) == exit_codes.OK
    assert "it opens at the next start" in capsys.readouterr().out
    store = Store.open(tmp_path / "data", SYSTEMS)
    try:
        assert store.encounter_to_open() != fight_id
        assert store.encounter(store.encounter_to_open()).name == "Ambush at the chapel steps"
    finally:
        store.close()


def raw_at(text: str, path: tuple, raw: str) -> str:
    """The JSON ``text`` with the value at ``path`` written as ``raw``, as it is."""
    data = json.loads(text)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = "\u0000raw\u0000"
    return json.dumps(data, indent=2).replace('"\\u0000raw\\u0000"', raw)


HP = ("encounter", "combatants", 1, "hp_max")
# The five ways a file once made the importer print a traceback and exit 1.
CAUSES = {
    "digits": (lambda t: raw_at(t, HP, "9" * 5000),
               ", hp_max: expected a whole number, found a number of 5000 digits (at most 20)"),
    "nesting": (lambda t: raw_at(t, HP, "[" * 1000 + "]" * 1000),
                "  file: is nested more than 64 deep (lists and objects inside each other) at "
                "line 41, column 79"),
    "features": (lambda t: raw_at(t, ("encounter", "environment", "features"), '["The bell"]'),
                 "  encounter environment features 1: expected an object {…}, found "
                 "'The bell'"),
    "infinity": (lambda t: raw_at(t, HP, "Infinity"),
                 ", hp_max: expected a whole number, found Infinity"),
    "surrogate": (lambda t: raw_at(t, ("encounter", "combatants", 1, "name"), '"Ash\\ud800"'),
                  "  combatant 2 (Ash\\ud800), name: contains a character that is not valid "
                  "text (U+D800 at character 4)"),
}


@pytest.fixture(scope="module")
def fight_text(tmp_path_factory) -> str:
    from encounter_app.exchange.encounter_file import write_encounter
    from encounter_app.store.exchange import encounter_file

    path = tmp_path_factory.mktemp("export") / "fight.json"
    demo_file(path.parent / "data", path,
              lambda store, fight: write_encounter(encounter_file(store, fight.id)))
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("cause", CAUSES)
def test_each_cause_of_a_traceback_is_a_refusal_naming_it(tmp_path, capsys, fight_text, cause):
    mutate, line = CAUSES[cause]
    path = tmp_path / "fight.json"
    path.write_text(mutate(fight_text), encoding="utf-8")
    code = main(["import", str(path), "--data-dir", str(tmp_path / "data")])
    out, err = capsys.readouterr()
    assert code == exit_codes.IMPORT_REFUSED == 7
    assert out == "" and "Traceback" not in err
    first, *problems = err.splitlines()
    assert first == "encounter-app: fight.json: 1 problem, nothing was imported:"
    assert [p for p in problems if line in p] == problems, problems
    assert not (tmp_path / "data" / "encounter.db").exists()  # refused before the database


def test_a_nesting_too_deep_is_refused_by_a_real_process(tmp_path, fight_text):
    path = tmp_path / "deep.json"
    path.write_text(CAUSES["nesting"][0](fight_text), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "encounter_app", "import", str(path),
                             "--data-dir", str(tmp_path / "data")], capture_output=True,
                            text=True, timeout=120)
    assert (result.returncode, result.stdout) == (exit_codes.IMPORT_REFUSED, "")
    assert "is nested more than 64 deep" in result.stderr
    assert "Traceback" not in result.stderr


STAT_TEXTS = Path(__file__).parent / "exchange" / "stat_texts"


def test_a_text_file_of_two_stat_blocks_imports(tmp_path, capsys):
    data = tmp_path / "data"
    code = main(["import", str(STAT_TEXTS / "two_blocks.txt"), "--data-dir", str(data)])
    out, err = capsys.readouterr()
    assert code == exit_codes.OK, err
    assert out == (f"Imported 2 adversaries (Giant Mosquitoes, Tiny Red Ooze) from "
                   f"two_blocks.txt into {data.resolve() / 'encounter.db'}\n")
    assert err == ""
    # The library's Source column names the file.
    assert templates(data) == [("Giant Mosquitoes", 1, "two_blocks.txt", 10),
                               ("Tiny Red Ooze", 1, "two_blocks.txt", 11)]


def test_markdown_imports_and_its_notes_are_printed(tmp_path, capsys):
    text = (STAT_TEXTS / "book_bear.txt").read_text(encoding="utf-8").replace(
        "Difficulty: 14", "Difficulty: 24")
    path = tmp_path / "bear.md"
    path.write_text(text, encoding="utf-8")
    assert main(["import", str(path), "--data-dir", str(tmp_path / "data")]) == exit_codes.OK
    out = capsys.readouterr().out
    assert out.startswith("note: block 1 (Bear), line 5: Difficulty 24 is unusual for tier 1")
    assert templates(tmp_path / "data") == [("Bear", 1, "bear.md", 24)]


def test_a_broken_text_file_prints_every_problem_by_block_line_and_field(tmp_path, capsys):
    data = tmp_path / "data"
    assert main(["import", str(STAT_TEXTS / "book_bear.txt"), "--data-dir", str(data)]) == 0
    before = (data / "encounter.db").read_bytes()
    capsys.readouterr()

    code = main(["import", str(STAT_TEXTS / "broken_two_blocks.txt"), "--data-dir", str(data)])
    out, err = capsys.readouterr()
    assert code == exit_codes.IMPORT_REFUSED == 7
    assert out == ""
    assert err.splitlines() == [
        "encounter-app: broken_two_blocks.txt: 6 problems, nothing was imported:",
        "  block 1 (Bear), line 5: Difficulty 'fourteen' is not a number",
        "  block 1 (Bear), line 5: HP is missing",
        "  block 1 (Bear), line 6: Damage: expected the number of sides after 'd' at "
        "position 2 (the end) in '1d'",
        "  block 1 (Bear), line 7: Experience 'Keen Senses' is not an experience such as "
        "'Tremor Sense +2'",
        "  block 1 (Bear), line 9: Feature 1 (Overwhelming Force): unknown feature kind "
        "'Sometimes': the name should end in - Passive, - Action or - Reaction",
        "  block 2 (Tiny Red Ooze), line 15: Thresholds: Major threshold 9 must be below "
        "Severe 5"]
    assert (data / "encounter.db").read_bytes() == before


def test_help_names_the_text_files(capsys):
    with pytest.raises(SystemExit):
        main(["import", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert ".txt or .md" in out and "block 1 (Bear), line 5" in out
