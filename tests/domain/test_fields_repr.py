"""The dataclasses' shared __repr__ says what the one dataclasses writes would say."""

from __future__ import annotations

from dataclasses import dataclass, field

from encounter_app.domain import CombatantRow
from encounter_app.domain.fields_repr import fields_repr


@dataclass(frozen=True)
class Written:
    """Its __repr__ is the one dataclasses writes."""

    name: str
    hp: int = 3
    tags: tuple[str, ...] = ()
    secret: str = field(default="x", repr=False)
    inner: object = None


@fields_repr
@dataclass(frozen=True, repr=False)
class Shared:
    """The same fields, the shared __repr__."""

    name: str
    hp: int = 3
    tags: tuple[str, ...] = ()
    secret: str = field(default="x", repr=False)
    inner: object = None


def test_the_shared_repr_reads_as_the_written_one() -> None:
    written = repr(Written("Ogre 'Big'", 5, ("a",), "hidden", Written("inner")))
    shared = repr(Shared("Ogre 'Big'", 5, ("a",), "hidden", Shared("inner")))
    assert shared == written.replace("Written", "Shared")
    assert shared == ("Shared(name=\"Ogre 'Big'\", hp=5, tags=('a',), "
                      "inner=Shared(name='inner', hp=3, tags=(), inner=None))")


def test_a_row_says_its_fields() -> None:
    row = CombatantRow(id=4, name="Goblin", kind="adversary")
    assert repr(row).startswith("CombatantRow(kind='adversary', name='Goblin', id=4, ")


def test_a_class_that_writes_its_own_repr_keeps_it() -> None:
    @fields_repr
    @dataclass(repr=False)
    class Own:
        """Says its own."""

        value: int

        def __repr__(self) -> str:
            return "own"

    assert repr(Own(1)) == "own"
