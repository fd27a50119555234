"""Forge of Power's GM screen: the levels of success and sample Difficulties."""

from __future__ import annotations

from encounter_app.rules import forge_of_power as fop
from encounter_app.ui.table.reference import Row, ScreenTable


def success_table() -> list[Row]:
    return [Row("Critical Success", "DC + 10 or more", "none"),
            Row("Success", "DC + 0 … DC + 9", "half"),
            Row("Failure", "DC − 10 … DC − 1", "full"),
            Row("Critical Failure", "DC − 11 or less", "double"),
            Row("Natural 20 / natural 1", "one level up / down", "")]


def difficulty_table() -> list[Row]:
    return [Row(name, str(dc)) for name, dc in fop.SAMPLE_DIFFICULTIES.items()]


TABLES = [ScreenTable("Levels of success", success_table,
                      ("Level", "Result", "Damage from a save")),
          ScreenTable("Difficulties", difficulty_table, ("Difficulty", "DC"))]
