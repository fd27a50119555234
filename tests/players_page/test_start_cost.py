"""Sharing costs the start nothing: the server, aiohttp, segno, QtNetwork and the dialog load
when the GM first shares, not before the window appears."""

from __future__ import annotations

import os
import subprocess
import sys

from encounter_app.app import launch

LATER = ("aiohttp", "segno", "PySide6.QtNetwork", "encounter_app.services.page_server",
         "encounter_app.ui.players.share_dialog")


def test_a_start_loads_nothing_of_the_page_server(qapp, tmp_path):
    launch(tmp_path, show=False).shutdown()
    script = (
        "import sys\n"
        "from encounter_app.__main__ import main\n"
        f"code = main(['--smoke-test', '--data-dir', {str(tmp_path)!r}])\n"
        f"print(code, sorted(m for m in {LATER!r} if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), check=True)
    assert result.stdout.splitlines()[-1] == "0 []"


def test_sharing_starts_fast_enough_to_feel_instant(qtbot, tmp_path):
    """Turned on, the address is known and the socket listening before share() returns:
    phones can connect at once (aiohttp finishes loading on the server's thread)."""
    import socket

    launched = launch(tmp_path, show=False)
    try:
        url = launched.window.players_page.share("127.0.0.1")
        host, port = launched.window.players_page.server.address
        with socket.create_connection((host, port), timeout=10):
            pass  # accepted by the listening socket already
        assert f":{port}/" in url
    finally:
        launched.shutdown()
