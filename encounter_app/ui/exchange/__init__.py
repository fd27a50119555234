"""File › Import and Export: the window's side of reading and writing adversary, encounter and
campaign files."""
