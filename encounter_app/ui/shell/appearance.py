"""Light and dark: the palette follows the desktop's colour scheme, or the GM's choice.

The painted widgets take every colour from the palette (theme.py), so switching the palette is
the whole switch. The choice (System, Light, Dark) is remembered in the settings.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QMenu

from encounter_app.ui.shell import theme

MODES = {"system": "Follow the &system", "light": "&Light", "dark": "&Dark"}


class Appearance(QObject):
    changed = Signal()  # the palette was switched: icons drawn in its colours are redrawn

    def __init__(self, app: QApplication, settings: QSettings,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._app, self._settings = app, settings
        # What the desktop gave us, to go back to: a KDE or GNOME palette beats ours.
        self._desktop = QPalette(app.palette())
        mode = str(settings.value("appearance/theme", "system"))
        self._mode = mode if mode in MODES else "system"
        self._system = QGuiApplication.styleHints().colorScheme()
        QGuiApplication.styleHints().colorSchemeChanged.connect(self.system_scheme_changed)
        self.apply()

    @property
    def mode(self) -> str:
        return self._mode

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown theme {mode!r}")
        self._mode = mode
        self._settings.setValue("appearance/theme", mode)
        self.apply()

    def wants_dark(self) -> bool:
        if self._mode == "system":
            return self._system == Qt.ColorScheme.Dark
        return self._mode == "dark"

    def apply(self) -> None:
        desktop_dark = theme.is_dark_palette(self._desktop)
        if self.wants_dark():
            palette = self._desktop if desktop_dark else theme.dark_palette()
        else:
            palette = self._app.style().standardPalette() if desktop_dark else self._desktop
        if palette != self._app.palette():
            self._app.setPalette(palette)
        self.changed.emit()

    def release(self) -> None:
        """Give the desktop its palette back and stop following it (the program is closing)."""
        QGuiApplication.styleHints().colorSchemeChanged.disconnect(self.system_scheme_changed)
        if self._app.palette() != self._desktop:
            self._app.setPalette(self._desktop)

    def system_scheme_changed(self, scheme: Qt.ColorScheme) -> None:
        """The desktop went light or dark (Qt 6.5+ tells us where the platform can)."""
        self._system = scheme
        if self._mode == "system":
            self.apply()

    def fill(self, menu: QMenu) -> list[QAction]:
        """Radio entries System, Light, Dark in ``menu``."""
        group = QActionGroup(menu)
        actions = []
        for mode, label in MODES.items():
            action = QAction(label, menu, checkable=True, objectName=f"theme_{mode}")
            action.setChecked(mode == self._mode)
            action.triggered.connect(lambda _checked=False, m=mode: self.set_mode(m))
            group.addAction(action)
            menu.addAction(action)
            actions.append(action)
        return actions
