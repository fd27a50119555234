"""A recap of an encounter or of a game session, in the GM's version or the players'.

CONTRACT (the window, the campaign view and the players' page call it):

- ``Recaps(store, systems)``: built once beside the store; every method reads, none writes.
- ``encounter(encounter_id, players=...)`` and ``session(campaign_id, session_number,
  players=...)`` answer a ``RecapText``: the same recap as Markdown and as a printable HTML
  page (a whole document, styles inline, nothing fetched from the network).
- ``players=True`` is the players' version: only what the players saw (the player display's
  and the page's own ``player_view``): no hidden combatant, no GM-only countdown, no roll that
  was not shown, no Difficulty.
- ``last_for_players(campaign_id)``: the players' version of the newest finished encounter of
  the campaign (the players' page's "Last session"), or None when none is finished.
- Added: ``gather_encounter`` and ``gather_session`` (the recap as plain data,
  ``exchange/recap_text.py:Recap``, before it is written) and ``sessions(campaign_id)`` (the
  game sessions the event log knows, for a list to pick one from).

What it reads: the fight's event log (store/events.py: who had the spotlight, each round, the
defeats and by whom, what was hidden or shown, the countdowns started and triggered, the
rests), the roll log (each row read back through the campaign's system: its critical
successes; the players' words through ``domain/player_view.py:roll_words``), the Fear ledger
and, for a fight played before the event log, the summary written at Finish. The players'
version judges each thing as the players saw it then: a combatant hidden at the time of the
event is left out (and as a roll's actor or target, by the ``Sight`` of that moment), a
countdown only while it was shown, a roll only when the GM made it public, in the words the
players' display gives it (never the GM's line, which may name a Difficulty).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import get_args

from encounter_app.domain import CombatantRow, CountdownRow, FearEventRow, RollRow
from encounter_app.domain.campaign_rows import EncounterEntry
from encounter_app.domain.fear import REST_REASONS, reason_label
from encounter_app.domain.logged import CORE_KINDS, LoggedRoll, OutcomeLine, read_core
from encounter_app.domain.player_view import Sight, plain_name, roll_words
from encounter_app.domain.rows import DAMAGED_ROLL, CombatantKind, FightEventRow
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.exchange import recap_text
from encounter_app.exchange.recap_text import (
    Acted,
    CountdownLine,
    Defeat,
    EncounterRecap,
    FearLine,
    Recap,
    RollLine,
)
from encounter_app.resources import resource
from encounter_app.store import Store

KEPT_FROM_BEFORE = ("Kept from before the event log: the rounds, the roll log, the Fear ledger "
                    "and the summary written at Finish. Who acted each round, by whom each "
                    "adversary fell and what was hidden then were not recorded.")
# A rest's Fear is a ledger line of no encounter, written with the rest's log row.
_REST_NEARBY = timedelta(seconds=5)


@dataclass(frozen=True)
class RecapText:
    """A recap written: its title, as Markdown and as a printable HTML page."""

    title: str  # "Recap: The Bridge (session 3)"
    markdown: str
    html: str


@dataclass(frozen=True)
class _Window:
    """A game session's stretch of time (store.session_span) and its number."""

    number: int
    after: datetime | None
    before: datetime | None

    def holds(self, moment: datetime | None) -> bool:
        if moment is None:
            return True
        return ((self.after is None or moment > self.after)
                and (self.before is None or moment < self.before))


