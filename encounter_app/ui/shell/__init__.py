"""The window's shell, the same for every rule system: the main window's frame (menus, toolbar,
status, undo, docks), theme and icons, remembered settings, the shortcuts table, the run loop."""
