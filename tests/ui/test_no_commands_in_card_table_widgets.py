"""The card tables' widgets ask operations; they never build an undo command or touch the store.

One way in for a GM action (services/operations.py): a widget calls one operation with plain
data and shows its answer. This reads every module of ``ui/table/`` and of the three card-table
systems' ``ui/`` and fails on any of: an import of the undo commands (services' ``commands``,
``compound``), of ``QUndoCommand`` or of the store; a call on the undo stack or a ``push``; a
call of any function of the services whose result is an undo command (``turns.use_action``,
``Compound``...), found by the function's own return annotation.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import typing
from pathlib import Path

import pytest
from PySide6.QtGui import QUndoCommand

import encounter_app

PACKAGE = Path(encounter_app.__file__).parent
ROOTS = [PACKAGE / "ui" / "table",
         *(PACKAGE / "systems" / key / "ui"
           for key in ("casus_mus", "ruins_and_raiders", "forge_of_power"))]
FORBIDDEN_MODULES = ("encounter_app.services.fight.commands",
                     "encounter_app.services.fight.compound", "encounter_app.store")
SERVICES = ("encounter_app.services", "encounter_app.systems.casus_mus.services",
            "encounter_app.systems.ruins_and_raiders.services",
            "encounter_app.systems.forge_of_power.services")


def modules() -> list[Path]:
    return sorted(p for root in ROOTS for p in root.rglob("*.py"))


def _builds_commands(thing: object) -> bool:
    """Whether calling ``thing`` makes an undo command: a command class, or a function whose
    return annotation names one (``QUndoCommand | None``, ``Compound``, ``UpdateCombatant``)."""
    if inspect.isclass(thing):
        return issubclass(thing, QUndoCommand)
    if not callable(thing):
        return False
    try:
        returned = typing.get_type_hints(thing).get("return")
    except (NameError, TypeError):  # a name imported for the type checker only
        text = str(getattr(thing, "__annotations__", {}).get("return", ""))
        return any(word in text for word in ("Command", "Compound"))
    return any(inspect.isclass(kind) and issubclass(kind, QUndoCommand)
               for kind in _kinds(returned))


def _kinds(annotation: object) -> list[object]:
    """Every class an annotation names: ``tuple[RollRow, Compound] | None`` has three."""
    return [annotation, *(k for arg in typing.get_args(annotation) for k in _kinds(arg))]


def problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    imported: dict[str, object] = {}  # local name -> the module or object it is
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if node.module.startswith(FORBIDDEN_MODULES) or full in FORBIDDEN_MODULES \
                        or alias.name == "QUndoCommand":
                    found.append(f"line {node.lineno}: imports {full}")
                if node.module.startswith(SERVICES):
                    module = importlib.import_module(node.module)
                    imported[alias.asname or alias.name] = (
                        getattr(module, alias.name) if hasattr(module, alias.name)
                        else importlib.import_module(full))  # a module of the package
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(FORBIDDEN_MODULES):
                    found.append(f"line {node.lineno}: imports {alias.name}")
    for node in ast.walk(tree):
        owner = getattr(node, "value", None)
        if isinstance(node, ast.Attribute) and (node.attr == "push" or "undo_stack" in (
                getattr(owner, "attr", None), getattr(owner, "id", None))):
            found.append(f"line {node.lineno}: .{node.attr} (the undo stack's)")
        if not isinstance(node, ast.Call):
            continue
        func, thing = node.func, None
        if isinstance(func, ast.Name):
            thing = imported.get(func.id)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = imported.get(func.value.id)
            thing = getattr(owner, func.attr, None) if inspect.ismodule(owner) else None
        if thing is not None and _builds_commands(thing):
            found.append(f"line {node.lineno}: calls {ast.unparse(func)}, which makes an "
                         "undo command")
    return found


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_card_table_widgets_build_no_undo_commands(path):
    assert problems(path) == []


def test_the_scan_finds_what_it_looks_for(tmp_path):
    """The scan itself: each way a widget could build a command is found."""
    widget = tmp_path / "widget.py"
    widget.write_text(
        "from PySide6.QtGui import QUndoCommand\n"
        "from encounter_app.services.fight import commands\n"
        "from encounter_app.services.fight.compound import Compound\n"
        "from encounter_app.systems.ruins_and_raiders.services import turns\n"
        "def act(self, session):\n"
        "    self.undo_stack.do(turns.use_action(session, 1))\n"
        "    self.push(lambda: Compound('x'))\n"
        "    turns.actions_left(session.combatants[0])\n", encoding="utf-8")
    found = "\n".join(problems(widget))
    for what in ("QUndoCommand", "services.fight.compound", "undo stack", "turns.use_action",
                 "calls Compound", ".push"):
        assert what in found, what
    assert "actions_left" not in found  # reading the fight is allowed
    assert len(modules()) > 15
