"""The library as the window sees it, its undo commands, and the builder's start of a fight."""
