"""The library in the store: templates and environments kept, changed, deleted and brought back
with the same id; an encounter's environment survives a reopen; a fight keeps its copies."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from encounter_app.domain import EnvironmentBlock, EnvironmentRow, Feature, TemplateRow
from encounter_app.domain.adversaries import combatant_from
from encounter_app.store import Store
from tests.helpers.rows import BANDIT, SHAMAN
from tests.helpers.systems import SYSTEMS

CRYPT = EnvironmentBlock(
    name="Flooded Crypt", tier=1, type="Exploration", difficulty=12,
    description="Knee-deep black water between the tombs.",
    impulses="Drown the careless, hide what was buried",
    potential_adversaries="Bog wights, eels",
    features=(Feature("Rising Water", "Action", "The water rises a hand.", fear=True,
                      countdown=4),
              Feature("Slick Stones", "Passive", "Running needs an Agility roll.")))


def reopen(store: Store, folder: Path) -> Store:
    store.close()
    return Store.open(folder, SYSTEMS)


def test_a_template_is_added_edited_and_deleted_and_comes_back_with_its_id(tmp_path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    added = store.insert_template(TemplateRow(None, BANDIT, "own"))
    store.update_template(replace(added, stats=replace(BANDIT, hp=9)))
    store = reopen(store, tmp_path)
    assert store.template(added.id).stats.hp == 9
    assert store.template(added.id).source == "own"
    store.delete_template(added.id)
    assert store.templates() == []
    assert store.insert_template(added).id == added.id  # undo of the delete
    store.close()


def test_deleting_a_template_leaves_the_fight_alone(store: Store) -> None:
    template = store.insert_template(TemplateRow(None, SHAMAN))
    campaign = store.create_campaign("c", system="daggerheart", party_size=4)
    encounter = store.create_encounter(campaign.id, "e")
    store.insert_combatant(encounter.id, combatant_from(template.stats))
    store.delete_template(template.id)
    assert [c.stats for c in store.combatants(encounter.id)] == [SHAMAN]


def test_changing_a_missing_row_says_which(store: Store) -> None:
    with pytest.raises(KeyError, match="no adversary_template with id 77"):
        store.update_template(TemplateRow(77, BANDIT))
    with pytest.raises(KeyError, match="no environment with id 5"):
        store.delete_environment(5)


def test_environments_and_the_encounters_copy_survive_a_reopen(tmp_path) -> None:
    store = Store.open(tmp_path, SYSTEMS)
    row = store.insert_environment(EnvironmentRow(None, CRYPT))
    store.update_environment(replace(row, stats=replace(CRYPT, difficulty=14)))
    campaign = store.create_campaign("c", system="daggerheart", party_size=4)
    encounter = store.create_encounter(campaign.id, "e")
    assert store.encounter_environment(encounter.id) is None
    store.set_encounter_environment(encounter.id, CRYPT)
    store.delete_environment(row.id)  # the fight keeps its copy
    store = reopen(store, tmp_path)
    assert store.environments() == []
    assert store.encounter_environment(encounter.id) == CRYPT
    store.set_encounter_environment(encounter.id, None)
    assert store.encounter_environment(encounter.id) is None
    store.close()
