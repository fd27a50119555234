"""The window comes back as it was left, in the theme the GM chose, from the data folder's
own settings file; icons and colours follow the light or dark palette."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QSplitter

from encounter_app.app import launch
from encounter_app.ui.shell import theme
from encounter_app.ui.shell.icon import action_icon
from encounter_app.ui.shell.settings import SETTINGS_NAME


def test_splitter_sizes_and_window_size_survive_a_relaunch(qtbot, tmp_path):
    first = launch(tmp_path, seed=1, show=False)
    window = first.window
    window.resize(760, 580)  # inside the offscreen screen (800x600)
    main = window.findChild(QSplitter, "mainSplitter")
    side = window.findChild(QSplitter, "sideSplitter")
    main.setSizes([380, 600, 320])
    side.setSizes([150, 450])
    wanted_main, wanted_side = main.sizes(), side.sizes()
    first.shutdown()
    assert (tmp_path / SETTINGS_NAME).exists()

    second = launch(tmp_path, show=False)
    try:
        again = second.window
        assert again.findChild(QSplitter, "mainSplitter").sizes() == wanted_main
        assert again.findChild(QSplitter, "sideSplitter").sizes() == wanted_side
        assert (again.width(), again.height()) == (760, 580)
    finally:
        second.shutdown()


def test_a_damaged_settings_file_is_ignored_not_fatal(qtbot, tmp_path):
    (tmp_path / SETTINGS_NAME).write_bytes(b"\x00\xffnot an ini [[[\n=\n")
    launched = launch(tmp_path, seed=1, show=False)
    try:
        assert launched.window.findChild(QSplitter, "mainSplitter").sizes()[1] > 0
    finally:
        launched.shutdown()


def test_the_dark_theme_is_remembered_and_painted_dark(qtbot, tmp_path):
    app = QApplication.instance()
    desktop = QPalette(app.palette())
    first = launch(tmp_path, seed=1, show=False)
    try:
        first.window.findChild(type(first.window.next_action), "theme_dark").trigger()
        assert theme.is_dark_palette(app.palette())
        qtbot.waitUntil(lambda: theme.is_dark(first.window.fight.cards))  # the cards' paper too
        light_text = theme.dark_palette().color(QPalette.ColorRole.ButtonText).name()
        assert light_text in icon_colours(first.window.next_action.icon())  # redrawn light
    finally:
        first.shutdown()
    assert app.palette() == desktop  # the desktop's palette is given back at the end
    assert QSettings(str(tmp_path / SETTINGS_NAME),
                     QSettings.Format.IniFormat).value("appearance/theme") == "dark"

    second = launch(tmp_path, show=False)
    try:
        assert second.appearance.mode == "dark"
        assert theme.is_dark_palette(app.palette())
        second.appearance.set_mode("light")
        assert not theme.is_dark_palette(app.palette())
    finally:
        second.shutdown()


def icon_colours(icon) -> set[str]:
    image = icon.pixmap(24, 24).toImage()
    assert not image.isNull()
    return {image.pixelColor(x, y).name() for x in range(24) for y in range(24)
            if image.pixelColor(x, y).alpha() == 255}


def test_action_icons_are_drawn_in_the_palette_text_colour(qapp):
    light = QApplication.style().standardPalette()
    for palette in (light, theme.dark_palette()):
        colours = icon_colours(action_icon("next-turn", palette))
        assert palette.color(QPalette.ColorRole.ButtonText).name() in colours


def test_following_the_system_the_palette_turns_with_the_desktop(qtbot, tmp_path):
    app = QApplication.instance()
    launched = launch(tmp_path, seed=1, show=False)
    try:
        appearance = launched.appearance
        assert appearance.mode == "system"
        appearance.system_scheme_changed(Qt.ColorScheme.Dark)
        assert theme.is_dark_palette(app.palette())
        appearance.system_scheme_changed(Qt.ColorScheme.Light)
        assert not theme.is_dark_palette(app.palette())
        appearance.set_mode("light")  # the GM's choice wins over the desktop's
        appearance.system_scheme_changed(Qt.ColorScheme.Dark)
        assert not theme.is_dark_palette(app.palette())
    finally:
        launched.shutdown()


def test_a_first_start_never_opens_a_window_bigger_than_the_screen(qtbot, tmp_path):
    # The offscreen screen is 800 x 600, smaller than the window's own 1400 x 860, as a
    # 1366 x 768 laptop's is.
    launched = launch(tmp_path, seed=1, show=False)
    try:
        room = launched.window.screen().availableGeometry().size()
        assert room.width() < 1400
        assert launched.window.width() <= room.width()
        assert launched.window.height() <= room.height()
        # with room for the window manager's title bar, so the status bar is on the screen too
        assert launched.window.height() <= room.height() - 40
    finally:
        launched.shutdown()
