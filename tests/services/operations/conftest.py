"""Fixtures the operations' tests share: what the window would have been told, and the roller."""

from __future__ import annotations

import pytest

from encounter_app.services.rolls.roller import Roller
from tests.helpers.operations import Said


@pytest.fixture
def said() -> Said:
    return Said()


@pytest.fixture
def roller(demo_session, undo_stack, rules_service) -> Roller:
    return Roller(rules_service, demo_session, undo_stack)
