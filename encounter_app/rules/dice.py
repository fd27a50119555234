"""Dice expressions as stat blocks write them ("1d12+2 phy", "2d20kh1"): parse them to check them
as the GM types, and roll them with an injected random source.

Grammar (case-insensitive, spaces allowed between terms)::

    expression  := [sign] term (sign term)* [damage-type]
    term        := number | [count] "d" (sides | "%") [("kh" | "kl" | "k") keep]
    damage-type := ["direct"] type ("/" type)* ["damage"]     type: phy, physical, mag, magic(al)

``d%`` is a d100 and ``k`` alone keeps the highest. Dice are drawn left to right with one
``rng.randint(1, sides)`` per die. In a roll's text a die that a keep dropped reads
``"4 dropped"``: ``"2d20kh1 (17, 4 dropped) + 3 = 20"``.

One expression is at most MAX_LENGTH characters and rolls at most MAX_TOTAL_DICE dice in all,
so no text, typed or read from a file, costs the rules thread more than a thousand draws or
writes more than a short line to the roll log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

MAX_DICE = 100  # per term: more is a typo, and would flood the roll log
MAX_TOTAL_DICE = 1000  # in the whole expression: "100d1000kh1" repeated stops at the 11th
MAX_SIDES = 1000
# Far past any stat block's damage ("2d20kh1+1d8+3 direct phy/mag" is 27), short enough that
# a refusal quoting the text is one line.
MAX_LENGTH = 200
# Longer digit runs are typos; the cap also keeps int() clear of Python's digit limit.
_MAX_DIGITS = 7
_DIGITS = frozenset("0123456789")
# U+2212 is the minus sign the SRD prints ("−3 penalty"), so a pasted modifier still parses.
_SIGNS = {"+": 1, "-": -1, "\u2212": -1}
DAMAGE_TYPES = {"phy": "phy", "physical": "phy", "mag": "mag", "magic": "mag", "magical": "mag"}
_TAIL_TOKEN = re.compile(r"[A-Za-z]+|\S")


class RandomSource(Protocol):
    """Anything with ``randint`` as :class:`random.Random` has it."""

    def randint(self, a: int, b: int) -> int: ...


class Typed:
    """Dice a player rolled at the table, standing in for the random source, so a rules
    function grades them exactly as it grades its own rolls. Each ``randint`` hands out the
    next typed die; one outside the asked range, or one too many asked for, is an error."""

    def __init__(self, *values: int) -> None:
        self._values = list(values)

    def randint(self, a: int, b: int) -> int:
        if not self._values:
            raise ValueError("the rules asked for more dice than were typed")
        value = self._values.pop(0)
        if not a <= value <= b:
            raise ValueError(f"a typed die of {value} is not a roll of {a} to {b}")
        return value


class DiceError(ValueError):
    """A dice expression that cannot be rolled; the message says what is wrong and where.

    ``position`` is the 0-based index of the offending character (None when the text is empty),
    so an editor can put the cursor there.
    """

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


@dataclass(frozen=True)
class FlatTerm:
    """A flat number such as the ``+2`` of ``1d12+2``."""

    value: int
    sign: int = 1

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides`` faces; ``keep`` is "kh"/"kl" with ``keep_count``, or None."""

    count: int
    sides: int
    sign: int = 1
    keep: str | None = None
    keep_count: int | None = None

    @property
    def kept(self) -> int:
        """How many of the dice count towards the total."""
        return self.keep_count if self.keep and self.keep_count is not None else self.count

    def __str__(self) -> str:
        keep = f"{self.keep}{self.keep_count}" if self.keep else ""
        return f"{self.count}d{self.sides}{keep}"


Term = FlatTerm | DiceTerm


@dataclass(frozen=True)
class DiceExpression:
    """A parsed, valid expression. ``str()`` gives its tidy form: ``"1d12+2 phy"``."""

    terms: tuple[Term, ...]
    damage_type: str | None = None  # "phy", "mag" or "phy/mag"
    direct: bool = False  # "direct" damage: armour cannot reduce it

    @property
    def min_total(self) -> int:
        return sum(_term_range(t)[0] for t in self.terms)

    @property
    def max_total(self) -> int:
        return sum(_term_range(t)[1] for t in self.terms)

    @property
    def max_dice(self) -> int:
        """Every kept die on its highest face, flat terms left out (a subtracted die subtracts)."""
        return sum(t.sign * t.kept * t.sides for t in self.terms if isinstance(t, DiceTerm))

    @property
    def damage_label(self) -> str | None:
        if self.damage_type is None:
            return None
        return f"direct {self.damage_type}" if self.direct else self.damage_type

    def __str__(self) -> str:
        text = ""
        for index, term in enumerate(self.terms):
            if term.sign < 0:
                text += "-"
            elif index:
                text += "+"
            text += str(term)
        label = self.damage_label
        return f"{text} {label}" if label else text


