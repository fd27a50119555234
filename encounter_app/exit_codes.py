"""What the program's exit status means (shown by --help; scripts and packagers rely on it)."""

import textwrap

OK = 0
FAILED = 1  # --smoke-test or --screenshot did not work
USAGE = 2
REFUSED = 3
DAMAGED = 4
RUNNING = 5
READ_ONLY = 6
IMPORT_REFUSED = 7
DISK_FULL = 8
LOCK_UNWRITABLE = 9
NOT_A_FOLDER = 10
DATABASE_NOT_A_FILE = 11

MEANINGS = {
    OK: "ran and quit normally (--smoke-test: the window was built, a roll came back and the "
        "whole file was checked sound)",
    FAILED: "--smoke-test or --screenshot failed",
    USAGE: "wrong command line, --demo with a folder that is not empty, --host not an "
           "address of this computer (the message names those it has), or --share-players "
           "could not listen on its address (the port is taken)",
    REFUSED: "the database was refused and left exactly as it was: not an Encounter Manager "
             "database, or written by a newer version",
    DAMAGED: "the database was damaged: SQLite's integrity check failed, or a row holds what "
             "the program never writes (the message names its table, row and field). "
             "--smoke-test, --screenshot: it was set aside as encounter-corrupt-<time>.db and a "
             "new one started, or, when the damage is where a start does not read (the roll "
             "log), it was named and left as it is; import: it was left as it is and nothing "
             "was imported. Start normally to be offered the newest backup",
    RUNNING: "another copy of Encounter Manager is running on the same data folder",
    READ_ONLY: "the data folder, or the database in it, cannot be written",
    IMPORT_REFUSED: "(import) the file was refused: every problem was printed, naming its "
                    "entry and field; nothing was imported",
    DISK_FULL: "the disk holding the data folder is full: nothing was changed; free some space",
    LOCK_UNWRITABLE: "the lock file (encounter.lock in the data folder) could not be written, "
                     "though no other copy holds it",
    NOT_A_FOLDER: "the data folder given (or a part of its path) is a file, not a folder",
    DATABASE_NOT_A_FILE: "encounter.db in the data folder is a folder, not a database file",
}


def for_store_error(exc: Exception) -> int:
    """The exit status for a StoreError raised while opening the data folder."""
    from encounter_app.store import errors  # what the store raises, by class

    codes = ((errors.FolderNotWritable, READ_ONLY), (errors.DiskFull, DISK_FULL),
             (errors.NotAFolder, NOT_A_FOLDER), (errors.DatabaseNotAFile, DATABASE_NOT_A_FILE))
    for kind, code in codes:
        if isinstance(exc, kind):
            return code
    if isinstance(exc, errors.WriteFailed):
        return DISK_FULL if exc.reason == "SQLITE_FULL" else READ_ONLY
    return REFUSED


def epilog() -> str:
    lines = [textwrap.fill(text, 78, initial_indent=f"  {code}  ", subsequent_indent=" " * 5)
             for code, text in MEANINGS.items()]
    return "exit status:\n" + "\n".join(lines)
