"""What the players see: the second-screen player display, its models, the screen it goes on,
and the window's controls for what is shown."""
