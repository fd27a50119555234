"""The library's numbers for the stat-block editor's guidance, read once when the editor opens,
and a new adversary's numbers, which that guidance calls usual.

The editor never reads the store: it is handed these plain numbers (rules/guidance.py's
``Peers``), taken from the library's adversaries as the store holds them.
"""

from __future__ import annotations

from collections.abc import Iterable

from encounter_app.domain import StatBlock, TemplateRow
from encounter_app.rules.guidance import Peers, defaults
from encounter_app.rules.stat_blocks import base_type, horde_size, type_text
from encounter_app.store import Store
from encounter_app.systems.daggerheart.services.library.shelves import Library


def peers_of(rows: Iterable[TemplateRow], leave_out: StatBlock | None = None) -> Peers:
    """The numbers of ``rows``' adversaries; one adversary equal to ``leave_out`` (the one being
    edited) is left out, so it is not compared with itself."""
    blocks = [row.stats for row in rows]
    if leave_out is not None and leave_out in blocks:
        blocks.remove(leave_out)
    return Peers.of(block.to_json() for block in blocks)


def library_peers(library: Library, leave_out: StatBlock | None = None) -> Peers:
    """The numbers of the library the window shows (its shelf, kept in step with the store)."""
    return peers_of(library.templates.rows, leave_out)


def store_peers(store: Store, leave_out: StatBlock | None = None) -> Peers:
    """The numbers of the library in the store, where no library is open (a card's own copy
    edited in the fight)."""
    return peers_of(store.templates(), leave_out)


NEW_HORDE_SIZE = 2  # a new Horde's creatures per HP, until the GM says


def new_adversary(tier: int, type_: str, peers: Peers) -> StatBlock:
    """A new adversary of ``tier`` and ``type_`` ("Horde" takes a size): nothing written but its
    numbers, the tier's benchmarks held where its ``peers`` usually are (rules/guidance.py's
    ``defaults``), so the guidance beside each calls it usual."""
    base = base_type(type_)
    kind = type_text(base, horde_size(type_) or NEW_HORDE_SIZE)
    numbers = defaults(tier, kind, peers.scope(tier, kind))
    return StatBlock.from_json({"name": "", "attack_name": "", "attack_range": "Melee",
                                **numbers})
