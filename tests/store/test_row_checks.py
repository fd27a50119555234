"""Every row a database holds is checked at opening against what the program writes, and the
first that is not is named, table, row and field (store/row_checks.py)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import SQLModel

from encounter_app.domain import CombatantRow, FearEventRow, RollRow, TemplateRow
from encounter_app.domain.feature_readings import NOTHING, reading_json
from encounter_app.domain.json_data import read_as
from encounter_app.domain.rows import StatBlock
from encounter_app.exchange import statblock
from encounter_app.store import DB_NAME, Store, migrate, row_checks
from encounter_app.store.errors import DamagedRow
from tests.helpers.databases import build_at, change_behind, revisions
from tests.helpers.rows import BANDIT
from tests.helpers.strategies import stat_blocks
from tests.helpers.systems import KEYS, SYSTEMS, create_demo, create_sample


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A first start's demo (the library, a campaign, a fight, a roll) to copy and damage."""
    folder = tmp_path_factory.mktemp("demo")
    store = Store.open(folder, SYSTEMS)
    encounter = create_demo(store, seed=1)
    store.insert_roll(encounter.id, RollRow(kind="dice", summary="2d6: 7"))
    store.record_fear(encounter.campaign_id, FearEventRow(1, 4, "a roll with Fear",
                                                          encounter_id=encounter.id))
    store.close()
    return folder / DB_NAME


def damaged(demo: Path, tmp_path: Path, *statements: str) -> str:
    """What the checks say of a copy of the demo changed by ``statements``."""
    database = tmp_path / DB_NAME
    database.write_bytes(demo.read_bytes())
    change_behind(database, *statements)
    with pytest.raises(DamagedRow) as found:
        migrate.check_file(database, SYSTEMS)
    return found.value.detail


@pytest.mark.parametrize("key", KEYS)
def test_what_the_program_writes_passes(tmp_path: Path, key: str) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    create_sample(store, key, seed=2)
    store.close()
    assert migrate.check_file(tmp_path / DB_NAME, SYSTEMS) is True


def reading(**change: object) -> str:
    """SQL: a feature's reading (a GM's correction) as JSON, changed by ``change``."""
    return "json('" + json.dumps({**reading_json(NOTHING), **change}) + "')"


