"""The SQLite store: sqlmodel tables, migrations, backups. No Qt."""

from encounter_app.store.errors import FolderNotWritable, StoreError
from encounter_app.store.rows import (
    CampaignRow,
    CombatantRow,
    CountdownRow,
    EncounterRow,
    EnvironmentBlock,
    EnvironmentRow,
    Experience,
    FearEventRow,
    Feature,
    RollRow,
    StatBlock,
    TemplateRow,
)
from encounter_app.store.store import DB_NAME, Store

__all__ = [
    "DB_NAME",
    "CampaignRow",
    "CombatantRow",
    "CountdownRow",
    "EncounterRow",
    "EnvironmentBlock",
    "EnvironmentRow",
    "Experience",
    "FearEventRow",
    "Feature",
    "FolderNotWritable",
    "RollRow",
    "StatBlock",
    "Store",
    "StoreError",
    "TemplateRow",
]
