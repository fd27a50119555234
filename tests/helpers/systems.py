"""The rule systems as the tests use them: the program's own four, and their sample fights
written to a store, as a first start writes them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from encounter_app.demo import create_sample as write_sample
from encounter_app.domain import CombatantRow, EncounterRow, RollRow
from encounter_app.domain.campaign_rows import PcRow
from encounter_app.domain.initiative import Initiant, InitiativeRequest, InitiativeScore
from encounter_app.store import Store
from encounter_app.systems import default_systems

#: The four systems of the program, as ``launch`` knows them by default.
SYSTEMS = default_systems()
KEYS = tuple(SYSTEMS.keys())

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoCommand

    from encounter_app.services.fight.compound import Compound
    from encounter_app.services.fight.session import EncounterSession


def create_sample(store: Store, key: str, *, seed: int | None = None) -> EncounterRow:
    """A campaign of ``key`` with its system's sample fight (the demo for Daggerheart)."""
    return write_sample(store, SYSTEMS.get(key), seed=seed)


def create_demo(store: Store, *, seed: int | None = None) -> EncounterRow:
    """The first start's demo: Daggerheart's sample library and fight at the Drowned Chapel."""
    return create_sample(store, "daggerheart", seed=seed)


def combatant_for_pc(pc: PcRow, key: str = "daggerheart") -> CombatantRow:
    """The combatant a roster PC becomes in a fight of ``key``."""
    return SYSTEMS.get(key).combatant_for_pc(pc)


def initiative_request(key: str, initiants: tuple[Initiant, ...]) -> InitiativeRequest:
    """Everyone's initiative roll as ``key``'s table asks for it."""
    from encounter_app.systems.forge_of_power.requests import ForgeInitiative
    from encounter_app.systems.ruins_and_raiders.requests import RuinsInitiative

    return {"ruins_and_raiders": RuinsInitiative,
            "forge_of_power": ForgeInitiative}[key](initiants)


def next_turn(session: EncounterSession, key: str) -> QUndoCommand | None:
    """The next turn as ``key``'s table passes it (its new round's refresh)."""
    from encounter_app.services.fight import turns
    from encounter_app.systems.casus_mus.services import turns as cm_turns
    from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns

    step = {"casus_mus": cm_turns.next_turn, "ruins_and_raiders": rr_turns.next_turn}.get(key)
    return turns.next_turn(session) if step is None else step(session)


def apply_initiative(session: EncounterSession, request: InitiativeRequest,
                     scores: Iterable[InitiativeScore], log: RollRow) -> Compound:
    """The initiative roll's answer applied as the request's system starts its battle."""
    from encounter_app.services.fight import turns
    from encounter_app.systems.forge_of_power.requests import ForgeInitiative
    from encounter_app.systems.forge_of_power.services import turns as fop_turns
    from encounter_app.systems.ruins_and_raiders.services import turns as rr_turns

    start = fop_turns.start_battle if isinstance(request, ForgeInitiative) else (
        rr_turns.start_battle)
    return turns.apply_initiative(session, request, scores, log, start)
