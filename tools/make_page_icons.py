"""Draw the players' page's home-screen icons (icon-192.png, icon-512.png) from its icon.svg.

The SVG is the one drawing; the PNGs are what a phone's home screen and Safari's
apple-touch-icon take. Run it after changing the SVG, and commit the PNGs it writes:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/make_page_icons.py

It lives here, not beside the icon: everything in resources/players_page/ is served.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "resources" / "players_page"
SIZES = (192, 512)


def draw(svg: Path, size: int, out: Path) -> None:
    """The program's own icon renderer (packaging/render_icons.py), at the page's sizes."""
    sys.path.insert(0, str(ROOT / "packaging"))  # a folder of scripts, not a package
    from render_icons import render

    render(svg, size, out)


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication(sys.argv[:1])  # QImage's text and SVG drawing want one
    for size in SIZES:
        out = PAGE / f"icon-{size}.png"
        draw(PAGE / "icon.svg", size, out)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
