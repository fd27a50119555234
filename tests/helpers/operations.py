"""The GM's operations as the tests build them: over a session and the program's undo stack,
saying into a list the test reads (``said``), rolling through a router when one is given."""

from __future__ import annotations

from typing import Any


class Said(list[tuple[str, bool]]):
    """What the operations said: (text, error), in order."""

    def __call__(self, text: str, *, error: bool = False) -> None:
        self.append((text, error))

    @property
    def errors(self) -> list[str]:
        return [text for text, error in self if error]


class NoRolls:
    """A router for tests that roll nothing: a roll asked of it fails the test."""

    def submit(self, *_args: Any, **_kwargs: Any) -> int:
        raise AssertionError("this test's operations roll nothing")


def fight_operations(session, undo_stack, router=None, said: Said | None = None):
    from encounter_app.services.fight.operations import FightOperations

    return FightOperations(session, undo_stack, said if said is not None else Said(),
                           router if router is not None else NoRolls())
