"""encounter-app import FILE: add adversaries, an encounter or a campaign from a file, without a
window.

It cannot ask about duplicates, so --on-duplicate says what to do with all of them. It makes
the checks the window makes at start (a copy running on the folder, the database's own) and
touches nothing when the file or the database is refused.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from encounter_app import exit_codes
from encounter_app.domain.system import Catalog, SystemRules
from encounter_app.exchange.problems import ImportRefused
from encounter_app.exchange.reader import Parsed, read_path
from encounter_app.importing import (
    campaign_summary,
    count,
    encounter_summary,
    import_encounter,
    some_names,
)
from encounter_app.store import DB_NAME, Store, StoreError, migrate
from encounter_app.store.campaigns import OPEN_ENCOUNTER
from encounter_app.store.errors import DatabaseDamaged
from encounter_app.store.exchange import (
    CHOICES,
    Choice,
    LibraryImport,
    apply_import,
    plan_import,
    recreate_campaign,
)
from encounter_app.store.store import prepare_folder
from encounter_app.systems import default_systems


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="encounter-app import",
        description="Add the adversaries of FILE to the library, or recreate the encounter or "
                    "the campaign in it. FILE is the Daggerheart SRD's adversaries.json, a "
                    "file exported by Encounter Manager, or Daggerheart adversary stat blocks "
                    "as text in a file ending in .txt or .md (copied from the book, a PDF or "
                    "the SRD's markdown; one or several). A file with any problem imports "
                    "nothing; every problem is printed (in a text file, by block, line and "
                    "field: \"block 1 (Bear), line 5: Difficulty 'fourteen' is not a "
                    "number\").",
        epilog=exit_codes.epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="folder of encounter.db (default: the user data folder)")
    parser.add_argument("--on-duplicate", choices=CHOICES, default="skip",
                        help="an adversary with the name and tier of one in the library (or "
                             "earlier in the file): skip it, replace the other, or keep both "
                             "(default: skip)")
    return parser.parse_args(argv)


def main(argv: list[str], default_data_dir: Path) -> int:
    args = parse_args(argv)
    data_dir = args.data_dir or default_data_dir
    systems = default_systems()
    try:
        parsed = read_path(systems, args.file)
    except ImportRefused as exc:
        return _refused(exc)
    for note in parsed.notes:
        print(f"note: {note}")
    try:
        prepare_folder(data_dir)
    except StoreError as exc:
        return _refuse(str(exc), exit_codes.for_store_error(exc))
    # QtCore only (no display): the lock the window takes, so the two never write at once.
    from encounter_app.ui.shell.data_lock import DataFolderLock

    lock = DataFolderLock(data_dir)
    if not lock.acquire():
        return _refuse(lock.refusal(), lock.refusal_code())
    try:
        return _import_locked(parsed, data_dir, systems, args.on_duplicate)
    finally:
        lock.release()


# on_duplicate is one of CHOICES: argparse refuses anything else (parse_args).
def _import_locked(parsed: Parsed, data_dir: Path, systems: Catalog[SystemRules],
                   on_duplicate: Choice) -> int:
    try:
        # A damaged database is left for the window, which offers the newest backup; the
        # store alone would set it aside and import into a new, empty one.
        migrate.check_file((data_dir / DB_NAME).resolve())
        store = Store.open(data_dir, systems)
    except DatabaseDamaged as exc:
        return _refuse(f"{exc} Start Encounter Manager to be offered the newest backup; "
                       "nothing was imported.", exit_codes.DAMAGED)
    except StoreError as exc:
        return _refuse(str(exc), exit_codes.for_store_error(exc))
    try:
        what, after = import_into(store, parsed, on_duplicate)
    except ImportRefused as exc:
        return _refused(exc)
    except StoreError as exc:  # the disk refused the write: the one transaction rolled back
        return _refuse(f"{exc} Nothing was imported.", exit_codes.for_store_error(exc))
    finally:
        store.close()
    print(f"Imported {what} from {parsed.source} into {store.path}{after}")
    return exit_codes.OK


def import_into(store: Store, parsed: Parsed, on_duplicate: Choice) -> tuple[str, str]:
    """Write the file into the store in one transaction; what was imported, and what follows.

    An encounter may need a campaign of its own (an empty database), joins it and is
    remembered as the one the window opens next: a failure or a kill anywhere leaves none of
    the three, never an empty campaign (issue 29). ImportRefused and StoreError come through,
    with nothing written."""
    with store.unit():
        if parsed.kind == "encounter":
            encounter = import_encounter(store, parsed)
            store.remember(OPEN_ENCOUNTER, str(encounter.id))
            return encounter_summary(parsed), "; it opens at the next start"
        if parsed.kind == "campaign":
            assert parsed.campaign is not None, "a campaign file holds its campaign"
            recreate_campaign(store, parsed.campaign)
            return campaign_summary(parsed), "; Campaign › Manage campaigns… opens it"
        plan = apply_import(store, plan_import(store, parsed.adversaries, parsed.template_source,
                                               default=on_duplicate))
        what = count(len(plan.inserted) + len(plan.replaced), "adversary", "adversaries")
        if parsed.format == "text" and (plan.inserted or plan.replaced):  # a few, by hand
            names = [row.stats.name for row in plan.inserted] + \
                [new.stats.name for new, _old in plan.replaced]
            what = f"{what} ({some_names(names)})"
        return what, _duplicates(plan)


def _duplicates(plan: LibraryImport) -> str:
    parts = []
    if plan.replaced:
        parts.append(f"{len(plan.replaced)} replaced: "
                     f"{some_names([new.stats.name for new, _old in plan.replaced])}")
    if plan.skipped:
        parts.append(f"{len(plan.skipped)} skipped as duplicates: "
                     f"{some_names([s.name for s in plan.skipped])}")
    return f" ({'; '.join(parts)})" if parts else ""


def _refused(exc: ImportRefused) -> int:
    """Every problem, one a line, each naming its entry and field."""
    print(f"encounter-app: {exc}:", file=sys.stderr)
    for problem in exc.problems:
        print(f"  {problem}", file=sys.stderr)
    return exit_codes.IMPORT_REFUSED


def _refuse(message: str, code: int) -> int:
    print(f"encounter-app: {message}", file=sys.stderr)
    return code
