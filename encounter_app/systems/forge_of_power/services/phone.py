"""A Forge of Power die roll from a player's phone, recorded as the GM's die roll dialog
records a check (``ForgeOperations.record``: its log line, no damage), one command pushed by the
inbox; systems/forge_of_power/phone.py grades it."""

from __future__ import annotations

from dataclasses import replace

from encounter_app.domain.player_rolls import PhoneRoll
from encounter_app.domain.requests import RollResult
from encounter_app.domain.roll_text import describe
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.system import PhoneStep, phone_roller
from encounter_app.systems.forge_of_power import phone
from encounter_app.systems.forge_of_power.services.damage import record_with_damage


def record(session: EncounterSession, roll: PhoneRoll, dc: int) -> PhoneStep:
    """The roll's command; Refused when the PC is not in the fight."""
    row = phone_roller(session, roll)
    made = phone.request(row, roll, dc)
    logged = describe(RollResult(0, made, phone.check(made, roll)))
    if not roll.rolled_for_them:  # as the dialog says of the d20s a player typed
        logged = replace(logged, detail=f"{logged.detail} (rolled at the table)")
    logged, command = record_with_damage(session, logged, None)
    return PhoneStep(command, phone.result(row, roll, dc), (logged.detail,))
