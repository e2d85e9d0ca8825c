"""``ledger backup FILE`` and ``ledger restore FILE``: the whole ledger into a file and back."""

import typer

from ledger.cli.app import app, ledger
from ledger.cli.cmd_matches import JSON
from ledger.cli.inputs import read_document
from ledger.cli.render import console, print_json
from ledger.i18n import t, tn

FORCE_BACKUP = typer.Option(False, "--force", help="Replace FILE if it exists.")
FORCE_RESTORE = typer.Option(False, "--force", help="Replace a ledger that has matches.")


@app.command("backup")
def backup_cmd(file: str = typer.Argument(..., help="Where to write the backup."), force: bool = FORCE_BACKUP,
               as_json: bool = JSON) -> None:
    """Copy the whole ledger into FILE, safely while others are writing to it.

    A SQLite ledger is copied with SQLite's online backup into one ledger file (owner-only); a
    ledger on a database server is written as a ledger export (JSON). Restore with 'ledger restore'.
    """
    from ledger.store.backup import backup

    done = backup(ledger(), file, force)
    if as_json:
        print_json(done)
        return
    # TRANSLATORS: the English says "matches" even for one (as it always has)
    what = t("backup.kind_file", "ledger file") if done["kind"] == "sqlite" else t("backup.kind_export",
                                                                                 "ledger export (JSON)")
    console().print(str(tn("backup.done", "Backed up {n} matches to {file} ({kind}).",
                           "Backed up {n} matches to {file} ({kind}).", done["matches"], file=done["file"], kind=what)),
                    markup=False)


@app.command("restore")
def restore_cmd(file: str = typer.Argument(..., help="A backup: a ledger file or a ledger export."),
                force: bool = FORCE_RESTORE, as_json: bool = JSON) -> None:
    """Replace the ledger's content with a backup (a file made by 'ledger backup' or 'export --all').

    A file that is not a ledger, or one made by a newer ledger, is refused. A ledger that already
    has matches is replaced only with --force. An older backup is upgraded as it is restored.
    """
    from ledger.store.reading import check_backup, check_export

    # what is not a backup is refused before the ledger is opened (which would create it)
    if check_backup(file) == "sqlite":
        from ledger.store.backup import restore_file

        done = restore_file(ledger(), file, force)
    else:
        data = read_document(file)
        check_export(data, file)
        from ledger.store.backup import restore_export

        done = restore_export(ledger(), data, force, file)
    if as_json:
        print_json(done)
        return
    # TRANSLATORS: the English says "matches" even for one (as it always has)
    console().print(str(tn("restore.done", "Restored {n} matches from {file}.", "Restored {n} matches from {file}.",
                           done["matches"], file=file)), markup=False)
