"""Help › Keyboard shortcuts: a table read from the window's own actions, so it cannot go stale.

Every action with a shortcut that the window answers to is listed, with the menu it lives in.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from encounter_app.domain.fields_repr import fields_repr
from encounter_app.ui.widgets.action_text import plain

AnyIndex = QModelIndex | QPersistentModelIndex
HEADERS = ("Keys", "Does", "Menu")


@fields_repr
@dataclass(frozen=True, repr=False)
class Shortcut:
    """A key the window answers to, what it does and the menu it sits in."""

    keys: str  # as the desktop writes them: "Ctrl+Z", "F5"
    text: str
    menu: str
    action: QAction


def window_shortcuts(window: QMainWindow) -> list[Shortcut]:
    """Every action the window answers to a key for, in menu order, each once."""
    found: list[Shortcut] = []
    seen: set[int] = set()

    def visit(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            if isinstance(submenu := action.menu(), QMenu):
                visit(submenu, f"{path} › {plain(submenu.title())}")
            elif action.shortcuts() and id(action) not in seen:
                seen.add(id(action))
                found.append(_shortcut(action, path))

    for top in window.menuBar().actions():
        if isinstance(top_menu := top.menu(), QMenu):
            visit(top_menu, plain(top_menu.title()))
    for action in window.actions():  # keys with no menu entry (focus moves)
        if action.shortcuts() and id(action) not in seen:
            seen.add(id(action))
            found.append(_shortcut(action, ""))
    return found


def _shortcut(action: QAction, menu: str) -> Shortcut:
    keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                     for k in action.shortcuts())
    text = plain(action.text())
    if text.startswith(f"{keys} "):  # the outcome buttons say their key first: "3  Success…"
        text = text[len(keys):].strip()
    return Shortcut(keys, text, menu, action)


class ShortcutsModel(QAbstractTableModel):
    def __init__(self, shortcuts: list[Shortcut], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.shortcuts = shortcuts

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.shortcuts)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.shortcuts):
            return None
        shortcut = self.shortcuts[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return (shortcut.keys, shortcut.text, shortcut.menu)[index.column()]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(HEADERS)):
            return HEADERS[section]
        return None


class ShortcutsDialog(QDialog):
    def __init__(self, window: QMainWindow, parent: QWidget | None = None, *,
                 card_keys: str = "") -> None:
        super().__init__(parent or window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.model = ShortcutsModel(window_shortcuts(window), self)
        self.table = QTableView(objectName="shortcutsTable")
        self.table.setAccessibleName("Keyboard shortcuts")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setAccessibleName("Columns")
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        # The keys a selected card answers to are its system's (Fight.card_keys): only those.
        hint = QLabel(" ".join(part for part in (card_keys, "Tab moves between the panels.")
                               if part))
        hint.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(hint)
        layout.addWidget(buttons)
        self.resize(640, 560)
