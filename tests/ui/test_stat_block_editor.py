"""The stat-block and environment editors: each bad field says why at the field, Save stays
disabled until it is fixed, and a stat block goes through the editor unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encounter_app.domain import Experience, Feature, StatBlock
from encounter_app.rules import stat_blocks as rules
from encounter_app.rules.battle_points import ADVERSARY_TYPES
from encounter_app.systems.daggerheart.sample import (
    load_sample_adversaries,
    load_sample_environments,
)
from encounter_app.systems.daggerheart.ui.library.environment_editor import EnvironmentEditor
from encounter_app.systems.daggerheart.ui.library.stat_block_editor import StatBlockEditor
from tests.helpers.strategies import feature_actions

SAMPLES = {s.name: s for s in load_sample_adversaries()}


@pytest.fixture
def editor(qtbot):
    dialog = StatBlockEditor(SAMPLES["Ashen Sentry"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def blocked(dialog, field: str, words: str) -> None:
    """Save is off, the field's own line says ``words`` and the line beside Save says it too."""
    label = dialog._problem_labels[field]
    assert not dialog.ok_button.isEnabled()
    assert label.isVisibleTo(dialog) and words in label.text(), label.text()
    assert dialog.problem.isVisibleTo(dialog) and words in dialog.problem.text()


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_goes_through_the_editor_unchanged(qtbot, name: str) -> None:
    dialog = StatBlockEditor(SAMPLES[name])
    qtbot.addWidget(dialog)
    assert dialog.problems() == {}
    assert dialog.ok_button.isEnabled()
    assert dialog.stats() == SAMPLES[name]


def test_a_damage_that_does_not_parse_is_explained_at_the_field(editor) -> None:
    editor.damage.setText("1d12+")
    blocked(editor, "damage", "Damage:")
    editor.damage.setText("1d12+2")
    blocked(editor, "damage", "1d12+2 phy or 1d12+2 mag")
    editor.damage.setText("1d12+2 phy")
    assert editor.ok_button.isEnabled() and not editor._problem_labels["damage"].text()
    assert editor.stats().damage == "1d12+2 phy"


def test_major_must_be_below_severe(editor) -> None:
    editor.major.setValue(16)
    blocked(editor, "severe", "Severe (16) must be above Major (16)")
    editor.severe.setValue(17)
    assert editor.ok_button.isEnabled()


def test_a_minion_has_no_thresholds_and_a_horde_its_size(editor) -> None:
    editor.major.setValue(30)  # would be wrong for anyone with thresholds
    editor.type.setCurrentText("Minion")
    assert not editor.major.isVisible() and editor.no_thresholds.isVisible()
    assert editor.ok_button.isEnabled()
    assert (editor.stats().major, editor.stats().severe) == (None, None)
    editor.type.setCurrentText("Horde")
    assert editor.horde_size.isVisible()
    editor.horde_size.setValue(4)
    editor.major.setValue(9)
    assert editor.stats().type == "Horde (4/HP)"


@pytest.mark.parametrize(("widget", "field", "words"), [
    ("name", "name", "Give the adversary a name"),
    ("attack_name", "attack_name", "Give the standard attack a name"),
    ("damage", "damage", "Type the damage"),
])
def test_empty_text_fields_are_named(editor, widget: str, field: str, words: str) -> None:
    getattr(editor, widget).setText("   ")
    blocked(editor, field, words)


def test_numbers_stay_in_range(editor) -> None:
    for box, low, high in ((editor.tier, 1, 4), (editor.difficulty, 1, 40),
                           (editor.hp, 1, 50), (editor.stress, 0, 50),
                           (editor.attack_modifier, -10, 20)):
        box.setValue(high + 5)
        assert box.value() == high
        box.setValue(low - 5)
        assert box.value() == low
    assert editor.attack_modifier.text() == "-10"
    editor.attack_modifier.setValue(3)
    assert editor.attack_modifier.text() == "+3"


