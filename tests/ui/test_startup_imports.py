"""Start-up pays only for what the first window needs (issue 6: the frozen start budget).

Every module imported at start is time before the window appears. These load later, when
something asks for them: migrations, the demo, dialogs, exact odds, the builder,
the player display. sqlmodel and SQLAlchemy are not among them: they are the store.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from encounter_app.app import launch
from encounter_app.systems import LISTED

LATER = ("alembic", "icepool", "platformdirs", "encounter_app.demo",
         "encounter_app.ui.shell.backup_dialogs", "encounter_app.ui.fight.countdown_dialog",
         "encounter_app.systems.daggerheart.ui.rolls.dialogs",
         # The other systems: a start imports its campaign's system alone.
         "encounter_app.systems.casus_mus", "encounter_app.systems.ruins_and_raiders",
         "encounter_app.systems.forge_of_power",
         "encounter_app.domain.initiative", "encounter_app.exchange.reader",
         "encounter_app.store.exchange", "encounter_app.ui.table",
         "encounter_app.systems.daggerheart.ui.gm_screen",
         "encounter_app.systems.daggerheart.services.library.builder",
         # Daggerheart's roll requests: with the first roll or odds preview, after the paint.
         "encounter_app.systems.daggerheart.requests",
         # Tabs not on screen at the first paint: made when first wanted.
         "encounter_app.ui.players.inbox_tab",
         "encounter_app.rules.battle_points", "encounter_app.services.player_view",
         "encounter_app.domain.player_view",
         "encounter_app.ui.players.display", "encounter_app.ui.shell.shortcuts",
         "encounter_app.ui.fight.combatant_note",
         # The players' page: loaded when the GM first shares, not before the window appears.
         "aiohttp", "segno", "PySide6.QtNetwork", "encounter_app.services.page_server",
         "encounter_app.services.page_frames",
         "encounter_app.ui.players.share_dialog",
         # The recap: its dialog, its templates, when the GM or the players' page asks.
         "encounter_app.services.recap", "encounter_app.ui.campaigns.recap_dialog", "mako")


def loaded_by_a_start(folder: Path, modules: Sequence[str]) -> str:
    """A smoke-test start on ``folder`` in a fresh interpreter: its exit code, and which of
    ``modules`` it imported (sorted), as one line."""
    script = (
        "import sys\n"
        "from encounter_app.__main__ import main\n"
        f"code = main(['--smoke-test', '--data-dir', {str(folder)!r}])\n"
        f"print(code, sorted(m for m in {list(modules)!r} if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), check=True)
    return result.stdout.splitlines()[-1]


def test_a_start_on_an_existing_folder_imports_nothing_it_does_not_use(qapp, tmp_path: Path
                                                                       ) -> None:
    launch(tmp_path, show=False).shutdown()  # the folder now holds a fight
    assert loaded_by_a_start(tmp_path, LATER) == "0 []"


@pytest.mark.parametrize("system", [entry.key for entry in LISTED])
def test_a_start_imports_its_campaigns_system_alone(qapp, tmp_path: Path, system: str) -> None:
    # The folder holds the system's demo fight; starting on it loads that system's package and
    # no other (the registry imports a package when a campaign of it is opened).
    launch(tmp_path, show=False, demo_system=system).shutdown()
    packages = [f"encounter_app.systems.{entry.key}" for entry in LISTED]
    assert loaded_by_a_start(tmp_path, packages) == f"0 {[f'encounter_app.systems.{system}']}"


def test_the_window_paints_without_setting_up_every_widget_class(qapp, tmp_path: Path) -> None:
    # PySide sets up a Qt class the first time Python meets it. Wrapping a widget of a class
    # it does not know (Qt's own list viewport) makes it try all of them, dialogs and wizards
    # included: a tenth of the start. listviews.own_viewport keeps that from happening.
    launch(tmp_path, show=False).shutdown()
    script = (
        "import sys\n"
        "import PySide6.QtWidgets as widgets\n"
        "from encounter_app.app import launch\n"
        "app = widgets.QApplication([])\n"
        f"launched = launch({str(tmp_path)!r}, show=True)\n"
        "for _ in range(5):\n"
        "    app.processEvents()\n"
        "launched.window.grab()\n"
        "print(sorted(n for n in ('QWizard', 'QCalendarWidget', 'QFontDialog')"
        " if n in vars(widgets)))\n"
        "launched.shutdown()\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), check=True)
    assert result.stdout.splitlines()[-1] == "[]"


def test_every_dataclass_says_what_it_is() -> None:
    # A dataclass without a docstring gets one made from inspect.signature() when its module
    # is imported: a quarter of what defining the class costs, at every start.
    package = Path(__file__).resolve().parents[2] / "encounter_app"
    missing = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ClassDef) and any(
                    "dataclass" in ast.unparse(decorator) for decorator in node.decorator_list)
                    and ast.get_docstring(node) is None):
                missing.append(f"{path.relative_to(package)}: {node.name}")
    assert missing == []