class Recaps:
    def __init__(self, store: Store, systems: Catalog[SystemRules],
                 templates: Path | None = None) -> None:
        self._store = store
        self._systems = systems
        self._templates = templates or resource("recap")

    # -- the contract ----------------------------------------------------------------------------

    def encounter(self, encounter_id: int, *, players: bool) -> RecapText:
        return self._written(self.gather_encounter(encounter_id, players=players))

    def session(self, campaign_id: int, session_number: int, *, players: bool) -> RecapText:
        return self._written(self.gather_session(campaign_id, session_number, players=players))

    def last_for_players(self, campaign_id: int) -> RecapText | None:
        done = [entry.id for entry in self._store.encounter_entries(campaign_id)
                if entry.status == "done" and entry.id is not None]
        if not done:
            return None
        # The one played last, by the event log; fights from before it (none logged) count
        # as played before every logged one, in the campaign's list order.
        played = {encounter_id: at for at, encounter_id in
                  enumerate(self._store.played_order(campaign_id), start=1)}
        last = max(range(len(done)), key=lambda at: (played.get(done[at], 0), at))
        return self.encounter(done[last], players=True)

    def sessions(self, campaign_id: int) -> list[int]:
        """The game sessions of the campaign whose fights the event log holds, in order."""
        return self._store.event_sessions(campaign_id)

    # -- gathering -----------------------------------------------------------------------------

    def gather_encounter(self, encounter_id: int, *, players: bool) -> Recap:
        row = self._store.encounter(encounter_id)
        campaign = self._store.campaign(row.campaign_id)
        system = self._systems.get(campaign.system)
        fight = self._fight(encounter_id, system, players, None)
        numbers = sorted({event.session_number for event in self._store.events(encounter_id)})
        title = f"Recap: {row.name}"
        if len(numbers) == 1:
            title += f" (session {numbers[0]})"
        return Recap(title, campaign.name, system.name, None, players, (fight,),
                     health_word=system.health_word)

    def gather_session(self, campaign_id: int, session_number: int, *,
                       players: bool) -> Recap:
        campaign = self._store.campaign(campaign_id)
        system = self._systems.get(campaign.system)
        window = _Window(session_number, *self._store.session_span(campaign_id,
                                                                   session_number))
        fights = tuple(self._fight(encounter_id, system, players, window)
                       for encounter_id in self._store.session_encounters(campaign_id,
                                                                         session_number))
        return Recap(f"Recap: {campaign.name}, session {session_number}", campaign.name,
                     system.name, session_number, players, fights,
                     health_word=system.health_word)

    def _written(self, recap: Recap) -> RecapText:
        return RecapText(recap.title, recap_text.markdown(recap, self._templates),
                         recap_text.html(recap, self._templates))

    def _fight(self, encounter_id: int, system: SystemRules, players: bool,
               window: _Window | None) -> EncounterRecap:
        store = self._store
        row = store.encounter(encounter_id)
        entry = _entry(store.encounter_entries(row.campaign_id), encounter_id)
        events = store.events(encounter_id)
        combatants, countdowns = store.combatants(encounter_id), store.countdowns(encounter_id)
        seen = _Seen(combatants, countdowns, events, system.has_fear)
        if window is not None:
            events = [e for e in events if e.session_number == window.number]
        rolls = [r for r in reversed(store.rolls(encounter_id)) if r.kind != DAMAGED_ROLL
                 and (window is None or window.holds(r.created_at))]
        pcs = ({c.name for c in combatants if c.kind == "pc"}
               | {pc.name for pc in store.pcs(row.campaign_id)}
               | {e.name for e in events if e.kind == "left" and e.what == "pc"})
        fear = None
        if system.has_fear:
            fear = tuple(self._fear(row.campaign_id, encounter_id, rolls, window, players))
        judge = _Judge(system, seen, players)
        player_rolls, criticals = [], []
        for roll in rolls:
            line = judge.line(roll)
            if line is None:
                continue
            if line.critical:
                criticals.append(line)
            if roll.actor in pcs or (roll.kind == "outcome" and roll.actor):
                player_rolls.append(line)
        rests = tuple(text for roll in rolls if roll.kind == "rest"
                      and (text := judge.rest(roll)))
        finished = entry is not None and entry.status == "done"
        rounds = max([row.round, *(e.round for e in events)]) if window is None \
            else max((e.round for e in events), default=row.round)
        if not events:
            defeated = self._old_defeats(entry, combatants, players)
            return EncounterRecap(row.name, rounds, finished, (), defeated, fear, (),
                                  tuple(player_rolls), tuple(criticals), rests,
                                  KEPT_FROM_BEFORE)
        return EncounterRecap(row.name, rounds, finished, _acted(events, seen, players),
                              _defeats(events, seen, players, pcs),
                              fear, _countdowns(events, players), tuple(player_rolls),
                              tuple(criticals), rests)

    def _fear(self, campaign_id: int, encounter_id: int, rolls: Sequence[RollRow],
              window: _Window | None, players: bool) -> Iterable[FearLine]:
        """The encounter's ledger lines (and its rests', which name no encounter), oldest
        first; the players' without the GM's notes."""
        rested = [r.created_at for r in rolls if r.kind == "rest" and r.created_at]
        for line in reversed(self._store.fear_ledger(campaign_id)):
            if line.encounter_id != encounter_id and not _rest_of(line, rested):
                continue
            if window is not None and not window.holds(line.created_at):
                continue
            if line.change == 0:
                continue  # a scene begun: no Fear moved
            yield FearLine(line.change, line.value, reason_label(line.reason),
                           "" if players else line.note)

    def _old_defeats(self, entry: EncounterEntry | None, combatants: list[CombatantRow],
                     players: bool) -> tuple[Defeat, ...]:
        """A fight from before the event log: the defeated its summary names (the players'
        only those they can see now)."""
        if entry is None or entry.summary is None:
            names: Iterable[str] = [c.name for c in combatants if c.defeated]
        else:
            names = entry.summary.defeated
        if players:
            shown = {c.name for c in combatants if not c.hidden}
            names = [plain_name(n) for n in names if n in shown]
        return tuple(Defeat(name, "", 0) for name in names)


