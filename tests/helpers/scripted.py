"""Random sources for exact rules tests: they hand out queued values and record each call.

``Scripted`` queues plain values; ``ScriptedRng`` queues (sides, value) draws, built with
``d``, and checks that each call asks for the die the script expects.
"""

from __future__ import annotations

from collections import deque


class Scripted:
    """Returns the queued values in order; a value outside the asked range fails the test."""

    def __init__(self, *values: int) -> None:
        self.values = deque(values)
        self.calls: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        value = self.values.popleft()
        assert a <= value <= b, f"scripted {value} outside {a}..{b}"
        return value

    @property
    def done(self) -> bool:
        """Every queued value was drawn (a property, as ScriptedRng's)."""
        return not self.values


class ScriptedRng:
    """Hands out queued (sides, value) draws and fails the test on any other call."""

    def __init__(self, *draws: tuple[int, int]) -> None:
        self.draws = list(draws)
        self.calls: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        assert self.draws, f"unexpected extra draw randint({a}, {b})"
        sides, value = self.draws.pop(0)
        assert (a, b) == (1, sides), f"drew randint({a}, {b}), the script expected a d{sides}"
        assert 1 <= value <= sides
        self.calls.append((a, b))
        return value

    @property
    def done(self) -> bool:
        return not self.draws


def d(sides: int, *values: int) -> list[tuple[int, int]]:
    """Draws of one die type: ``d(6, 6, 5, 4)`` is three d6 showing 6, 5 and 4."""
    return [(sides, v) for v in values]
