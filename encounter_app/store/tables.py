"""The SQLite tables, as sqlmodel classes: the one statement of the schema. Only the store
module touches them.

The store reads and writes through them (store.py); a new database is created from them
(``SQLModel.metadata.create_all``, migrate.py), and migrations are generated from them
(``alembic revision --autogenerate``): ``tests/store/test_new_database.py`` fails when the
migrations build anything else. Columns added by a migration carry the server default it
gave them, so that every file, however it was made, has the same schema.

Lists that are only ever read and written whole (experiences, features, conditions) are JSON
columns: they are never queried by their parts, and one column keeps a stat block one row. A
roll's full result is JSON too, stored packed (``PackedJSON``, ``packing.py``): the roll log is
nearly all of a big campaign's file.

A JSON column holds pydantic's ``JsonValue``, which the type checker takes for the very type
of ``domain.json_data.JSON``: pydantic cannot follow that alias's references to itself, and
building a table's validator (``defer_build`` below) would fail on it.

No ``from __future__ import annotations`` here: pydantic would read every column's annotation
back from its text (some hundred evaluations at every start, docs/performance.md, issue 28).
"""

from datetime import UTC, datetime

from pydantic import ConfigDict, JsonValue
from sqlalchemy import (
    JSON,
    Column,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    UniqueConstraint,
    false,
)
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

from encounter_app.store import packing


def _now() -> datetime:
    return datetime.now(UTC)


class PackedJSON(TypeDecorator[JsonValue]):
    """A JSON value stored packed (``packing.pack``): a BLOB column, read back as the value.

    For the roll log's payloads, where the same keys repeat in every row (migration 0007).
    """

    impl = LargeBinary
    cache_ok = True

    def process_bind_param(self, value: JsonValue | None, dialect: Dialect) -> bytes | None:
        return None if value is None else packing.pack(value)

    def process_result_value(self, value: bytes | str | None, dialect: Dialect
                             ) -> JsonValue | None:
        return None if value is None else packing.unpack(value)


class _Table(SQLModel):
    """What every table class shares: pydantic's validator is built only if one is ever needed.

    The store never validates a table object (sqlmodel constructs them without), so building
    each class's validator at import only slowed every start (about 15 ms).
    """

    model_config = ConfigDict(defer_build=True)  # type: ignore[assignment]


class Campaign(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str
    system: str
    party_size: int = 0
    fear: int = 0
    created_at: datetime = Field(default_factory=_now)
    archived: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    # the GM's own notes, never shown to players
    note: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # game sessions played; per-session resources refresh on a new one
    session_number: int = Field(default=1, sa_column_kwargs={"server_default": "1"})
    # The SRD's optional rules it plays with (domain/optional_rules.py), read and written whole
    options: dict[str, JsonValue] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))


class Encounter(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(
        sa_column=Column(Integer, ForeignKey("campaign.id", ondelete="CASCADE"), nullable=False)
    )
    name: str
    round: int = 1
    # No foreign key: combatant rows point back at the encounter, and SQLite cannot add the
    # circular constraint without a table rebuild. The store clears it when the combatant goes.
    active_combatant_id: int | None = None
    scene_intensity: str = "standard"
    seed: int | None = None
    created_at: datetime = Field(default_factory=_now)
    # The environment the fight takes place in, copied from the library like a combatant's
    # stat block: editing or deleting the library entry leaves the fight as it was.
    environment: dict[str, JsonValue] | None = Field(
        default=None, sa_column=Column(JSON(none_as_null=True)))
    # "draft" (prepared), "active" (being run) or "done"
    status: str = Field(default="draft", sa_column_kwargs={"server_default": "draft"})
    # the GM's order of the campaign's encounters
    position: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    note: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # Rounds, Fear gained and spent, adversaries defeated, rolls: written when it is finished.
    summary: dict[str, JsonValue] | None = Field(
        default=None, sa_column=Column(JSON(none_as_null=True)))
    # The fight's turn state in the campaign's system (round zero, who was attacked...): its
    # typed class as JSON (SystemRules.write and read), never queried by its parts.
    system_state: dict[str, JsonValue] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))


