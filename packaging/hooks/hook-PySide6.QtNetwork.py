"""PyInstaller's PySide6.QtNetwork hook, minus QtNetwork's plugins.

PyInstaller's own hook collects every plugin QtNetwork can use: the network-information
backends (NetworkManager, ConnMan, and GLib's, which brings GIO, GObject, libmount, libblkid
and libselinux) and the TLS backends (OpenSSL, certificate-only). Filtering here, before the
analysis, keeps out those plugins and the libraries only they link: 3.8 MiB.

QtNetwork itself stays: the players' page lists the computer's networks with
QNetworkInterface (services/players_page.py), which Qt answers from libQt6Network alone (netlink on
Linux), with no plugin; the page is served over plain HTTP by aiohttp, not by Qt. Nothing in the
program uses QNetworkInformation or QSslSocket. With QT_DEBUG_PLUGINS / qt.core.library.debug,
`encounter-app --share-players` loads neither kind of plugin even when they are there.

OpenSSL stays: the OpenSSL libraries PyInstaller adds for QtNetwork are still collected (and
Python's ssl module uses them). A feature that makes Qt speak TLS (QSslSocket, QNetworkAccess-
Manager over https) must bring back the `tls` plugins here.
"""

from pathlib import Path

from PyInstaller.utils.hooks.qt import add_qt6_dependencies, pyside6_library_info

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = [(source, destination) for source, destination in binaries
            if "/plugins/" not in Path(destination).as_posix()]
binaries += pyside6_library_info.collect_qtnetwork_files()
