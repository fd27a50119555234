"""docs/architecture.md is a true map of the tree (issue 28), read as a newcomer would follow it.

- Every path it names exists. A path is a code span (or a word of a fenced block) that ends in
  ``.py`` or ``/``, or starts with ``encounter_app/``, a folder of ``encounter_app/`` or a folder
  of the repository's root: ``services/fight/operations.py`` is read from ``encounter_app/``,
  ``tests/coin_toss/`` from the root. A bare file name (``state.py``, as in "each system's
  ``state.py``") must be the name of some file in ``encounter_app/``. Spans with a placeholder
  (``systems/<key>/ui/``) are not paths.
- Every ``path.py:Name`` or ``path.py:Class.member`` it names is defined in that file.
- Every package under ``encounter_app/`` (a folder with an ``__init__.py``) is named, as a path
  of its own (``ui/fight/`` or ``encounter_app/ui/fight/``).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "encounter_app"
DOC = ROOT / "docs" / "architecture.md"

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"`([^`]+)`")
PATH_CHARS = re.compile(r"^[\w./-]+$")
MODULE = re.compile(r"^encounter_app(\.\w+)+$")


@dataclass(frozen=True)
class Named:
    """One path the page names, where, and the definition after its colon ("" for none)."""

    text: str  # as written
    path: str
    name: str
    line: int


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def _roots() -> set[str]:
    """First parts of a path that make a span a path: the package's folders, the root's."""
    return ({"encounter_app"} | {p.name for p in PACKAGE.iterdir() if p.is_dir()}
            | {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")})


def _as_named(word: str, line: int, roots: set[str]) -> Named | None:
    word = word.strip().rstrip(",;)")
    if MODULE.match(word):  # encounter_app.systems.daggerheart: a module by its dotted name
        return Named(word, word.replace(".", "/"), "", line)
    path, _colon, name = word.partition(":")
    if not name or not path.endswith(".py"):
        path, name = word, ""
    if "<" in path or not PATH_CHARS.match(path) or path.startswith(("-", ".")):
        return None
    if path.endswith((".py", "/")) or ("/" in path and path.split("/", 1)[0] in roots):
        return Named(word, path, name, line)
    return None


def named_paths(text: str) -> list[Named]:
    """Every path ``text`` names: its code spans, and the words of its fenced blocks."""
    roots = _roots()
    found: list[Named] = []
    for block in FENCE.finditer(text):
        for word in re.finditer(r"\S+", block.group()):
            named = _as_named(word.group(), _line(text, block.start() + word.start()), roots)
            if named is not None:
                found.append(named)
    # The blocks blanked, so a ``` is not read as spans; newlines kept for the line numbers.
    bare = FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    for span in SPAN.finditer(bare):
        content = span.group(1)
        if any(c.isspace() for c in content):
            continue  # a command line, a call with arguments: not a path
        named = _as_named(content, _line(bare, span.start()), roots)
        if named is not None:
            found.append(named)
    return found


@cache
def _files_named(name: str) -> tuple[Path, ...]:
    return tuple(sorted(PACKAGE.rglob(name)))


def resolve(named: Named) -> list[Path]:
    """The files or folders ``named`` stands for; empty when there are none."""
    path = named.path
    if MODULE.match(named.text):
        module = ROOT / path
        candidates = [module.with_suffix(".py"), module / "__init__.py"]
        return [c if c.name != "__init__.py" else c.parent for c in candidates if c.is_file()]
    folder = path.endswith("/")
    path = path.rstrip("/")
    if path == "encounter_app" or path.startswith("encounter_app/"):
        bases = [ROOT / path]
    elif "/" in path or folder:
        bases = [PACKAGE / path, ROOT / path]
    else:  # a bare file name: at the package's top, else anywhere in it
        bases = [PACKAGE / path] if (PACKAGE / path).exists() else list(_files_named(path))
    return [p for p in bases if (p.is_dir() if folder else p.exists())]


def defines(source: Path, name: str) -> bool:
    """Whether ``source`` defines ``name`` (``Class.member``: a member of that class)."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    body: list[ast.stmt] = tree.body
    for part in name.split("."):
        found = next((node for node in body if part in _names_of(node)), None)
        if found is None:
            return False
        body = found.body if isinstance(found, ast.ClassDef) else []
    return True


