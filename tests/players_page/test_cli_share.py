"""encounter-app --share-players [--port N]: the page shared before the window opens, its
address printed on one line (a fresh process each time, as a GM runs it)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request

from tests.test_cli import run


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_the_address_is_printed_before_the_window_opens(tmp_path):
    port = free_port()
    result = run("--data-dir", str(tmp_path), "--share-players", "--port", str(port),
                 "--smoke-test")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Players: http://") and f":{port}/p/" in lines[0]
    key = lines[0].rstrip("/").rsplit("/", 1)[1]
    assert len(key) >= 22
    assert "smoke test ok" in lines[1]


def test_the_printed_address_serves_the_page(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    process = subprocess.Popen([sys.executable, "-m", "encounter_app", "--data-dir",
                                str(tmp_path), "--share-players"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stdout.readline()
        assert line.startswith("Players: http://"), process.stderr.read()
        url = line.split(" ", 1)[1].strip()
        with urllib.request.urlopen(url, timeout=30) as answer:
            assert answer.status == 200 and b"Send to the GM" in answer.read()
    finally:
        process.kill()
        process.wait(30)


def test_a_taken_port_is_refused_with_the_reason(tmp_path):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("--data-dir", str(tmp_path), "--share-players", "--port", str(port),
                     "--smoke-test")
    assert result.returncode == 2
    assert "could not be shared" in result.stderr and str(port) in result.stderr
    assert "Players:" not in result.stdout


def test_port_without_share_players_is_a_usage_error(tmp_path):
    result = run("--data-dir", str(tmp_path), "--port", "8000", "--smoke-test")
    assert result.returncode == 2
    assert "--port goes with --share-players" in result.stderr


def test_host_picks_the_network_and_the_address_says_it(tmp_path):
    result = run("--data-dir", str(tmp_path), "--share-players", "--host", "127.0.0.1",
                 "--port", str(free_port()), "--smoke-test")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith("Players: http://127.0.0.1:")


def test_an_address_this_computer_does_not_have_is_refused_naming_those_it_has(tmp_path):
    result = run("--data-dir", str(tmp_path), "--share-players", "--host", "192.0.2.123",
                 "--smoke-test")  # TEST-NET-1: never this computer's
    assert result.returncode == 2, result.stderr
    assert "--host 192.0.2.123 is not an address of this computer" in result.stderr
    assert "This computer only: 127.0.0.1" in result.stderr  # what it could have been
    assert "Players:" not in result.stdout
    assert not (tmp_path / "encounter.db").exists()  # refused before anything was opened


def test_without_host_the_kept_network_is_used(tmp_path):
    first = run("--data-dir", str(tmp_path), "--share-players", "--host", "127.0.0.1",
                "--smoke-test")
    assert first.returncode == 0, first.stderr
    again = run("--data-dir", str(tmp_path), "--share-players", "--smoke-test")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0].startswith("Players: http://127.0.0.1:")


def test_host_without_share_players_is_a_usage_error(tmp_path):
    result = run("--data-dir", str(tmp_path), "--host", "127.0.0.1", "--smoke-test")
    assert result.returncode == 2
    assert "--host goes with --share-players" in result.stderr
