"""The ``ledger`` command: the root Typer app, its global options and its error handling.

Every command module adds its commands to :data:`app` (or a sub-app) when imported. The store
(SQLModel, SQLAlchemy, Alembic) is imported only inside commands that open the ledger, so
``--version`` and ``--help`` stay fast.

Errors: a ``LedgerError`` anywhere becomes one line on standard error (``error: FIELD: message``)
and exit code 2, with nothing written and nothing on standard output.
"""

import gc
import sys
from typing import Any, Optional

import typer
from typer.core import TyperGroup

from ledger import __version__, interrupts
from ledger.errors import LedgerError, use_labels
from ledger.i18n import t
from ledger.safetext import one_line  # noqa: F401 (re-exported: the CLI's error lines)


class LedgerGroup(TyperGroup):
    """A command group that turns ``LedgerError`` into one line on stderr and exit code 2, and
    speaks the user's language (:mod:`ledger.cli.language`)."""

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        from ledger.cli import language

        found, others = global_options(list(sys.argv[1:] if args is None else args))
        argv = [*(x for name, value in found.items() for x in (name, value)), *others]
        State.for_programs = "--json" in others  # output for programs: errors name the document's field path
        use_labels(None)  # no game's words until this command looks its game up
        try:
            language.setup(found.get("--lang"), self)
        except LedgerError as err:
            typer.echo(error_text(err), err=True)
            sys.exit(2)
        return super().main(argv, *rest, **kwargs)

    def invoke(self, ctx: Any) -> Any:  # click's Context (typer.Context is narrower than the base's)
        try:
            return super().invoke(ctx)
        except LedgerError as err:
            typer.echo(error_text(err), err=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            echo_folded(interrupted_line())
            raise typer.Exit(130) from None
        except Exception as err:  # database trouble reaches the user as one line too
            trouble = _database_trouble(err)
            if trouble:
                typer.echo(error_text(LedgerError(trouble, "db")), err=True)
                raise typer.Exit(1) from None
            if type(err).__module__.startswith("sqlalchemy"):
                msg = str(getattr(err, "orig", None) or err).splitlines()[0]
                typer.echo(error_text(LedgerError(msg, "database")), err=True)
                raise typer.Exit(1) from None
            raise


def interrupted_line() -> str:
    """The line for a Ctrl-C that stopped the command (exit code 130). Its writes are whole
    (:mod:`ledger.interrupts`): nothing of the one under way was written, or (when a write had
    committed, the Ctrl-C then held back until it was in) that write is in the ledger."""
    if interrupts.committed:
        return str(t("cli.interrupted_saved", "interrupted: what the command had written is in the ledger, whole; "
                     "the rest was not done"))
    return str(t("cli.interrupted", "interrupted: nothing was written for the command in progress"))


def echo_folded(line: str) -> None:
    """A line on standard error folded between words to a terminal's width (one line to a pipe)."""
    from ledger.cli.screen import echo

    echo(line, err=True)


def error_line(err: Any) -> str:
    """The one line that reports ``err`` (a ``LedgerError``, or any text) on standard error, in
    the language in use: ``error: FIELD: message``."""
    text = err.for_programs() if State.for_programs and isinstance(err, LedgerError) else str(err)
    return str(t("cli.error", "error: {what}", what=one_line(text)))


def error_text(err: Any) -> str:
    """:func:`error_line` folded between words to a terminal's width (what follows indented by
    two: :func:`ledger.cli.screen.wrap`) when standard error is a terminal; one line to a pipe or
    a file, where programs read it, whatever ``COLUMNS`` says."""
    from ledger.cli.screen import wrap

    line = error_line(err)
    if not stderr_is_terminal():
        return line
    return "\n".join(wrap(line, hanging="  "))


def stderr_is_terminal() -> bool:
    """Whether standard error is a terminal (an error is folded there only)."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # no standard error, or one closed
        return False


def _database_trouble(err: Exception) -> Any:
    """The one line for a damaged, read-only or full ledger (:func:`ledger.store.health.trouble`)."""
    from ledger.store.engine import database_url
    from ledger.store.health import trouble

    return trouble(err, database_url(State.db))


app = typer.Typer(
    cls=LedgerGroup,
    name="ledger",
    help="Score card games played at a real table and keep every match in a ledger.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class State:
    """Global options, shared with every command."""

    db: Optional[str] = None
    for_programs: bool = False  # --json: an error line names the document's field path
    _ledger = None


def ledger():
    """The open ledger (created and migrated on first use)."""
    if State._ledger is None:
        from ledger.store import engine
        from ledger.store.service import Ledger

        engine.on_wait = lambda line: typer.echo(one_line(line), err=True)  # a writer kept waiting says so
        State._ledger = Ledger(State.db)
    return State._ledger


def reading() -> Any:
    """The ledger's reads (:class:`ledger.store.reads.Reads`) in one read transaction of the
    store (:func:`ledger.store.reads.reading` with the CLI's open ledger)."""
    from ledger.store.reads import reading as store_reading

    return store_reading(State.db, ledger)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ledger {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    db: Optional[str] = typer.Option(
        None, "--db", metavar="PATH|URL",
        help="The ledger: a SQLite file path or a SQLAlchemy URL (default: $LEDGER_DB, else "
             "ledger.db in your user data directory)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    lang: Optional[str] = typer.Option(
        None, "--lang", metavar="LANG",
        help="The language to speak: en or it (default: $LEDGER_LANG, else the locale: LC_ALL, "
             "LC_MESSAGES, LANG; else English)."),
) -> None:
    State.db = db
    State._ledger = None
    interrupts.committed = 0  # this command's writes (what a Ctrl-C says it leaves: interrupted_line)


def interactive(flag: bool) -> bool:
    """Prompt for what is missing when asked to, or when standard input is a terminal."""
    return flag or sys.stdin.isatty()


GLOBAL_OPTIONS = ("--db", "--lang")


def global_options(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    """The global options ``--db X`` / ``--db=X`` and ``--lang X`` / ``--lang=X`` found anywhere
    before ``--`` in ``argv`` (the last of each wins, as click has it), and the other arguments in
    their order: so they work after the subcommand too (``ledger show 3 --db club.db --lang it``)."""
    found: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        if arg in GLOBAL_OPTIONS and i + 1 < len(argv):
            found[arg] = argv[i + 1]
            i += 2
            continue
        name, eq, value = arg.partition("=")
        if eq and name in GLOBAL_OPTIONS:
            found[name] = value
        else:
            rest.append(arg)
        i += 1
    return found, rest


def main() -> None:
    """Console-script entry point. When the command ends, the ledger's connections are closed
    (SQLite then folds its write-ahead log into the ledger file and removes it, so the file alone
    holds every write), and what is left alive is moved out of the cycle collector's sight
    (:func:`gc.freeze`): the interpreter's collections at exit would otherwise walk every object
    of SQLAlchemy, pydantic and rich once more, a tenth of a second of every command's CPU (atexit
    handlers still run; nothing is kept from being released). A Ctrl-C while the connections close
    waits for them and is let go (the command is done; cut there, SQLAlchemy's closing ended in a
    traceback)."""
    from ledger.cli import commands  # noqa: F401  (registers the commands)

    try:
        _run(sys.argv[1:])  # LedgerGroup.main puts the global options first
    finally:
        store = sys.modules.get("ledger.store.engine")  # imported only by a command that opened the ledger
        if store is not None:
            with interrupts.held_back(deliver=False):  # the command is over: a Ctrl-C now lets the closing finish
                store.dispose_engines()
        gc.freeze()


def _run(args: list[str]) -> None:
    try:
        code = app(args=args, prog_name="ledger", standalone_mode=False)
    except typer.Abort:
        echo_folded(str(t("cli.aborted", "aborted: nothing was written for the command in progress")))
        sys.exit(1)
    except Exception as err:
        # a mistyped option or command (click's usage errors, whichever package carries them):
        # one line, like every other error; asking for nothing at all still shows the help
        if not (hasattr(err, "format_message") and hasattr(err, "exit_code")):
            raise
        if type(err).__name__ == "NoArgsIsHelpError" or not args:
            app(args=[*args, "--help"], prog_name="ledger")
        from ledger.cli.language import usage_error

        typer.echo(error_text(usage_error(err)), err=True)
        sys.exit(err.exit_code)
    sys.exit(code if isinstance(code, int) else 0)
