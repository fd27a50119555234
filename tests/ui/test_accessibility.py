"""Every control a GM can reach says what it is to a screen reader; state is said in words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QScrollBar,
    QTabBar,
    QWidget,
)

from encounter_app.services.fight.commands import SetMarks
from encounter_app.ui.fight.models import RowRole

CONTROLS = (QAbstractButton, QAbstractItemView, QAbstractSlider, QAbstractSpinBox, QComboBox,
            QLineEdit, QTabBar)


def unnamed(root: QWidget) -> list[str]:
    missing = []
    for widget in root.findChildren(QWidget):
        if isinstance(widget, QScrollBar) or not widget.isVisibleTo(root):
            continue
        if isinstance(widget.parentWidget(), QAbstractSpinBox | QComboBox):
            continue  # a spin box's own line edit: the spin box is what is named
        reachable = isinstance(widget, CONTROLS) or (
            widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        if not reachable:
            continue
        text = widget.text() if isinstance(widget, QAbstractButton) else ""
        if not (widget.accessibleName() or text.replace("&", "").strip()):
            missing.append(f"{type(widget).__name__} {widget.objectName()!r} in "
                           f"{type(widget.parentWidget()).__name__}")
    return missing


def test_every_control_in_both_windows_has_an_accessible_name(qtbot, program):
    window = program.window
    window.table_controls.player_screen.action.trigger()
    display = window.table_controls.player_screen.display
    qtbot.waitExposed(display)
    assert unnamed(window) == []
    assert unnamed(display) == []


def test_a_defeated_adversary_is_said_in_words_not_only_greyed(qtbot, program):
    session = program.session
    sentry = next(c for c in session.combatants if c.name == "Ashen Sentry")
    program.undo_stack.push(SetMarks(session, sentry.id, sentry.hp_max, 0))
    model = program.window.initiative_model
    row = session.combatants.index_of(sentry.id)
    assert "defeated" in model.index(row).data(Qt.ItemDataRole.AccessibleTextRole)
    assert model.index(row).data(RowRole).defeated


def test_the_dialogs_name_their_controls_too(qtbot, program):
    from encounter_app.systems.daggerheart.ui.add_combatant import AddCombatantDialog
    from encounter_app.systems.daggerheart.ui.rolls.dialogs import (
        AttackDialog,
        FateRollDialog,
        ReactionDialog,
    )
    from encounter_app.ui.fight.countdown_dialog import CountdownDialog

    session = program.session
    adversaries = [c for c in session.combatants if c.kind == "adversary"]
    pcs = [c for c in session.combatants if c.kind == "pc"]
    dialogs = [AttackDialog(adversaries[0], pcs, 3), ReactionDialog(adversaries, 3),
               FateRollDialog(), CountdownDialog(list(session.countdowns)),
               AddCombatantDialog(program.store.templates()),
               program.window.table_controls.show_shortcuts()]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        assert unnamed(dialog) == [], type(dialog).__name__


def _luminance(colour) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def test_error_text_is_readable_on_the_window_in_either_theme(qapp):
    """WCAG's 4.5:1 for normal text, between the error red and the window behind it."""
    from PySide6.QtGui import QColor, QPalette

    from encounter_app.ui.shell import theme

    light = QPalette(QColor("#efefef"))
    for palette in (light, theme.dark_palette()):
        window = palette.color(QPalette.ColorRole.Window)
        bright, dim = sorted((_luminance(theme.error_colour(palette)), _luminance(window)),
                             reverse=True)
        assert (bright + 0.05) / (dim + 0.05) >= 4.5
