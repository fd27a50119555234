"""The player display goes full screen on the second screen, or the one the GM chose.

Qt's offscreen platform can pretend to have two screens (a laptop and a projector); that needs
its own process, as the platform is chosen when the QApplication is made.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCREENS = {"screens": [
    {"name": "Laptop", "x": 0, "y": 0, "width": 1366, "height": 768},
    {"name": "Projector", "x": 1366, "y": 0, "width": 1920, "height": 1080},
]}
SCRIPT = """
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from encounter_app.app import launch
launched = launch(Path(sys.argv[1]), seed=1, show=True)
window = launched.window
window.setScreen(app.screens()[0])
screen = window.table_controls.player_screen
report = {"menu": []}
if sys.argv[2] != "-":
    screen.choose(next(s for s in app.screens() if s.name() == sys.argv[2]))
screen.screen_menu.aboutToShow.emit()
report["menu"] = [a.text() for a in screen.screen_menu.actions() if a.isChecked()]
screen.action.trigger()
app.processEvents()
display = screen.display
report.update(screen=display.screen().name(), full=display.isFullScreen(),
              visible=display.isVisible(), width=display.width())
launched.shutdown()
print(json.dumps(report))
"""


def run(tmp_path, choice: str) -> dict:
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(SCREENS))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "data"), choice],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_with_a_projector_the_display_fills_it_and_the_choice_is_remembered(tmp_path):
    first = run(tmp_path, "-")  # nothing chosen: the screen that is not the GM's
    assert first["screen"] == "Projector" and first["full"] and first["width"] == 1920
    assert first["menu"] == ["Screen 2: Projector (1920×1080)"]

    chosen = run(tmp_path, "Laptop")  # on the GM's own screen: a window, not full screen
    assert chosen["screen"] == "Laptop" and chosen["visible"] and not chosen["full"]
    assert chosen["menu"] == ["Screen 1: Laptop (1366×768) — this window"]

    again = run(tmp_path, "-")  # the choice outlives the program
    assert again["screen"] == "Laptop" and not again["full"]
