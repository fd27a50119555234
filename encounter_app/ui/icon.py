"""The program's icon (PNGs rendered from resources/icons/encounter-app.svg) and the actions'
icons (SVGs in resources/icons/actions, coloured for the palette in use).

The program's icon stays PNG: the window manager asks for it before anything else is loaded.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QSize
from PySide6.QtGui import QGuiApplication, QIcon, QImageReader, QPalette, QPixmap

from encounter_app.resources import resource


def app_icon() -> QIcon:
    icon = QIcon()
    for path in sorted(resource("icons").glob("encounter-app-*.png")):
        icon.addFile(str(path))
    return icon


#: Menus draw icons at 16 px and the toolbar at 24; each is rendered for the screen's pixel
#: ratio (32 and 48 on a 2x screen), no more: 88 renders at start-up were 13 ms of it.
ICON_SIZES = (16, 24)


def _pixel_sizes() -> list[int]:
    screen = QGuiApplication.primaryScreen()
    ratio = screen.devicePixelRatio() if screen is not None else 1.0
    return sorted({round(size * ratio) for size in ICON_SIZES})


def action_icon(name: str, palette: QPalette) -> QIcon:
    """An action's icon from resources/icons/actions/<name>.svg, drawn in the palette's text
    colour so it reads on a light or a dark window (the SVGs stroke with ``currentColor``).

    Rendered by the SVG image-format plugin (imageformats/qsvg, kept in the bundle), which
    raises no error for a missing plugin: a null icon then leaves the action's text alone.
    """
    source = resource("icons") / "actions" / f"{name}.svg"
    text = source.read_text(encoding="utf-8")
    icon = QIcon()
    for mode, group in ((QIcon.Mode.Normal, QPalette.ColorGroup.Active),
                        (QIcon.Mode.Disabled, QPalette.ColorGroup.Disabled)):
        colour = palette.color(group, QPalette.ColorRole.ButtonText).name()
        data = QByteArray(text.replace("currentColor", colour).encode())
        for size in _pixel_sizes():
            buffer = QBuffer(data)
            reader = QImageReader(buffer, QByteArray(b"svg"))
            reader.setScaledSize(QSize(size, size))  # drawn at each size, never scaled up
            image = reader.read()
            if image.isNull():
                return QIcon()
            icon.addPixmap(QPixmap.fromImage(image), mode)
    return icon
