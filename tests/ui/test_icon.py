"""The program's icon: what the window, the taskbar and the desktop menu show."""

from encounter_app.ui.icon import app_icon


def test_the_icon_has_sizes_for_the_taskbar_and_the_menu(qapp):
    icon = app_icon()
    assert not icon.isNull()
    sizes = {(size.width(), size.height()) for size in icon.availableSizes()}
    assert {(32, 32), (48, 48), (256, 256)} <= sizes
