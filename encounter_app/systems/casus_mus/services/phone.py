"""A Casus Mus skill roll from a player's phone, recorded as the GM's skill roll dialog records
one (services/clash.py ``SkillCheck``: the roll, then its log line), one command pushed by the
inbox; systems/casus_mus/phone.py grades it."""

from __future__ import annotations

from encounter_app.domain.player_rolls import PhoneRoll
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.fight.system import PhoneStep, phone_roller
from encounter_app.systems.casus_mus import phone
from encounter_app.systems.casus_mus.services import turns
from encounter_app.systems.casus_mus.services.clash import Side, SkillCheck


def record(session: EncounterSession, roll: PhoneRoll) -> PhoneStep:
    """The skill roll's command; Refused when the PC is not in the fight, and for a clash roll,
    which the clash dialog takes (recorded with the clash)."""
    from encounter_app.domain.adversaries import Refused

    if roll.submission.form == phone.CLASH:
        raise Refused(f"{roll.submission.character}'s clash roll is taken in the clash dialog "
                      "(Roll › Clash…): the step their side rolls uses it. Or set it aside.")
    row = phone_roller(session, roll)
    name, rolled = phone.skill_roll(row, roll)
    assert row is not None and row.id is not None  # skill_roll refused a roll without one
    check = SkillCheck(Side(row.id, row.name, rolled.skill, name, ap=turns.ap_left(row),
                            lp=turns.lp_left(row)))
    check.roll(rolled, typed=not roll.rolled_for_them)
    return PhoneStep(check.command(session), phone.result(row, roll), tuple(check.events))
