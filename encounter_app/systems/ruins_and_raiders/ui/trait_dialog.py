"""Ruins & Raiders trait check: 2d6 + trait against a challenge level built from the text's rules.

A task (the challenge level table, extra time, rushing), a jump (4 per space), or an attack on
another combatant's Dodge or Parry with range, prone and surprise; the dialog shows the
challenge level and how it was made before anything is rolled.

What this round left behind counts too (``services/systems/ruins_round.py``): a melee attack on
a combatant who charged this round takes the charge's momentum, and the bonuses of actions
given up (Aim, Haymaker, Defend, Resist, Look) each appear as a named part, ticked, that the GM
may untick. The check records the charge and uses up the bonuses it took.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain import CombatantRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.rows import stored_id
from encounter_app.rules import ruins_and_raiders as rr
from encounter_app.rules.dice import Typed
from encounter_app.services.fight.turns import stat
from encounter_app.systems.ruins_and_raiders.requests import TraitCheckRequest
from encounter_app.systems.ruins_and_raiders.services import round as ruins_round
from encounter_app.systems.ruins_and_raiders.sheet import LABELS
from encounter_app.systems.ruins_and_raiders.state import stats_of
from encounter_app.systems.ruins_and_raiders.ui.profile import dodge_parry
from encounter_app.ui.widgets.combo import combatant_combo
from encounter_app.ui.widgets.dialog_buttons import accept_buttons
from encounter_app.ui.widgets.message import MessageLine
from encounter_app.ui.widgets.typed import typed_die

TRAITS = ("warrior", "athlete", "perception", "brawn", "fortitude", "defiance")
TIMES = (1, 2, 3, 4, 5, 6, 8, 10)
TASK, JUMP, ATTACK, OPPOSED = range(4)
#: At most four parts from this round count at once: an attack's Aim, Haymaker, the target's
#: Defend and the momentum of its charge. The room for them is kept, so nothing moves.
ROUND_SLOTS = 4
TRAIT, CHALLENGE, WOUNDS = "trait", "challenge", "wounds"


@fields_repr
@dataclass(frozen=True, repr=False)
class RoundPart:
    """A number this round left behind that counts in the check: a charge's momentum or the
    bonus of an action given up. ``adds_to`` the roll (TRAIT), the challenge level or the
    wounds of a hit; ``sacrifice`` is used up (or kept, Defend) when the check is recorded."""

    key: str
    text: str  # the check box: what it is and whose
    log: str  # its name in the log line
    adds_to: str
    bonus: int
    owner: int
    sacrifice: rr.Sacrifice | None = None
    tip: str = ""  # why it counts, and for how long


def _form(parent: QStackedWidget) -> QFormLayout:
    page = QWidget()
    parent.addWidget(page)
    form = QFormLayout(page)
    form.setContentsMargins(0, 0, 0, 0)
    return form


class TraitCheckDialog(QDialog):
    def __init__(self, rows: list[CombatantRow], actor: int | None,
                 parent: QWidget | None = None, *, as_attack: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("traitCheckDialog")
        self.setWindowTitle("Trait check — Ruins & Raiders")
        self.setMinimumWidth(440)
        self.rows = rows
        self.actor = combatant_combo(rows, actor, "traitActor")
        self.trait = QComboBox(objectName="traitName")
        for key in TRAITS:
            self.trait.addItem(LABELS[key], key)
        self.mode = QComboBox(objectName="traitMode")
        self.mode.addItems(["A task", "A jump", "An attack", "An opponent (opposed)"])
        self.pages = QStackedWidget()

        task = _form(self.pages)
        self.level = QComboBox(objectName="challengeLevel")
        for name, value in rr.CHALLENGE_LEVELS.items():
            self.level.addItem(f"{name} ({value})", value)
        self.level.setCurrentIndex(3)
        self.time = QComboBox(objectName="extraTime")
        for times in TIMES:
            self.time.addItem("usual time" if times == 1 else
                              f"×{times} the time (+{rr.extra_time_bonus(times)})", times)
        self.rush = QSpinBox(objectName="rushHalvings", suffix=" halving(s) of the time")
        self.rush.setRange(0, 5)
        self.rush.setSpecialValueText("not rushed")
        self.rush.setToolTip("Rushing: the challenge level rises by 3 for each halving of "
                             "the time")
        task.addRow("Challenge &level", self.level)
        task.addRow("Extra &time", self.time)
        task.addRow("&Rushing", self.rush)

        jump = _form(self.pages)
        self.spaces = QSpinBox(objectName="jumpSpaces", suffix=" spaces")
        self.spaces.setRange(1, 20)
        jump.addRow("&Spaces to jump", self.spaces)

        attack = _form(self.pages)
        self.target = combatant_combo(rows, None, "attackTarget")
        self.defence = QComboBox(objectName="attackDefence")
        self.defence.addItems(["Parry (melee)", "Dodge"])
        self.range = QComboBox(objectName="attackRange")
        self.range.addItems(["Melee", "Short range (thrown)", "Long range (bows, spells)"])
        self.distance = QSpinBox(objectName="attackDistance", suffix=" spaces")
        self.distance.setRange(1, 200)
        self.unaware = QCheckBox("Target is unaware (surprise: flat 4 + range)",
                                 objectName="targetUnaware")
        self.target_prone = QCheckBox("Target is prone", objectName="targetProne")
        self.attacker_prone = QCheckBox("Attacker is prone", objectName="attackerProne")
        self.charge = QSpinBox(objectName="chargeSpaces", suffix=" spaces charged")
        self.charge.setRange(0, 100)
        self.charge.setToolTip("Momentum: +1 damage for every 3 spaces")
        attack.addRow("&Target", self.target)
        attack.addRow("&Defence", self.defence)
        attack.addRow("&Range", self.range)
        attack.addRow("Dist&ance", self.distance)
        attack.addRow("", self.unaware)
        attack.addRow("", self.target_prone)
        attack.addRow("", self.attacker_prone)
        attack.addRow("&Charge", self.charge)

        self.round_box = QGroupBox("From this round", objectName="roundParts")
        round_layout = QVBoxLayout(self.round_box)
        round_layout.setContentsMargins(6, 2, 6, 2)
        round_layout.setSpacing(0)
        self.round_checks: list[QCheckBox] = []
        for index in range(ROUND_SLOTS):
            slot = QCheckBox(objectName=f"roundPart{index}")
            policy = slot.sizePolicy()
            policy.setRetainSizeWhenHidden(True)  # an empty slot keeps its room
            slot.setSizePolicy(policy)
            slot.toggled.connect(lambda on, b=slot: self._part_toggled(b, on))
            round_layout.addWidget(slot)
            self.round_checks.append(slot)
        self._unticked: set[str] = set()
        self._parts: list[RoundPart] = []

        # NOTES.md: "Trait check: 2d6 + trait against ... an opponent's trait + 7."
        opposed = _form(self.pages)
        self.opponent = combatant_combo(rows, None, "opposedBy")
        self.opponent_trait = QComboBox(objectName="opposedTrait")
        for key in TRAITS:
            self.opponent_trait.addItem(LABELS[key], key)
        opposed.addRow("&Opponent", self.opponent)
        opposed.addRow("Opponent's tr&ait", self.opponent_trait)

        self.typed = (typed_die(6, "typedFirstD6", "The first d6 a player rolled"),
                      typed_die(6, "typedSecondD6", "The second d6 a player rolled"))
        typed = QHBoxLayout()
        typed.addWidget(QLabel("2d6 rolled:"))
        for box in self.typed:
            typed.addWidget(box)
            box.valueChanged.connect(self._update)
        self.uses_action = QCheckBox("Uses one of the actor's two actions", checked=True,
                                     objectName="usesAction")
        # Room for four lines from the start: the summary grows as the GM types, and the
        # buttons under it must not move.
        self.summary = MessageLine("challengeSummary", lines=4)
        self.buttons, self.roll_button = accept_buttons(self, "Roll 2d6")
        form = QFormLayout()
        form.addRow("&Who", self.actor)
        form.addRow("T&rait", self.trait)
        form.addRow("&Against", self.mode)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.pages)
        layout.addWidget(self.round_box)
        layout.addLayout(typed)
        layout.addWidget(self.uses_action)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        for widget in (self.actor, self.trait, self.level, self.time, self.target,
                       self.defence, self.range, self.opponent, self.opponent_trait):
            widget.currentIndexChanged.connect(self._update)
        for spin in (self.rush, self.spaces, self.distance, self.charge):
            spin.valueChanged.connect(self._update)
        for check in (self.unaware, self.target_prone, self.attacker_prone):
            check.toggled.connect(self._update)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.actor.currentIndexChanged.connect(self._aim_at_a_foe)
        self._aim_at_a_foe()
        self._mode_changed(TASK)
        if as_attack:  # A or Enter on a card: that card's attack
            self.mode.setCurrentIndex(ATTACK)

    def _row(self, combo: QComboBox) -> CombatantRow:
        return self.rows[combo.currentIndex()]

    def _aim_at_a_foe(self, *_args: object) -> None:
        """The attack's target: the first foe of the one who acts (PCs against the others),
        unless the GM has already picked a foe; never the actor or an ally by default."""
        actor = self._row(self.actor)
        for combo in (self.target, self.opponent):
            target = self._row(combo)
            if target.id != actor.id and (target.kind == "pc") != (actor.kind == "pc"):
                continue
            foe = next((i for i, row in enumerate(self.rows)
                        if (row.kind == "pc") != (actor.kind == "pc")), None)
            if foe is not None:
                combo.setCurrentIndex(foe)

    def _mode_changed(self, mode: int) -> None:
        # The pages share the room of the tallest (an attack's): another kind of check moves
        # nothing under them.
        self.pages.setCurrentIndex(mode)
        self.trait.setCurrentIndex(TRAITS.index("athlete") if mode == JUMP else
                                   self.trait.currentIndex())
        self._update()

    def round_parts(self) -> list[RoundPart]:
        """What this round left behind that counts in the check as the dialog stands, ticked
        or not: the attacker's Aim and Haymaker, the target's Defend and its charge's momentum
        (melee only), the actor's Resist or Look, and an opponent's for its Defiance or
        Perception."""
        actor = self._row(self.actor)
        mode = self.mode.currentIndex()
        parts: list[RoundPart] = []

        def given(row: CombatantRow, sacrifice: rr.Sacrifice) -> bool:
            return ruins_round.has(row, sacrifice)

        if mode == ATTACK:
            target = self._row(self.target)
            if target.id == actor.id:
                return []
            aim, haymaker, defend = rr.Sacrifice.AIM, rr.Sacrifice.HAYMAKER, rr.Sacrifice.DEFEND
            if given(actor, aim):
                parts.append(RoundPart(
                    f"aim:{actor.id}", f"{actor.name}'s Aim: +{aim.bonus} to the attack",
                    "Aim", TRAIT, aim.bonus, stored_id(actor), aim,
                    "An action given up this round: used by this attack"))
            if given(actor, haymaker):
                parts.append(RoundPart(
                    f"haymaker:{actor.id}",
                    f"{actor.name}'s Haymaker: +{haymaker.bonus} wounds",
                    "Haymaker", WOUNDS, haymaker.bonus, stored_id(actor), haymaker,
                    "An action given up this round: +10 damage, used by this attack"))
            # Surprise: "no trait added to their defense", a flat 4 whatever was given up.
            if given(target, defend) and not self.unaware.isChecked():
                parts.append(RoundPart(
                    f"defend:{target.id}",
                    f"{target.name}'s Defend: +{defend.bonus} to the challenge",
                    f"{target.name}'s Defend", CHALLENGE, defend.bonus, stored_id(target),
                    defend, "An action given up this round: +3 Dodge and Parry until the "
                    "round ends"))
            momentum = ruins_round.momentum_taken(target)
            if momentum and self.range.currentIndex() == 0:
                parts.append(RoundPart(
                    f"momentum:{target.id}",
                    f"Momentum of {target.name}'s charge: +{momentum} wounds",
                    f"momentum of {target.name}'s charge", WOUNDS, momentum, stored_id(target),
                    None, f"{target.name} charged {ruins_round.charged(target)} spaces this "
                    "round: an enemy melee weapon that hits takes +1 damage per 3 spaces"))
            return parts
        key = self.trait.currentData()
        opponent = self._row(self.opponent)
        for sacrifice, trait in ((rr.Sacrifice.RESIST, "defiance"),
                                 (rr.Sacrifice.LOOK, "perception")):
            title, label = sacrifice.name.title(), sacrifice.applies_to
            tip = f"An action given up this round: used by the next {label} check"
            if key == trait and given(actor, sacrifice):
                parts.append(RoundPart(
                    f"{trait}:{actor.id}", f"{actor.name}'s {title}: +{sacrifice.bonus} "
                    f"{label}", title, TRAIT, sacrifice.bonus, stored_id(actor), sacrifice, tip))
            if (mode == OPPOSED and opponent.id != actor.id
                    and self.opponent_trait.currentData() == trait
                    and given(opponent, sacrifice)):
                parts.append(RoundPart(
                    f"{trait}:{opponent.id}", f"{opponent.name}'s {title}: "
                    f"+{sacrifice.bonus} to the challenge", f"{opponent.name}'s {title}",
                    CHALLENGE, sacrifice.bonus, stored_id(opponent), sacrifice, tip))
        return parts

    def ticked_parts(self) -> list[RoundPart]:
        """The parts from this round the check counts: all but those the GM unticked."""
        return [p for p in self.round_parts() if p.key not in self._unticked]

    def used(self) -> dict[int, list[rr.Sacrifice]]:
        """Combatant id -> the given-up bonuses this check uses (Defend is kept by the
        service: it lasts the round)."""
        spent: dict[int, list[rr.Sacrifice]] = {}
        for part in self.ticked_parts():
            if part.sacrifice is not None:
                spent.setdefault(part.owner, []).append(part.sacrifice)
        return spent

    def charge_spaces(self) -> int:
        """Spaces the actor charged, for an attack in melee: remembered for the round."""
        if self.mode.currentIndex() != ATTACK or self.range.currentIndex() != 0:
            return 0
        return self.charge.value()

    def request(self) -> TraitCheckRequest:
        """The check as the dialog stands: challenge level, bonus and, for an attack, wounds,
        with the ticked parts from this round named."""
        ticked = self.ticked_parts()
        request = self._request(ticked)
        trait = [p for p in ticked if p.adds_to == TRAIT]
        challenge = [p for p in ticked if p.adds_to == CHALLENGE]
        name = request.trait_name + "".join(f" +{p.bonus} {p.log}" for p in trait)
        reason = "; ".join([request.reason] * bool(request.reason)
                           + [f"{p.log} +{p.bonus}" for p in challenge])
        return replace(request, trait=request.trait + sum(p.bonus for p in trait),
                       challenge=request.challenge + sum(p.bonus for p in challenge),
                       trait_name=name, reason=reason)

    def _request(self, ticked: list[RoundPart]) -> TraitCheckRequest:
        actor = self._row(self.actor)
        key = self.trait.currentData()
        trait = stat(actor, key)
        name = self.trait.currentText()
        mode = self.mode.currentIndex()
        if mode == TASK:
            times = self.time.currentData()
            bonus = rr.extra_time_bonus(times)
            challenge = self.level.currentData() + rr.rush_penalty(self.rush.value())
            level = list(rr.CHALLENGE_LEVELS)[self.level.currentIndex()]
            parts = [f"{level} {rr.CHALLENGE_LEVELS[level]}"]
            if self.rush.value():
                parts.append(f"rushed +{rr.rush_penalty(self.rush.value())}")
            if bonus:
                parts.append(f"×{times} time gives +{bonus} to the roll")
                name += f" +{bonus} extra time"
            return TraitCheckRequest(actor.name, trait + bonus, challenge, name,
                                     "; ".join(parts), actor.id)
        if mode == JUMP:
            spaces = self.spaces.value()
            return TraitCheckRequest(actor.name, trait, rr.jump_challenge(spaces), name,
                                     f"jump {spaces} spaces: 4 per space", actor.id)
        if mode == OPPOSED:
            opponent = self._row(self.opponent)
            against = stat(opponent, self.opponent_trait.currentData())
            return TraitCheckRequest(
                actor.name, trait, rr.opposed_challenge(against), name,
                f"{opponent.name}'s {self.opponent_trait.currentText()} {against} "
                f"+ {rr.OPPOSED_BASE}", actor.id)
        target = self._row(self.target)
        dodge, parry = dodge_parry(target)
        melee = self.range.currentIndex() == 0
        distance = self.distance.value()
        range_mod = 0 if melee else rr.range_penalty(
            rr.Range.SHORT if self.range.currentIndex() == 1 else rr.Range.LONG, distance)
        kind = rr.Attack.MELEE if melee else rr.Attack.RANGED
        prone = rr.prone_modifier(kind, target_prone=self.target_prone.isChecked(),
                                  attacker_prone=self.attacker_prone.isChecked())
        if self.unaware.isChecked():
            challenge = rr.surprise_challenge(range_mod)
            parts = [f"unaware: flat {rr.SURPRISE_CHALLENGE}"]
        else:
            defence = parry if self.defence.currentIndex() == 0 else dodge
            label = "Parry" if self.defence.currentIndex() == 0 else "Dodge"
            challenge = rr.attack_challenge(defence, prone)
            parts = [f"{label} {defence}"] + ([f"prone {prone:+d}"] if prone else [])
        challenge += 0 if self.unaware.isChecked() else range_mod
        if range_mod:
            parts.append(f"range +{range_mod}")
        momentum = rr.momentum_damage(self.charge.value())
        s, t = stats_of(actor), stats_of(target)
        adds = [("Brawn", s.brawn), ("weapon", s.weapon_power), ("momentum", momentum)]
        adds += [(p.log, p.bonus) for p in ticked if p.adds_to == WOUNDS]
        takes = [("Fortitude", t.fortitude), ("armour", t.armour)]
        wound_base = sum(v for _w, v in adds) - sum(v for _w, v in takes)
        # Every part, named, as rules.ruins_and_raiders.wounds adds them (zeros say so too).
        wound_parts = " ".join([f"+ {w} {v}" for w, v in adds if v or w != "momentum"]
                               + [f"- {w} {v}" for w, v in takes])
        if momentum:
            parts.append(f"momentum +{momentum} damage")
        return TraitCheckRequest(actor.name, trait, challenge, name, "; ".join(parts), actor.id,
                                 wound_base=wound_base, target=target.name,
                                 wound_parts=wound_parts, target_id=target.id)

    def _update(self, *_args: object) -> None:
        melee = self.range.currentIndex() == 0
        self.distance.setEnabled(not melee)  # melee: adjacent
        # Options that contradict each other cannot both be set: more time or rushing, and a
        # charge's momentum only for a melee attack.
        extra_time = self.time.currentData() != 1
        self.rush.setEnabled(not extra_time)
        self.time.setEnabled(self.rush.value() == 0)
        self.charge.setEnabled(melee)
        for spin, allowed in ((self.rush, not extra_time), (self.charge, melee)):
            if not allowed and spin.value():
                spin.blockSignals(True)
                spin.setValue(0)
                spin.blockSignals(False)
        self._show_round_parts()
        request = self.request()
        mode = self.mode.currentIndex()
        other = self.target if mode == ATTACK else self.opponent
        same = (mode in (ATTACK, OPPOSED)
                and self._row(self.actor).id == self._row(other).id)
        self.summary.setText(
            "An attack needs a target other than the attacker." if same and mode == ATTACK
            else "An opposed check needs an opponent other than the actor." if same else
            f"<b>2d6 {request.trait:+d} against challenge {request.challenge}</b>"
            f" ({request.reason})")
        if request.wound_base is not None and not same:
            base = request.wound_base
            self.summary.setText(self.summary.text() + f"<br>Wounds of a hit: mox "
                                 f"{'+' if base >= 0 else '-'} {abs(base)}")
        half = [box.value() for box in self.typed].count(0) == 1
        if half and not same:
            self.summary.setText(self.summary.text() + "<br>Type both dice, or neither.")
        self.roll_button.setEnabled(not same and not half)
        self.roll_button.setText("Record" if self.typed_check() else "Roll 2d6")

    def _show_round_parts(self) -> None:
        """One check box a part from this round, in slots that keep their room when empty."""
        self._parts = self.round_parts()
        self.round_box.setTitle("From this round" if self._parts else
                                "From this round: nothing counts here")
        # An attack may take four parts, another check two (its Resist or Look, and the
        # opponent's): the room of four is kept for every kind of check.
        for index, box in enumerate(self.round_checks):
            part = self._parts[index] if index < len(self._parts) else None
            box.blockSignals(True)
            box.setVisible(part is not None)
            box.setText("" if part is None else part.text)
            box.setToolTip("" if part is None else part.tip)
            box.setProperty("part", None if part is None else part.key)
            box.setChecked(part is not None and part.key not in self._unticked)
            box.blockSignals(False)

    def _part_toggled(self, box: QCheckBox, on: bool) -> None:
        key = box.property("part")
        if not key:
            return
        if on:
            self._unticked.discard(key)
        else:
            self._unticked.add(key)
        self._update()

    def typed_check(self) -> rr.TraitCheck | None:
        """The check as the dice a player rolled show it; None to let the program roll."""
        dice = tuple(box.value() for box in self.typed)
        if 0 in dice:
            return None
        request = self.request()
        return rr.check(request.trait, request.challenge, Typed(*dice))

    def actor_id(self) -> int:
        return stored_id(self._row(self.actor))
