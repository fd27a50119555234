"""Shared test set-up: Qt draws offscreen, so tests run without a screen; fixtures every
package of tests uses."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The helpers assert too (a scripted die, a menu entry): pytest explains their failures as it
# does a test's own. This must come before anything imports them.
pytest.register_assert_rewrite("tests.helpers")

# CI runs the same examples every time, so a run lands or not on the change itself; a property
# test run by hand draws new ones (and keeps what it found in .hypothesis/ to try first).
from hypothesis import settings  # noqa: E402

# No example has a deadline: hypothesis's default (200 ms an example) is a timing assertion,
# and CI shares two cores with other work (a parse under load failed it, not a rule).
settings.register_profile("busy", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("busy"), derandomize=True,
                          print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "busy")


@pytest.fixture(scope="session")
def srd_file() -> Path:
    """The SRD's adversaries.json (tests/helpers/srd.py); the test is skipped without it."""
    from tests.helpers.srd import RELATIVE, ROOT, srd_path

    path = srd_path()
    if path is None:
        pytest.skip(f"the SRD adversaries are not beside the repository ({ROOT.parent / RELATIVE})"
                    ": these tests read the published file and the program does not ship it")
    return path


@pytest.fixture
def store(tmp_path):
    """An empty store in a fresh data folder, closed after the test."""
    from encounter_app.store import Store
    from tests.helpers.systems import SYSTEMS

    store = Store.open(tmp_path, SYSTEMS)
    yield store
    store.close()


@pytest.fixture
def demo_session(qtbot, store):
    """The first-start demo fight (3 PCs, 4 adversaries, 2 countdowns) as an open session."""
    from encounter_app.services.fight.session import EncounterSession
    from tests.helpers.systems import SYSTEMS, create_demo

    return EncounterSession(store, create_demo(store, seed=1).id, SYSTEMS)


@pytest.fixture
def session(qtbot, store):
    """An empty encounter in a campaign of three PCs with no Fear yet."""
    from encounter_app.services.fight.session import EncounterSession
    from tests.helpers.systems import SYSTEMS

    campaign = store.create_campaign("t", system="daggerheart", party_size=3, fear=0)
    return EncounterSession(store, store.create_encounter(campaign.id, "e").id, SYSTEMS)


@pytest.fixture
def undo_stack(store):
    """The program's undo stack over the test's store: each step one transaction."""
    from encounter_app.services.undo import UndoStack

    return UndoStack(store)


@pytest.fixture
def rules_service(qtbot):
    """A real rules service on its own thread, seeded, stopped after the test."""
    from encounter_app.services.rolls.rules_service import RulesService

    service = RulesService(seed=7)
    yield service
    service.shutdown()


@pytest.fixture
def router(rules_service):
    """A RollRouter over the test's rules service."""
    from encounter_app.services.rolls.router import RollRouter

    return RollRouter(rules_service)


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MB tmpfs of its own, for the tests of a full disk; skipped (saying why) where
    mounting is not allowed (it needs root or CAP_SYS_ADMIN)."""
    import subprocess

    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs",
                               str(mount_point)], capture_output=True, text=True, check=False)
    except OSError as exc:
        pytest.skip(f"cannot run mount to make a small disk: {exc}")
    if done.returncode != 0:
        pytest.skip(f"mounting a small tmpfs is not allowed here: {done.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)

