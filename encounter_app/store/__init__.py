"""The SQLite store: sqlmodel tables, migrations, backups. No Qt.

The rows it hands out are the frozen types of ``encounter_app.domain``.
"""

from encounter_app.store.errors import FolderNotWritable, StoreError, WriteFailed
from encounter_app.store.store import DB_NAME, Store

__all__ = ["DB_NAME", "FolderNotWritable", "Store", "StoreError", "WriteFailed"]
