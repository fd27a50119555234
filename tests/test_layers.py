"""The layers of docs/architecture.md: rules, domain, store and a system's rolls never load Qt
(checked in a fresh interpreter, where import-linter only reads the imports)."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("package", [
    "encounter_app.rules.dice", "encounter_app.rules.daggerheart",
    "encounter_app.rules.forge_of_power", "encounter_app.rules.casus_mus",
    "encounter_app.rules.ruins_and_raiders", "encounter_app.store", "encounter_app.demo",
    "encounter_app.domain", "encounter_app.domain.adversaries", "encounter_app.domain.roll_text",
    "encounter_app.domain.countdown_steps", "encounter_app.domain.system",
    # The registry, and each system's object, rolls and words: Qt only with its window part.
    "encounter_app.systems", "encounter_app.systems.daggerheart.requests",
    "encounter_app.systems.daggerheart.words", "encounter_app.systems.casus_mus.requests",
    "encounter_app.systems.casus_mus.words", "encounter_app.systems.ruins_and_raiders.requests",
    "encounter_app.systems.forge_of_power.requests",
    # Each system's phone forms, sheet and results, read for the players' page.
    "encounter_app.systems.daggerheart.phone", "encounter_app.systems.casus_mus.phone",
    "encounter_app.systems.ruins_and_raiders.phone", "encounter_app.systems.forge_of_power.phone",
])
def test_rules_and_store_do_not_load_qt(package):
    code = (f"import sys, {package}; "
            "bad = [m for m in sys.modules if m.startswith(('PySide6', 'encounter_app.ui'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
