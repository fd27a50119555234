"""The scene panel's "Fear spent this scene" starts again after a rest and after New scene, and
an undo brings the old count back; the Fear ledger says where a scene began."""

from __future__ import annotations

from PySide6.QtCore import Qt

from encounter_app.ui.fight.models import FearLedgerModel


def spent(program) -> str:
    return program.window.fight.scene.spent.text()


def test_a_long_rest_and_new_scene_start_the_scenes_fear_count_again(qtbot, program):
    window, fight = program.window, program.window.fight
    fight.fear_tracker.setFocus()
    for _ in range(3):
        qtbot.mouseClick(fight.fear_tracker.minus_button, Qt.MouseButton.LeftButton)
    assert spent(program).startswith("Fear spent this scene: 3 ")

    with qtbot.waitSignal(window.roll_log_model.rowsInserted, timeout=5000):
        window.rests.long_rest_action.trigger()
    assert spent(program).startswith("Fear spent this scene: 0 ")
    window.undo_action.trigger()
    assert spent(program).startswith("Fear spent this scene: 3 ")

    button = fight.scene.findChild(type(fight.fear_tracker.minus_button), "newSceneButton")
    assert button is not None and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert spent(program).startswith("Fear spent this scene: 0 ")
    assert fight.scene.new_scene_action in window.encounter_menu.actions()
    ledger = FearLedgerModel(program.session)
    assert ledger.index(0, 0).data().startswith("A new scene begins (Fear 0)")
    window.undo_action.trigger()
    assert spent(program).startswith("Fear spent this scene: 3 ")