@pytest.mark.parametrize(("statement", "said"), [
    # The seven rows of issue 29.
    ("UPDATE campaign SET system = 'chess'", "campaign row 1, system: no rule system called "
     "'chess' (known: daggerheart, casus_mus, ruins_and_raiders, forge_of_power)"),
    ("UPDATE countdown SET value = 'many' WHERE id = 1",
     "countdown row 1, value: expected a whole number, found 'many'"),
    ("UPDATE combatant SET kind = 'dragon' WHERE id = 4",
     "combatant row 4, kind: expected one of 'pc', 'adversary', 'npc', found 'dragon'"),
    ("UPDATE countdown SET kind = 'weird' WHERE id = 2", "countdown row 2, kind: expected one "
     "of 'standard', 'progress', 'consequence', found 'weird'"),
    ("UPDATE campaign SET fear = 99", "campaign row 1, fear: 99 is out of range: 0 to 12"),
    ("UPDATE adversary_template SET tier = 'two' WHERE id = 3",
     "adversary_template row 3, tier: expected a whole number, found 'two'"),
    ("UPDATE combatant SET name = CAST(x'ff41' AS TEXT) WHERE id = 2",
     "combatant row 2, name: the text is not valid UTF-8"),
    # Marks within their tracks, a countdown within its start.
    ("UPDATE combatant SET hp_marked = hp_max + 1 WHERE id = 4",
     "combatant row 4, hp_marked: 7 is out of range: 0 to 6"),
    ("UPDATE countdown SET value = start + 1 WHERE id = 1",
     "countdown row 1, value: 7 is out of range: 0 to 6"),
    ("UPDATE countdown SET start = 0, value = 0 WHERE id = 1",
     "countdown row 1, start: 0 is out of range: 1 to 999"),
    ("UPDATE fear_event SET value = 13", "fear_event row 1, value: 13 is out of range: 0 to 12"),
    # The kinds the program knows, and how it stores numbers, flags, times and text.
    ("UPDATE encounter SET status = 'lost'",
     "encounter row 1, status: expected one of 'draft', 'active', 'done', found 'lost'"),
    ("UPDATE encounter SET scene_intensity = 'epic'", "encounter row 1, scene_intensity: "
     "expected one of 'incidental', 'minor', 'standard', 'major', 'climactic', found 'epic'"),
    ("UPDATE countdown SET trigger = 'moon' WHERE id = 1", "countdown row 1, trigger: expected"
     " one of 'action', 'pc_miss', 'manual', found 'moon'"),
    ("UPDATE countdown SET visible = 2 WHERE id = 1",
     "countdown row 1, visible: expected 0 or 1, found 2"),
    ("UPDATE campaign SET created_at = 'yesterday'",
     "campaign row 1, created_at: expected a date and time, found 'yesterday'"),
    ("UPDATE campaign SET created_at = '2026-02-30 10:00:00.000000'",
     "campaign row 1, created_at: expected a date and time, found '2026-02-30 10:00:00.000000'"),
    ("UPDATE combatant SET hp_max = 2.5 WHERE id = 4",
     "combatant row 4, hp_max: expected a whole number, found 2.5"),
    ("UPDATE combatant SET notes = x'00ff' WHERE id = 1",
     "combatant row 1, notes: expected text, found bytes"),
    ("UPDATE pc SET name = NULL WHERE id = 1", None),  # NOT NULL: SQLite refuses it itself
    # Every row's parent is there.
    ("UPDATE countdown SET encounter_id = 99 WHERE id = 1",
     "countdown row 1, encounter_id: no encounter with id 99"),
    # JSON of the shape its class reads.
    ("UPDATE combatant SET stat_block = '{\"name\": \"Bandit' WHERE id = 4",
     "combatant row 4, stat_block: expected JSON, found text that is not"),
    ("UPDATE combatant SET stat_block = json_set(stat_block, '$.tier', 7) WHERE id = 4",
     "combatant row 4, stat_block tier: 7 is out of range: 1 to 4"),
    ("UPDATE combatant SET stat_block = json_set(stat_block, '$.hp', 'lots') WHERE id = 4",
     "combatant row 4, stat_block hp: expected a whole number, found 'lots'"),
    ("UPDATE combatant SET conditions = '[\"Vulnerable\", 3]' WHERE id = 1",
     "combatant row 1, conditions 2: expected text, found 3"),
    ("UPDATE adversary_template SET features = '[{\"name\": \"Sly\", \"kind\": \"Sometimes\", "
     "\"text\": \"\"}]' WHERE id = 1", "adversary_template row 1, features 1 kind: expected one "
     "of 'Passive', 'Action', 'Reaction', found 'Sometimes'"),
    # A feature's reading: of the kinds, within the limits, naming what the rules know.
    ("UPDATE adversary_template SET features = json_set(features, '$[1].reading', "
     f"{reading(range='Nearby')}) WHERE id = 1", "adversary_template row 1, features 2 reading "
     "range: expected one of 'Melee', 'Very Close', 'Close', 'Far', 'Very Far', found 'Nearby'"),
    ("UPDATE adversary_template SET features = json_set(features, '$[0].reading', "
     f"{reading(reaction_roll='Luck')}) WHERE id = 2", "adversary_template row 2, features 1 "
     "reading reaction_roll: expected one of 'Agility', 'Strength', 'Finesse', 'Instinct', "
     "'Presence', 'Knowledge', found 'Luck'"),
    ("UPDATE adversary_template SET features = json_set(features, '$[0].reading', "
     f"{reading(conditions=['Restrained', 'Hidden'])}) WHERE id = 1", "adversary_template row 1,"
     " features 1 reading conditions 2: expected one of 'Restrained', 'Vulnerable', found "
     "'Hidden'"),
    ("UPDATE adversary_template SET features = json_set(features, '$[0].reading', "
     f"{reading(cost_fear=-1)}) WHERE id = 1",
     "adversary_template row 1, features 1 reading cost_fear: -1 is out of range: 0 to 12"),
    ("UPDATE adversary_template SET features = json_set(features, '$[0].reading', "
     f"{reading(attack='yes')}) WHERE id = 1",
     "adversary_template row 1, features 1 reading attack: expected true or false, found 'yes'"),
    ("UPDATE combatant SET stat_block = json_set(stat_block, '$.features[2].reading', "
     f"{reading(target_stress='two')}) WHERE id = 4", "combatant row 4, stat_block features 3 "
     "reading target_stress: expected a whole number, found 'two'"),
    ("UPDATE combatant SET stat_block = json_set(stat_block, '$.features[0].reading', "
     "json('[]')) WHERE id = 4", "combatant row 4, stat_block features 1 reading: expected "
     "an object {…}, found []"),
    ("UPDATE encounter SET summary = '{\"rounds\": \"three\"}'",
     "encounter row 1, summary rounds: expected a whole number, found 'three'"),
    ("UPDATE campaign SET options = '{\"spotlight_tokens\": 40}'",
     "campaign row 1, options spotlight_tokens: 40 is out of range: 1 to 9"),
    ("UPDATE campaign SET options = 'null'", "campaign row 1, options: expected a value, "
                                             "found null"),
    ("UPDATE combatant SET stat_block = json_set(stat_block, '$.name', "
     "CAST(x'c3' AS TEXT)) WHERE id = 4",
     "combatant row 4, stat_block: the text is not valid UTF-8"),
    # Each system's sheets and states, read by the campaign's system.
    ("UPDATE pc SET stats = json_set(stats, '$.evasion', 'high') WHERE id = 1",
     "pc row 1, stats evasion: expected a whole number, found 'high'"),
    ("UPDATE combatant SET system_state = '{\"hope\": \"lots\"}' WHERE id = 1",
     "combatant row 1, system_state hope: expected a whole number, found 'lots'"),
    ("UPDATE encounter SET system_state = '{\"round_zero\": true}'",
     "encounter row 1, system_state round_zero: is not a field of this kind"),
])
def test_a_row_the_program_never_writes_is_named(demo: Path, tmp_path: Path, statement: str,
                                                 said: str | None) -> None:
    if said is None:
        with pytest.raises(sqlite3.IntegrityError):
            damaged(demo, tmp_path, statement)
        return
    assert damaged(demo, tmp_path, statement) == said