def _entry(entries: list[EncounterEntry], encounter_id: int) -> EncounterEntry | None:
    return next((e for e in entries if e.id == encounter_id), None)


def _rest_of(line: FearEventRow, rested: list[datetime]) -> bool:
    return (line.encounter_id is None and line.reason in REST_REASONS
            and line.created_at is not None
            and any(abs(line.created_at - moment) < _REST_NEARBY for moment in rested))


class _Seen:
    """What the players could see at each moment of the fight: each combatant hidden or not,
    each countdown shown or not, replayed from the event log from what is true now."""

    def __init__(self, combatants: list[CombatantRow], countdowns: list[CountdownRow],
                 events: list[FightEventRow], fear: bool) -> None:
        self._fear = fear
        rows = {c.id: c for c in combatants}
        clocks = {c.id: c for c in countdowns}
        kinds = get_args(CombatantKind)
        # Walk back from now: before a "hidden" it was shown, before a "shown" hidden.
        hidden = {key: row.hidden for key, row in rows.items()}
        shown = {key: row.visible for key, row in clocks.items()}
        for event in reversed(events):
            key = event.combatant_id
            if event.kind == "left" and key is not None:
                kind = event.what if event.what in kinds else "adversary"
                rows[key] = CombatantRow(kind=kind, name=event.name, id=key)  # type: ignore[arg-type]
                hidden[key] = not event.visible
            elif event.kind in ("hidden", "shown") and key is not None:
                hidden[key] = event.kind == "shown"
            elif event.kind.startswith("countdown_") and event.countdown_id is not None:
                clock = event.countdown_id
                if clock not in clocks:  # removed since: known by its events
                    clocks[clock] = CountdownRow(event.name, 1, 1, id=clock)
                    shown[clock] = event.visible
                if event.kind == "countdown_shown":
                    shown[clock] = False
                elif event.kind == "countdown_hidden":
                    shown[clock] = True
        self._rows, self._clocks = rows, clocks
        self._start_hidden, self._start_shown = hidden, shown
        self._events = events

    def at(self, moment: datetime | None) -> Sight:
        """The players' Sight at ``moment`` (now, for a moment not known)."""
        hidden, shown = dict(self._start_hidden), dict(self._start_shown)
        for event in self._events:
            if moment is not None and event.created_at is not None \
                    and event.created_at > moment:
                break
            if event.kind in ("hidden", "shown") and event.combatant_id is not None:
                hidden[event.combatant_id] = event.kind == "hidden"
            elif event.kind in ("countdown_shown", "countdown_hidden") \
                    and event.countdown_id is not None:
                shown[event.countdown_id] = event.kind == "countdown_shown"
        combatants = [replace(row, hidden=hidden.get(key, row.hidden))
                      for key, row in self._rows.items()]
        countdowns = [replace(row, visible=shown.get(key, False))
                      for key, row in self._clocks.items()]
        return Sight(combatants, countdowns, self._fear)


