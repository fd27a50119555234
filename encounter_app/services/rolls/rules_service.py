"""RulesService: every roll is computed on a worker thread by the pure rules package.

Requests and results are frozen dataclasses; they are the only things that cross the thread
boundary. A request that fails comes back as ``failed(request_id, message)`` and the worker
goes on serving.
"""

from __future__ import annotations

import itertools
import logging
import random
from typing import Protocol, TypeVar

from PySide6.QtCore import QObject, QThread, Signal, Slot

from encounter_app.domain.requests import RollRequest, RollResult
from encounter_app.rules import dice

log = logging.getLogger(__name__)
# Every roll takes microseconds; a worker busy this long after being asked to stop is stuck.
STOP_TIMEOUT_MS = 5000
R = TypeVar("R")


def compute(request: RollRequest[R], rng: dice.RandomSource) -> R:
    """Resolve one request with the rules package, as the request says. Raises on a bad one."""
    return request.compute(rng)


class Compute(Protocol):
    """What the worker resolves a request with: ``compute``, unless a test hands the service
    another."""

    def __call__(self, request: RollRequest[R], rng: dice.RandomSource) -> R: ...


class _Worker(QObject):
    """Lives on the service's thread; owns the random source, which no other thread touches."""

    rolled = Signal(object)
    failed = Signal(int, str)

    def __init__(self, rng: random.Random, compute: Compute) -> None:
        super().__init__()
        self._rng = rng
        self._compute = compute

    @Slot(int, object)
    def handle(self, request_id: int, request: RollRequest[R]) -> None:
        try:
            result = self._compute(request, self._rng)
        except ValueError as exc:  # DiceError and the rules' own ValueErrors: the GM's input
            self.failed.emit(request_id, str(exc))
        except Exception as exc:  # a bug must not kill the worker: report it and keep serving
            self.failed.emit(request_id, f"Internal error while rolling: {exc!r}")
        else:
            self.rolled.emit(RollResult(request_id, request, result))

    @Slot()
    def stop(self) -> None:
        QThread.currentThread().quit()


class RulesService(QObject):
    """Submit requests from the GUI thread; results arrive as ``rolled`` on the GUI thread."""

    rolled = Signal(object)  # RollResult
    failed = Signal(int, str)  # request id, message for the GM
    _requested = Signal(int, object)
    _stop_requested = Signal()

    def __init__(self, seed: int | None = None, parent: QObject | None = None, *,
                 compute: Compute = compute) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._thread = QThread()
        self._thread.setObjectName("RulesService")
        self._worker = _Worker(random.Random(seed), compute)
        self._worker.moveToThread(self._thread)
        # Both connections cross threads, so Qt queues them: the request runs in the worker's
        # event loop, the answer in ours.
        self._requested.connect(self._worker.handle)
        self._worker.rolled.connect(self.rolled)
        self._worker.failed.connect(self.failed)
        self._stop_requested.connect(self._worker.stop)
        self._thread.finished.connect(self._worker.deleteLater)
        self._thread.start()

    def submit(self, request: RollRequest[R]) -> int:
        """Queue a request; returns its id, which ``rolled`` or ``failed`` will carry."""
        request_id = next(self._ids)
        self._requested.emit(request_id, request)
        return request_id

    @property
    def worker_thread(self) -> QThread:
        """The thread the rolls run on. Not ``thread``: QObject.thread() is the thread the
        service itself lives on, and a property of that name would hide it."""
        return self._thread

    def shutdown(self, timeout_ms: int = STOP_TIMEOUT_MS) -> bool:
        """Stop the worker after the requests already queued, and join its thread.

        The stop travels through the same queue as the requests, so every request submitted
        before it is answered; those answers wait in this thread's event queue. Returns False
        when the worker is still busy after ``timeout_ms``: a roll that never ends is a bug,
        and quitting must not hang on it, so it is logged and the caller moves on.
        """
        if self._thread.isRunning():
            self._stop_requested.emit()
            if not self._thread.wait(timeout_ms):
                log.error("The rules thread is still busy %d ms after being asked to stop; "
                          "leaving it behind.", timeout_ms)
                return False
        return True
