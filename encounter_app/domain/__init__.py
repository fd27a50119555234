"""The fight as plain data, without Qt or a database: the frozen rows every layer passes
around, the roll requests, and the pure rules of the fight (adversaries' damage, countdown
steps, the roll log's words). ``services/`` and ``ui/`` import it; it imports only ``rules/``.
"""

from encounter_app.domain.rows import (
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

__all__ = [
    "CampaignRow",
    "CombatantRow",
    "CountdownRow",
    "EncounterRow",
    "EnvironmentBlock",
    "EnvironmentRow",
    "Experience",
    "FearEventRow",
    "Feature",
    "RollRow",
    "StatBlock",
    "TemplateRow",
]