class _Judge:
    """A roll as the recap shows it: the GM's line and dice, or the players' words."""

    def __init__(self, system: SystemRules, seen: _Seen, players: bool) -> None:
        self._system, self._seen, self._players = system, seen, players

    def read(self, roll: RollRow) -> LoggedRoll | None:
        return read_core(roll) if roll.kind in CORE_KINDS else self._system.read_roll(roll)

    def line(self, roll: RollRow) -> RollLine | None:
        logged = self.read(roll)
        critical = logged is not None and logged.critical
        if not self._players:  # the log's own line; its dice are its detail's first line
            return RollLine(roll.actor, roll.summary, roll.detail.partition("\n")[0],
                            critical)
        if not roll.public:
            return None
        words = roll_words(roll, self._seen.at(roll.created_at), self._system)
        if not words:
            return None
        if isinstance(logged, OutcomeLine) and logged.player and logged.player not in words:
            words = f"{logged.player}: {words}"
        return RollLine(roll.actor, words, "" if logged is None else logged.dice, critical)

    def rest(self, roll: RollRow) -> str:
        if not self._players:
            return roll.summary
        return roll_words(roll, self._seen.at(roll.created_at), self._system)


def _acted(events: list[FightEventRow], seen: _Seen, players: bool) -> tuple[Acted, ...]:
    rounds: dict[int, list[str]] = {}
    for event in events:
        if event.kind == "round":
            rounds.setdefault(event.round, [])
        if event.kind != "turn":
            continue
        if players:
            if not event.visible:
                continue
            name = seen.at(event.created_at).name(event.name)
        else:
            name = event.name + ("" if event.visible else " (hidden)")
        rounds.setdefault(event.round, []).append(name)
    return tuple(Acted(number, tuple(names)) for number, names in sorted(rounds.items()))


def _defeats(events: list[FightEventRow], seen: _Seen, players: bool,
             pcs: set[str]) -> tuple[Defeat, ...]:
    found = []
    spotlight: FightEventRow | None = None  # the last turn given before the defeat
    for event in events:
        if event.kind == "turn":
            spotlight = event
        if event.kind != "defeated":
            continue
        pc = event.what == "pc" or (not event.what and event.name in pcs)
        holder = "" if spotlight is None or spotlight.name == event.name else spotlight.name
        if not players:
            name = event.name + ("" if event.visible else " (hidden)")
            found.append(Defeat(name, event.by, event.round, pc, holder))
            continue
        if not event.visible:
            continue
        sight = seen.at(event.created_at)
        by = sight.name(event.by) if event.by and sight.sees(event.by, event.by_id) else ""
        if spotlight is None or not holder or not sight.sees(spotlight.name,
                                                             spotlight.combatant_id):
            holder = ""
        found.append(Defeat(sight.name(event.name), by, event.round, pc,
                            sight.name(holder) if holder else ""))
    return tuple(found)


def _countdowns(events: list[FightEventRow], players: bool) -> tuple[CountdownLine, ...]:
    found = []
    for event in events:
        if event.kind not in ("countdown_started", "countdown_triggered"):
            continue
        if players and not event.visible:
            continue
        name = event.name + ("" if players or event.visible else " (GM only)")
        if event.kind == "countdown_started":
            found.append(CountdownLine(name, "started", event.round, event.what))
        else:
            found.append(CountdownLine(name, "triggered", event.round))
    return tuple(found)
