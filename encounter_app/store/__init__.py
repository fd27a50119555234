"""The SQLite store, through sqlmodel: its tables are the schema, its Session every read and
write; Alembic migrations, backups. No Qt.

The rows it hands out are the frozen types of ``encounter_app.domain``, never ORM objects.
"""

from encounter_app.store.errors import FolderNotWritable, StoreError, WriteFailed
from encounter_app.store.store import DB_NAME, Store

__all__ = ["DB_NAME", "FolderNotWritable", "Store", "StoreError", "WriteFailed"]
