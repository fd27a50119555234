"""The campaign view's state and its undoable operations: campaigns, encounters, the party."""
