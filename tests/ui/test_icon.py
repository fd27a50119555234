"""The program's icon: what the window, the taskbar and the desktop menu show."""

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import QApplication

from encounter_app.ui.shell.icon import action_icon, app_icon


def test_the_icon_has_sizes_for_the_taskbar_and_the_menu(qapp):
    icon = app_icon()
    assert not icon.isNull()
    sizes = {(size.width(), size.height()) for size in icon.availableSizes()}
    assert {(32, 32), (48, 48), (256, 256)} <= sizes


def test_an_action_icon_is_drawn_sharp_for_the_screen_and_greyed_when_disabled(qapp):
    palette = QApplication.style().standardPalette()
    icon = action_icon("next-turn", palette)
    assert not icon.isNull()
    sharp = icon.pixmap(QSize(24, 24), 2.0)  # a 2x screen: 48 device pixels, not 24 scaled up
    assert (sharp.width(), sharp.height(), sharp.devicePixelRatio()) == (48, 48, 2.0)

    def colours(mode: QIcon.Mode) -> set[str]:
        image = icon.pixmap(QSize(16, 16), 1.0, mode).toImage()
        return {image.pixelColor(x, y).name() for x in range(16) for y in range(16)
                if image.pixelColor(x, y).alpha() == 255}

    normal = palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.ButtonText).name()
    greyed = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText).name()
    assert normal != greyed
    assert normal in colours(QIcon.Mode.Normal)
    assert greyed in colours(QIcon.Mode.Disabled)
    assert normal not in colours(QIcon.Mode.Disabled)
