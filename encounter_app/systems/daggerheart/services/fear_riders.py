"""The Fear an adversary's attack or feature gains the GM, where its stat block says so.

Two kinds of text give it (the SRD words 48 such sentences in a handful of ways):

- **A feature that watches the adversary's attacks**, whatever it uses: Momentum ("When the
  Bear makes a successful attack against a PC, you gain a Fear") and Terrifying ("When the
  Knight makes a successful attack, all PCs within Close range lose a Hope and you gain a
  Fear"). One Fear for each attack, the standard one or an attack feature, that succeeds
  against at least one PC.
- **The used feature's own text**, counted over the targets it reached: Spit Acid ("If they
  can't mark an Armor Slot, they must mark an additional HP and you gain a Fear": one for each
  target who marked an HP for want of a free Armor Slot), "a Fear for each target who marked
  HP" / "that marks HP", "For each target who failed" / "Targets who fail … a Fear for each" /
  "For each PC that fails the reaction roll" (one for each who failed its Reaction Roll),
  "Targets who fail take … and you gain a Fear" (one when anyone failed), and "If they succeed
  against more than one target, you gain a Fear" (one when two or more were hit).

**Interpretations** (change them here):

- What else such a sentence asks and the program does not track (the PCs within range who lose
  a Hope) is not done: the log line says it, for the GM to do at the table.
- A sentence with a condition the program cannot see ("If the Wolf makes a successful standard
  attack and another Dire Wolf is within Melee range…"), or a number of dice ("you gain 1d4
  Fear"), is left to the GM and the Fear tracker.
- The Fear is gained in the same undo step as the roll and the marks, as one ledger line with
  the reason "An ability or effect" and the features' names; the pool stops at its cap of 12.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from encounter_app.domain import CombatantRow, Feature
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.systems.daggerheart.services.features import Use

# "When the Bear makes a successful attack against a PC, you gain a Fear." and "When the
# Knight makes a successful attack, all PCs within Close range lose a Hope and you gain a
# Fear." (group 1: what else it asks). Not "a successful standard attack and another …".
_ON_HIT = re.compile(r"\bwhen (?:the|an?) [^.,]+? makes a successful attack(?: against a pc)?,"
                     r" (?:([^.]+?) and )?you gain a fear\b", re.IGNORECASE)
_NO_ARMOR = re.compile(r"can['’]?t mark an armor slot[^.]*\byou gain a fear\b", re.IGNORECASE)
_PER_HP = re.compile(r"\ba fear for each (?:target|pc) (?:who|that) mark(?:s|ed)? hp\b",
                     re.IGNORECASE)
_PER_FAILED = re.compile(
    r"\bfor each (?:target|pc) (?:who|that) fail(?:s|ed)?\b[^.]*\byou gain a fear\b"
    r"|\b(?:targets|those) who fail\b[^.]*\byou gain a fear for each\b", re.IGNORECASE)
_ANY_FAILED = re.compile(r"\btargets who fail\b[^.]*\band you gain a fear\.", re.IGNORECASE)
_SEVERAL_HIT = re.compile(r"\bsucceeds? against more than one target, you gain a fear\b",
                          re.IGNORECASE)


@fields_repr
@dataclass(frozen=True, repr=False)
class Reached:
    """Whom a use reached, counted when its dice are in and when the GM marks: the PCs an
    attack hit, the targets who failed a Reaction Roll, those who marked HP, and those who
    marked an HP for an Armor Slot they did not have."""

    hits: int = 0
    failed: int = 0
    hp_marked: int = 0
    no_armor: int = 0


@fields_repr
@dataclass(frozen=True, repr=False)
class Gain:
    """Fear a use gains: how much, from which features, and what else their texts ask that
    the GM does at the table (one sentence each)."""

    fear: int
    sources: tuple[str, ...]
    reminders: tuple[str, ...] = ()

    def words(self) -> str:
        """ "You gain 2 Fear (Spit Acid)"; "" when nothing is gained."""
        if not self.fear:
            return ""
        amount = "a Fear" if self.fear == 1 else f"{self.fear} Fear"
        return f"You gain {amount} ({', '.join(self.sources)})"


def watching(feature: Feature) -> re.Match[str] | None:
    """The sentence of ``feature`` that gains a Fear on each of its adversary's successful
    attacks (Momentum, Terrifying), if it has one."""
    return _ON_HIT.search(feature.text)


def gain(row: CombatantRow, use: Use, reached: Reached) -> Gain:
    """The Fear ``row``'s ``use`` gains, having reached ``reached`` (see the module's texts)."""
    stats = row.stats
    if stats is None:
        return Gain(0, ())
    fear, sources, reminders = 0, [], []
    if use.kind == "attack" and reached.hits:
        for feature in stats.features:
            if (found := watching(feature)) is not None:
                fear += 1
                sources.append(feature.name)
                if found.group(1):
                    reminders.append(f"{feature.name}: {found.group(1)}")
    own = next((f for f in stats.features if f.name == use.feature), None)
    if own is not None:
        counted = _counted(own.text, reached)
        if counted:
            fear += counted
            sources.append(own.name)
    return Gain(fear, _unique(sources), tuple(reminders))


def _counted(text: str, reached: Reached) -> int:
    """The Fear the used feature's own text gains over the targets ``reached``."""
    if _NO_ARMOR.search(text):
        return reached.no_armor
    if _PER_HP.search(text):
        return reached.hp_marked
    if _PER_FAILED.search(text):
        return reached.failed
    if _ANY_FAILED.search(text):
        return 1 if reached.failed else 0
    if _SEVERAL_HIT.search(text):
        return 1 if reached.hits > 1 else 0
    return 0


def _unique(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(names))
