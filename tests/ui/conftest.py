"""Widgets shared by the sidebar tests."""

import pytest


@pytest.fixture
def panel(qtbot, session, undo_stack, roller):
    """The countdowns panel on an empty encounter, shown at sidebar width."""
    from encounter_app.ui.countdowns import CountdownPanel
    from encounter_app.ui.models import CountdownModel

    widget = CountdownPanel(session, CountdownModel(session), undo_stack, roller)
    qtbot.add_widget(widget)
    widget.resize(340, 420)
    widget.show()
    qtbot.wait_exposed(widget)
    return widget
