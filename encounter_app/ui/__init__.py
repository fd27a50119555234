"""The Qt user interface: main window, models, views, delegates, dialogs.

Dialogs are imported where they are opened, not at the top of the module that opens them:
each brings Qt classes whose first use costs PySide time, and none of them is on screen when
the window first paints (the start-up budget in docs/performance.md).
"""
