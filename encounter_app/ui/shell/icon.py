"""The program's icon (PNGs rendered from resources/icons/encounter-app.svg) and the actions'
icons (SVGs in resources/icons/actions, coloured for the palette in use).

The program's icon stays PNG: the window manager asks for it before anything else is loaded.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QBuffer, QByteArray, QRect, QSize
from PySide6.QtGui import QIcon, QIconEngine, QImageReader, QPainter, QPalette, QPixmap

from encounter_app.resources import resource


def app_icon() -> QIcon:
    icon = QIcon()
    for path in sorted(resource("icons").glob("encounter-app-*.png")):
        icon.addFile(str(path))
    return icon


class _SvgIconEngine(QIconEngine):
    """Draws an action's SVG when Qt first asks for it at a size, and keeps that picture.

    An icon rendered up front at every size the program might use cost 44 SVG renders on
    every start for icons mostly never shown (menus stay closed, a 2x screen needs other
    sizes); this renders what is painted, once each. ``svg`` holds the source coloured for the
    normal and the disabled look; active and selected icons are drawn as normal ones.
    """

    def __init__(self, svg: dict[bool, QByteArray]) -> None:
        super().__init__()
        self._svg = svg  # disabled? -> coloured SVG source
        self._drawn: dict[tuple[int, int, bool], QPixmap] = {}

    def clone(self) -> QIconEngine:
        return _SvgIconEngine(self._svg)

    def isNull(self) -> bool:
        return False

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State,
                     scale: float) -> QPixmap:
        disabled = mode == QIcon.Mode.Disabled
        width, height = round(size.width() * scale), round(size.height() * scale)
        key = (width, height, disabled)
        if key not in self._drawn:
            side = min(width, height)  # the SVGs are square: drawn at the size, never scaled
            buffer = QBuffer(self._svg[disabled])  # kept in a name: the reader does not own it
            reader = QImageReader(buffer, QByteArray(b"svg"))
            reader.setScaledSize(QSize(side, side))
            pixmap = QPixmap.fromImage(reader.read())
            pixmap.setDevicePixelRatio(scale)
            self._drawn[key] = pixmap
        return self._drawn[key]

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        scale = painter.device().devicePixelRatioF() if painter.device() else 1.0
        pixmap = self.scaledPixmap(rect.size(), mode, state, scale)
        side = min(rect.width(), rect.height())
        painter.drawPixmap(QRect(rect.x() + (rect.width() - side) // 2,
                                 rect.y() + (rect.height() - side) // 2, side, side), pixmap)


def action_icon(name: str, palette: QPalette) -> QIcon:
    """An action's icon from resources/icons/actions/<name>.svg, drawn in the palette's text
    colour so it reads on a light or a dark window (the SVGs stroke with ``currentColor``).

    Rendered by the SVG image-format plugin (imageformats/qsvg, kept in the bundle) when it
    is first painted. Without that plugin the icon is null, which leaves the action's text.
    """
    if not _svg_readable():
        return QIcon()
    text = (resource("icons") / "actions" / f"{name}.svg").read_text(encoding="utf-8")
    svg = {}
    for disabled, group in ((False, QPalette.ColorGroup.Active),
                            (True, QPalette.ColorGroup.Disabled)):
        colour = palette.color(group, QPalette.ColorRole.ButtonText).name()
        svg[disabled] = QByteArray(text.replace("currentColor", colour).encode())
    return QIcon(_SvgIconEngine(svg))


@cache
def _svg_readable() -> bool:
    """Whether the SVG plugin is there, asked of it alone: QImageReader.supportedImageFormats()
    loads every image-format plugin (GIF, JPEG, TIFF, WebP, PDF...) to list them, on every
    start and for nothing else."""
    svg = QByteArray(b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')
    buffer = QBuffer(svg)  # kept in names: neither the buffer nor the reader owns its source
    return QImageReader(buffer, QByteArray(b"svg")).canRead()
