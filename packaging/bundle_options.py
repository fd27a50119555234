"""What every bundle we build leaves out: shared by encounter_app.spec and the size benchmark.

The benchmark's baseline (a QtWidgets window and a sqlmodel engine, bench/baseline_window.py)
is bundled with these same options, so the size and start-up ratios measure our program, not a
difference in packaging.
"""

from __future__ import annotations

from pathlib import Path, PurePath

# Our replacement for PyInstaller's PySide6.QtGui hook: it keeps only the Qt plugins we load.
HOOKS = str(Path(__file__).resolve().with_name("hooks"))

# The hidden imports of the program's stack (SQLAlchemy and sqlmodel; pydantic comes with
# sqlmodel), named in both specs so that the baseline bundles it as the program does.
STACK_HIDDENIMPORTS = ["sqlalchemy", "sqlmodel", "sqlmodel.sql.sqltypes"]

EXCLUDES = [
    # PyInstaller's Qt hooks add QtDBus because libQt6Gui links it. The Python module is not
    # used; libQt6DBus itself is still bundled as a dependency of libQt6Gui. (QtNetwork is
    # kept: the players' page lists the computer's networks with QNetworkInterface.)
    "PySide6.QtDBus",
    # Test and development tools that optional imports would drag in: pydantic.v1 has a
    # Hypothesis plugin, pydantic's debug printer imports rich, Mako's error pages Pygments.
    "hypothesis",
    "pytest",
    "_pytest",
    "rich",
    "pygments",
    "markdown_it",
    # PyInstaller's pydantic hook collects every pydantic module, the mypy plugins among them,
    # and they import mypy, which `make package` installs (the test extra): 5.5 MiB of mypy,
    # its compiled parser (ast_serialize, librt) and what it imports (curses, pdb, readline).
    "pydantic.mypy",
    "pydantic.v1.mypy",
    "mypy",
    # SQLAlchemy imports asyncio, whose concurrent.futures can reach multiprocessing; with
    # multiprocessing in the bundle PyInstaller adds its runtime hook, which imports it (and
    # subprocess, socket, pickle, pkgutil) before main() on every start: 30 ms of the budget.
    # The program never starts a process; asyncio only reaches it for a ProcessPoolExecutor.
    "multiprocessing",
    # Standard library pieces a desktop program without Tk or a test runner never imports.
    "tkinter",
    "unittest",
    "pydoc",
    "doctest",
]


def without_qt_translations(datas):
    """Drop Qt's own translations (qtbase_*.qm, 7 MB): the program installs no QTranslator,
    so Qt's dialogs stay in English whatever the files."""
    return [entry for entry in datas
            if not (PurePath(entry[0]).parts[:1] == ("PySide6",)
                    and PurePath(entry[0]).parent.name == "translations")]


def store_modules_uncompressed():
    """Write the PYZ's modules as stored zlib streams (level 0) instead of deflated (level 6).

    The bootloader inflated every module it imports from the PYZ, at every start; stored, each
    costs a copy and a checksum: the program's start went from 3,370 M instructions to 3,161 M
    (callgrind, -6 %). The executable, which holds the PYZ, grows from 9.2 to 23.7 MB; the
    .tar.gz, deflated as a whole, got 0.5 MB smaller (72.7 MB). This is what PyInstaller does with
    PYINSTALLER_ZLIB_COMPRESSION_LEVEL=0 in its environment, which it reads when it is imported,
    before a spec runs; set here, it holds however the spec is built (build.py, the benchmark,
    or pyinstaller by hand). Call it before PYZ(). Both specs do, so that the baseline is frozen
    the same way.
    """
    from PyInstaller.archive.writers import ZlibArchiveWriter

    if not isinstance(getattr(ZlibArchiveWriter, "_COMPRESSION_LEVEL", None), int):
        raise RuntimeError("this PyInstaller no longer keeps the PYZ's zlib level in "
                           "ZlibArchiveWriter._COMPRESSION_LEVEL: see store_modules_uncompressed "
                           "in packaging/bundle_options.py")
    ZlibArchiveWriter._COMPRESSION_LEVEL = 0
