"""Sharing is at once: the socket listens before share() returns. (That a start loads nothing
of the page is checked with the rest of what a start must not load, in
tests/ui/test_startup_imports.py.)"""

from __future__ import annotations

from encounter_app.app import launch


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