def test_a_features_reading_the_program_writes_passes(tmp_path: Path) -> None:
    corrected = dataclasses.replace(BANDIT, features=tuple(
        dataclasses.replace(f, reading=dataclasses.replace(
            NOTHING, attack=True, range="Far", damage="2d6 phy", cost_stress=1,
            conditions=frozenset({"Restrained", "Vulnerable"}), reaction_roll="Agility",
            reaction_difficulty=14, half_on_success=True)) for f in BANDIT.features))
    store = Store.open(tmp_path, SYSTEMS)
    encounter = create_demo(store, seed=1)
    store.insert_templates([TemplateRow(None, corrected, "homebrew")])
    store.insert_combatant(encounter.id, CombatantRow(kind="adversary", name="Bandit", hp_max=5,
                                                      stress_max=2, stats=corrected))
    store.close()
    assert migrate.check_file(tmp_path / DB_NAME, SYSTEMS) is True


def test_opening_sets_a_damaged_database_aside_and_starts_afresh(demo: Path,
                                                                tmp_path: Path) -> None:
    database = tmp_path / DB_NAME
    database.write_bytes(demo.read_bytes())
    change_behind(database, "UPDATE countdown SET value = 'many' WHERE id = 1")
    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.damage == "countdown row 1, value: expected a whole number, found 'many'"
        assert store.kept_aside is not None and store.kept_aside.exists()
        assert store.campaigns() == []  # a new, empty database
    finally:
        store.close()


def test_a_database_of_an_older_version_is_checked_once_brought_up_to_date(
        tmp_path: Path) -> None:
    database = tmp_path / DB_NAME
    build_at(database, revisions()[0])
    change_behind(database, "UPDATE combatant SET kind = 'dragon' WHERE id = 2")
    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.damage == ("combatant row 2, kind: expected one of 'pc', 'adversary', "
                                "'npc', found 'dragon'")
        assert store.kept_aside is not None
    finally:
        store.close()


