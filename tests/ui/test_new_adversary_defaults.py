"""The library's New… adversary: its numbers come from the tier's benchmarks and the guidance
beside them, against a GM's library of the SRD, calls none unusual; the tier and type filtered
on are the new one's."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QPushButton

from encounter_app.domain import TemplateRow
from encounter_app.exchange import srd
from encounter_app.systems.daggerheart.ui.library.stat_block_editor import StatBlockEditor

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support propagateSizeHints\(\)")


def open_new(qtbot, program, tier: int | None, kind: str | None) -> dict[str, object]:
    """Filter the library on ``tier`` and ``kind``, click New…, and read the editor."""
    actions = program.window.fight.library
    actions.library_action.trigger()
    table = actions.dock.findChild(QPushButton, "adversaryNewButton").parent().table
    table.tier.setCurrentIndex(table.tier.findData(tier) if tier else 0)
    table.type.setCurrentIndex(table.type.findData(kind) if kind else 0)
    seen: dict[str, object] = {}

    def read() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, StatBlockEditor)
        seen.update(title=dialog.windowTitle(), tier=dialog.tier.value(),
                    type=dialog.type.currentText(), damage=dialog.damage.text(),
                    guides={k: g.words for k, g in dialog.guides.items()})
        dialog.reject()

    QTimer.singleShot(0, read)
    qtbot.mouseClick(actions.dock.findChild(QPushButton, "adversaryNewButton"),
                     Qt.MouseButton.LeftButton)
    assert seen, "the editor never opened"
    return seen


@pytest.mark.parametrize(("tier", "kind"), [(None, None), (1, "Standard"), (2, "Minion"),
                                            (3, "Bruiser"), (4, "Solo")])
def test_a_new_adversarys_numbers_are_usual_for_its_tier_and_type(qtbot, tmp_path, srd_file,
                                                                  tier, kind):
    from encounter_app.app import launch

    program = launch(tmp_path, seed=3, show=True)
    qtbot.addWidget(program.window)
    try:
        blocks = srd.read(json.loads(srd_file.read_text(encoding="utf-8-sig")), [], [])
        for stats in blocks:  # the SRD imported, before the library is first read
            program.store.insert_template(TemplateRow(id=None, stats=stats, source="srd"))
        seen = open_new(qtbot, program, tier, kind)
        assert seen["title"] == "New adversary"
        assert (seen["tier"], seen["type"]) == (tier or 1, kind or "Standard")
        guides = seen["guides"]
        assert isinstance(guides, dict) and guides["scope"].startswith("Compared with")
        for key, words in guides.items():
            assert "unusual" not in words and "outside" not in words, (key, words, seen)
    finally:
        program.shutdown()
