"""A Ruins & Raiders trait check from a player's phone, recorded as the GM's trait check is
(``RuinsOperations.trait_check``: its log line, the action it uses, the given-up bonus it uses
up), one command pushed by the inbox; systems/ruins_and_raiders/phone.py grades it."""

from __future__ import annotations

from dataclasses import replace

from encounter_app.domain.player_rolls import PhoneRoll
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.services.fight import commands
from encounter_app.services.fight.compound import Compound
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.system import PhoneStep, phone_roller
from encounter_app.systems.ruins_and_raiders import phone
from encounter_app.systems.ruins_and_raiders.services import round as ruins_round
from encounter_app.systems.ruins_and_raiders.services import turns


def record(session: EncounterSession, roll: PhoneRoll, challenge: int) -> PhoneStep:
    """The check's command; Refused, saying why, when the PC is not in the fight or has no
    action left for a check that uses one."""
    row = phone_roller(session, roll)
    made = phone.request(row, roll, challenge)
    assert row is not None and row.id is not None  # request refused a roll without one
    uses_action = roll.submission.choice(phone.ACTION, phone.YES) == phone.YES
    if uses_action and turns.actions_left(row) <= 0:
        turns.use_action(session, row.id)  # refused, with the trait dialog's words
    logged = describe(RollResult(0, made, phone.check(made, roll)))
    if not roll.rolled_for_them:
        logged = replace(logged, detail=f"{logged.detail} (rolled at the table)")
    sacrifice = phone.given_up(row, roll.submission.choice(phone.TRAIT, phone.TRAITS[0]))
    used = {row.id: [sacrifice]} if sacrifice is not None else {}
    command = Compound(f"Roll: {logged.summary}", [
        commands.RecordRoll(session, logged),
        *ruins_round.check_recorded(session, row.id, uses_action=uses_action, used=used)])
    return PhoneStep(command, phone.result(row, roll, challenge), (logged.detail,))
