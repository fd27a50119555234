"""Render resources/icons/encounter-app.svg to the PNG sizes the program and the desktop use.

Run it after changing the SVG: `.venv/bin/python packaging/render_icons.py`. The PNGs are kept
in the repository so that neither the program nor its bundle needs Qt's SVG module; PyInstaller
turns the 256 px one into the Windows .ico and the macOS .icns (with Pillow).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (32, 48, 64, 128, 256)


def render(svg: Path, size: int, target: Path) -> None:
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg} is not an SVG Qt can read")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    if not image.save(str(target)):
        raise SystemExit(f"could not write {target}")


def main() -> int:
    svg = ICONS / "encounter-app.svg"
    for size in SIZES:
        target = ICONS / f"encounter-app-{size}.png"
        render(svg, size, target)
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
