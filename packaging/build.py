"""Build the program a GM installs: `python packaging/build.py` (what `make package` runs).

Runs PyInstaller on packaging/encounter_app.spec into dist/encounter-app/. On Linux it then adds
the menu entry, its icon and the script that installs them, and packs the folder as
dist/encounter-app-<version>-linux-<machine>.tar.gz. On Windows and macOS it stops after
PyInstaller; packaging/README.md says how to ship what it made.
"""

from __future__ import annotations

import platform
import shutil
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BUNDLE = DIST / "encounter-app"
LINUX_EXTRAS = {
    ROOT / "packaging" / "linux" / "encounter-app.desktop": "encounter-app.desktop",
    ROOT / "packaging" / "linux" / "install-desktop-entry.sh": "install-desktop-entry.sh",
    ROOT / "resources" / "icons" / "encounter-app-256.png": "encounter-app.png",
}


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from encounter_app import __version__

    return __version__


def run_pyinstaller() -> None:
    import PyInstaller.__main__

    PyInstaller.__main__.run([
        str(ROOT / "packaging" / "encounter_app.spec"),
        "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(ROOT / "build" / "pyinstaller"),
    ])


def unbundled_xcb_libraries(bundle: Path) -> list[str]:
    """Libraries Qt's xcb plugin needs that are neither in the bundle nor left to the system on
    purpose (PyInstaller's exclude list: libc, libGL, libxcb...). PyInstaller skips with only a
    warning what the build machine lacks, and every GM would then have to install it."""
    from PyInstaller.depend import bindepend, dylib

    internal = bundle / "_internal"
    plugin = internal / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    bundled = {path.name for path in internal.rglob("*.so*")}
    return sorted(name for name, _ in bindepend.get_imports(str(plugin))
                  if dylib.include_library(name) and Path(name).name not in bundled)


def add_linux_extras(bundle: Path) -> None:
    for source, name in LINUX_EXTRAS.items():
        shutil.copy2(source, bundle / name)


def archive_name(version: str) -> str:
    return f"encounter-app-{version}-linux-{platform.machine()}.tar.gz"


def make_archive(bundle: Path, target: Path, top: str) -> None:
    """Pack ``bundle`` as ``top/`` in a .tar.gz; permissions (the executable bit) are kept."""
    partial = target.with_name(target.name + ".part")
    with tarfile.open(partial, "w:gz", compresslevel=6) as archive:
        archive.add(bundle, arcname=top)
    partial.replace(target)


def main() -> int:
    started = time.monotonic()
    release = version()
    run_pyinstaller()
    if sys.platform.startswith("linux"):
        missing = unbundled_xcb_libraries(BUNDLE)
        if missing:
            print(f"build.py: this machine lacks {', '.join(missing)}, which Qt's xcb plugin "
                  "needs, so the bundle would not start on a desktop without them. Install "
                  "them (packaging/README.md lists the Debian packages) and build again.",
                  file=sys.stderr)
            return 1
        add_linux_extras(BUNDLE)
        target = DIST / archive_name(release)
        make_archive(BUNDLE, target, f"encounter-app-{release}")
        print(f"built {BUNDLE / 'encounter-app'} and {target}")
    else:
        print(f"built {BUNDLE}; see packaging/README.md to ship it")
    print(f"build took {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
