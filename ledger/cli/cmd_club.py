"""``ledger club score FILE``: a bridge club's duplicate session, scored without storing it.

The scoring is :mod:`ledger.club` (pure); this module reads the file (a session document, or a
club PBN file), prints the report or the JSON of FORMATS.md, and writes ``--html``, ``--csv`` and
``--pbn`` files (each written whole or not at all, checked before anything is read).
"""

from __future__ import annotations

import re
from typing import Optional

import typer

from ledger.errors import LedgerError


def register(app: typer.Typer) -> None:
    """Add the ``club`` command group to ``app``."""
    club_app = typer.Typer(help="Bridge club sessions: duplicate pairs, individuals and teams.",
                           no_args_is_help=True)
    app.add_typer(club_app, name="club")

    @club_app.command("score")
    def club_score(
        file: str = typer.Argument(..., help="A session document (JSON) or a club PBN file; '-' for standard input."),
        as_json: bool = typer.Option(False, "--json", help="Print the scored session as JSON (FORMATS.md)."),
        html: Optional[str] = typer.Option(None, "--html", metavar="FILE",
                                           help="Also write the session as an HTML page, with a chart."),
        csv: Optional[str] = typer.Option(None, "--csv", metavar="FILE", help="Also write the ranking and results as CSV."),
        pbn: Optional[str] = typer.Option(None, "--pbn", metavar="FILE",
                                          help="Also write PBN with [ScoreTable] and [TotalScoreTable]."),
        scoring: Optional[str] = typer.Option(None, "--scoring",
                                              help="Score by mp, mp-acbl, butler, cross-imps or imps instead of "
                                                   "what the file says."),
    ) -> None:
        """Score a duplicate session: every result against the others on its board, then the ranking."""
        from ledger.cli.outputs import check_output

        for path, field in ((html, "html"), (csv, "csv"), (pbn, "pbn")):
            check_output(path, field)  # before anything is read or written
        scored = score_file(file, scoring)
        written = _write_files(scored, html, csv, pbn)
        if as_json:
            from ledger.cli.render import print_json
            from ledger.club.output import session_json

            print_json(session_json(scored))
        else:
            from ledger.cli.render import console

            _print_report(scored)
            for path in written:
                console().print(f"wrote {path}", markup=False)


def read_session_file(file: str) -> tuple[object, list[list[str]] | None]:
    """The session document in ``file`` (JSON, or a club PBN file turned into one) and, for PBN,
    where each result came from in the file."""
    from ledger.cli.inputs import parse_json, read_bytes
    from ledger.club.pbn import read_club_pbn

    data = read_bytes(file)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # PBN's own character set (PBN 2.1 §3.1); JSON is UTF-8
        if not _PBN_START.match(text):
            raise LedgerError("not UTF-8 text", "FILE", file) from None
    if not _PBN_START.match(text):  # JSON (its errors say where it went wrong)
        return parse_json(text, "FILE", file), None
    got = read_club_pbn(text)
    return got.document, got.origins


_PBN_START = re.compile(r"\s*(%|\[\s*[A-Za-z])")
_RESULT_FIELD = re.compile(r"^boards\[(\d+)\]\.results\[(\d+)\]")


def score_file(file: str, scoring: Optional[str] = None):
    """Read and score ``file`` (``LedgerError`` for bad input; a PBN file's errors name its game
    and table line, ``games[16].ScoreTable[21].contract``)."""
    from ledger.club import score_document

    doc, origins = read_session_file(file)
    if scoring is not None and isinstance(doc, dict):
        doc = {**doc, "scoring": scoring}
    try:
        return score_document(doc)
    except LedgerError as err:
        m = _RESULT_FIELD.match(err.field) if origins else None
        if m is None:
            raise
        origin = origins[int(m[1])][int(m[2])]
        raise LedgerError(err.message, origin + err.field[m.end():], err.value) from None


def _write_files(scored, html: Optional[str], csv: Optional[str], pbn: Optional[str]) -> list[str]:
    """Write the files asked for; returns their paths."""
    from ledger.cli.outputs import create

    texts = []
    if html:
        from ledger.club.report import html_page

        texts.append((html, "html", html_page(scored)))
    if csv:
        from ledger.club.report import csv_text

        texts.append((csv, "csv", csv_text(scored)))
    if pbn:
        from ledger.club.pbn import write_club_pbn

        texts.append((pbn, "pbn", write_club_pbn(scored)))
    for path, field, text in texts:
        with create(path, field, mode=0o666) as f:  # as any file the user writes
            f.write(text)
    return [path for path, _, _ in texts]


def _print_report(scored) -> None:
    from rich.text import Text

    from ledger.cli.render import console, print_table
    from ledger.club.report import report_tables, summary_lines

    con = console()
    for line in summary_lines(scored):
        con.print(Text(line, style="bold"))
    for t in report_tables(scored):
        print_table(t)