@dataclass(frozen=True)
class DiceRoll:
    """A dice expression rolled: every die drawn, the total and a readable breakdown."""

    expression: str
    total: int
    dice: tuple[int, ...]  # every die drawn, kept or dropped, in draw order
    text: str  # readable breakdown, e.g. "3d6 (6, 5, 4) + 2 = 17"
    damage_type: str | None = None
    direct: bool = False
    dropped: tuple[int, ...] = ()  # indexes into ``dice`` of the dice a keep left out
    bonus: int = 0  # a flat amount added in front, such as a critical hit's maximum dice


def _term_range(term: Term) -> tuple[int, int]:
    if isinstance(term, FlatTerm):
        return term.sign * term.value, term.sign * term.value
    low, high = term.kept, term.kept * term.sides
    return (low, high) if term.sign > 0 else (-high, -low)


class _Parser:
    """A hand-written scanner: the messages name the exact character, which a regex cannot."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.dice = 0  # rolled by the terms read so far

    def fail(self, what: str, position: int, hint: str | None = None) -> DiceError:
        where = " (the end)" if position >= len(self.text) else ""
        message = f"{what} at position {position}{where} in {self.text!r}"
        return DiceError(f"{message}: {hint}" if hint else message, position)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def number(self) -> int | None:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits:
            return None
        if len(digits) > _MAX_DIGITS:
            raise self.fail(f"number {digits[:_MAX_DIGITS]}... is too long", start)
        return int(digits)

    def parse(self) -> DiceExpression:
        if len(self.text) > MAX_LENGTH:
            # Not quoted whole: the message of a pasted page would be a page.
            raise DiceError(f"dice expression {self.text[:20]!r}... is {len(self.text)} "
                            f"characters long at position {MAX_LENGTH}: at most {MAX_LENGTH}",
                            MAX_LENGTH)
        self.skip_space()
        if not self.peek():
            raise DiceError("empty dice expression: write dice such as 2d6+3")
        sign = _SIGNS.get(self.peek(), 0)
        if sign:
            self.pos += 1
            self.skip_space()
        else:
            sign = 1
        terms = [self.term(sign)]
        while True:
            self.skip_space()
            char = self.peek()
            if not char:
                return DiceExpression(tuple(terms))
            if char in _SIGNS:
                self.pos += 1
                self.skip_space()
                terms.append(self.term(_SIGNS[char]))
            elif char.isascii() and char.isalpha():
                damage_type, direct = self.damage_type()
                return DiceExpression(tuple(terms), damage_type, direct)
            else:
                raise self.fail(f"unexpected {char!r}", self.pos, "expected + or -")

    def term(self, sign: int) -> Term:
        start = self.pos
        char = self.peek()
        if not char:
            raise self.fail("expected dice or a number", start)
        count = self.number()
        if self.peek() not in ("d", "D"):
            if count is None:
                raise self.fail(f"unexpected {char!r}", start, "expected dice or a number")
            return FlatTerm(count, sign)
        self.pos += 1
        if self.peek() == "%":
            self.pos += 1
            sides: int | None = 100
        else:
            sides = self.number()
        if sides is None:
            raise self.fail("expected the number of sides after 'd'", self.pos)
        count = 1 if count is None else count
        typed = self.text[start : self.pos]
        if count == 0:
            raise self.fail(f"{typed} rolls no dice", start, "roll at least 1 die")
        if count > MAX_DICE:
            raise self.fail(
                f"{typed} rolls {count} dice", start, f"at most {MAX_DICE} dice per term"
            )
        if sides == 0:
            raise self.fail(f"{typed} has dice with 0 sides", start)
        if sides > MAX_SIDES:
            raise self.fail(f"{typed} has {sides} sides", start, f"at most {MAX_SIDES} sides")
        self.dice += count
        if self.dice > MAX_TOTAL_DICE:
            raise self.fail(f"{typed} brings the dice to {self.dice}", start,
                            f"at most {MAX_TOTAL_DICE} dice in one expression")
        keep, keep_count = self.keep(start, count)
        return DiceTerm(count, sides, sign, keep, keep_count)

    def keep(self, start: int, count: int) -> tuple[str | None, int | None]:
        if self.peek() not in ("k", "K"):
            return None, None
        k_pos = self.pos
        self.pos += 1
        keep = "kh"
        if self.peek() in ("h", "H", "l", "L"):
            keep = "k" + self.peek().lower()
            self.pos += 1
        keep_count = self.number()
        if keep_count is None:
            raise self.fail(f"expected how many dice to keep after {keep!r}", self.pos)
        typed = self.text[start : self.pos]
        if keep_count == 0:
            raise self.fail(f"{typed} keeps no dice", k_pos, "keep at least 1")
        if keep_count > count:
            raise self.fail(
                f"{typed} keeps {keep_count} of {count} dice",
                k_pos,
                "cannot keep more dice than are rolled",
            )
        return keep, keep_count

    def damage_type(self) -> tuple[str, bool]:
        tokens = [(m.start(), m.group()) for m in _TAIL_TOKEN.finditer(self.text, self.pos)]
        direct = tokens[0][1].lower() == "direct"
        index = 1 if direct else 0
        types: list[str] = []
        while True:
            if index >= len(tokens):
                raise self.fail("expected a damage type", len(self.text), "phy or mag")
            position, word = tokens[index]
            if word.lower() not in DAMAGE_TYPES:
                raise self.fail(f"unknown damage type {word!r}", position, "use phy or mag")
            if DAMAGE_TYPES[word.lower()] not in types:
                types.append(DAMAGE_TYPES[word.lower()])
            index += 1
            if index < len(tokens) and tokens[index][1] == "/":
                index += 1
                continue
            break
        if index < len(tokens) and tokens[index][1].lower() == "damage":
            index += 1
        if index < len(tokens):
            position, word = tokens[index]
            raise self.fail(f"unexpected {word!r} after the damage type", position)
        return "/".join(types), direct


def parse(expression: str | DiceExpression) -> DiceExpression:
    """Check ``expression`` without rolling it; raises :class:`DiceError` when it is not valid."""
    if isinstance(expression, DiceExpression):
        return expression
    if not isinstance(expression, str):
        raise TypeError(f"a dice expression is text, not {type(expression).__name__}")
    return _Parser(expression).parse()


def max_dice(expression: str | DiceExpression) -> int:
    """Highest faces of the dice, no flat terms: ``"3d6+2"`` -> 18 (a critical hit's extra)."""
    return parse(expression).max_dice


def roll(expression: str | DiceExpression, rng: RandomSource) -> DiceRoll:
    """Roll ``expression``: ``roll("3d6+2", rng).text == "3d6 (6, 5, 4) + 2 = 17"``."""
    return roll_expression(parse(expression), rng, text=str(expression))


def roll_expression(
    expression: DiceExpression,
    rng: RandomSource,
    *,
    text: str | None = None,
    bonus: int = 0,
    bonus_label: str = "bonus",
) -> DiceRoll:
    """Roll a parsed expression, adding ``bonus`` shown first as ``"18 (critical) + ..."``.

    ``text`` is what the roll records as its ``expression``; by default the tidy form.
    """
    dice: list[int] = []
    dropped: list[int] = []
    parts: list[str] = [f"{bonus} ({bonus_label})"] if bonus else []
    total = bonus
    for term in expression.terms:
        if isinstance(term, FlatTerm):
            subtotal, shown = term.value, str(term.value)
        else:
            drawn = [rng.randint(1, term.sides) for _ in range(term.count)]
            left_out = _dropped(drawn, term)
            dropped.extend(len(dice) + i for i in sorted(left_out))
            dice.extend(drawn)
            subtotal = sum(v for i, v in enumerate(drawn) if i not in left_out)
            faces = ", ".join(
                f"{v} dropped" if i in left_out else str(v) for i, v in enumerate(drawn)
            )
            shown = f"{term} ({faces})"
        total += term.sign * subtotal
        if parts:
            parts.append(f"{'-' if term.sign < 0 else '+'} {shown}")
        else:
            parts.append(f"-{shown}" if term.sign < 0 else shown)
    label = expression.damage_label
    breakdown = f"{' '.join(parts)} = {total}" + (f" {label}" if label else "")
    return DiceRoll(
        expression=str(expression) if text is None else text,
        total=total,
        dice=tuple(dice),
        text=breakdown,
        damage_type=expression.damage_type,
        direct=expression.direct,
        dropped=tuple(dropped),
        bonus=bonus,
    )


def _dropped(drawn: list[int], term: DiceTerm) -> set[int]:
    """Indexes of the dice a keep leaves out; on a tie the die drawn first is kept."""
    if not term.keep:
        return set()
    direction = -1 if term.keep == "kh" else 1
    order = sorted(range(len(drawn)), key=lambda i: (direction * drawn[i], i))
    return set(order[term.kept :])
