"""The per-system character sheets that the roster and the window read, and the registry."""

import pytest

from encounter_app.domain.system import StatsError, TurnOrder
from tests.helpers.systems import SYSTEMS


def test_four_systems_and_only_daggerheart_has_fear():
    assert set(SYSTEMS) == {"daggerheart", "casus_mus", "ruins_and_raiders", "forge_of_power"}
    assert [key for key in SYSTEMS if SYSTEMS.get(key).has_fear] == ["daggerheart"]
    assert SYSTEMS.get("forge_of_power").turn_order is TurnOrder.POPCORN


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_defaults_are_a_valid_sheet(key):
    sheet = SYSTEMS.get(key)
    assert sheet.problems(sheet.sheet_values(sheet.defaults())) == {}
    # The sheet the editors show is the typed class's fields, in its order.
    assert [f.key for f in sheet.pc_fields] == list(sheet.sheet_values(sheet.defaults()))


def test_problems_name_the_field_and_the_reason():
    sheet = SYSTEMS.get("casus_mus")
    stats: dict[str, object] = {**sheet.sheet_values(sheet.defaults()),
                                "combat": 0, "hero": 2, "luck": 3}
    del stats["pow"]
    assert sheet.problems(stats) == {
        "combat": "Combat skill % must be from 1 to 200.",
        "hero": "Hero advantage is yes (1) or no (0).",
        "pow": "POW is missing.",
        "luck": "Casus Mus characters have no stat called 'luck'.",
    }
    assert sheet.problems(sheet.sheet_values(sheet.defaults()) | {"evade": "40"}) == {
        "evade": "Evade % must be a whole number."}
    with pytest.raises(StatsError, match="Evade % must be a whole number"):
        sheet.stats_from(sheet.sheet_values(sheet.defaults()) | {"evade": "40"})


def test_unknown_system_names_the_known_ones():
    with pytest.raises(KeyError, match="daggerheart, casus_mus"):
        SYSTEMS.get("dnd")
