"""A data folder the program cannot write: a clear message naming it, and nothing changed.

The store runs in a subprocess as an ordinary user (see tests/helpers/unprivileged.py), since
root writes anywhere whatever the file modes say.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers import unprivileged
from tests.helpers.databases import make_database

OPEN = textwrap.dedent("""
    import sys
    from pathlib import Path
    from encounter_app.store import Store, StoreError
    from encounter_app.systems import default_systems
    try:
        Store.open(Path(sys.argv[1]), default_systems()).close()
    except StoreError as exc:
        print(type(exc).__name__)
        print(exc)
        sys.exit(3)
    print("opened")
""")


@pytest.fixture
def shared(tmp_path: Path):
    yield tmp_path
    for path in [tmp_path, *tmp_path.rglob("*")]:  # let pytest clean up
        path.chmod(0o755)


def open_as_user(data: Path):
    return unprivileged.run([sys.executable, "-c", OPEN, str(data)])


def test_a_read_only_folder_with_a_database_is_named_and_left_alone(shared: Path) -> None:
    data = shared / "campaign"
    path = make_database(data)
    for file in data.iterdir():
        file.chmod(0o644)
    data.chmod(0o555)
    before = path.read_bytes()

    result = open_as_user(data)
    assert result.returncode == 3, result.stdout + result.stderr
    kind, message = result.stdout.split("\n", 1)
    assert kind == "FolderNotWritable"
    assert str(data) in message and "read-only" in message
    assert "--data-dir" in message  # says what to do
    assert "Traceback" not in result.stderr
    assert path.read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == ["encounter.db"]


def test_a_read_only_database_file_is_named(shared: Path) -> None:
    data = shared / "campaign"
    path = make_database(data)
    path.chmod(0o444)  # the folder stays writable
    result = open_as_user(data)
    assert result.returncode == 3, result.stdout + result.stderr
    kind, message = result.stdout.split("\n", 1)
    assert kind == "FolderNotWritable"
    assert str(path) in message and "read-only" in message


def test_a_data_folder_that_cannot_be_created_is_named(shared: Path) -> None:
    parent = shared / "locked"
    parent.mkdir()
    parent.chmod(0o555)
    result = open_as_user(parent / "campaign")
    assert result.returncode == 3, result.stdout + result.stderr
    assert "Cannot create the data folder" in result.stdout
    assert not (parent / "campaign").exists()


def test_a_writable_folder_opens_for_the_same_user(shared: Path) -> None:
    """The tests above fail because of the permissions, not because of how they run."""
    data = shared / "campaign"
    data.mkdir()
    result = open_as_user(data)
    assert result.stdout.strip() == "opened", result.stderr
