"""Databases made and read behind the store's back, for the tests that open them.

Made: a small database of today (``make_database``), one as the first version of the program
wrote it (``first_version_database``, opened from source and in the frozen bundle), one at any
revision with every table filled (``build_at``), and the migrations of a newer program
(``newer_migrations``, ``newer_program``). Read without the store: every row (``dump``), the
revision stamped in the file (``revision_of``), and every revision the scripts hold
(``revisions``).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory

from encounter_app.domain import CombatantRow, RollRow
from encounter_app.store import DB_NAME, Store, migrate, packing
from tests.helpers.rows import BANDIT
from tests.helpers.systems import SYSTEMS


def make_database(data: Path) -> Path:
    """A closed Encounter Manager database with a little of everything in it."""
    store = Store.open(data, SYSTEMS)
    campaign = store.create_campaign("Witherwild", system="daggerheart", party_size=4, fear=3)
    encounter = store.create_encounter(campaign.id, "Ambush")
    store.insert_combatant(encounter.id, CombatantRow(kind="pc", name="Marlowe", evasion=11))
    for i in range(3):
        store.insert_roll(encounter.id, RollRow(kind="attack", summary=f"roll {i}",
                                                payload={"i": i}))
    store.close()
    return data / DB_NAME


def first_version_database(data: Path) -> Path:
    """``data/encounter.db`` at revision 0001: campaign "Old" (Fear 5, 3 PCs), "Old fight" in
    round 2 with the PC Aria (2 HP and 1 Stress marked) and the countdown Tide at 3 of 4."""
    data.mkdir(parents=True, exist_ok=True)
    path = data / DB_NAME
    engine = sa.create_engine(f"sqlite:///{path}")
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    engine.dispose()
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("INSERT INTO campaign (id, name, system, party_size, fear, created_at)"
                           " VALUES (1, 'Old', 'daggerheart', 3, 5, '2026-01-01 00:00:00')")
        connection.execute("INSERT INTO encounter (id, campaign_id, name, round, scene_intensity,"
                           " created_at) VALUES (1, 1, 'Old fight', 2, 'standard',"
                           " '2026-01-01 00:00:00')")
        connection.execute("INSERT INTO combatant (encounter_id, position, kind, name, hp_max,"
                           " hp_marked, stress_max, stress_marked, conditions, hidden) VALUES"
                           " (1, 0, 'pc', 'Aria', 6, 2, 6, 1, '[]', 0)")
        connection.execute("INSERT INTO countdown (encounter_id, position, name, start, value,"
                           " kind, loop, long_term) VALUES (1, 0, 'Tide', 4, 3, 'standard',"
                           " 'none', 0)")
    connection.close()
    return path


def played_database(data: Path, key: str, *, rolls: int = 12) -> Path:
    """``data/encounter.db`` as a GM leaves it after a little play of ``key``'s sample fight:
    rolls the rules made logged (``rolls`` of them), a Fear gained with its ledger line and the
    fight's environment chosen (in a game with them), a countdown ticked, a mark on a
    combatant, the spotlight passed, a finished encounter with its summary, and the open
    encounter remembered."""
    import random
    from dataclasses import replace

    from encounter_app.domain import FearEventRow
    from encounter_app.domain.campaign_rows import EncounterEntry
    from encounter_app.domain.requests import DiceRequest, RollResult
    from encounter_app.domain.roll_text import describe
    from encounter_app.services.rolls.rules_service import compute
    from encounter_app.store.campaigns import OPEN_ENCOUNTER
    from tests.helpers.systems import create_sample

    store = Store.open(data, SYSTEMS)
    try:
        encounter = create_sample(store, key, seed=4)
        rng = random.Random(4)
        with store.unit():
            for n in range(rolls):
                request = DiceRequest(("2d6+1", "1d20+3", "3d8 mag", "2d20kh1")[n % 4], "a roll")
                store.insert_roll(encounter.id,
                                  describe(RollResult(n + 1, request, compute(request, rng))))
        campaign = store.campaign(encounter.campaign_id)
        assert campaign.id is not None
        if SYSTEMS.get(key).has_fear:
            store.record_fear(campaign.id, FearEventRow(
                1, min(12, campaign.fear + 1), "a roll with Fear", encounter_id=encounter.id))
        for environment in store.environments()[:1]:  # where the fight is (Daggerheart's)
            store.set_encounter_environment(encounter.id, environment.stats)
        countdowns = store.countdowns(encounter.id)
        if countdowns:
            store.update_countdown(replace(countdowns[0], value=countdowns[0].value - 1))
        first, *_ = store.combatants(encounter.id)
        store.update_combatant(replace(first, hp_marked=min(first.hp_max, first.hp_marked + 1)))
        store.set_turn(encounter.id, first.id, 2)
        done = store.create_encounter(campaign.id, "Yesterday's fight", status="done")
        store.update_encounter_entry(EncounterEntry("Yesterday's fight", done.id, "done",
                                                    "Session 1", store.summarize(done.id)))
        store.remember(OPEN_ENCOUNTER, str(encounter.id))
    finally:
        store.close()
    return data / DB_NAME


# Values the program reads with meaning (not just any string): a stat block that parses, a
# kind the window knows. Everything else gets a value made from its type.
REPRESENTATIVE: dict[tuple[str, str], Any] = {
    ("campaign", "system"): "daggerheart",
    ("combatant", "kind"): "adversary",
    ("combatant", "stat_block"): BANDIT.to_json(),
    ("combatant", "conditions"): ["Vulnerable", "Hidden"],
    ("countdown", "kind"): "standard",
    ("countdown", "loop"): "none",
    ("countdown", "trigger"): "action",
    ("encounter", "scene_intensity"): "standard",
    ("adversary_template", "damage"): "1d8+1 phy",
    ("adversary_template", "experiences"): [{"name": "Thief", "bonus": 2}],
    ("adversary_template", "features"): [
        {"name": "Climber", "kind": "Passive", "text": "Climbs easily.", "fear": False}],
    ("roll_record", "payload"): {"request": {"expression": "2d6"}, "result": {"total": 7}},
    ("encounter", "active_combatant_id"): 1,
    ("encounter", "environment"): {"name": "Flooded Crypt", "tier": 1, "type": "Exploration",
                                   "difficulty": 12},
    ("environment", "features"): [
        {"name": "Rising Water", "kind": "Action", "text": "The water rises.", "fear": True,
         "countdown": 4}],
    ("encounter", "status"): "active",
    ("encounter", "summary"): {"rounds": 3, "fear_gained": 2, "fear_spent": 1,
                               "defeated": ["Bandit"], "rolls": 7},
    ("pc", "stats"): {"evasion": 10, "major": 7, "severe": 14, "hp": 6, "stress": 6, "hope": 2,
                      "armor": 3},
    # The campaign is Daggerheart's: a combatant keeps no sheet of its own, a tracked PC's state
    # (its system's typed class, as JSON), and the encounter no turn state.
    ("combatant", "system_stats"): {},
    ("combatant", "system_state"): {"major": 7, "severe": 14, "armor": 3, "armor_marked": 1,
                                    "hope": 2, "vulnerable_from_stress": True,
                                    "spotlight_tokens_used": 1},
    ("encounter", "system_state"): {},
    ("fight_event", "kind"): "turn",  # the event log (0010): the spotlight moved
    # A player's roll from a phone (0009), waiting for the GM.
    ("phone_roll", "status"): "waiting",
    ("phone_roll", "payload"): {
        "combatant_id": 1, "form": "action", "numbers": [{"key": "modifier", "value": 2}],
        "choices": [], "table_dice": [{"key": "hope", "value": 9}, {"key": "fear", "value": 4}],
        "device": "d" * 22, "page": "p", "dice": [{"key": "hope", "value": 9},
                                                  {"key": "fear", "value": 4}],
        "rolled_for_them": False, "note": "", "result": None},
}
ROWS_PER_TABLE = 2


def _value(table: str, column: sa.Column, n: int) -> Any:
    if (table, column.name) in REPRESENTATIVE:
        value = REPRESENTATIVE[(table, column.name)]
        # a JSON value in a BLOB column is stored packed (the roll log's payload since 0007)
        return packing.pack(value) if isinstance(column.type, sa.LargeBinary) else value
    if column.foreign_keys:
        return 1  # the first row of the referenced table
    kind = column.type
    if isinstance(kind, sa.Boolean):
        return n % 2 == 0
    if isinstance(kind, sa.Integer):
        return 3 + n
    if isinstance(kind, sa.Float | sa.Numeric):
        return 1.5 + n
    if isinstance(kind, sa.DateTime):
        return datetime(2026, 1, 2, 3, 4, 5 + n)
    if isinstance(kind, sa.JSON):
        return {"kept": [n, "value"]}
    return f"{table}.{column.name} {n}"


def build_at(path: Path, revision: str) -> dict[str, list[dict[str, Any]]]:
    """A database at ``revision`` with ROWS_PER_TABLE rows in every table; returns the rows."""
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        config = migrate.alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
        metadata = sa.MetaData()
        metadata.reflect(engine)
        written: dict[str, list[dict[str, Any]]] = {}
        with engine.begin() as connection:
            for table in metadata.sorted_tables:
                if table.name == "alembic_version":
                    continue
                rows = [{c.name: (n + 1 if c.primary_key and isinstance(c.type, sa.Integer)
                                  else _value(table.name, c, n))
                         for c in table.columns} for n in range(ROWS_PER_TABLE)]
                connection.execute(table.insert(), rows)
                written[table.name] = rows
        return written
    finally:
        engine.dispose()


TODAYS_MIGRATIONS = migrate.MIGRATIONS
TODAYS_HEAD = migrate.head_revision(TODAYS_MIGRATIONS)

NEXT_REVISION = '''
import sqlalchemy as sa
from alembic import op

revision = "9001_next"
down_revision = "{down}"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table("marker", sa.Column("id", sa.Integer, primary_key=True))
    with op.batch_alter_table("campaign") as batch_op:
        batch_op.add_column(sa.Column("next_note", sa.String, nullable=True))
    if {fail}:
        raise RuntimeError("migration 9001_next failed half way")


def downgrade():
    pass
'''


def newer_migrations(tmp_path: Path, *, fail: bool) -> Path:
    """A newer program's migrations: a copy of today's plus the revision after today's head
    (NEXT_REVISION, failing half way if ``fail``), in ``tmp_path/migrations``. Made again,
    only that revision is rewritten. migrate's functions that read the scripts take it."""
    scripts = tmp_path / "migrations"
    if not scripts.exists():
        shutil.copytree(TODAYS_MIGRATIONS, scripts, ignore=shutil.ignore_patterns("__pycache__"))
    (scripts / "versions" / "9001_next.py").write_text(
        NEXT_REVISION.format(down=TODAYS_HEAD, fail=fail))
    return scripts


