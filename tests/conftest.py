"""Shared test set-up: Qt draws offscreen, so tests run without a screen."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def store(tmp_path):
    """An empty store in a fresh data folder, closed after the test."""
    from encounter_app.store import Store

    store = Store.open(tmp_path)
    yield store
    store.close()


@pytest.fixture
def demo_session(qtbot, store):
    """The first-start demo fight (3 PCs, 4 adversaries, 2 countdowns) as an open session."""
    from encounter_app.demo import create_demo
    from encounter_app.services.session import EncounterSession

    return EncounterSession(store, create_demo(store, seed=1).id)


@pytest.fixture
def undo_stack(qtbot):
    """An empty undo stack for the commands a test pushes."""
    from PySide6.QtGui import QUndoStack

    return QUndoStack()
