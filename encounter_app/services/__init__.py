"""Qt glue that is not a widget: the rules service on its thread, the session, undo commands."""
