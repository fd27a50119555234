"""Which modules of the program build undo commands, read from their source (ast): the check
behind tests/test_one_way_in.py.

A module *builds* undo commands when it imports a command class or a function that returns one
(found here, not listed by hand: every class that derives from Qt's ``QUndoCommand``, every
class with a field holding one, such as an ``Action``, and every module-level function whose
return annotation names either), subclasses ``QUndoCommand``, or calls ``push`` or ``do`` on
an undo stack (or on the roller, which pushes what it is given). Reading types (a frozen row, a
dataclass of plain data from a builder's module) is not building.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import encounter_app

ROOT = Path(encounter_app.__file__).parent
QUNDOCOMMAND = "PySide6.QtGui.QUndoCommand"
PUSHES = frozenset({"push", "do"})
PUSHED_ON = ("stack", "roller")  # the receivers of push/do that put a command on the stack


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))
            if "migrations" not in p.parts}


def is_widget_module(name: str) -> bool:
    """The window's parts: ui/**, and each system's ui/**."""
    parts = name.split(".")
    if len(parts) > 1 and parts[1] == "ui":
        return True
    return len(parts) > 3 and parts[1] == "systems" and parts[3] == "ui"


def _names(tree: ast.Module, module: str, package: str) -> dict[str, str]:
    """Each name a module can use at its top level, and the qualified name it stands for
    (imports anywhere in it, lazy ones included, and its own top-level definitions)."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    names[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[:len(parent) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            names[node.name] = f"{module}.{node.name}"
    return names


def _qualified(node: ast.expr, names: dict[str, str]) -> str | None:
    """``commands.AddCombatant`` -> "encounter_app.services.fight.commands.AddCombatant"."""
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _qualified(node.value, names)
        return None if owner is None else f"{owner}.{node.attr}"
    return None


def _mentioned(annotation: ast.expr | None, names: dict[str, str]) -> set[str]:
    """Every qualified name an annotation mentions (``list[Compound] | None``...)."""
    if annotation is None:
        return set()
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return set()
    found = set()
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name | ast.Attribute) and (q := _qualified(node, names)):
            found.add(q)
    return found


@dataclass(frozen=True)
class Parsed:
    name: str
    tree: ast.Module
    names: dict[str, str]


def _parse(name: str, path: Path) -> Parsed:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return Parsed(name, tree, _names(tree, name, package))


def builders(parsed: list[Parsed]) -> frozenset[str]:
    """The qualified names that build undo commands: the command classes and the functions
    that return one (or a class holding one)."""
    commands, carriers = {QUNDOCOMMAND}, set()
    classes = [(p, node) for p in parsed for node in p.tree.body
               if isinstance(node, ast.ClassDef)]
    changed = True
    while changed:
        changed = False
        for p, node in classes:
            qualified = f"{p.name}.{node.name}"
            if qualified in commands | carriers:
                continue
            if any(_qualified(base, p.names) in commands for base in node.bases):
                commands.add(qualified)
                changed = True
            elif any(_mentioned(item.annotation, p.names) & (commands | carriers)
                     for item in node.body if isinstance(item, ast.AnnAssign)):
                carriers.add(qualified)
                changed = True
    functions = {f"{p.name}.{node.name}" for p in parsed for node in p.tree.body
                 if isinstance(node, ast.FunctionDef)
                 and _mentioned(node.returns, p.names) & (commands | carriers)}
    return frozenset(commands | functions)


def violations_in(module: Parsed, forbidden: frozenset[str]) -> Iterator[str]:
    """What in ``module`` builds undo commands, one line each ("line 12: imports ...")."""
    for node in ast.walk(module.tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name
                if module.names.get(local) in forbidden:
                    yield f"line {node.lineno}: imports {module.names[local]}"
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            qualified = _qualified(node, module.names)
            if qualified in forbidden and isinstance(node.value, ast.Name | ast.Attribute):
                yield f"line {node.lineno}: uses {qualified}"
        elif isinstance(node, ast.ClassDef):
            if any(_qualified(base, module.names) in forbidden for base in node.bases):
                yield f"line {node.lineno}: {node.name} is an undo command"
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in PUSHES):
            receiver = ast.unparse(node.func.value).lower()
            if any(word in receiver for word in PUSHED_ON):
                yield f"line {node.lineno}: {ast.unparse(node.func)}(…) pushes a command"


def scan(sources: dict[str, Path] | None = None) -> dict[str, list[str]]:
    """Every widget module and what in it builds undo commands (empty: nothing)."""
    parsed = [_parse(name, path) for name, path in (sources or modules()).items()]
    forbidden = builders([p for p in parsed if not is_widget_module(p.name)])
    return {p.name: list(dict.fromkeys(violations_in(p, forbidden)))
            for p in parsed if is_widget_module(p.name)}
