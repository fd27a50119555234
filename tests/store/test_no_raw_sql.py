"""No hand-written SQL statements in the program: the store speaks through sqlmodel.

Reads are sqlmodel ``select()``s and writes sqlmodel objects or SQLAlchemy ``insert()``,
``update()`` and ``delete()`` built from the table classes, all through a Session. The
migrations (``store/migrations``) are Alembic's and may say what they need. What else may stay on
sqlite3 is listed in ALLOWED, with the reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "encounter_app"
EXCLUDED = PACKAGE / "store" / "migrations"

# A statement's shape, whatever its case: SELECT a, b(c, d) AS e FROM name, INSERT INTO name,
# UPDATE name SET column =, DELETE FROM name, REPLACE INTO name. Prose ("select the adversaries
# from the library") has words, not a list of columns, between SELECT and FROM.
_COLUMN = r"\S+(?:\s+as\s+\w+)?"
SQL = re.compile(
    rf"\bselect\s+(?:distinct\s+)?{_COLUMN}(?:\s*,\s*{_COLUMN})*\s+from\s+[\"'`\[\w{{]"
    r"|\b(?:insert|replace)\s+(?:or\s+\w+\s+)?into\s+[\"'`\[\w{]"
    r"|\bupdate\s+(?:or\s+\w+\s+)?[\"'`\[\w{][^\s]*\s+set\s+[\"'`\[\w{][^\s=]*\s*="
    r"|\bdelete\s+from\s+[\"'`\[\w{]",
    re.IGNORECASE)

# The file checks read the schema and the revision stamp with sqlite3 before any engine opens a
# file, so that a file of another program is never written to, and an up-to-date one opens
# without importing Alembic (store/migrate.py).
ALLOWED = {
    ("store/migrate.py", "SELECT name FROM sqlite_master WHERE type = 'table'"),
    ("store/migrate.py", "SELECT version_num FROM alembic_version"),
    # The row checks at start, on the same read-only connection before any engine opens the
    # file (store/row_checks.py): written from the table classes' names and the domain's rows,
    # as text, since building and compiling statements with SQLAlchemy cost every start about
    # 15 M instructions (issue 28), and SQLAlchemy has no words for most of them (typeof,
    # json_type, json_each, GLOB, PRAGMA foreign_key_check).
    *(("store/row_checks.py", text) for text in (
        'SELECT *, {types} FROM "{table}" WHERE rowid = ?',
        'EXISTS (SELECT 1 FROM "{table}")',
        'EXISTS (SELECT 1 FROM "{table}" WHERE "{column}" IS NOT NULL AND "{column}" NOT IN '
        '({empty}))',
        'SELECT "{column}" FROM "{table}" WHERE rowid = ?',
        'SELECT 1 FROM "{parent}" WHERE id = ?',
        'SELECT row_key, shaped FROM (SELECT min("{key}") AS row_key, "{column}" AS shaped FROM '
        '"{table}" WHERE typeof("{column}") = \'text\' GROUP BY "{column}") WHERE shaped GLOB ?1 '
        'OR NOT CASE WHEN json_valid(shaped) THEN coalesce({fits}, 0) ELSE 0 END ORDER BY '
        'row_key',
        "({type} = 'array' AND NOT EXISTS (SELECT 1 FROM json_each({doc}, {path}) AS {each} "
        "WHERE NOT coalesce({inner}, 0)))",
        'SELECT id, system FROM campaign WHERE system NOT IN ({known}) ORDER BY id LIMIT 1',
        'SELECT DISTINCT system FROM campaign',
        'SELECT min("{table}".id), {system}, {columns} FROM "{table}" {join} GROUP BY 2, '
        '{columns} ORDER BY 1',
    )),
}


def _text(node: ast.Constant | ast.JoinedStr) -> str:
    """A string literal's text; an f-string's replacement fields read as ``{x}``."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    return "".join(str(part.value) if isinstance(part, ast.Constant) else "{x}"
                   for part in node.values)


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes: prose, never run."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def raw_sql(path: Path, root: Path = PACKAGE) -> list[str]:
    """``file:line: text`` for each string literal in ``path`` shaped like an SQL statement."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                       for part in node.values} | _docstrings(tree)
    relative = path.relative_to(root).as_posix()
    found = []
    for node in ast.walk(tree):
        if id(node) in inside_fstrings:
            continue  # read whole, with its f-string
        if isinstance(node, ast.JoinedStr) or (
                isinstance(node, ast.Constant) and isinstance(node.value, str)):
            text = _text(node)
            if SQL.search(text) and (relative, text) not in ALLOWED:
                found.append(f"{relative}:{node.lineno}: {text.strip()[:80]!r}")
    return found


def test_the_program_writes_no_sql_statements_by_hand() -> None:
    found = [hit for path in sorted(PACKAGE.rglob("*.py"))
             if EXCLUDED not in path.parents for hit in raw_sql(path)]
    assert found == [], "SQL written by hand (use sqlmodel's select() and the table classes):\n" \
        + "\n".join(found)


def _literals(path: Path) -> set[str]:
    """Every string literal of ``path`` (one written on several lines, as Python joins it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {_text(node) for node in ast.walk(tree)
            if isinstance(node, ast.JoinedStr)
            or (isinstance(node, ast.Constant) and isinstance(node.value, str))}


def test_every_allowed_statement_is_still_there() -> None:
    """An allowance outlives its statement only by mistake: each must still be found."""
    for relative, text in ALLOWED:
        assert text in _literals(PACKAGE / relative), (relative, text)


def test_the_scan_names_the_file_and_line_of_each_kind_of_statement(tmp_path: Path) -> None:
    source = tmp_path / "pkg" / "module.py"
    source.parent.mkdir()
    source.write_text(
        '"""Select the adversaries from the library; update the list; delete it."""\n'
        'READ = "SELECT id, count(*) AS n FROM combatant WHERE encounter_id = ?"\n'
        'SAID = "Select the adversaries from the library, then update the list."\n'
        'MOVE = f"update {SAID} set position = position + 1"\n'
        'ADD = ("INSERT INTO roll_record (kind) "\n'
        '       "VALUES (?)")\n'
        'DROP = "delete from pc where id = ?"\n'
        'KEEP = "INSERT OR REPLACE INTO app_state VALUES (?, ?)"\n'
        'PRAGMA = "PRAGMA quick_check"\n', encoding="utf-8")
    found = raw_sql(source, tmp_path)
    assert [hit.split(": ")[0] for hit in found] == [
        "pkg/module.py:2", "pkg/module.py:4", "pkg/module.py:5", "pkg/module.py:7",
        "pkg/module.py:8"]
