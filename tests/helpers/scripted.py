"""A random source for exact rules tests: it hands out queued values and records each call."""

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

    def done(self) -> bool:
        return not self.values
