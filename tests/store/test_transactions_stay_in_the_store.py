"""Who opens the store's transactions, read from the source as a reviewer would grep for it.

- ``_transaction()`` is the Store's own: only ``self._transaction`` in the Store class and the
  mixins it is made of (``Store.__mro__``), nowhere else, in the program or its tests.
- ``Store.writing()`` hands out the unit's Session for a compound write: only the store
  package calls it (store/exchange.py's imports). Everything above the store writes through
  the store's methods inside ``Store.unit()``, where no Session is seen.
"""

from __future__ import annotations

import ast
from pathlib import Path

from encounter_app.store import Store

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "encounter_app"
STORE_PACKAGE = PACKAGE / "store"
STORE_CLASSES = {cls.__name__ for cls in Store.__mro__}


def sources() -> list[Path]:
    return sorted([*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py")])


def uses(path: Path, attribute: str) -> list[tuple[int, str, str | None]]:
    """Each ``<object>.<attribute>`` in ``path``: its line, the object as written and the
    class it is written in (None outside a class)."""
    found = []

    def visit(node: ast.AST, cls: str | None) -> None:
        if isinstance(node, ast.ClassDef):
            cls = node.name
        if isinstance(node, ast.Attribute) and node.attr == attribute:
            found.append((node.lineno, ast.unparse(node.value), cls))
        for child in ast.iter_child_nodes(node):
            visit(child, cls)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def test_only_the_store_class_opens_its_private_transaction() -> None:
    wrong = [f"{path.relative_to(ROOT)}:{line}: {owner}._transaction (in {cls or 'no class'})"
             for path in sources() for line, owner, cls in uses(path, "_transaction")
             if owner != "self" or cls not in STORE_CLASSES]
    assert wrong == []


def test_only_the_store_package_writes_through_a_session() -> None:
    callers = {path.relative_to(ROOT).as_posix() for path in sources()
               if uses(path, "writing") and not path.is_relative_to(STORE_PACKAGE)}
    assert callers == set()
    # ...and the store's compound writes do go through it (this test reads the right name).
    assert uses(STORE_PACKAGE / "exchange.py", "writing")
