"""The campaign view's operations (services/campaigns/actions.py): each one undo step, what they
refuse said with nothing changed, nothing pushed when nothing changes."""

from __future__ import annotations

import pytest

from encounter_app.domain.campaign_rows import PcRow
from encounter_app.services.campaigns.actions import CampaignOperations
from encounter_app.services.campaigns.book import CampaignBook
from encounter_app.services.campaigns.operations import NewSessionHooks
from tests.helpers.systems import SYSTEMS
from tests.helpers.trace import commits, statements


@pytest.fixture
def ops(demo_session, undo_stack, said) -> CampaignOperations:
    book = CampaignBook(demo_session.store, SYSTEMS, demo_session.campaign.id)
    return CampaignOperations(book, demo_session, NewSessionHooks(), undo_stack, said)


def entry(ops: CampaignOperations, encounter_id: int):
    return ops.book.encounters.by_id(encounter_id)


def test_an_encounter_prepared_renamed_noted_and_finished_one_step_each(ops, undo_stack,
                                                                       store):
    with statements(store) as seen:
        new_id = ops.new_encounter("Bridge")
    assert new_id is not None and commits(seen) == 1
    assert ops.rename_encounter(new_id, "Old bridge")
    assert ops.encounter_note(new_id, "The troll waits below")
    assert ops.finish_encounter(new_id)
    done = entry(ops, new_id)
    assert (done.name, done.note, done.status) == ("Old bridge", "The troll waits below",
                                                   "done")
    assert undo_stack.count() == 4
    for _ in range(3):
        undo_stack.undo()
    assert entry(ops, new_id).name == "Bridge" and entry(ops, new_id).status == "draft"


def test_nothing_changed_is_no_step(ops, undo_stack):
    new_id = ops.new_encounter("Bridge")
    assert new_id is not None
    assert not ops.rename_encounter(new_id, "Bridge")
    assert not ops.encounter_note(new_id, "")
    assert not ops.rename_campaign(ops.book.campaign.name)
    assert not ops.campaign_note(ops.book.campaign.note)
    assert not ops.move_encounter(0, 0)
    assert not ops.set_option("massive_damage", ops.book.campaign.options.massive_damage)
    assert undo_stack.count() == 1


def test_only_a_draft_not_open_is_deleted_and_the_refusal_is_said(ops, demo_session,
                                                                  undo_stack, said):
    open_id = demo_session.encounter_id
    assert not ops.delete_encounter(open_id)  # the demo fight: active, and open
    assert said.errors[-1] == (f"{demo_session.encounter.name} has been run: only drafts can "
                               "be deleted. Finish it instead.")
    draft = ops.new_encounter("Spare")
    assert draft is not None and ops.finish_encounter(draft)
    assert not ops.delete_encounter(draft)
    assert said.errors[-1] == ("Spare has been run: only drafts can be deleted. Finish it "
                               "instead.")
    kept = len(ops.book.encounters)
    other = ops.new_encounter("Another")
    assert other is not None and ops.delete_encounter(other)
    assert len(ops.book.encounters) == kept
    assert not ops.delete_encounter(other)  # gone now
    assert said.errors[-1] == "That encounter is no longer in this campaign."


def test_a_copy_is_a_draft_right_after_its_source(ops):
    source = ops.book.encounters[0]
    copy = ops.duplicate_encounter(source.id)
    assert copy is not None
    assert ops.book.encounters[1].id == copy and entry(ops, copy).name == f"{source.name} (copy)"


def test_pcs_join_once_and_those_already_there_are_named(ops, demo_session, said, undo_stack):
    assert ops.add_pc(PcRow(name="Ash", stats=SYSTEMS.get("daggerheart").defaults()))
    ash = next(pc for pc in ops.book.party if pc.name == "Ash")
    assert ops.join([ash.id])
    assert said[-1] == ("Ash joins the encounter.", False)
    assert not ops.join([ash.id])
    assert said[-1] == ("Ash already in the encounter.", False)
    assert sum(c.pc_id == ash.id for c in demo_session.combatants) == 1
    assert ops.remove_pc(ash.id) and not ops.remove_pc(ash.id)
    assert said.errors == ["That PC is no longer in this campaign."]


def test_a_new_campaign_and_a_new_game_session(ops, said):
    made = ops.create_campaign("Raiders", "ruins_and_raiders")
    assert made is not None and made.id is not None and made.system == "ruins_and_raiders"
    number = ops.book.campaign.session_number
    assert ops.new_game_session()
    assert ops.book.campaign.session_number == number + 1
    assert said[-1][0].startswith(f"New game session ({number + 1})")


def test_a_rule_switched_reaches_the_open_fight(ops, demo_session):
    assert ops.set_option("massive_damage", True)
    assert demo_session.campaign.options.massive_damage
