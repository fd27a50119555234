"""Composition root: build the store, the rules service, the session, the undo stack, the window.

Nothing here is global: ``launch`` hands every object to its users, so a test can build the
whole program on a temporary folder and take it apart again with ``shutdown``.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QApplication

from encounter_app.domain import CampaignRow, EncounterRow
from encounter_app.domain.fields_repr import fields_repr
from encounter_app.domain.system import Catalog
from encounter_app.services.autobackup import AutoBackup
from encounter_app.services.campaigns.operations import NewSessionHooks, open_in_store
from encounter_app.services.fight.session import EncounterSession
from encounter_app.services.players_page import PlayersPage
from encounter_app.services.rolls.rules_service import STOP_TIMEOUT_MS, RulesService
from encounter_app.services.undo import UndoStack
from encounter_app.store import Store, StoreError
from encounter_app.store.campaigns import OPEN_ENCOUNTER
from encounter_app.store.errors import RowUnreadable
from encounter_app.ui.players.share import ShareControls
from encounter_app.ui.players.table_controls import TableControls
from encounter_app.ui.shell.appearance import Appearance
from encounter_app.ui.shell.fight import SystemWindow
from encounter_app.ui.shell.main_window import MainWindow
from encounter_app.ui.shell.settings import open_settings

log = logging.getLogger(__name__)


@fields_repr
@dataclass(repr=False)
class Launched:
    """Everything ``launch`` built, for the caller to use and then shut down."""

    window: MainWindow
    store: Store
    rules_service: RulesService
    undo_stack: UndoStack
    session: EncounterSession
    appearance: Appearance
    settings: QSettings
    systems: Catalog[SystemWindow]
    # Per-session refreshes (New game session): kept here so every rebuilt window has them.
    session_hooks: NewSessionHooks = field(default_factory=NewSessionHooks)
    _closed: bool = field(default=False, repr=False)
    _stopped: bool = field(default=True, repr=False)

    def __post_init__(self) -> None:
        self._connect_window()
        self.session_hooks.register(self._refresh_open_fight)

    def _refresh_open_fight(self, _book: object, campaign: CampaignRow) -> list[QUndoCommand]:
        """A new game session of the open fight's campaign: what its system refreshes per
        session (Casus Mus' Luck Points), in the same undo step."""
        if campaign.id != self.session.campaign.id:
            return []
        command = self.systems.get(campaign.system).new_game_session(self.session)
        return [] if command is None else [command]

    def _connect_window(self) -> None:
        self.window.restore_requested.connect(self._restore_chosen)
        self.window.open_encounter_requested.connect(self.open_encounter)

    def restore(self, backup: Path) -> Path:
        """Put a backup in place of the database and rebuild the window on it.

        Returns the backup of what was replaced. Raises StoreError, with nothing changed, when
        the backup does not pass the checks a database passes at start-up.

        The window is rebuilt rather than each model reloaded: every view takes the session in
        its constructor, so a new window is the one way to be sure nothing still shows the
        fight that was replaced. The undo history goes with the old window: it describes that
        fight, not the restored one. Rolls still being computed are not logged.
        """
        QCoreApplication.sendPostedEvents()  # rolls already answered are logged first
        safety = self.store.restore(Path(backup))
        try:
            encounter, session, _existing = _first_fight(self.store, self.systems, None, None)
        except StoreError as exc:  # a row cannot be read, or the disk refused the demo
            self.store.put_back(safety)  # the window still shows what it held
            raise StoreError(f"{Path(backup).name} was not restored: {exc}") from exc
        self._replace_window(encounter.id, session)
        self.window.show_message(
            f"Restored {Path(backup).name}. The undo history was cleared; what you had before "
            f"is kept as {safety.name} (File › Restore… brings it back).")
        return safety

    def open_encounter(self, encounter_id: int, message: str = "") -> None:
        """Rebuild the window on another encounter (Campaign › Manage campaigns… › Open, or
        one just imported from a file, whose ``message`` says so).

        Like a restore, a new window is the one way to be sure every view shows the new fight;
        the undo history describes the old one and goes with it. A draft becomes active.
        """
        # Names from the store: the session's row keeps the name the encounter opened with,
        # and the campaign view may have renamed it since.
        old_name = self.store.encounter(self.session.encounter_id).name
        if encounter_id == self.session.encounter_id:
            self.window.show_message(f"{old_name} is already open.")
            return
        QCoreApplication.sendPostedEvents()  # rolls already answered are logged first
        try:
            # every row of it reads, before anything
            EncounterSession(self.store, encounter_id, self.systems)
            opened = open_in_store(self.store, encounter_id)  # one transaction
        except RowUnreadable as exc:
            self.window.show_message(f"The encounter was not opened: {exc.detail}. The fight "
                                     "you had open stays open; File › Restore… brings back a "
                                     "backup.", error=True)
            return
        except StoreError as exc:  # the disk refused it: the open fight stays as it was
            self.window.show_message(f"The encounter was not opened: {exc}", error=True)
            return
        self._replace_window(encounter_id)  # read again: long-term countdowns came along
        self.window.show_message(message or (
            f"Opened {self.session.encounter.name}{opened}. The undo history of {old_name} "
            "was cleared: it belonged to that encounter."))

    def _replace_window(self, encounter_id: int, session: EncounterSession | None = None
                        ) -> None:
        old = self.window
        old.detach()
        self.window, self.session, self.undo_stack = _open_window(
            self.store, encounter_id, self.systems, self.rules_service, self.settings,
            self.appearance, session_hooks=self.session_hooks, session=session)
        self._connect_window()
        self.window.restoreGeometry(old.saveGeometry())
        if old.isVisible():
            self.window.show()  # before the old one closes, or the program would quit
        controls, old_controls = self.window.table_controls, old.table_controls
        assert controls is not None and old_controls is not None, "_open_window adds them"
        controls.take_over(old_controls)
        page, old_page = self.window.players_page, old.players_page
        assert page is not None and old_page is not None, "_open_window adds them"
        page.take_over(old_page)  # the players' phones stay connected
        old.close()
        old.deleteLater()

    def _restore_chosen(self, backup: Path) -> None:
        try:
            self.restore(backup)
        except StoreError as exc:
            from PySide6.QtWidgets import QMessageBox  # a dialog: ui/__init__.py

            QMessageBox.warning(self.window, "Restore a backup",
                                f"{exc}\n\nThe database in use was not changed.")

    def shutdown(self, timeout_ms: int = STOP_TIMEOUT_MS) -> bool:
        """Stop the rules thread, record the answers it gave before stopping, close the file.

        Returns False when the rules thread was stuck and left running (it was logged): the
        process should then end without waiting for it.
        """
        if self._closed:
            return self._stopped
        self._closed = True
        self._stopped = self.rules_service.shutdown(timeout_ms)
        # Answers to rolls made just before quitting are queued for this thread: deliver them
        # so the roll log keeps them, then stop listening.
        QCoreApplication.sendPostedEvents()
        if self.window.players_page is not None:  # every page closed, its thread joined
            self.window.players_page.stop()
        self.window.close()
        self.rules_service.rolled.disconnect()
        self.rules_service.failed.disconnect()
        self.window.deleteLater()
        self.appearance.release()
        self.store.close()
        return self._stopped


def launch(data_dir: Path, *, seed: int | None = None, show: bool = True,
           demo_system: str | None = None, rules_service: RulesService | None = None,
           systems: Catalog[SystemWindow] | None = None) -> Launched:
    """Open (or create) the data folder and build the program on it.

    On the very first start the database is empty and a demo encounter is created, so a
    newcomer sees a fight at once; a database with a fight in it is backed up once the window
    is drawn (see AutoBackup). ``demo_system`` picks the rule system of that first fight (the
    catalog's first by default). ``systems`` are the rule systems the program knows (the four
    of ``encounter_app.systems`` by default; a test hands in its own). Raises
    StoreError when the database cannot be used; a damaged one was set aside and a new one
    started (``launched.store.kept_aside``), and the caller offers to restore a backup.
    ``rules_service`` is one already made (a test's, resolving rolls its own way); by default
    one is started, seeded by ``seed`` or the encounter's own seed.
    """
    app = QApplication.instance()
    if not isinstance(app, QApplication):  # a QCoreApplication has no palette to switch
        raise RuntimeError("launch() needs a QApplication")  # checked before anything opens
    if systems is None:
        from encounter_app.systems import default_systems

        systems = default_systems()
    store = Store.open(Path(data_dir), systems)
    # Everything the first window reads is read before anything is started that would have
    # to be torn down (the rules thread): a row that cannot be read sets the database aside.
    started: RulesService | None = None  # the rules thread this launch started, if any
    appearance: Appearance | None = None
    try:
        try:
            encounter, session, existing = _first_fight(store, systems, demo_system, seed)
        except RowUnreadable as exc:  # a row the checks let through: set it aside
            log.warning("setting %s aside: %s", store.path, exc.detail)
            store = store.set_aside(exc.detail)
            encounter, session, existing = _first_fight(store, systems, demo_system, seed)
        if rules_service is None:
            rules_service = started = RulesService(
                seed=encounter.seed if seed is None else seed)
        hooks = NewSessionHooks()
        settings = open_settings(Path(data_dir))
        appearance = Appearance(app, settings)
        window, session, undo_stack = _open_window(store, encounter.id, systems, rules_service,
                                                   settings, appearance, back_up_now=existing,
                                                   session_hooks=hooks, session=session)
    except BaseException:
        # A start that fails leaves nothing running: Python destroying a running QThread
        # aborts the process (issue 29), and the file stays closed.
        if started is not None:
            started.shutdown()
        if appearance is not None:
            appearance.release()
        store.close()
        raise
    if window.players_page is not None and window.players_page.keep:
        _share_again(window)
    if show:
        window.show()
    return Launched(window, store, rules_service, undo_stack, session, appearance, settings,
                    systems, hooks)


def _share_again(window: MainWindow) -> None:
    """The GM kept the players' page shared: share it again at the address it had."""
    assert window.players_page is not None
    try:
        window.players_page.share()
    except OSError as exc:
        window.show_message(f"The players' page was not shared again: {exc.strerror or exc}. "
                            "Players › Share on this network… shares it.", error=True)


def _first_fight(store: Store, systems: Catalog[SystemWindow], demo_system: str | None,
                 seed: int | None) -> tuple[EncounterRow, EncounterSession, bool]:
    """The encounter to open (the demo of ``demo_system`` on a new database), read whole;
    and whether the database held one already."""
    encounter_id = store.encounter_to_open()  # the one open when the program last ran
    encounter = (_create_demo(store, systems.get(demo_system or systems.first), seed=seed)
                 if encounter_id is None else store.encounter(encounter_id))
    return (encounter, EncounterSession(store, encounter.id, systems),
            encounter_id is not None)


def _create_demo(store: Store, system: SystemWindow, *, seed: int | None = None
                 ) -> EncounterRow:
    # Imported here: only an empty database needs the demo, and every start pays for imports.
    from encounter_app.demo import first_start

    return first_start(store, system, seed=seed)  # remembered as open: one transaction


def _open_window(store: Store, encounter_id: int, systems: Catalog[SystemWindow],
                 rules_service: RulesService, settings: QSettings, appearance: Appearance, *,
                 back_up_now: bool = False,
                 session_hooks: NewSessionHooks | None = None,
                 session: EncounterSession | None = None
                 ) -> tuple[MainWindow, EncounterSession, UndoStack]:
    with contextlib.suppress(StoreError):  # a full disk: it is only not remembered
        # It reopens at the next start. Most starts open the one remembered: no write then,
        # and no checkpoint thread woken while the window is being built.
        if store.recalled(OPEN_ENCOUNTER) != str(encounter_id):
            store.remember(OPEN_ENCOUNTER, str(encounter_id))
    if session is None:
        session = EncounterSession(store, encounter_id, systems)
    undo_stack = UndoStack(store)
    window = MainWindow(store, session, systems, rules_service, undo_stack,
                        session_hooks=session_hooks)
    window.settings = settings
    window.table_controls = controls = TableControls(window, settings, appearance)
    window.players_page = page = PlayersPage(session, controls.player_screen.feed, settings,
                                             window)
    window.closing.connect(page.stop)  # every page closed, its thread joined
    controls.follow_page(page)  # its join code on the player display, when asked for
    window.players_share = ShareControls(window, page)
    controls.players_menu.addSeparator()
    controls.players_menu.addAction(window.players_share.action)
    _take_players_rolls(window, page)
    session.setParent(window)
    undo_stack.setParent(window)
    # A step the store refused changed nothing: say why, and show the data as it still is.
    undo_stack.refused.connect(lambda text: window.show_message(text, error=True))
    undo_stack.rolled_back.connect(session.reload)
    autobackup = AutoBackup(store, undo_stack, at_start=back_up_now, parent=window)
    autobackup.failed.connect(lambda text: window.show_message(text, error=True))
    autobackup.damaged.connect(window.report_damage)
    window.autobackup = autobackup
    return window, session, undo_stack


def _take_players_rolls(window: MainWindow, page: PlayersPage) -> None:
    """Rolls from the players' page wait in the window's inbox, in every system; its answers
    (and each phone's history) go back to the pages."""
    page.set_inbox(window.phone_inbox)
