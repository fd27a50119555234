"""No cycle collection while the program starts.

Start-up makes some 50,000 objects that live as long as the program and next to no garbage (a
few hundred objects), yet the cycle collector would walk them over and over as they are made:
45 million instructions of a frozen start (callgrind). ``__main__.main`` pauses it before Qt
is imported; ``run.py`` resumes it once the window is built. The start-up benchmark's child
(bench/startup_child.py) does the same, so it measures the program's own start.
"""

from __future__ import annotations

import gc


def pause_collection() -> None:
    gc.disable()


def resume_collection() -> None:
    """Collect cycles from now on, if :func:`pause_collection` stopped that. What the start
    made is frozen first: it lives as long as the program, so later collections skip it; the
    few hundred objects of garbage among it are left as they are."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