def _names_of(node: ast.stmt) -> set[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {node.name}
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return {node.target.id}
    if isinstance(node, ast.ImportFrom | ast.Import):
        return {alias.asname or alias.name for alias in node.names}
    if isinstance(node, ast.If | ast.Try):  # if TYPE_CHECKING: ..., try: ... except ImportError
        return set().union(*(_names_of(n) for n in node.body))
    return set()


def dangling(text: str) -> list[str]:
    """Each path of ``text`` that does not exist, and each ``path.py:Name`` not defined there."""
    problems: list[str] = []
    for named in named_paths(text):
        found = resolve(named)
        if not found:
            problems.append(f"line {named.line}: `{named.text}` names no file or folder of "
                            "encounter_app/ or of the repository")
        elif named.name and not any(defines(p, named.name) for p in found if p.is_file()):
            problems.append(f"line {named.line}: `{named.text}`: {named.path} defines no "
                            f"{named.name}")
    return problems


def packages() -> list[Path]:
    """Every package under encounter_app/, the package itself included."""
    return sorted(init.parent for init in PACKAGE.rglob("__init__.py"))


def unnamed_packages(text: str) -> list[str]:
    """The packages ``text`` does not name as paths of their own."""
    named = {p.resolve() for n in named_paths(text) for p in resolve(n) if p.is_dir()}
    return [f"{package.relative_to(ROOT)}/" for package in packages()
            if package.resolve() not in named]


def test_every_path_the_map_names_exists() -> None:
    problems = dangling(DOC.read_text(encoding="utf-8"))
    assert not problems, ("docs/architecture.md names what is not there; correct the page (or "
                          "the tree):\n" + "\n".join(problems))


def test_every_package_is_on_the_map() -> None:
    missing = unnamed_packages(DOC.read_text(encoding="utf-8"))
    assert not missing, ("docs/architecture.md does not name these packages; add each, as a "
                         "path in backquotes, with a line on what it holds:\n"
                         + "\n".join(missing))


def test_the_map_is_read_at_all() -> None:
    """The reading finds the paths the page is made of (not nothing, which would pass)."""
    found = {n.path for n in named_paths(DOC.read_text(encoding="utf-8"))}
    assert {"services/fight/operations.py", "systems/__init__.py", "tests/coin_toss/",
            "services/page_server.py"} <= found
    assert len(packages()) > 30


def test_the_check_finds_a_path_or_a_name_that_is_not_there() -> None:
    text = ("Intro `services/fight/operations.py` and `encounter_app/store/tables.py`.\n"
            "```\nui/   widgets\nservices/nowhere.py  gone\n```\n"
            "Then `systems/daggerheart/ui/nothing.py`, `rules/nodice/`, `no_such_module.py`,\n"
            "`services/undo.py:UndoStack.do`, `services/undo.py:UndoStack.fly`, "
            "`domain/system.py:Nothing`, `encounter_app.services.nowhere`, and\n"
            "`systems/<key>/ui/`, `beginInsertRows`/`endInsertRows`, `launch(a, b)`.\n")
    assert dangling(text) == [
        "line 4: `services/nowhere.py` names no file or folder of encounter_app/ or of the "
        "repository",
        "line 6: `systems/daggerheart/ui/nothing.py` names no file or folder of encounter_app/ "
        "or of the repository",
        "line 6: `rules/nodice/` names no file or folder of encounter_app/ or of the repository",
        "line 6: `no_such_module.py` names no file or folder of encounter_app/ or of the "
        "repository",
        "line 7: `services/undo.py:UndoStack.fly`: services/undo.py defines no UndoStack.fly",
        "line 7: `domain/system.py:Nothing`: domain/system.py defines no Nothing",
        "line 7: `encounter_app.services.nowhere` names no file or folder of encounter_app/ or "
        "of the repository",
    ]


def test_the_check_finds_a_package_left_off_the_map() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert unnamed_packages(text) == []
    for written in ("`ui/widgets/`", "`encounter_app/ui/widgets/`", "`ui/widgets`"):
        assert unnamed_packages(written) != []  # the others are missing from so short a page
    without = re.sub(r"`(encounter_app/)?ui/widgets/?`", "the widgets", text)
    assert unnamed_packages(without) == ["encounter_app/ui/widgets/"]
    # A module of it is not the package named.
    assert unnamed_packages(without + "\n`ui/widgets/pips.py`\n") == [
        "encounter_app/ui/widgets/"]
    assert unnamed_packages(without + "\n`encounter_app/ui/widgets`\n") == []