def test_features_and_experiences_are_added_checked_moved_and_removed(qtbot, editor) -> None:
    features = editor.features
    row = features.add_row()
    assert row.problem.text() == "Give the feature a name. Say what it does."
    assert "Feature 4: Give the feature a name" in editor.problem.text()
    assert not editor.ok_button.isEnabled()
    row.name.setText("Countdown Burn")
    assert row.problem.text() == "Say what Countdown Burn does."
    row.text.setPlainText("Spend a Fear to start burning.")
    row.kind.setCurrentText("Action")
    row.fear.setChecked(True)
    row.has_countdown.setChecked(True)
    row.countdown.setValue(3)
    assert editor.ok_button.isEnabled() and not row.problem.text()
    qtbot.mouseClick(row.up, qtbot_button())
    assert [f.name for f in editor.stats().features][2] == "Countdown Burn"
    assert editor.stats().features[2] == Feature("Countdown Burn", "Action",
                                                 "Spend a Fear to start burning.", True, 3)
    qtbot.mouseClick(features.rows[0].remove, qtbot_button())
    assert [f.name for f in editor.stats().features] == ["Flare Up", "Countdown Burn",
                                                        "Tip the Balance"]

    experience = editor.experiences.add_row()
    experience.name.setText("unyielding")
    assert "listed twice" in experience.problem.text() and not editor.ok_button.isEnabled()
    experience.name.setText("Tremor Sense")
    experience.bonus.setValue(3)
    assert editor.stats().experiences == (Experience("Unyielding", 2),
                                          Experience("Tremor Sense", 3))


def qtbot_button():
    from PySide6.QtCore import Qt

    return Qt.MouseButton.LeftButton


def test_enter_does_not_save_a_bad_stat_block(qtbot, editor) -> None:
    editor.damage.setText("banana")
    editor.accept()
    assert editor.result() == 0 and editor.isVisible()


def test_a_new_adversary_starts_blocked_for_its_names(qtbot) -> None:
    dialog = StatBlockEditor()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "New adversary"
    assert set(dialog.problems()) == {"name", "attack_name"}
    qtbot.keyClicks(dialog.name, "Gutter Rat")
    qtbot.keyClicks(dialog.attack_name, "Bite")
    assert dialog.ok_button.isEnabled()
    assert dialog.stats().name == "Gutter Rat"


def test_the_environment_editor_checks_and_keeps_everything(qtbot) -> None:
    chapel = load_sample_environments()[0]
    dialog = EnvironmentEditor(chapel)
    qtbot.addWidget(dialog)
    assert dialog.block() == chapel and dialog.ok_button.isEnabled()
    dialog.name.setText("")
    blocked(dialog, "name", "Give the environment a name")
    dialog.name.setText("Drier Chapel")
    dialog.type.setCurrentText("Event")
    dialog.features.rows[0].has_countdown.setChecked(False)
    assert dialog.block() == replace(
        chapel, name="Drier Chapel", type="Event",
        features=(replace(chapel.features[0], countdown=None), *chapel.features[1:]))


words = st.text(alphabet=st.characters(categories=("L", "N"), include_characters=" '-&<"),
                min_size=1, max_size=30).map(str.strip).filter(bool)
# A GM's correction of a reading, with a damage the editor takes (its type said).
readings = feature_actions.filter(lambda a: a.damage is None or not rules.damage_problem(a.damage))
features = st.builds(Feature, name=words, kind=st.sampled_from(rules.FEATURE_KINDS),
                     text=words, fear=st.booleans(),
                     countdown=st.none() | st.integers(*rules.COUNTDOWN),
                     reading=st.none() | readings)


@st.composite
def stat_blocks(draw) -> StatBlock:
    base = draw(st.sampled_from(ADVERSARY_TYPES))
    minion = base == "Minion"
    major = None if minion else draw(st.integers(1, 98))
    severe = None if minion else draw(st.integers(major + 1, 99))
    names = draw(st.lists(words, max_size=3, unique_by=str.casefold))
    return StatBlock(
        name=draw(words), tier=draw(st.integers(*rules.TIERS)),
        type=rules.type_text(base, draw(st.integers(*rules.HORDE_SIZE))),
        difficulty=draw(st.integers(*rules.DIFFICULTY)), major=major, severe=severe,
        hp=draw(st.integers(*rules.HP)), stress=draw(st.integers(*rules.STRESS)),
        attack_modifier=draw(st.integers(*rules.ATTACK_MODIFIER)), attack_name=draw(words),
        attack_range=draw(st.sampled_from(rules.RANGES)),
        damage=draw(st.sampled_from(("1d12+2 phy", "3 mag", "2d6 phy/mag", "1d20-1 mag"))),
        description=draw(st.just("") | words), motives=draw(st.just("") | words),
        experiences=tuple(Experience(n, draw(st.integers(*rules.EXPERIENCE_BONUS)))
                          for n in names),
        features=tuple(draw(st.lists(features, max_size=3))))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stats=stat_blocks())
def test_any_valid_stat_block_goes_through_the_editor_unchanged(qtbot, stats) -> None:
    dialog = StatBlockEditor(stats)
    try:
        assert dialog.problems() == {} and dialog.ok_button.isEnabled()
        assert dialog.stats() == stats
    finally:
        dialog.deleteLater()
