"""Everything a window shows, as text: to check what the players can read."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QWidget

from encounter_app.ui.fight.models import RowRole

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
         Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.AccessibleDescriptionRole,
         Qt.ItemDataRole.WhatsThisRole, RowRole)


def everything_shown(window: QWidget) -> str:
    """Every text, tooltip, accessible text and model datum of ``window`` and its children."""
    texts = [window.windowTitle()]
    for widget in [window, *window.findChildren(QWidget)]:
        texts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription(),
                  widget.whatsThis(), widget.statusTip()]
        if isinstance(widget, QLabel):
            texts.append(widget.text())
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            for row in range(model.rowCount()):
                for role in ROLES:
                    texts.append(repr(model.index(row, 0).data(role)))
    return "\n".join(t for t in texts if t)