class Pc(_Table, table=True):
    """A player character on a campaign's roster; its combatants copy it and write marks back."""

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("campaign.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    position: int
    name: str
    # The character's sheet in the campaign's system: its typed class as JSON, whole
    # (SystemRules.write and read; the editors check it against the system's pc_fields).
    stats: dict[str, JsonValue] = Field(default_factory=dict, sa_column=Column(JSON))
    hp_marked: int = 0
    stress_marked: int = 0
    armor_marked: int = 0
    note: str = ""


class AppState(_Table, table=True):
    """What the program remembers between starts: the campaign and encounter last open."""

    __tablename__ = "app_state"

    key: str = Field(primary_key=True)
    value: str


class AdversaryTemplate(_Table, table=True):
    """A stat block in the library. Combatants copy it when they join an encounter."""

    __tablename__ = "adversary_template"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    tier: int = 1
    type: str = "Standard"
    description: str = ""
    motives: str = ""
    difficulty: int = 10
    major: int | None = None
    severe: int | None = None
    hp: int = 1
    stress: int = 1
    attack_modifier: int = 0
    attack_name: str = ""
    attack_range: str = "Melee"
    damage: str = "1d6"
    experiences: list[dict[str, JsonValue]] = Field(default_factory=list, sa_column=Column(JSON))
    features: list[dict[str, JsonValue]] = Field(default_factory=list, sa_column=Column(JSON))
    source: str = "sample"


class Environment(_Table, table=True):
    """An environment stat block in the library (name, tier, type, Difficulty, impulses...)."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    tier: int = 1
    type: str = "Exploration"
    description: str = ""
    impulses: str = ""
    difficulty: int = 10
    potential_adversaries: str = ""
    features: list[dict[str, JsonValue]] = Field(default_factory=list, sa_column=Column(JSON))
    source: str = "sample"


class Combatant(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    encounter_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("encounter.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    position: int
    kind: str  # "pc", "adversary" or "npc"
    name: str
    evasion: int | None = None
    hp_max: int = 0
    hp_marked: int = 0
    stress_max: int = 0
    stress_marked: int = 0
    conditions: list[str] = Field(default_factory=list, sa_column=Column(JSON))
    hidden: bool = False
    # The stat block as it was copied from the library (adversaries only): editing the library
    # later does not change a fight already under way. Written as SQL NULL when there is none.
    stat_block: dict[str, JsonValue] | None = Field(
        default=None, sa_column=Column(JSON(none_as_null=True)))
    # Slow: a token must be on the stat block before it can act
    slow_tokens: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # spotlights taken this GM turn (Relentless (X) allows X)
    spotlights: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # The roster PC this combatant is (marks are written back to it); None for the others.
    pc_id: int | None = Field(
        default=None,
        sa_column=Column(Integer, ForeignKey("pc.id", ondelete="SET NULL",
                                             name="fk_combatant_pc_id"), index=True),
    )
    # the GM's notes on this combatant; never on the players' display
    notes: str = Field(default="", sa_column_kwargs={"server_default": ""})
    # The campaign's system's typed numbers and state of the combatant as JSON (SystemRules.write
    # and read): its sheet (a card table's) and what changes in play (Action Points left...).
    system_stats: dict[str, JsonValue] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))
    system_state: dict[str, JsonValue] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))


class Countdown(_Table, table=True):
    id: int | None = Field(default=None, primary_key=True)
    encounter_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("encounter.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    position: int
    name: str
    start: int
    value: int
    kind: str = "standard"
    loop: str = "none"
    long_term: bool = False
    # what advances it: "action" rolls, a "pc_miss", or "manual" only
    trigger: str = Field(default="action", sa_column_kwargs={"server_default": "action"})
    dice: str | None = None  # a randomized start: the expression its start was rolled from
    link: int | None = None  # linked progress/consequence pairs share a link and advance together
    # how many times a looping countdown has triggered and reset
    loops: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # shown on the player display
    visible: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class RollRecord(_Table, table=True):
    """One line of the roll log, with the full result so undo and redo restore it exactly."""

    __tablename__ = "roll_record"

    id: int | None = Field(default=None, primary_key=True)
    encounter_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("encounter.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    created_at: datetime = Field(default_factory=_now)
    kind: str
    actor: str = ""
    summary: str
    detail: str = ""
    # packed: a big campaign's file is nearly all roll log (docs/performance.md, growth)
    payload: dict[str, JsonValue] = Field(default_factory=dict, sa_column=Column(PackedJSON))
    # shown on the player display
    public: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class FearEvent(_Table, table=True):
    """One line of the Fear ledger: a gain or a spend, with its reason."""

    __tablename__ = "fear_event"

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("campaign.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    # The scene it happened in, for "Fear spent in this scene"; a rest has none.
    encounter_id: int | None = Field(
        default=None,
        sa_column=Column(Integer, ForeignKey("encounter.id", ondelete="SET NULL"), index=True),
    )
    created_at: datetime = Field(default_factory=_now)
    change: int  # + gained, - spent
    value: int  # the pool after the change
    reason: str
    note: str = ""


class FightEvent(_Table, table=True):
    """One line of the fight's event log (store/events.py): the spotlight moved, a new round, a
    combatant defeated, hidden or shown, a countdown started or triggered, a rest. Written by
    the GM's action in its own undo step, so a recap can say who acted when and what the
    players could see then (``visible``). Kept from migration 0010 on: older fights have none.
    """

    __tablename__ = "fight_event"

    id: int | None = Field(default=None, primary_key=True)
    encounter_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("encounter.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    # the campaign's game session it happened in (campaign.session_number then)
    session_number: int = 1
    round: int = 0
    created_at: datetime = Field(default_factory=_now)
    kind: str  # domain/rows.py EVENT_KINDS
    # who: the combatant (or, for a countdown's event, the countdown) by id and name
    combatant_id: int | None = None
    countdown_id: int | None = None
    name: str = ""
    what: str = ""
    # by whom (a defeat): the attacker of the roll that marked the last HP, "" when unknown
    by: str = ""
    by_id: int | None = None
    # whether the players could see it then: the combatant not hidden, the countdown shown
    visible: bool = False


class PhoneRollRecord(_Table, table=True):
    """A player's roll from their phone (store/phone.py): waiting for the GM, or what became of
    it, kept so a restart loses none and the phone can show its history."""

    __tablename__ = "phone_roll"

    id: int | None = Field(default=None, primary_key=True)
    encounter_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("encounter.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    created_at: datetime = Field(default_factory=_now)
    character: str  # the character's name, as the phone holds it
    status: str  # RollStatus's value: "waiting", "recorded", "set_aside", "refused"
    # the submission, its dice, the result and the note (store/phone.py reads and writes it)
    payload: dict[str, JsonValue] = Field(default_factory=dict, sa_column=Column(JSON))


class PhoneClaim(_Table, table=True):
    """Which phone holds which character in a campaign: a phone keeps its claim across the
    GM's restarts and from one encounter to the next."""

    __tablename__ = "phone_claim"
    __table_args__ = (UniqueConstraint("campaign_id", "device"),
                      Index("ix_phone_claim_name", "campaign_id", "name", unique=True))

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("campaign.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    device: str  # the phone's own random token
    name: str  # the character it holds
