"""PyInstaller's PySide6.QtGui hook, minus the Qt plugins Encounter Manager never loads.

PyInstaller's own hook collects every plugin type QtGui can use: EGLFS, VNC, Wayland, image
formats, the GTK theme, network information... Filtering here, before the analysis, also keeps
out the libraries that only those plugins link (QtWaylandClient, QtEglFSDeviceIntegration,
QtNetwork through the TUIO touch plugin, the whole GTK/cairo/pango stack).

Kept: the SVG image format (the actions' icons; it brings libQt6Svg); the windowing systems
a GM runs (X11 through xcb, Windows, macOS) and the two headless ones the tests use
(offscreen, minimal); compose and ibus input (dead keys, input methods); the XDG desktop
portal theme (portal file dialogs over D-Bus, no GTK). Not xcb's GL integrations:
the program paints with QPainter and never makes an OpenGL context, so xcb never loads them
(checked with QT_DEBUG_PLUGINS=1 under Xvfb). On a Wayland desktop Qt falls back to xcb through
XWayland, as the Wayland plugin is left out.
"""

from pathlib import Path

from PyInstaller.utils.hooks.qt import add_qt6_dependencies

# plugin type -> plugin names kept (file name without "lib" and the suffix); None keeps all.
KEEP = {
    "platforms": {"qxcb", "qwindows", "qcocoa", "qoffscreen", "qminimal"},
    "platforms/darwin": None,
    "platforminputcontexts": {"composeplatforminputcontextplugin",
                              "ibusplatforminputcontextplugin"},
    "platformthemes": {"qxdgdesktopportal"},
    # The actions' SVG icons (ui/shell/icon.py), read through QImageReader; it links QtSvg.
    "imageformats": {"qsvg"},
}


def _wanted(source: str, destination: str) -> bool:
    plugin_type = Path(destination).as_posix().split("/plugins/", 1)[-1]
    if plugin_type not in KEEP:
        return False
    name = Path(source).name.split(".")[0].removeprefix("lib")
    return KEEP[plugin_type] is None or name in KEEP[plugin_type]


hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = [(source, destination) for source, destination in binaries
            if "/plugins/" not in Path(destination).as_posix() or _wanted(source, destination)]
