"""``ledger report`` (the end-of-night report, with ``--json``, ``--csv DIR``, ``--html FILE``) and
``ledger stats`` (player statistics and head-to-head).

The store reads and replays the matches (:mod:`ledger.store.reports`), the report package builds
and renders (:mod:`ledger.report`); this module reads the options, shows a progress bar on
standard error while many matches are replayed, and prints or writes the result.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from ledger.cli.outputs import check_output
from ledger.errors import LedgerError, os_reason
from ledger.i18n import t

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

PROGRESS_FROM = 25  # matches: fewer are replayed too fast for a progress bar to help


def register(app: typer.Typer) -> None:
    """Add ``ledger report`` and ``ledger stats`` to ``app``."""

    @app.command("report")
    def report_command(
        night: Optional[str] = typer.Option(None, "--night", help="One night (YYYY-MM-DD, today, yesterday)."),
        date_from: Optional[str] = typer.Option(None, "--from", help="First night of a range (YYYY-MM-DD)."),
        date_to: Optional[str] = typer.Option(None, "--to", help="Last night of a range (YYYY-MM-DD)."),
        player: Optional[str] = typer.Option(None, "--player", "-p", help="Only the matches of this player."),
        game: Optional[str] = typer.Option(None, "--game", "-g", help="Only this game."),
        demo: bool = typer.Option(False, "--demo", help="Report the demo night instead of your own."),
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
        wide: bool = typer.Option(False, "--wide", help="One standings table with a column per game, "
                                  "however wide (by default the games get a table of their own when "
                                  "the screen is too narrow)."),
        csv_dir: Optional[Path] = typer.Option(None, "--csv", metavar="DIR",
                                               help="Write one CSV file per table into DIR."),
        csv_dialect: Optional[str] = typer.Option(None, "--csv-dialect", metavar="DIALECT",
                                                  help="The --csv files' dialect: comma (',' between fields, decimal "
                                                       "points) or semicolon (';' and decimal commas, as an Italian "
                                                       "spreadsheet reads it); default: the language's."),
        csv_names: bool = typer.Option(False, "--csv-names",
                                       help="Keep the --csv files' headers and codes in their English machine "
                                            "names (as --json), whatever the language."),
        html_file: Optional[Path] = typer.Option(None, "--html", metavar="FILE",
                                                 help="Write the report as one self-contained HTML page."),
    ) -> None:
        """The end-of-night report: every match with its winner and final score, the standings,
        who pays whom, and the highlights. Default: the most recent night."""
        from ledger.report.build import build_report
        from ledger.report.csvout import csv_dialect as dialect_named

        dialect = dialect_named(csv_dialect)
        check_output(csv_dir, "csv", folder=True)  # before anything is read or written
        check_output(html_file, "html")
        period = _period(night, date_from, date_to, demo, player, None, game, latest=True)
        report = build_report(_load(period, str(t("report.replaying", "Replaying matches"))), period)
        written = []
        if csv_dir is not None:
            written += _write_csv(report, csv_dir, dialect, True if csv_names else None)
        if html_file is not None:
            from ledger.report.html import render_html

            _write(html_file, render_html(report), "html")
            written.append(html_file)
        if as_json:
            from ledger.cli.render import print_json

            print_json(report.to_json())
        elif not written:
            _print_report(report, wide)
        for path in written:
            typer.echo(str(t("report.wrote", "Wrote {path}", path=str(path))), err=as_json)

    @app.command("stats")
    def stats_command(
        player: Optional[str] = typer.Option(None, "--player", "-p", help="Only this player."),
        vs: Optional[str] = typer.Option(None, "--vs", help="With --player: the head-to-head against this player."),
        game: Optional[str] = typer.Option(None, "--game", "-g", help="Only this game."),
        date_from: Optional[str] = typer.Option(None, "--from", help="From this night (YYYY-MM-DD)."),
        date_to: Optional[str] = typer.Option(None, "--to", help="Until this night (YYYY-MM-DD)."),
        demo: bool = typer.Option(False, "--demo", help="The demo night instead of your own matches."),
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    ) -> None:
        """Player statistics over all time (or --from/--to): matches, wins, win rate and money, per
        game too (bridge rubbers and margin, Trentuno lives lost, average hand scores); with
        --player A --vs B, their head-to-head."""
        from ledger.report.stats import build_stats

        if vs and not player:
            raise LedgerError(t("stats.vs_alone", "--vs needs --player (the head-to-head of --player against --vs)"),
                              "vs", vs)
        period = _period(None, date_from, date_to, demo, player, vs, game, latest=False)
        stats = build_stats(_load(period, str(t("report.replaying", "Replaying matches")), outcomes=True), period)
        if as_json:
            from ledger.cli.render import print_json

            print_json(stats.to_json())
            return
        from ledger.report.text import stats_sections

        title, sections = stats_sections(stats)
        _print_sections(title, [], sections)


def _period(night, date_from, date_to, demo, player, vs, game, latest):
    from ledger.cli.app import reading
    from ledger.dates import parse_date
    from ledger.store.reports import choose_period

    if night and (date_from or date_to):
        raise LedgerError(t("report.night_or_range", "give one night (--night) or a range (--from/--to), not both"),
                          "night", night)
    with reading() as reads:
        return choose_period(reads, parse_date(night, "night") if night else None,
                             parse_date(date_from, "from") if date_from else None,
                             parse_date(date_to, "to") if date_to else None,
                             demo, player, vs, game, latest)


def _load(period, label: str, outcomes: bool = False):
    """The period's matches, replayed (with ``outcomes``: what statistics need, from the stored
    summaries), with a progress bar on standard error when there are many to replay."""
    from ledger.cli.app import reading
    from ledger.store.reports import load_matches, load_outcomes

    bar = _ProgressBar(label)
    try:
        with reading() as reads:
            return (load_outcomes if outcomes else load_matches)(reads, period, bar)
    finally:
        bar.close()


class _ProgressBar:
    """A rich progress bar on standard error, shown only on a terminal and for many matches."""

    def __init__(self, label: str):
        self.label = label
        self.progress: Progress | None = None
        self.task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.progress is None:
            if done or total < PROGRESS_FROM:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            err = Console(stderr=True)
            if not err.is_terminal:
                return
            self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                     console=err, transient=True)
            self.progress.start()
            self.task = self.progress.add_task(self.label, total=total)
        assert self.task is not None  # added with the bar
        self.progress.update(self.task, completed=done)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def _print_report(report, wide: bool = False) -> None:
    from ledger.cli.render import console
    from ledger.report.text import report_heading, report_sections

    title, lines = report_heading(report)
    _print_sections(title, lines, report_sections(report, None if wide else console().width))


def _print_sections(title: str, lines, sections) -> None:
    from rich.rule import Rule

    from ledger.cli.render import console, print_line, rich_table, safe_text

    con = console()
    con.print(Rule(safe_text(title, style="bold"), align="left"))
    for line in lines:
        print_line(line)
    for sec in sections:
        if sec.title:
            con.print()
            con.print(safe_text(sec.title, style="bold underline"))
        for t in sec.tables:
            _print_whole(con, rich_table(t, whole_words=True))
        for line in sec.lines:
            print_line(line)


def _print_whole(con, table) -> None:
    """Print ``table`` without cutting a word short: one that cannot fit the screen (or the 80
    columns of a pipe) is printed as wide as its words need."""
    from rich.measure import Measurement

    needed = Measurement.get(con, con.options.update_width(10_000), table).minimum
    if needed <= con.width:
        con.print(table)
        return
    width = con.width
    con.width = needed
    try:
        con.print(table)
    finally:
        con.width = width


def _write_csv(report, folder: Path, dialect: str, machine: bool | None = None) -> list[Path]:
    from ledger.report.csvout import csv_files

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LedgerError(t("report.no_folder", "cannot make the folder: {why}", why=os_reason(err)), "csv",
                          str(folder)) from None
    out = []
    for name, text in csv_files(report, dialect, machine).items():
        path = folder / name
        _write(path, text, "csv")
        out.append(path)
    return out


def _write(path: Path, text: str, field: str) -> None:
    """``text`` into ``path`` whole or not at all (:func:`ledger.cli.outputs.create`; a report
    follows the umask, as any file the user writes)."""
    from ledger.cli.outputs import create

    with create(path, field, mode=0o666) as f:
        f.write(text)
