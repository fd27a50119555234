"""Keys typed into a field stay in the field; Escape hands the keyboard back to the fight.

The fight window runs on one-key shortcuts (1-5, N, A, R, +, -). Qt lets a line edit keep the
keys it types, but a combo box or a spin box lets a plain key through to the window's
shortcuts: a GM who had clicked the scene's combo box and typed "5" recorded a player's
outcome. ``TypingKeeper`` makes every plain key in the fields it watches the field's own, and
Escape in one of them gives the keyboard back to the fight (``back``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QWidget

FIELDS = (QLineEdit, QAbstractSpinBox, QComboBox)
_COMMAND_KEYS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                 | Qt.KeyboardModifier.MetaModifier)


class TypingKeeper(QObject):
    """Watches fields (``watch``); ``back()`` is called on Escape to leave them."""

    def __init__(self, back: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._back = back

    def watch(self, widgets: Iterable[QWidget]) -> None:
        for widget in widgets:
            parent = widget.parentWidget()
            if isinstance(parent, FIELDS):  # an editable combo's own line edit: the combo
                widget = parent
            if isinstance(widget, FIELDS):
                widget.installEventFilter(self)  # once: Qt keeps one copy of a filter

    def follow_focus(self, window: QWidget) -> None:
        """Watch each field of ``window`` as it takes the keyboard, before its first key.

        Cheaper than finding every field at start (``findChildren`` has PySide wrap every
        object of the window), and it covers the parts built later (docks, panels). Fields of
        dialogs, other windows, are left alone: Escape there closes the dialog.
        """
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return

        def focused(_old: QWidget | None, now: QWidget | None) -> None:
            if now is not None and now.window() is window:
                self.watch([now])

        app.focusChanged.connect(focused)
        self.destroyed.connect(lambda: app.focusChanged.disconnect(focused))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if not event.modifiers() & _COMMAND_KEYS and event.text().isprintable() \
                    and event.text():
                event.accept()  # the field's key, not the window's shortcut
                return True
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.key() == Qt.Key.Key_Escape and not event.modifiers():
            if isinstance(watched, QComboBox) and watched.view().isVisible():
                return False  # Escape closes the open list first
            self._back()
            return True
        return False
