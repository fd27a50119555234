"""A rule system's typed values in our files: a sheet, a combatant's state, an encounter's turn
state. Written as ``json_data.to_json`` writes them (``system_data.data_json``), read back
through the campaign's system's types (``SystemRules.read``); each value that does not fit is
a Problem naming its entry and field, never an exception.
"""

from __future__ import annotations

from encounter_app.domain.json_data import DataError, JsonObject
from encounter_app.domain.system import SystemRules
from encounter_app.domain.system_data import Part, SystemData, data_json
from encounter_app.exchange.fields import shown
from encounter_app.exchange.limits import bad_character
from encounter_app.exchange.problems import Collector

# A number of a system: what a Qt spin box holds, far past any character's.
STATE_LIMIT = 2**31 - 1


def write_value(value: SystemData, part: Part) -> JsonObject:
    """``value`` as a file holds it: a sheet whole, a state without what is at its default."""
    return data_json(value, whole=part.is_sheet)


def read_value(data: JsonObject, part: Part, system: SystemRules, note: Collector, *,
               prefix: str = "") -> SystemData | None:
    """``data[part.key]`` (left out: the defaults) as ``system``'s class of ``part``; None,
    with every problem noted under ``prefix`` + the field, when it does not fit.

    A sheet is checked as the editors check it (each field's range, and, for a roster PC,
    that none is missing), then every value for its type by the system's class."""
    key = part.key
    where = f"{prefix}{key}"
    value = data.get(key, {})
    if not isinstance(value, dict):
        note.add(where, f"expected an object {{…}} of named values, found {shown(value)}")
        return None
    before = note.count
    for name, item in value.items():
        if problem := bad_character(name):
            note.add(where, f"the name of a value {problem}")
        elif problem := _unstorable(item):
            note.add(f"{where} {name}", problem)
    if note.count == before and system.data_type(part) is system.data_type(Part.STATS):
        for field, problem in system.problems(
                value, partial=part is Part.COMBATANT_STATS).items():
            note.add(f"{where} {field}", problem)
    if note.count != before:
        return None
    try:
        return system.read(part, value, where)
    except DataError as exc:
        note.add(exc.where, exc.message)
        return None


def _unstorable(value: object) -> str:
    """Why ``value`` (anywhere inside) cannot be kept: a number past ``STATE_LIMIT``, text with
    a character that cannot be stored; "" when it can."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not -STATE_LIMIT <= value <= STATE_LIMIT:
            return f"{value} is out of range: {-STATE_LIMIT} to {STATE_LIMIT}"
    elif isinstance(value, str):
        if problem := bad_character(value):
            return f"the text {problem}"
    elif isinstance(value, list):
        return next((found for item in value if (found := _unstorable(item))), "")
    elif isinstance(value, dict):
        return next((found for item in value.values() if (found := _unstorable(item))), "")
    return ""
