"""The Qt user interface: main window, models, views, delegates, dialogs."""
