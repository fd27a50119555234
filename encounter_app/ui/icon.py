"""The program's icon, from the PNGs rendered from resources/icons/encounter-app.svg.

PNG, not the SVG itself: PNG support is built into QtGui, so the bundle needs no SVG plugin.
"""

from __future__ import annotations

from PySide6.QtGui import QIcon

from encounter_app.resources import resource


def app_icon() -> QIcon:
    icon = QIcon()
    for path in sorted(resource("icons").glob("encounter-app-*.png")):
        icon.addFile(str(path))
    return icon