def newer_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, fail: bool) -> Path:
    """Make Store.open and Store.restore run ``newer_migrations``, as a newer program would.

    They take no migrations folder (store.py hands none to migrate), so this patches
    migrate.MIGRATIONS for the test; a test of migrate's own functions passes the folder.
    """
    scripts = newer_migrations(tmp_path, fail=fail)
    monkeypatch.setattr(migrate, "MIGRATIONS", scripts)
    return scripts


def dump(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table of a database file, read without the store."""
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        tables = [row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: connection.execute(f'SELECT * FROM "{table}" ORDER BY 1').fetchall()
                for table in tables}
    finally:
        connection.close()


def revision_of(path: Path) -> list[str]:
    """The revision stamped in the file's alembic_version table, read without the store."""
    connection = sqlite3.connect(path)
    try:
        return [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
    finally:
        connection.close()


def revisions() -> list[str]:
    """Every revision in the scripts, oldest first."""
    script = ScriptDirectory.from_config(migrate.alembic_config())
    return [r.revision for r in reversed(list(script.walk_revisions()))]


def roll_log_at_0006(data: Path, rolls: int) -> list[dict]:
    """``data/encounter.db`` at revision 0006 (before the payloads were packed) whose roll log
    holds ``rolls`` payloads as JSON text, besides build_at's rows; returns those payloads."""
    data.mkdir()
    path = data / DB_NAME
    build_at(path, "0006")
    payloads = [{"request": {"expression": f"{n % 9 + 1}d6", "label": "Bandit " * (n % 4)},
                 "result": {"total": n, "dice": [n % 6 + 1] * 3, "text": "x" * 120}}
                for n in range(rolls)]
    connection = sqlite3.connect(path)
    with connection:
        connection.executemany(
            "INSERT INTO roll_record (encounter_id, created_at, kind, actor, summary, detail,"
            " payload, public) VALUES (1, '2026-01-01 00:00:00', 'dice', '', 's', 'd', ?, 0)",
            [(json.dumps(p),) for p in payloads])
    connection.close()
    return payloads


def change_behind(database: Path, *statements: str) -> None:
    """Change the file behind the program's back, as a hand or a tool would: ``statements``
    run with sqlite3 and committed."""
    connection = sqlite3.connect(database)
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()
