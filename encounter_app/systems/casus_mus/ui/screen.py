"""Casus Mus' GM screen: the opposed roll table and Luck Points by POW."""

from __future__ import annotations

from encounter_app.rules import casus_mus as cm
from encounter_app.ui.table.reference import Row, ScreenTable

GRADES = (cm.Grade.CRITICAL, cm.Grade.SUCCESS, cm.Grade.FAILURE, cm.Grade.FUMBLE)
GRADE_NAMES = {cm.Grade.CRITICAL: "criticals", cm.Grade.SUCCESS: "succeeds",
               cm.Grade.FAILURE: "fails", cm.Grade.FUMBLE: "fumbles"}


def opposed_table() -> list[Row]:
    """The text's opposed roll table, defender rows, attacker columns, plus not reacting."""
    rows = []
    for defender in (*GRADES, None):
        cells = [cm.resolve_clash(attacker, 50, defender, 60).cell for attacker in GRADES]
        label = "Does not react" if defender is None else f"Defender {GRADE_NAMES[defender]}"
        rows.append(Row(label, *cells))
    return rows


def luck_table() -> list[Row]:
    return [Row(f"{low}–{low + 5}", str(cm.luck_points(low))) for low in (1, 7, 13, 19, 25)]


TABLES = [ScreenTable("Opposed rolls", opposed_table,
                      ("", "Attacker criticals", "Attacker succeeds", "Attacker fails",
                       "Attacker fumbles")),
          ScreenTable("Luck Points", luck_table, ("POW", "Luck Points"))]
