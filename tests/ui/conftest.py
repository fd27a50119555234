"""Fixtures for tests that drive the whole program through its window."""

import pytest


@pytest.fixture
def program(qtbot, tmp_path):
    """The program as a GM starts it, on the first-start demo fight, shown offscreen."""
    from encounter_app.app import launch

    launched = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(launched.window)
    yield launched
    launched.shutdown()
