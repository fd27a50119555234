"""The open fight: the session kept in step with the store, its undo commands, and one function
per thing the GM does at the table."""
