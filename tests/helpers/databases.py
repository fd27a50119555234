"""Databases made and read behind the store's back, for the tests that open them.

``first_version_database`` is a file as the first version of the program wrote it, with a
little in it: what the migration tests (from source and in the frozen bundle) open and expect
migrated.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from encounter_app.store import DB_NAME, migrate


def first_version_database(data: Path) -> Path:
    """``data/encounter.db`` at revision 0001: campaign "Old" (Fear 5, 3 PCs), "Old fight" in
    round 2 with the PC Aria (2 HP and 1 Stress marked) and the countdown Tide at 3 of 4."""
    from alembic import command
    from sqlalchemy import create_engine

    data.mkdir(parents=True, exist_ok=True)
    path = data / DB_NAME
    engine = create_engine(f"sqlite:///{path}")
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