def test_a_backup_that_holds_a_damaged_row_is_not_offered(demo: Path, tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    try:
        create_demo(store, seed=1)
        good = store.backup()
        bad = store.backup()
        change_behind(bad, "UPDATE combatant SET kind = 'dragon' WHERE id = 1")
        offered = store.latest_usable_backup()
        assert offered is not None and offered.path == good
    finally:
        store.close()


def test_the_roll_log_is_checked_with_the_whole_file_after_start(demo: Path,
                                                                tmp_path: Path) -> None:
    database = tmp_path / DB_NAME
    database.write_bytes(demo.read_bytes())
    change_behind(database, "UPDATE roll_record SET public = 'yes'")
    store = Store.open(tmp_path, SYSTEMS)  # not before the window: it is the largest table
    try:
        assert store.kept_aside is None
        assert store.verify() == ["roll_record row 1, public: expected 0 or 1, found 'yes'"]
    finally:
        store.close()


# -- the checks come from the program ------------------------------------------------------


def test_every_json_column_has_its_shape_or_its_system() -> None:
    from sqlalchemy import JSON

    found = {(table.name, column.name) for table in SQLModel.metadata.sorted_tables
             for column in table.columns if isinstance(column.type, JSON)}
    assert found == set(row_checks.SHAPES) | set(row_checks.SYSTEM_VALUES)


def test_every_rule_names_a_column() -> None:
    names = {(table.name, column.name) for table in SQLModel.metadata.sorted_tables
             for column in table.columns}
    assert set(row_checks.CHOICES) <= names
    assert set(row_checks.COLUMN_RANGES) <= names


def test_a_stat_blocks_ranges_are_an_imports() -> None:
    limits = statblock.LIMITS
    assert {name: row_checks.STAT_RANGES[name] for name in (
        "tier", "difficulty", "hp", "stress", "attack_modifier")} == {
        name: limits[name] for name in ("tier", "difficulty", "hp", "stress", "attack_modifier")}
    assert row_checks.STAT_RANGES["major"] == row_checks.STAT_RANGES["severe"] == (
        limits["threshold"])
    assert row_checks.STAT_RANGES["bonus"] == limits["experience"]
    assert row_checks.STAT_RANGES["countdown"] == limits["countdown"]


def shape_fits(kind: object, value: object) -> bool:
    """Whether the SQL of a JSON shape takes ``value`` (as JSON text)."""
    connection = sqlite3.connect(":memory:")
    try:
        fits = row_checks._fits(kind, row_checks._Place("?1", "'$'"), 1)
        (answer,) = connection.execute(f"SELECT coalesce({fits}, 0)",
                                       (json.dumps(value),)).fetchone()
        return bool(answer)
    finally:
        connection.close()


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(stat_blocks())
def test_the_sql_of_a_stat_block_takes_every_stat_block(stats: StatBlock) -> None:
    assert shape_fits(StatBlock, stats.to_json())


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([f.name for f in dataclasses.fields(StatBlock)]),
       st.one_of(st.text(max_size=5), st.integers(-1000, 1000), st.booleans(), st.none(),
                 st.lists(st.integers(), max_size=2)))
def test_the_sql_of_a_stat_block_refuses_what_its_reader_refuses(field: str,
                                                                  value: object) -> None:
    data = {**BANDIT.to_json(), field: value}
    try:
        read_as(StatBlock, data)  # the domain's strict reader of a dataclass
        low, high = row_checks.STAT_RANGES.get(field, (None, None))
        refused = isinstance(value, int) and low is not None and not (
            low <= value <= (high if high is not None else value))
    except ValueError:
        refused = True
    assert shape_fits(StatBlock, data) is not refused


def test_a_start_loads_the_checks_of_its_campaigns_systems_alone(tmp_path: Path) -> None:
    # The catalog loads a system when first asked: checking a file of Casus Mus campaigns asks
    # for Casus Mus, and only for it (tests/ui/test_startup_imports.py: the whole start).
    store = Store.open(tmp_path, SYSTEMS)
    create_sample(store, "casus_mus")
    store.insert_combatant(1, CombatantRow(kind="npc", name="Guard"))
    store.close()
    from encounter_app.systems import default_systems

    catalog = default_systems()
    migrate.check_file(tmp_path / DB_NAME, catalog)
    assert [key for key in catalog if key in catalog._loaded] == ["casus_mus"]


def test_in_a_file_of_several_games_each_row_is_read_by_its_own(tmp_path: Path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    create_sample(store, "casus_mus")
    forge = create_sample(store, "forge_of_power")
    fighter = store.combatants(forge.id)[0]
    store.close()
    # Casus Mus' Action Points are no field of Forge of Power's state.
    change_behind(tmp_path / DB_NAME, "UPDATE combatant SET system_state = '{\"ap\": 1}' "
                  f"WHERE id = {fighter.id}")
    from encounter_app.systems import default_systems

    catalog = default_systems()
    with pytest.raises(DamagedRow) as found:
        migrate.check_file(tmp_path / DB_NAME, catalog)
    assert found.value.detail == (f"combatant row {fighter.id}, system_state ap: is not a field "
                                  "of this kind")
    assert sorted(key for key in catalog if key in catalog._loaded) == [
        "casus_mus", "forge_of_power"]


def test_a_damaged_schema_whose_message_is_not_text_is_damage(demo: Path, tmp_path: Path
                                                              ) -> None:
    # SQLite's message quotes the damaged bytes, and sqlite3 decodes messages strictly: it
    # raised UnicodeDecodeError, not DatabaseError, out of the checks (a traceback at start).
    database = tmp_path / DB_NAME
    database.write_bytes(demo.read_bytes())
    change_behind(database, "PRAGMA writable_schema = ON",
                  "UPDATE sqlite_master SET sql = replace(sql, 'NOT NULL', 'NOT N' || "
                  "CAST(x'90' AS TEXT) || 'LL') WHERE name = 'campaign'")
    store = Store.open(tmp_path, SYSTEMS)
    try:
        assert store.kept_aside is not None
        assert "malformed database schema (campaign)" in store.damage
    finally:
        store.close()
