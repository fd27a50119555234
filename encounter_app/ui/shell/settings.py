"""The program's remembered preferences: an INI file in the data folder, never the registry.

In the data folder, so a test (or a GM trying ``--data-dir``) with its own folder never reads
or writes the settings of the GM's everyday fights.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QMargins, QObject, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QSplitter

if TYPE_CHECKING:
    from encounter_app.ui.shell.fight import ShellWindow

SETTINGS_NAME = "settings.ini"


def open_settings(data_dir: Path) -> QSettings:
    return QSettings(str(Path(data_dir) / SETTINGS_NAME), QSettings.Format.IniFormat)

def keep_geometry(dialog: QDialog, settings: QSettings | None, key: str) -> None:
    """Put ``dialog``'s size and place back as it last closed (under ``key``), never larger
    than its screen holds, and remember them when it closes. No settings: nothing is kept."""
    geometry = settings.value(key) if settings is not None else None
    if isinstance(geometry, QByteArray):
        dialog.restoreGeometry(geometry)
    if (screen := dialog.screen()) is not None:
        room = screen.availableGeometry().size().shrunkBy(FRAME_ROOM)
        dialog.resize(dialog.size().boundedTo(room))
    if settings is None:
        return
    dialog.finished.connect(lambda _result: settings.setValue(key, dialog.saveGeometry()))


#: What a first start leaves of the screen for the window manager's frame (its title bar is
#: about 20 to 30 pixels on the desktops we tried).
FRAME_ROOM = QMargins(0, 0, 0, 48)


class WindowMemory(QObject):
    """Puts the window's size, docks, toolbar and splitters back as they were; saves them
    when the window closes (its ``closing`` signal). Each splitter is remembered under its
    objectName.

    The window names its splitters: ``findChildren(QSplitter)`` would make PySide wrap every
    object in the window to test its type, 18 M instructions of each start.
    """

    def __init__(self, window: ShellWindow, settings: QSettings,
                 splitters: list[QSplitter], toggles: dict[str, QAction] | None = None) -> None:
        super().__init__(window)
        self._window, self._settings = window, settings
        self._remembered = splitters
        self._toggles = toggles or {}  # checkable view options, by settings key
        assert all(s.objectName() for s in splitters), "a remembered splitter needs a name"
        self.restore()
        window.closing.connect(self.save)

    def restore(self) -> None:
        s = self._settings
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self._window.restoreGeometry(geometry)
        elif (screen := self._window.screen()) is not None:
            # A first start: the window's own size, but never more than a laptop's screen holds
            # (1400 x 860 would hang past a 1366 x 768 one), with room left for the window
            # manager's title bar and frame, so the status bar stays on the screen.
            room = screen.availableGeometry().size().shrunkBy(FRAME_ROOM)
            self._window.resize(self._window.size().boundedTo(room))
        state = s.value("window/state")
        if isinstance(state, QByteArray):
            self._window.restoreState(state)
        for splitter in self._remembered:
            sizes = s.value(f"splitters/{splitter.objectName()}")
            if isinstance(sizes, QByteArray):
                splitter.restoreState(sizes)
        for key, action in self._toggles.items():  # unsaved: as the action starts
            action.setChecked(s.value(key, "true" if action.isChecked() else "false")
                              in (True, "true"))

    def save(self) -> None:
        s = self._settings
        s.setValue("window/geometry", self._window.saveGeometry())
        s.setValue("window/state", self._window.saveState())
        for splitter in self._remembered:
            s.setValue(f"splitters/{splitter.objectName()}", splitter.saveState())
        for key, action in self._toggles.items():
            s.setValue(key, action.isChecked())
        s.sync()

