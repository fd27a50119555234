"""The GM screen of Casus Mus, Ruins & Raiders and Forge of Power: the texts' tables to look up.

Every cell comes from the rules modules, so the screen and the rolls can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTabWidget, QWidget

from encounter_app.rules import casus_mus as cm
from encounter_app.rules import forge_of_power as fop
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.ui.fight.gm_screen import TupleTableModel


class Row(NamedTuple):
    a: str
    b: str = ""
    c: str = ""
    d: str = ""
    e: str = ""


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


def level_table() -> list[Row]:
    return [Row(f"{name}", str(value)) for name, value in rr.CHALLENGE_LEVELS.items()]


def extra_time_table() -> list[Row]:
    rows = [Row(f"×{times}", f"+{bonus}") for times, bonus in rr.EXTRA_TIME_BONUS.items()]
    return rows + [Row(f"rushed, {n} halving{'s' if n > 1 else ''}", f"+{rr.rush_penalty(n)} "
                       "to the challenge level") for n in (1, 2)]


def _prone(attack: rr.Attack) -> int:
    return rr.prone_modifier(attack, target_prone=True)


def modifier_table() -> list[Row]:
    return [
        Row("Short range (thrown)", "+1 per space between"),
        Row("Long range (bows, spells)", "+1 per 5 spaces between"),
        Row("Target unaware (surprise)", f"flat {rr.SURPRISE_CHALLENGE} + range"),
        Row("Target prone, melee", f"{_prone(rr.Attack.MELEE)} (easier to hit)"),
        Row("Target prone, ranged", f"+{_prone(rr.Attack.RANGED)}"),
        Row("Attacker prone", f"+{rr.PRONE_MODIFIER} to the target's defense"),
        Row("Jump", f"{rr.JUMP_CHALLENGE_PER_SPACE} × spaces"),
        Row("Momentum (charge)", f"+1 damage per {rr.MOMENTUM_SPACES_PER_DAMAGE} spaces"),
        Row("Holding into the next round", f"+{rr.HOLD_INITIATIVE_BONUS} initiative"),
    ]


def success_table() -> list[Row]:
    return [Row("Critical Success", "DC + 10 or more", "none"),
            Row("Success", "DC + 0 … DC + 9", "half"),
            Row("Failure", "DC − 10 … DC − 1", "full"),
            Row("Critical Failure", "DC − 11 or less", "double"),
            Row("Natural 20 / natural 1", "one level up / down", "")]


def difficulty_table() -> list[Row]:
    return [Row(name, str(dc)) for name, dc in fop.SAMPLE_DIFFICULTIES.items()]


#: A system's tables: title, the rows, the column headers.
TABLES: dict[str, list[tuple[str, Callable[[], list[Row]], tuple[str, ...]]]] = {
    "casus_mus": [("Opposed rolls", opposed_table, ("", "Attacker criticals",
                                                    "Attacker succeeds", "Attacker fails",
                                                    "Attacker fumbles")),
                  ("Luck Points", luck_table, ("POW", "Luck Points"))],
    "ruins_and_raiders": [("Challenge levels", level_table, ("Task", "Challenge level")),
                          ("Extra time", extra_time_table, ("Time taken", "Bonus")),
                          ("Modifiers", modifier_table, ("Situation", "Change"))],
    "forge_of_power": [("Levels of success", success_table, ("Level", "Result",
                                                             "Damage from a save")),
                       ("Difficulties", difficulty_table, ("Difficulty", "DC"))],
}


class SystemReference(QTabWidget):
    def __init__(self, system_key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("systemReference")
        self.setAccessibleName("GM screen")
        for title, rows, headers in TABLES[system_key]:
            view = QTableView()
            view.setObjectName(f"reference{title.replace(' ', '')}")
            view.setModel(TupleTableModel(rows(), [(h, f) for h, f in zip(
                headers, Row._fields, strict=False)], view))
            view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            view.verticalHeader().hide()
            view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
            view.setWordWrap(True)
            # Rows follow the wrapped text at the width the dock really has.
            view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            self.addTab(view, title)
