"""One way in for a GM action (issue 28): no widget builds an undo command.

A widget calls one operation with plain data (services/operations.py and its groups); the
operation builds the command and pushes it as one undo step. Every module of ``ui/`` and of
each system's ``ui/`` is read here (tests/helpers/undo_builders.py says what counts as
building one) and must build none.

The card-table systems' windows were converted on their own branch, which has its own, stricter
reading of them (tests/ui/test_no_commands_in_card_table_widgets.py: no store either); both
branches have landed, so no module is exempt here.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers.undo_builders import scan

FOUND = scan()


@pytest.mark.parametrize("module", sorted(FOUND))
def test_a_widget_module_builds_no_undo_command(module: str) -> None:
    assert FOUND[module] == [], f"{module} builds undo commands:\n" + "\n".join(FOUND[module])


def test_the_check_reads_every_part_of_the_window() -> None:
    """The shell's, the fight's, the campaign view's, the players' and each system's ui."""
    parts = {".".join(m.split(".")[:4]) for m in FOUND}
    for part in ("encounter_app.ui.shell", "encounter_app.ui.fight", "encounter_app.ui.table",
                 "encounter_app.ui.campaigns", "encounter_app.ui.players",
                 "encounter_app.ui.exchange", "encounter_app.systems.daggerheart.ui",
                 "encounter_app.systems.casus_mus.ui",
                 "encounter_app.systems.ruins_and_raiders.ui",
                 "encounter_app.systems.forge_of_power.ui"):
        assert any(p.startswith(part) for p in parts), part


def test_the_check_sees_each_way_a_widget_could_build_one(tmp_path) -> None:
    """The check itself: a widget that imports a command, a builder function or its module,
    subclasses QUndoCommand or pushes on the stack is caught; one that only calls an
    operation and reads a plain row is not."""
    files = {
        "encounter_app.services.fakes": """
            from dataclasses import dataclass
            from PySide6.QtGui import QUndoCommand

            class Poke(QUndoCommand): ...
            class Prod(Poke): ...

            @dataclass
            class Carried:
                command: Prod
                message: str

            @dataclass(frozen=True)
            class Plain:
                name: str

            def prod() -> Carried: ...
            def plain() -> Plain: ...

            class FakeOperations:
                def poke(self, target: int) -> bool: ...
        """,
        "encounter_app.ui.builds": """
            from encounter_app.services import fakes
            from encounter_app.services.fakes import Poke

            def act(window):
                window.undo_stack.push(Poke())
                window.roller.push(None, fakes.prod().command)
        """,
        "encounter_app.ui.subclass": """
            from PySide6 import QtGui

            class Mine(QtGui.QUndoCommand): ...
        """,
        "encounter_app.ui.asks": """
            from encounter_app.services.fakes import FakeOperations, Plain, plain

            def act(operations: FakeOperations) -> Plain:
                operations.poke(3)
                return plain()
        """,
    }
    sources = {}
    for name, text in files.items():
        path = tmp_path / f"{name}.py"
        path.write_text(textwrap.dedent(text))
        sources[name] = path
    found = scan(sources)
    assert found["encounter_app.ui.asks"] == []
    builds = "\n".join(found["encounter_app.ui.builds"])
    for words in ("imports encounter_app.services.fakes.Poke",
                  "uses encounter_app.services.fakes.prod",
                  "window.undo_stack.push(…) pushes a command",
                  "window.roller.push(…) pushes a command"):
        assert words in builds
    assert "line 4: Mine is an undo command" in found["encounter_app.ui.subclass"]
