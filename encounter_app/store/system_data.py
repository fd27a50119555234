"""A rule system's typed values at the store: written as JSON by the campaign's system
(``SystemRules.write``) and read back through it (``SystemRules.read``). The store imports no
system: the catalog it was opened with finds the campaign's by the key the campaign stores.

A stored value that does not decode (another shape, a field no system of this version has) is
``ValueUnreadable``, naming its table, row and field; the store's reads turn it into
``RowUnreadable``, as any row it cannot read.
"""

from __future__ import annotations

from sqlmodel import Session, select

from encounter_app.domain.json_data import JSON, DataError
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.domain.system_data import Part, SystemData
from encounter_app.store.errors import RowMissing
from encounter_app.store.tables import Campaign, Encounter


class ValueUnreadable(ValueError):
    """A stored system value its system cannot read: where, and what is wrong."""

    def __init__(self, table: str, row_id: int | None, error: DataError) -> None:
        super().__init__(f"{table} row {row_id}, {error}")


def campaign_system(session: Session, systems: Catalog[SystemRules],
                    campaign_id: int) -> SystemRules:
    """The rule system of the campaign ``campaign_id`` (RowMissing when there is none)."""
    key = session.exec(select(Campaign.system).where(Campaign.id == campaign_id)).first()
    if key is None:
        raise RowMissing(f"no campaign with id {campaign_id}")
    return systems.get(key)


def encounter_system(session: Session, systems: Catalog[SystemRules],
                     encounter_id: int) -> SystemRules:
    """The rule system of the campaign the encounter ``encounter_id`` belongs to."""
    key = session.exec(select(Campaign.system)
                       .join(Encounter, Encounter.campaign_id == Campaign.id)  # type: ignore[arg-type]
                       .where(Encounter.id == encounter_id)).first()
    if key is None:
        raise RowMissing(f"no encounter with id {encounter_id}")
    return systems.get(key)


def decode(system: SystemRules, part: Part, data: JSON, table: str, row_id: int | None
           ) -> SystemData:
    """``data`` of a stored row as ``system``'s class of ``part``."""
    try:
        return system.read(part, data, part.key)
    except DataError as exc:
        raise ValueUnreadable(table, row_id, exc) from exc
