"""Dialogs hold still: while the GM types, ticks or picks, no button or field of any dialog
moves, so a click lands where the GM aimed it.

Every dialog class of the program is in ``CASES`` (a test fails when a new one is not): each is
opened offscreen on a demo fight's real rows, the place of every button and input field is
taken (mapped to the dialog), then every message the dialog can say is brought up (an invalid
value typed, each option ticked, each preset or combo entry picked) and the places are taken
again after each step: they must all be where they were.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QObject, QPoint, QRect, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QSpinBox,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

import encounter_app
from encounter_app.app import Launched
from encounter_app.domain import CombatantRow
from encounter_app.domain.player_rolls import PhoneResult, PhoneSubmission
from encounter_app.exchange.problems import Problem
from encounter_app.rules.casus_mus import LuckOption
from encounter_app.store.exchange import Duplicate
from encounter_app.systems.casus_mus.ui.clash_dialog import ClashDialog
from encounter_app.systems.casus_mus.ui.skill_dialog import SkillRollDialog
from encounter_app.systems.daggerheart.ui.add_combatant import AddCombatantDialog
from encounter_app.systems.daggerheart.ui.adversary_dialogs import (
    ConditionDialog,
    DamageDialog,
    _CheckedTextDialog,
)
from encounter_app.systems.daggerheart.ui.library.builder import BuilderDialog
from encounter_app.systems.daggerheart.ui.library.environment_editor import EnvironmentEditor
from encounter_app.systems.daggerheart.ui.library.paste_dialog import PasteDialog
from encounter_app.systems.daggerheart.ui.library.stat_block_editor import StatBlockEditor
from encounter_app.systems.daggerheart.ui.library.stat_block_forms import ValidatedDialog
from encounter_app.systems.daggerheart.ui.library.tier_dialog import TierMoveDialog
from encounter_app.systems.daggerheart.ui.pc_hits import HitDialog
from encounter_app.systems.daggerheart.ui.rolls.dialogs import (
    AttackDialog,
    FateRollDialog,
    ReactionDialog,
)
from encounter_app.systems.daggerheart.ui.rolls.feature_dialog import FeatureDialog
from encounter_app.systems.forge_of_power.ui.roll_dialog import FopRollDialog
from encounter_app.systems.ruins_and_raiders.ui.table import AmbushDialog
from encounter_app.systems.ruins_and_raiders.ui.trait_dialog import TraitCheckDialog
from encounter_app.ui.campaigns.dialog import CampaignManager
from encounter_app.ui.campaigns.forms import NameDialog, NewCampaignDialog, PcDialog, _Form
from encounter_app.ui.campaigns.recap_dialog import RecapDialog
from encounter_app.ui.exchange.dialogs import DuplicatesDialog, ExportChooser, ProblemsDialog
from encounter_app.ui.fight.combatant_note import CombatantNoteDialog
from encounter_app.ui.fight.countdown_dialog import CountdownDialog
from encounter_app.ui.players.inbox_tab import TypedRollDialog
from encounter_app.ui.players.share_dialog import ShareDialog
from encounter_app.ui.shell.backup_dialogs import DamagedDatabaseBox, RestoreDialog
from encounter_app.ui.shell.shortcuts import ShortcutsDialog
from encounter_app.ui.table.asks import NumberDialog
from encounter_app.ui.table.stats_dialog import StatsDialog
from tests.helpers.modal import press_in_next_modal
from tests.helpers.phone_forms import FORMS as PHONE_FORMS
from tests.helpers.phone_forms import result as phone_result

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)")

#: What the GM clicks or types into: these must not move.
FIELDS = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox, QPlainTextEdit, QTextEdit,
          QAbstractItemView)
SCREEN = (1366, 768 - 30)
#: Being rebuilt on another branch (adversary features): the lead drops the mark on merging.
REBUILT = pytest.mark.xfail(strict=False, reason="being rebuilt on branch feature")

Step = tuple[str, Callable[[], object]]


@dataclass
class Opened:
    """A dialog as the GM sees it, and everything the GM can make it say."""

    dialog: QDialog
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True)
class Case:
    dialog: type[QDialog]
    system: str
    open: Callable[[Launched, Path, QtBot], Opened]
    name: str = ""


# -- driving a dialog -------------------------------------------------------------------------

def typing(edit: QLineEdit | QPlainTextEdit, *texts: str) -> list[Step]:
    def put(text: str) -> None:
        if isinstance(edit, QLineEdit):
            edit.setText(text)
        else:
            edit.setPlainText(text)
    return [(f"{_name(edit)} = {text!r}", lambda t=text: put(t)) for text in texts]


def picking(combo: QComboBox) -> list[Step]:
    """Each entry in turn, then the first again."""
    indexes = [*range(1, combo.count()), 0] if combo.count() > 1 else []
    return [(f"{_name(combo)}: {combo.itemText(i)!r}", lambda i=i: combo.setCurrentIndex(i))
            for i in indexes]


def ticking(*boxes: QAbstractButton) -> list[Step]:
    """Each box ticked (or unticked) in turn, then each back."""
    steps: list[Step] = []
    for box in boxes:
        steps.append((f"{_name(box)} toggled", box.toggle))
    for box in boxes:
        steps.append((f"{_name(box)} toggled back", box.toggle))
    return steps


def setting(spin: QSpinBox, *values: int) -> list[Step]:
    return [(f"{_name(spin)} = {v}", lambda v=v: spin.setValue(v)) for v in values]


def checking(view: QListWidget, rows: Iterable[int]) -> list[Step]:
    def check(row: int) -> None:
        item = view.item(row)
        item.setCheckState(Qt.CheckState.Unchecked if item.checkState() == Qt.CheckState.Checked
                           else Qt.CheckState.Checked)
    return [(f"{_name(view)} row {r} ticked", lambda r=r: check(r)) for r in rows]


def _name(widget: QWidget) -> str:
    words = widget.objectName() or widget.accessibleName()
    if not words and isinstance(widget, QAbstractButton):
        words = widget.text()
    return f"{type(widget).__name__}({words})"


# -- where everything is --------------------------------------------------------------------------

def settle() -> None:
    """Let the layouts do what the change asked of them (they are posted events)."""
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def _inner(widget: QWidget, dialog: QDialog) -> bool:
    """A part of a field (a spin box's line edit, an editable combo's), not a field itself."""
    parent = widget.parentWidget()
    while parent is not None and parent is not dialog:
        if isinstance(parent, QAbstractSpinBox | QComboBox):
            return True
        parent = parent.parentWidget()
    return False


def places(dialog: QDialog) -> dict[QWidget, QRect]:
    """Every button and input field the GM can see, where it is in the dialog."""
    settle()
    return {widget: QRect(widget.mapTo(dialog, QPoint(0, 0)), widget.size())
            for widget in dialog.findChildren(QWidget)
            if isinstance(widget, FIELDS) and widget.isVisibleTo(dialog)
            and widget.window() is dialog and not _inner(widget, dialog)}


def moved(known: dict[QWidget, QRect], dialog: QDialog) -> list[str]:
    """What is no longer where it was first seen; what shows for the first time (another tab,
    another page) is where it is, from now on."""
    now = places(dialog)
    for widget, rect in now.items():
        known.setdefault(widget, rect)
    return [f"{_name(w)} {_rect(r)} -> {_rect(now[w])}" for w, r in known.items()
            if shiboken6.isValid(w) and w in now and now[w] != r]


def _rect(r: QRect) -> str:
    return f"({r.x()},{r.y()} {r.width()}x{r.height()})"


# -- the program's dialogs, each opened on a demo fight -----------------------------------------

def _countdown(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = CountdownDialog(list(program.session.countdowns))
    return Opened(d, [*picking(d.preset_combo), *typing(d.name_edit, "", "Rising water"),
                      *ticking(d.roll_check), ("roll", lambda: d.roll_check.setChecked(True)),
                      *typing(d.dice_edit, "", "1d", "1d6-9", "3d100", "x" * 40, "1d12"),
                      *picking(d.kind_combo), *picking(d.loop_combo),
                      *picking(d.trigger_combo), *ticking(d.long_term_check),
                      *picking(d.link_combo)])


def _note(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = CombatantNoteDialog("Aria", "")
    return Opened(d, typing(d.edit, "Hates bells. " * 40, ""))


class _Claims(QObject):
    """Who holds which character, as the players' page will say (the page server's branch)."""

    claims_changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.held: dict[str, str] = {}

    def claims(self) -> dict[str, str]:
        return dict(self.held)

    def release(self, name: str) -> None:
        self.held.pop(name, None)
        self.claims_changed.emit()

    def hold(self, held: dict[str, str]) -> None:
        self.held = held
        self.claims_changed.emit()


def _share(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    page = program.window.players_page
    claims = _Claims()
    d = ShareDialog(page, claims=claims)
    loopback = d.network.findData("127.0.0.1")

    def share() -> None:
        d.network.setCurrentIndex(loopback)
        d.share_button.click()

    def answered(button: str, click: Callable[[], None]) -> Callable[[], None]:
        return lambda: (press_in_next_modal(button), click())

    many = {f"A character with a long name {n}": f"Phone {n}" for n in range(9)}
    return Opened(d, [*picking(d.network), ("share", share), ("copy", d.copy_button.click),
                      ("claimed", lambda: claims.hold({"Wren": "Phone 1"})),
                      ("many claimed", lambda: claims.hold(many)),
                      ("chosen", lambda: d.holders.setCurrentIndex(d.holders_model.index(0, 0))),
                      ("released", d.release_button.click),
                      ("new key asked", answered("Cancel", d.new_key_button.click)),
                      ("new key", answered("New key", d.new_key_button.click)),
                      ("stop asked", answered("Cancel", d.share_button.click)),
                      ("stop", answered("Stop sharing", d.share_button.click)),
                      *ticking(d.keep)])


def _typed_roll(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    rows = [c for c in program.session.combatants if c.kind == "pc"]

    def read(_row: CombatantRow, submission: PhoneSubmission, gm: int) -> PhoneResult:
        form = next(f for f in PHONE_FORMS if f.key == submission.form)
        return phone_result(form, dict(submission.dice or ()), dict(submission.numbers), gm)

    d = TypedRollDialog(rows, lambda _row: PHONE_FORMS, read)
    choice = d._choice_slots[0][1]
    first_die = d._die_slots[0][1]

    def form(index: int) -> Step:
        return (f"roll {index}", lambda: d.form.setCurrentIndex(index))
    return Opened(d, [*picking(d.form), form(0), *picking(choice),
                      ("advantage", lambda: choice.setCurrentIndex(1)),
                      *setting(first_die, 12, 1), *setting(d.gm_value, 40, -3, 12),
                      *setting(d._number_slots[0][1], 20, -10), form(1),
                      *setting(first_die, 100, 1), form(2), *picking(d.who), form(0)])


def _shortcuts(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = ShortcutsDialog(program.window, card_keys=program.window.fight.card_keys)
    return Opened(d, [("a row chosen", lambda: d.table.selectRow(3))])


def _restore(program: Launched, tmp: Path, _qtbot: QtBot) -> Opened:
    d = RestoreDialog([], tmp)
    return Opened(d, [("a file chosen", lambda: d.add_file(tmp / "backup.sqlite3"))])


def _damaged(program: Launched, tmp: Path, _qtbot: QtBot) -> Opened:
    return Opened(DamagedDatabaseBox(tmp / "aside.sqlite3", tmp / "db.sqlite3", None, "why"))


def _problems(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = ProblemsDialog("f.json", (Problem(1, "Ooze", "hp", "HP must be from 1 to 12."),
                                  Problem(None, "", "", "The file is not JSON.")))
    return Opened(d, [("a row chosen", lambda: d.table.selectRow(1))])


def _duplicates(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    templates = program.store.templates()
    d = DuplicatesDialog("f.json", [Duplicate(n, t.stats, existing=t)
                                    for n, t in enumerate(templates[:3])], 5)
    return Opened(d, [*picking(d.all_combo), *[
        (f"all: {d.all_combo.itemText(i)}", lambda i=i: (d.all_combo.setCurrentIndex(i),
                                                         d.apply_to_all()))
        for i in range(d.all_combo.count())], *picking(d.combos[0])])


def _export(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = ExportChooser(program.store.templates())
    check = d.findChild(QAbstractButton, "checkShownButton")
    uncheck = d.findChild(QAbstractButton, "uncheckShownButton")
    return Opened(d, [*typing(d.filter, "solo", "zzz", ""), ("check all", check.click),
                      ("uncheck all", uncheck.click)])


def _number(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = NumberDialog(None, "Damage", "Damage to Gorm:", "Damage", 3, 0, 999)
    return Opened(d, setting(d.number, 0, 999, 5))


def _stats(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = StatsDialog(program.window.fight.rules)
    return Opened(d, [*typing(d.name, ""), ("OK without a name", d.accept),
                      *typing(d.name, "Gorm"), *picking(d.kind)])


def _recap(program: Launched, tmp: Path, _qtbot: QtBot) -> Opened:
    from encounter_app.ui.campaigns.recap_dialog import RecapFiles

    answers = [str(tmp / "a file" / "recap.md"), str(tmp / "recap.html")]
    (tmp / "a file").write_text("", encoding="utf-8")

    class Picker(RecapFiles):
        @staticmethod
        def get_save_file_name(*_args: object) -> tuple[str, str]:
            return answers.pop(0), ""

    program.window.recap_files = Picker()
    d = program.window.show_recap()
    return Opened(d, [*ticking(d.session_choice, d.players_choice),
                      ("session chosen", d.session_choice.click), *picking(d.session_picker),
                      ("a save that fails", d.save_markdown), ("a save", d.save_html),
                      ("players' version", d.players_choice.click),
                      ("GM's version", d.gm_choice.click)])


def _campaigns(program: Launched, _tmp: Path, qtbot: QtBot) -> Opened:
    d = program.window.manage_campaigns()
    assert isinstance(d, CampaignManager)
    encounters, party = d.encounters, d.party
    home = d.picker.currentIndex()

    def tabs() -> list[Step]:
        return [(f"tab {i}", lambda i=i: d.tabs.setCurrentIndex(i)) for i in range(5)]

    def encounter_rows() -> list[Step]:
        return [(f"encounter {r}", lambda r=r: encounters.view.setCurrentIndex(
            encounters.search_model.index(r, 0))) for r in range(3)]

    def rest() -> None:
        with qtbot.waitSignal(program.session.rolls.inserted):
            d.rest.short_button.click()

    def finish() -> None:
        press_in_next_modal("Finish encounter")  # Finish asks first (issue 30)
        encounters.finish()

    def pick(index: int) -> None:
        d.picker.setCurrentIndex(index)
        d.picker.activated.emit(index)

    steps = [*tabs(), ("encounters", lambda: d.tabs.setCurrentIndex(0)), *encounter_rows(),
             *typing(encounters.search, "zzz", ""),
             ("a new encounter", lambda: encounters.new_encounter("Later")),
             ("finished", finish), *encounter_rows(),
             ("party", lambda: d.tabs.setCurrentIndex(1)),
             *[(f"PC {r}", lambda r=r: party.view.selectRow(r)) for r in range(3)],
             ("between fights", lambda: d.tabs.setCurrentIndex(3)), ("a short rest", rest),
             ("rules", lambda: d.tabs.setCurrentIndex(4)),
             *ticking(*d.rules.switches.values()), *ticking(d.show_archived),
             ("archived", d.archive_button.click), ("unarchived", d.archive_button.click),
             ("another campaign", lambda: d.create_campaign("Mice", "casus_mus")), *tabs(),
             ("it archived", d.archive_button.click), ("unarchived", d.archive_button.click),
             ("back home", lambda: pick(home)), *tabs()]
    return Opened(d, steps)


def _name_dialog(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = NameDialog("Rename campaign", "The campaign", "Drowned Chapel")
    return Opened(d, typing(d.edit, "", "   ", "Ashes"))


def _new_campaign(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = NewCampaignDialog(program.systems.names())
    return Opened(d, [*typing(d.edit, "Ashes", ""), *picking(d.system)])


def _pc(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    pc = program.store.pcs(program.session.campaign.id)[0]
    d = PcDialog(program.systems.get(program.session.campaign.system), pc)
    steps = typing(d.edit, "", "Aria")
    for number in [*d.numbers.values(), *d.marks.values()]:
        steps += typing(number.edit, "x", "-5", "99999", "", number.edit.text())
    return Opened(d, steps)


def _hit(typed: bool) -> Callable[[Launched, Path, QtBot], Opened]:
    def open_(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
        pcs = [c for c in program.session.combatants if c.kind == "pc"]
        d = HitDialog([(pc, 9) for pc in pcs], "Bell Flail", typed=typed)
        steps: list[Step] = []
        for pc in d._boxes:
            steps += ticking(pc.armor)
            if typed:
                steps += setting(pc.damage, 0, 1, 4, 12, 30, 999, 9)
            steps += [("armor on", lambda b=pc.armor: b.setChecked(True)),
                      ("box off", lambda b=pc.box: b.setChecked(False)),
                      ("box on", lambda b=pc.box: b.setChecked(True))]
        return Opened(d, steps)
    return open_


def _adversary(program: Launched, kind: str = "") -> CombatantRow:
    return next(c for c in program.session.combatants if c.kind == "adversary"
                and c.stats is not None and (not kind or c.stats.type == kind))


def _damage(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    target = _adversary(program)
    d = DamageDialog(target, [])
    return Opened(d, typing(d.edit, "x", "0", "1", "5", "12", "300", "-3", "", "7"))


def _minion_damage(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    templates = program.store.templates()
    minion = next(t.stats for t in templates if t.stats.type == "Minion")
    others = [CombatantRow(kind="adversary", name=f"{minion.name} {n}", id=100 + n,
                           stats=minion, hp_max=1) for n in range(4)]
    d = DamageDialog(others[0], others[1:])
    return Opened(d, [*typing(d.edit, "3", "12"), *checking(d.minion_list, range(3)),
                      *typing(d.edit, "x", "")])


def _condition(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = ConditionDialog(_adversary(program))
    return Opened(d, typing(d.edit, "Burning", "x" * 60, "", "Hidden", "Restrained"))


def _stat_block(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    template = max(program.store.templates(),
                   key=lambda t: (len(t.stats.experiences), len(t.stats.features)))
    d = StatBlockEditor(template.stats)
    steps = [*typing(d.name, "", "x" * 80, "Ashen Sentry"),
             *typing(d.attack_name, "", "Cinder Maul"),
             *typing(d.damage, "", "1d8", "zz", "0d8 phy", "1d8+2 phy"),
             *setting(d.severe, 1, d.severe.value()), *setting(d.tier, 1, 2, 3, 4),
             *picking(d.type)]
    for editor in (d.experiences, d.features):
        if editor.rows:
            steps += typing(editor.rows[0].name, "", editor.rows[0].name.text())
    if len(d.experiences.rows) > 1:
        first, second = (row.name for row in d.experiences.rows[:2])
        steps += typing(second, first.text(), second.text())
    if d.features.rows:
        row = d.features.rows[0]
        steps += typing(row.text, "", "Does it.")
    return Opened(d, steps)


def _environment(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = EnvironmentEditor(program.store.environments()[0].stats)
    steps = typing(d.name, "", "x" * 80, "Drowned Chapel")
    if d.features.rows:
        steps += typing(d.features.rows[0].name, "", "Rising Water")
    return Opened(d, steps)


def _tier(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    templates = program.store.templates()
    original = max(templates, key=lambda t: len(t.stats.features)).stats
    d = TierMoveDialog(original, [("library", "A new library entry"), ("fight", "Only here")],
                       [t.stats.name for t in templates])
    steps = picking(d.tier)
    assert d.damage is not None
    steps += typing(d.damage, "zz", "", d.damage.text())
    steps += typing(d.name, templates[0].stats.name, "", "Brand new")
    steps += ticking(*d.targets.buttons())
    return Opened(d, steps)


def _builder(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = program.window.fight.library.open_builder()
    templates = program.store.templates()
    steps = [*ticking(d.easier, d.harder, d.extra_damage),
             ("all three", lambda: [b.setChecked(True)
                                    for b in (d.easier, d.harder, d.extra_damage)]),
             *setting(d.party_size, 1, 6, 12, 4), *setting(d.party_tier, 4, 1)]
    steps += [(f"planned {t.stats.name}", lambda t=t: d.add([t])) for t in templates]
    steps += [(f"library row {r}", lambda r=r: d.picker.view.selectRow(r)) for r in range(3)]
    return Opened(d, steps)


def _paste(program: Launched, _tmp: Path, qtbot: QtBot) -> Opened:
    from tests.ui.test_paste_stat_blocks import BROKEN, TWO

    d = program.window.fight.library.open_paste()

    def read(text: str) -> Callable[[], None]:
        def step() -> None:
            with qtbot.waitSignal(d.read_done, timeout=20_000):
                d.text.setPlainText(text)
        return step

    steps = [(f"text {n}", read(text)) for n, text in enumerate(
        (TWO, BROKEN, "Grave Moth\nTier seven Skulk", TWO + "\n" + TWO + "\n" + TWO, ""))]
    steps.insert(2, ("a problem chosen", lambda: d.tree.setCurrentItem(d.problem_items()[0])))
    steps.insert(3, ("added while broken", d.add))
    return Opened(d, steps)


def _add_combatant(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = AddCombatantDialog(program.store.templates())
    return Opened(d, [*typing(d.name, "Marlowe", "", "  "), *picking(d.kind),
                      ("an adversary", lambda: d.kind.setCurrentIndex(1)),
                      *picking(d.template)])


def _attack(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    attacker = max((c for c in program.session.combatants if c.kind == "adversary" and c.stats),
                   key=lambda c: len(c.stats.experiences) if c.stats else 0)
    pcs = [c for c in program.session.combatants if c.kind == "pc"]
    d = AttackDialog(attacker, pcs, fear=0)
    return Opened(d, [("no target", lambda: d.set_checked([])), ("one", lambda: d.set_checked(
        [0])), *ticking(d.advantage, d.disadvantage), *picking(d.experience.combo)])


def _reaction(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    adversaries_ = [c for c in program.session.combatants if c.kind == "adversary"]
    d = ReactionDialog(adversaries_, 0)
    steps = [*picking(d.actor), *picking(d.kind), *ticking(d.advantage, d.disadvantage),
             *setting(d.penalty, -3), *picking(d.experience.combo), *setting(d.penalty, 0)]
    return Opened(d, steps)


def _feature(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    """A Reaction-Roll feature (the sample Ashen Sentry's Flare Up: Agility (13))."""
    from encounter_app.systems.daggerheart.services.features import use_of

    sentry = next(c for c in program.session.combatants if c.name.startswith("Ashen Sentry"))
    pcs = [c for c in program.session.combatants if c.kind == "pc"]
    d = FeatureDialog(sentry, use_of(sentry, "Flare Up"), pcs, fear=3)
    steps: list[Step] = [*setting(d.difficulty, 20, 5, 13)]
    for total, outcome, tick in zip(d.totals, d.outcomes, d.ticks, strict=True):
        steps += [*setting(total, 25, 3, 0), *picking(outcome), *ticking(tick)]
    return Opened(d, steps)


def _fate(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = FateRollDialog()
    return Opened(d, [*typing(d.stake, "The house burns", ""), *ticking(d.hope)])


def _skill(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    rows = list(program.session.combatants)
    d = SkillRollDialog(rows, rows[0].id, program.window.roll_router, lambda _check: False)

    def typed_roll(value: int) -> Callable[[], None]:
        return lambda: (d.typed.setValue(value), d.roll())
    return Opened(d, [*picking(d.chooser.who), *picking(d.chooser.skill),
                      ("a failure typed", typed_roll(99)),
                      ("flip", lambda: d.luck(LuckOption.FLIP)),
                      ("reroll typed", lambda: (d.typed.setValue(98),
                                                d.luck(LuckOption.REROLL)))])


def _clash(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    fight = program.window.fight
    d = ClashDialog(program.session, program.window.roll_router, fight.operations)

    def step(key: str, typed: int) -> Callable[[], None]:
        return lambda: (d.typed.setValue(typed), d.step(key))
    steps = [*picking(d.attacker.who), *picking(d.defender.who),
             ("two of them", lambda: d.defender.who.setCurrentIndex(1)),
             ("attack hits", step("attack", 5)), ("no reaction", step("decline", 0))]
    resolve = d.resolve
    steps += checking(resolve.list, range(min(3, resolve.list.count())))
    steps += [*typing(resolve.expression, "zz"), ("roll bad damage", resolve.roll_button.click),
              *typing(resolve.expression, "1d8+1"),
              ("damage typed", lambda: (resolve.typed.setValue(7),
                                        resolve.roll_button.click()))]
    return Opened(d, steps)


def _trait(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    rows = list(program.session.combatants)
    d = TraitCheckDialog(rows, rows[0].id)
    steps = [*picking(d.mode)]
    for mode in range(d.mode.count()):
        steps.append((f"mode {mode}", lambda m=mode: d.mode.setCurrentIndex(m)))
        steps += [*picking(d.trait), *picking(d.actor)]
    steps += [("attack", lambda: d.mode.setCurrentIndex(2)), *picking(d.target),
              *picking(d.defence), *picking(d.range),
              ("thrown", lambda: d.range.setCurrentIndex(1)), *setting(d.distance, 200, 1),
              ("melee", lambda: d.range.setCurrentIndex(0)),
              *ticking(d.unaware, d.target_prone, d.attacker_prone),
              *setting(d.charge, 30, 0), *setting(d.typed[0], 6), *setting(d.typed[1], 6),
              *setting(d.typed[0], 0), *setting(d.typed[1], 0),
              ("task", lambda: d.mode.setCurrentIndex(0)), *picking(d.level),
              *picking(d.time), *setting(d.rush, 5, 0), ("the attacker as its target",
                                                         lambda: (d.mode.setCurrentIndex(2),
                                                                  d.target.setCurrentIndex(
                                                                      d.actor.currentIndex())))]
    return Opened(d, steps)


def _ambush(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
    d = AmbushDialog(list(program.session.combatants))
    return Opened(d, ticking(*d.boxes, d.surprise))


def _fop(attack: bool) -> Callable[[Launched, Path, QtBot], Opened]:
    def open_(program: Launched, _tmp: Path, _qtbot: QtBot) -> Opened:
        rows = list(program.session.combatants)
        d = FopRollDialog(rows, rows[0].id, program.window.roll_router,
                          lambda *_args: False, attack=attack)

        def typed(value: int, then: Callable[[], None]) -> Callable[[], None]:
            return lambda: (d.typed.setValue(value), then())
        steps = [*picking(d.attribute), *setting(d.extra, 30, -20, 0), *picking(d.label)]
        steps += [*picking(d.presets)] if not attack else [
            *checking(d.targets, range(d.targets.count())),
            ("no targets", lambda: [d.targets.item(i).setCheckState(Qt.CheckState.Unchecked)
                                    for i in range(d.targets.count())]),
            ("roll without a target", d.roll_button.click),
            ("a target", lambda: d.targets.item(0).setCheckState(Qt.CheckState.Checked)),
            *checking(d.targets, range(d.targets.count()))]
        steps += [("advantage", lambda: d.advantage.setChecked(True)),
                  ("one d20 typed", typed(12, d.roll_button.click)),
                  ("advantage off", lambda: d.advantage.setChecked(False)),
                  *typing(d.damage_dice, "zz"), ("roll bad damage", d.damage_button.click),
                  *typing(d.damage_dice, "", "4d6"), *setting(d.damage_typed, 13),
                  ("a d20 typed", typed(15, d.roll_button.click)),
                  ("rerolled", typed(3, d.reroll_button.click)),
                  ("keep the second", lambda: d.second.setChecked(True)),
                  ("record", d.accept)]
        return Opened(d, steps)
    return open_


CASES = [
    Case(CountdownDialog, "daggerheart", _countdown),
    Case(CombatantNoteDialog, "daggerheart", _note),
    Case(ShareDialog, "daggerheart", _share),
    Case(ShortcutsDialog, "daggerheart", _shortcuts),
    Case(RestoreDialog, "daggerheart", _restore),
    Case(DamagedDatabaseBox, "daggerheart", _damaged),
    Case(ProblemsDialog, "daggerheart", _problems),
    Case(DuplicatesDialog, "daggerheart", _duplicates),
    Case(ExportChooser, "daggerheart", _export),
    Case(NumberDialog, "casus_mus", _number),
    Case(StatsDialog, "casus_mus", _stats),
    Case(CampaignManager, "daggerheart", _campaigns),
    Case(RecapDialog, "daggerheart", _recap),
    Case(NameDialog, "daggerheart", _name_dialog),
    Case(NewCampaignDialog, "daggerheart", _new_campaign),
    Case(PcDialog, "daggerheart", _pc),
    Case(PcDialog, "ruins_and_raiders", _pc, "the most numbers"),
    Case(HitDialog, "daggerheart", _hit(typed=False), "from a roll"),
    Case(HitDialog, "daggerheart", _hit(typed=True), "typed"),
    Case(DamageDialog, "daggerheart", _damage),
    Case(DamageDialog, "daggerheart", _minion_damage, "minions"),
    Case(ConditionDialog, "daggerheart", _condition),
    Case(StatBlockEditor, "daggerheart", _stat_block),
    Case(EnvironmentEditor, "daggerheart", _environment),
    Case(TierMoveDialog, "daggerheart", _tier),
    Case(BuilderDialog, "daggerheart", _builder),
    Case(PasteDialog, "daggerheart", _paste),
    Case(AddCombatantDialog, "daggerheart", _add_combatant),
    Case(TypedRollDialog, "daggerheart", _typed_roll),
    Case(AttackDialog, "daggerheart", _attack),
    Case(ReactionDialog, "daggerheart", _reaction),
    Case(FeatureDialog, "daggerheart", _feature),
    Case(FateRollDialog, "daggerheart", _fate),
    Case(SkillRollDialog, "casus_mus", _skill),
    Case(ClashDialog, "casus_mus", _clash),
    Case(TraitCheckDialog, "ruins_and_raiders", _trait),
    Case(AmbushDialog, "ruins_and_raiders", _ambush),
    Case(FopRollDialog, "forge_of_power", _fop(attack=False), "check"),
    Case(FopRollDialog, "forge_of_power", _fop(attack=True), "attack"),
]
#: Bases no GM ever sees by themselves: each one's subclasses are in CASES.
BASES = {_Form, ValidatedDialog, _CheckedTextDialog}
#: Those whose file another branch is rebuilding (none now).
ELSEWHERE: set[type[QDialog]] = set()


def _all_subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_all_subclasses(sub)}
    return found


def program_dialogs() -> set[type]:
    """Every QDialog subclass defined under encounter_app/ (every module imported first)."""
    for module in pkgutil.walk_packages(encounter_app.__path__, "encounter_app."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    return {c for c in _all_subclasses(QDialog) if c.__module__.startswith("encounter_app.")}


def test_every_dialog_of_the_program_is_checked() -> None:
    checked = {case.dialog for case in CASES}
    missing = program_dialogs() - checked - BASES
    assert not missing, f"add these to CASES: {sorted(c.__qualname__ for c in missing)}"
    for base in BASES:
        assert any(issubclass(c, base) for c in checked), base


def _params(cases: Sequence[Case]) -> list[object]:
    return [pytest.param(case, id=f"{case.dialog.__name__}"
                         + (f"-{case.name.replace(' ', '_')}" if case.name else ""),
                         marks=[REBUILT] if case.dialog in ELSEWHERE else [])
            for case in cases]


@pytest.mark.parametrize("case", _params(CASES))
def test_no_button_or_field_moves_while_the_gm_types_ticks_or_picks(qtbot, launch_demo,
                                                                    tmp_path, case: Case):
    program = launch_demo(case.system)
    opened = case.open(program, tmp_path, qtbot)
    dialog = opened.dialog
    if dialog.parent() is None:
        qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    known = places(dialog)
    assert known, "no button or field found"
    problems = []
    for said, step in opened.steps:
        step()
        problems += [f"after {said}: {m}" for m in moved(known, dialog)]
    size = dialog.frameGeometry().size()
    dialog.hide()
    assert not problems, "\n".join(problems[:20])
    # The room kept for every message still fits a laptop's screen, less a taskbar.
    assert size.width() <= SCREEN[0] and size.height() <= SCREEN[1], size
