"""Widgets shared by the sidebar tests, and the whole program for the window tests."""

import pytest


@pytest.fixture
def panel(qtbot, session, undo_stack, router):
    """The countdowns panel on an empty encounter, shown at sidebar width."""
    from encounter_app.ui.fight.countdowns import CountdownPanel
    from encounter_app.ui.fight.models import CountdownModel
    from tests.helpers.operations import fight_operations

    widget = CountdownPanel(fight_operations(session, undo_stack, router), CountdownModel(session))
    qtbot.add_widget(widget)
    widget.resize(340, 420)
    widget.show()
    qtbot.wait_exposed(widget)
    return widget


@pytest.fixture
def program(qtbot, tmp_path):
    """The program as a GM starts it, on the first-start demo fight, shown offscreen."""
    from encounter_app.app import launch

    launched = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(launched.window)
    qtbot.waitExposed(launched.window)
    yield launched
    launched.shutdown()


@pytest.fixture
def launch_demo(qtbot, tmp_path):
    """Start the program on a rule system's sample fight (``launch_demo("casus_mus")``), shown
    offscreen; everything started is shut down after the test."""
    from encounter_app.app import launch

    started = []

    def start(system: str):
        launched = launch(tmp_path / system, seed=3, show=True, demo_system=system)
        started.append(launched)
        qtbot.addWidget(launched.window)
        qtbot.waitExposed(launched.window)
        return launched

    yield start
    for launched in started:
        launched.shutdown()
