"""Run a command without root's power to ignore file modes, so a chmod means what it says.

Tests often run as root (CI containers), and root writes anywhere. There the command runs in a
user namespace as an ordinary user who owns the same files (``unshare --map-user``): owning a
folder whose mode has no write bit, it cannot write in it, exactly like a GM on a read-only
folder. Without root nothing changes.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess

import pytest

AS_USER = ["unshare", "--user", "--map-user=1000", "--map-group=1000"]


@functools.cache
def _prefix() -> tuple[str, ...] | None:
    if os.geteuid() != 0:
        return ()
    if shutil.which("unshare") is None:
        return None
    probe = subprocess.run([*AS_USER, "true"], capture_output=True)
    return tuple(AS_USER) if probe.returncode == 0 else None


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    """``subprocess.run`` as an ordinary user; skips the test where that is impossible."""
    prefix = _prefix()
    if prefix is None:
        pytest.skip("running as root and user namespaces are not allowed here")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **kwargs.pop("env", {}))
    return subprocess.run([*prefix, *args], capture_output=True, text=True, env=env,
                          timeout=120, **kwargs)
