"""Rolls: the rules service on its worker thread, the router that hands each answer back, the
odds cache, and the one path by which a roll becomes a logged, undoable line."""
