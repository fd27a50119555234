"""Shared test set-up: Qt draws offscreen, so tests run without a screen."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
