"""Every field that feeds the rules says what is wrong as it is typed, not only by greying OK.

The dice line is fuzzed: whatever the GM types, either Roll is enabled and the expression
really rolls, or Roll is disabled and a message says what is wrong (where).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain import CombatantRow, TemplateRow
from encounter_app.rules import dice
from encounter_app.systems.daggerheart.sample import load_sample_adversaries
from encounter_app.systems.daggerheart.ui.add_combatant import AddCombatantDialog
from encounter_app.systems.daggerheart.ui.rolls.dialogs import AttackDialog
from encounter_app.ui.fight.countdown_dialog import CountdownDialog
from encounter_app.ui.shell.window_parts import DiceRoller


@pytest.fixture(scope="module")
def roller(qapp):
    widget = DiceRoller()
    yield widget
    widget.deleteLater()


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=30)
       | st.from_regex(r"\A\d{0,4}d\d{0,5}(k[hl]\d{0,3})?([+-]\d{0,5}d?\d{0,4}){0,3}\Z"))
def test_the_dice_line_either_rolls_or_says_what_is_wrong(roller: DiceRoller, text: str) -> None:
    roller.edit.setText(text)
    if roller.button.isEnabled():
        assert not roller.error.text()  # it says nothing (its room stays)
        assert dice.roll(text.strip(), random.Random(1)).expression  # and it does roll
    elif text.strip():
        assert roller.error.isVisibleTo(roller) and roller.error.text().strip()
        with pytest.raises(dice.DiceError):
            dice.max_dice(text.strip())


def test_a_combatant_without_a_name_is_explained(qtbot) -> None:
    dialog = AddCombatantDialog([])
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled()
    assert dialog.problem.isVisibleTo(dialog) and "name" in dialog.problem.text()
    qtbot.keyClicks(dialog.name, "Marlowe")
    assert ok.isEnabled() and not dialog.problem.text()
    dialog.name.setText("   ")
    assert not ok.isEnabled() and "name" in dialog.problem.text()

    dialog.kind.setCurrentIndex(dialog.kind.findData("adversary"))
    assert not ok.isEnabled() and "library is empty" in dialog.problem.text()


def test_an_adversary_from_the_library_needs_no_typing(qtbot) -> None:
    templates = [TemplateRow(1, stats) for stats in load_sample_adversaries()]
    dialog = AddCombatantDialog(templates)
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData("adversary"))
    assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    assert not dialog.problem.text()


def test_a_countdown_without_a_name_is_explained(qtbot) -> None:
    dialog = CountdownDialog()
    qtbot.addWidget(dialog)
    label = dialog.error_label
    assert label.isVisibleTo(dialog) and "countdown a name" in label.text()
    qtbot.keyClicks(dialog.name_edit, "Rising water")
    assert dialog.ok_button.isEnabled() and not label.text()


def test_an_attack_without_a_target_is_explained(qtbot) -> None:
    stats = load_sample_adversaries()[0]
    attacker = CombatantRow(kind="adversary", name=stats.name, id=1, stats=stats)
    dialog = AttackDialog(attacker, [CombatantRow(kind="pc", name="Aria", id=2, evasion=9)])
    qtbot.addWidget(dialog)
    assert dialog.roll_button.isEnabled() and not dialog.problem.text()
    dialog.set_checked([])
    assert not dialog.roll_button.isEnabled()
    assert dialog.problem.isVisibleTo(dialog) and "target" in dialog.problem.text()
