"""The library and the builder's start, through their undo commands as the window pushes them."""

from __future__ import annotations

from dataclasses import replace

from encounter_app.domain import TemplateRow
from encounter_app.services.fight.commands import SetMarks
from encounter_app.store import Store
from encounter_app.systems.daggerheart.sample import (
    load_sample_adversaries,
    load_sample_environments,
)
from encounter_app.systems.daggerheart.services.library.builder import (
    PlannedAdversary,
    edit_card_stats,
    fight_names,
    start_encounter,
)
from encounter_app.systems.daggerheart.services.library.commands import (
    AddEntry,
    DeleteEntry,
    EditEntry,
    SetEnvironment,
)
from encounter_app.systems.daggerheart.services.library.shelves import (
    EncounterEnvironment,
    Library,
    duplicate,
)
from tests.helpers.rows import BANDIT

SAMPLES = {s.name: s for s in load_sample_adversaries()}


def names(library: Library) -> list[str]:
    return [t.stats.name for t in library.templates.rows]


def test_new_edit_delete_undo_and_redo_in_memory_and_in_the_store(qtbot, store: Store,
                                                                  undo_stack) -> None:
    library = Library(store)
    undo_stack.push(AddEntry(library.templates, TemplateRow(None, BANDIT, "own")))
    added = library.templates.rows[0]
    undo_stack.push(EditEntry(library.templates, replace(added, stats=replace(BANDIT, hp=8))))
    assert store.template(added.id).stats.hp == 8
    undo_stack.push(DeleteEntry(library.templates, added.id))
    assert names(library) == [] and store.templates() == []

    undo_stack.undo()  # the delete
    assert store.templates() == [replace(added, stats=replace(BANDIT, hp=8))]
    undo_stack.undo()  # the edit
    assert library.templates.rows[0].stats.hp == BANDIT.hp == store.template(added.id).stats.hp
    undo_stack.undo()  # the add
    assert names(library) == [] and store.templates() == []
    for _ in range(3):
        undo_stack.redo()
    assert names(library) == [] and store.templates() == []
    undo_stack.undo()
    assert store.templates()[0].id == added.id  # the same entry, not a new one


def test_a_duplicate_gets_a_free_name(store: Store) -> None:
    library = Library(store)
    row = library.templates.add(TemplateRow(None, BANDIT))
    taken = {BANDIT.name, f"{BANDIT.name} (copy)"}
    copy = duplicate(row, taken)
    assert (copy.id, copy.stats.name, copy.source) == (None, f"{BANDIT.name} (copy 2)", "own")
    assert replace(copy.stats, name=BANDIT.name) == BANDIT


def test_deleting_a_template_leaves_adversaries_in_the_fight(qtbot, store, session,
                                                             undo_stack) -> None:
    library = Library(store)
    row = library.templates.add(TemplateRow(None, BANDIT))
    holder = EncounterEnvironment(store, session.encounter_id)
    undo_stack.push(start_encounter(session, holder, [PlannedAdversary(row.id, row.stats)]))
    undo_stack.push(DeleteEntry(library.templates, row.id))
    assert [c.stats for c in store.combatants(session.encounter_id)] == [BANDIT]


def test_repeated_adversaries_are_numbered_around_names_in_use() -> None:
    assert fight_names("Sentry", 1, []) == ["Sentry"]
    assert fight_names("Sentry", 3, []) == ["Sentry 1", "Sentry 2", "Sentry 3"]
    assert fight_names("Sentry", 1, ["Sentry"]) == ["Sentry 2"]
    assert fight_names("Sentry", 2, ["Sentry 1", "Sentry 3"]) == ["Sentry 2", "Sentry 4"]


def test_start_encounter_is_one_step_with_the_environment(qtbot, store, session,
                                                          undo_stack) -> None:
    holder = EncounterEnvironment(store, session.encounter_id)
    chapel = load_sample_environments()[0]
    plan = [PlannedAdversary(None, SAMPLES["Ashen Sentry"], 2),
            PlannedAdversary(None, SAMPLES["Hollow Archer"], 1),
            PlannedAdversary(None, SAMPLES["Cinder Imp"], 0)]
    command = start_encounter(session, holder, plan, chapel)
    assert command.text() == "Start encounter: 3 adversaries"
    undo_stack.push(command)
    fight = store.combatants(session.encounter_id)
    assert [c.name for c in fight] == ["Ashen Sentry 1", "Ashen Sentry 2", "Hollow Archer"]
    assert all(c.kind == "adversary" and c.hp_max == c.stats.hp for c in fight)
    assert store.encounter_environment(session.encounter_id) == chapel == holder.block
    undo_stack.undo()
    assert store.combatants(session.encounter_id) == [] and len(session.combatants) == 0
    assert store.encounter_environment(session.encounter_id) is None
    undo_stack.redo()
    assert [c.id for c in store.combatants(session.encounter_id)] == [c.id for c in fight]


def test_attach_and_detach_an_environment(qtbot, store, session, undo_stack) -> None:
    holder = EncounterEnvironment(store, session.encounter_id)
    chapel = load_sample_environments()[0]
    with qtbot.wait_signal(holder.changed):
        undo_stack.push(SetEnvironment(holder, chapel))
    undo_stack.push(SetEnvironment(holder, None))
    assert holder.block is None
    undo_stack.undo()
    assert EncounterEnvironment(store, session.encounter_id).block == chapel


def test_editing_a_cards_stat_block_changes_that_adversary_only(qtbot, store, session,
                                                                undo_stack) -> None:
    library = Library(store)
    row = library.templates.add(TemplateRow(None, SAMPLES["Ashen Sentry"]))
    holder = EncounterEnvironment(store, session.encounter_id)
    undo_stack.push(start_encounter(session, holder, [PlannedAdversary(row.id, row.stats, 2),
                                                      PlannedAdversary(row.id, row.stats)]))
    first, _, plain = session.combatants
    undo_stack.push(SetMarks(session, first.id, 5, 3))
    tougher = replace(row.stats, name="Ashen Champion", hp=4, stress=2, difficulty=15)
    undo_stack.push(edit_card_stats(session, first.id, tougher))
    undo_stack.push(edit_card_stats(session, plain.id, tougher))

    edited = store.combatants(session.encounter_id)
    assert [c.name for c in edited] == ["Ashen Sentry 1", "Ashen Sentry 2", "Ashen Champion"]
    assert (edited[0].hp_max, edited[0].hp_marked, edited[0].stress_marked) == (4, 4, 2)
    assert edited[0].stats == tougher and edited[1].stats == row.stats
    assert store.templates()[0].stats == row.stats  # the library keeps its entry
    undo_stack.undo()
    undo_stack.undo()
    assert store.combatants(session.encounter_id)[0].stats == row.stats
    assert session.combatants[0].hp_marked == 5
