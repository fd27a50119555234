"""Small widgets every part of the window uses: painted list views, pip tracks, drag-to-reorder,
a problem line, a note editor, the OK/Cancel row."""
