"""``ledger club score FILE``: a bridge club's duplicate session, scored without storing it.

The scoring is :mod:`ledger.club` (pure); this module reads the file (a session document, or a
club PBN file), prints the report or the JSON of FORMATS.md, and writes ``--html``, ``--csv`` and
``--pbn`` files (each written whole or not at all, checked before anything is read).
"""

import re
from typing import Optional

import typer

from ledger.errors import LedgerError
from ledger.i18n import t, tn


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
        match_boards: Optional[int] = typer.Option(None, "--match-boards", min=1,
                                                   help="Boards per match, for a PBN file's table of teams matches."),
        csv_dialect: Optional[str] = CSV_DIALECT,
        csv_names: bool = CSV_NAMES,
    ) -> None:
        """Score a duplicate session: every result against the others on its board, then the ranking."""
        from ledger.cli.outputs import check_output

        for path, field in ((html, "html"), (csv, "csv"), (pbn, "pbn")):
            check_output(path, field)  # before anything is read or written
        dialect = _csv_dialect(csv_dialect)
        scored = score_file(file, scoring, match_boards)
        written = _write_files(scored, html, csv, pbn, dialect, True if csv_names else None)
        if as_json:
            _print_session_json(scored)
        else:
            from ledger.cli.render import console

            _print_report(scored)
            _print_written(written)


    register_stored(club_app)


SESSION = typer.Argument(..., help="The session number, or 'last'.")
CSV_DIALECT = typer.Option(None, "--csv-dialect", metavar="DIALECT",
                           help="The --csv file's dialect: comma (',' between fields, decimal points) or semicolon "
                                "(';' and decimal commas, as an Italian spreadsheet reads it); default: the "
                                "language's.")


CSV_NAMES = typer.Option(False, "--csv-names", help="Keep the --csv file's headers and codes in their English "
                                                   "machine names (as --json), whatever the language.")


def _csv_dialect(value: Optional[str]) -> str:
    """``--csv-dialect`` checked, the language's when not given (``LedgerError`` on
    ``csv-dialect`` for another word): the report's dialects (:mod:`ledger.report.csvout`)."""
    from ledger.report.csvout import csv_dialect

    return csv_dialect(value)


def _print_written(paths: list[str]) -> None:
    from ledger.cli.render import print_plain

    for path in paths:
        print_plain(str(t("cli.wrote", "wrote {path}", path=path)))


def _club():
    from ledger.cli.app import ledger
    from ledger.store.club import ClubLedger

    return ClubLedger(ledger())


def register_stored(club_app: typer.Typer) -> None:
    """The commands of sessions kept in the ledger: new, add, show, void, edit, history, list."""

    @club_app.command("new")
    def club_new(
        title: str = typer.Option("", "--title", help="The session's title (e.g. 'Tuesday pairs')."),
        event: str = typer.Option("pairs", "--event", help="pairs, individual or teams."),
        scoring: Optional[str] = typer.Option(None, "--scoring",
                                              help="mp (default), mp-acbl, butler, cross-imps; teams: imps."),
        movement: Optional[str] = typer.Option(None, "--movement",
                                               help="mitchell or howell (default: seen from the results)."),
        name: list[str] = typer.Option([], "--name", metavar="PAIR=NAME",
                                       help="A pair's (player's, team's) name, e.g. --name '7=Anna & Bruno'."),
        boards: Optional[int] = typer.Option(None, "--boards", help="Its boards are 1 to BOARDS."),
        tables: Optional[int] = typer.Option(None, "--tables", help="The results each board waits for."),
        as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    ) -> None:
        """Start a club session stored in the ledger; then enter its results with 'ledger club add'."""
        names = {}
        for item in name:
            if "=" not in item:
                raise LedgerError(t("club.pair_name", "expected PAIR=NAME, got {item!r}", item=item), "name", item)
            key, value = (p.strip() for p in item.split("=", 1))
            names[key] = value
        from ledger.club.session import EVENT_WORDS

        view = _club().new_session(event, scoring, title, movement, names, boards, tables)
        _show(view, as_json, str(t("club.started", "Club session {session} started ({event}, {scoring}): ledger club "
                                   "add {session} BOARD NS EW 4SX W -2", session=str(view.session.id),
                                   event=EVENT_WORDS.get(view.session.event, view.session.event),
                                   scoring=view.session.scoring)))

    @club_app.command("add", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def club_add(
        ctx: typer.Context,
        session: str = SESSION,
        board: int = typer.Argument(..., help="The board number."),
        words: Optional[list[str]] = typer.Argument(None, help="NS EW (an individual: N S E W), then the result: "
                                                              "4SX W -2, NS 420, A+/A- …"),
        as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    ) -> None:
        """Enter one traveller line: the board, who sat NS and EW, and the result as players say it."""
        from ledger.club.entry import result_words

        club = _club()
        event = club.event(session)
        doc = result_words(event, [*(words or []), *ctx.args])
        view, number = club.add(session, board, doc)
        _show(view, as_json, str(t("club.entered", "Result {result} entered: board {board}. The ranking: ledger club "
                                   "show {session}", result=str(number), board=str(board),
                                   session=str(view.session.id))), board=board, ranking=False)

    @club_app.command("show")
    def club_show(
        session: str = SESSION,
        board: Optional[int] = typer.Option(None, "--board", "-b", help="Show this board's traveller too."),
        every: bool = typer.Option(False, "--all", help="Every board's traveller."),
        as_json: bool = typer.Option(False, "--json", help="Print the scored session as JSON (FORMATS.md)."),
        html: Optional[str] = typer.Option(None, "--html", metavar="FILE", help="Also write the HTML page."),
        csv: Optional[str] = typer.Option(None, "--csv", metavar="FILE", help="Also write the CSV."),
        pbn: Optional[str] = typer.Option(None, "--pbn", metavar="FILE", help="Also write PBN."),
        csv_dialect: Optional[str] = CSV_DIALECT,
        csv_names: bool = CSV_NAMES,
    ) -> None:
        """The running ranking of a stored session (and a board's traveller)."""
        from ledger.cli.outputs import check_output

        for path, field in ((html, "html"), (csv, "csv"), (pbn, "pbn")):
            check_output(path, field)
        dialect = _csv_dialect(csv_dialect)
        view = _club().view(session)
        written = _write_files(view.scored, html, csv, pbn, dialect, True if csv_names else None)
        _show(view, as_json, "", board=board, every=every)
        if not as_json:
            _print_written(written)

    @club_app.command("void")
    def club_void(session: str = SESSION, result: str = typer.Argument(..., help="The result's number."),
                  reason: Optional[str] = typer.Option(None, "--reason", help="Why (kept in the history)."),
                  as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
        """Void a result (it stays in the history)."""
        view = _club().void(session, result, reason)
        _show(view, as_json, str(t("club.voided", "Result {result} voided.", result=result)))

    @club_app.command("edit", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def club_edit(ctx: typer.Context, session: str = SESSION,
                  result: str = typer.Argument(..., help="The result's number."),
                  words: Optional[list[str]] = typer.Argument(None, help="The corrected line: NS EW and the result."),
                  board: Optional[int] = typer.Option(None, "--board", help="Move it to this board."),
                  as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
        """Correct a result: the old one is voided, the new one takes its number."""
        from ledger.club.entry import result_words

        club = _club()
        event = club.event(session)
        doc = result_words(event, [*(words or []), *ctx.args])
        view = club.replace(session, result, doc, board)
        board = board or next(r.board for r in view.results if str(r.position) == str(result).strip())
        _show(view, as_json, str(t("club.corrected", "Result {result} corrected.", result=result)), board=board,
              ranking=False)

    @club_app.command("history")
    def club_history(session: str = SESSION, as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
        """Every result ever entered in a session, voided and corrected ones too."""
        from ledger.cli.render import print_json, print_rows

        rows = _club().history(session)
        if as_json:
            print_json(rows)
            return
        yes = str(t("club.history.yes", "yes"))
        print_rows(str(t("club.history.title", "Results as entered")),
                   ["#", str(t("club.col.board", "board")), str(t("club.col.result", "result")),
                    str(t("club.col.entered", "entered")), str(t("club.col.voided", "voided"))],
                   [(r["number"], r["board"], _line(r["result"]), r["entered_at"][:16].replace("T", " "),
                     (r["void_reason"] or yes) if r["voided"] else "") for r in rows])

    @club_app.command("list")
    def club_list(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
        """The club sessions in the ledger."""
        from ledger.cli.render import print_json, print_rows
        from ledger.club.session import EVENT_WORDS
        from ledger.safetext import safe

        rows = _club().sessions()
        if as_json:
            print_json(rows)
            return
        print_rows(str(t("club.list.title", "Club sessions")),
                   ["#", str(t("club.col.title", "title")), str(t("club.col.event", "event")),
                    str(t("club.col.scoring", "scoring")), str(t("club.col.results", "results")),
                    str(t("club.col.started", "started"))],
                   [(r["session"], safe(r["title"]), str(EVENT_WORDS.get(r["event"], r["event"])), r["scoring"],
                     r["results"],
                     r["created_at"][:10])
                    for r in rows])

    @club_app.command("export")
    def club_export(session: str = SESSION) -> None:
        """Write a stored session as a session document (what 'ledger club score' reads)."""
        from ledger.cli.render import print_json

        print_json(_club().view(session).document())


def _line(doc: dict) -> str:
    """A stored result in a few words: ``7 v 12: 4SX W 8 tricks``."""
    who = (" ".join(str(v) for v in doc["players"].values()) if "players" in doc else
           str(t("club.line.versus", "{ns} v {ew}", ns=str(doc.get("ns")), ew=str(doc.get("ew")))))
    if doc.get("adjusted") is not None:
        what = doc["adjusted"] if isinstance(doc["adjusted"], str) else f"{doc['adjusted'].get('ns')}/{doc['adjusted'].get('ew')}"
    elif doc.get("contract"):
        what = " ".join(str(doc[k]) for k in ("contract", "declarer") if doc.get(k))
        if doc.get("tricks") is not None:
            what += " " + str(tn("club.line.tricks", "{n} trick", "{n} tricks", int(doc["tricks"])))
    else:
        what = f"NS {doc.get('score_ns')}"
    return f"{who}: {what}"


def _show(view, as_json: bool, note: str, board: Optional[int] = None, every: bool = False,
          ranking: bool = True) -> None:
    """A stored session: JSON (the scored session, with its number), or the note, the running
    ranking (unless ``ranking`` is false) and the traveller of ``board`` (every board's with
    ``every``)."""
    from ledger.cli.render import console, print_json, print_table
    from ledger.club.report import ranking_tables, traveller_table

    from ledger.store.club import waiting

    missing = waiting(view)
    if as_json:
        from ledger.club.output import session_json

        print_json({"session": view.session.id, **session_json(view.scored),
                    "waiting": [{"board": b, "results": n, "of": view.session.tables} for b, n in missing]})
        return
    con = console()
    if note:
        con.print(note, markup=False)
    _print_summary(view.scored)
    for table in ranking_tables(view.scored) if ranking else ():
        print_table(table)
    for sb in view.scored.boards:
        if every or sb.board.number == board:
            print_table(traveller_table(sb, view.scored.session))
    if missing:
        shown = ", ".join(f"{b} ({n}/{view.session.tables})" for b, n in missing[:12])
        msg = (t("club.waiting_more", "Waiting for results: boards {boards} and {more} more.", boards=shown,
                 more=len(missing) - 12) if len(missing) > 12 else
               tn("club.waiting", "Waiting for results: board {boards}.", "Waiting for results: boards {boards}.",
                  len(missing), boards=shown))
        con.print(str(msg), markup=False)


def read_session_file(file: str, match_boards: Optional[int] = None) -> tuple[object, list[list[str]] | None]:
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
            raise LedgerError(t("club.not_utf8", "not UTF-8 text"), "FILE", file) from None
    if not _PBN_START.match(text):  # JSON (its errors say where it went wrong)
        return parse_json(text, "FILE", file), None
    got = read_club_pbn(text, match_boards)
    return got.document, got.origins


_PBN_START = re.compile(r"\s*(%|\[\s*[A-Za-z])")
_RESULT_FIELD = re.compile(r"^boards\[(\d+)\]\.results\[(\d+)\]")


def score_file(file: str, scoring: Optional[str] = None, match_boards: Optional[int] = None):
    """Read and score ``file`` (``LedgerError`` for bad input; a PBN file's errors name its game
    and table line, ``games[16].ScoreTable[21].contract``)."""
    from ledger.club import score_document

    doc, origins = read_session_file(file, match_boards)
    if scoring is not None and isinstance(doc, dict):
        doc = {**doc, "scoring": scoring}
    try:
        return score_document(doc)
    except LedgerError as err:
        m = _RESULT_FIELD.match(err.field) if origins else None
        if m is None or origins is None:
            raise
        origin = origins[int(m[1])][int(m[2])]
        raise err.moved(origin + err.field[m.end():]) from None


def _write_files(scored, html: Optional[str], csv: Optional[str], pbn: Optional[str],
                 dialect: Optional[str] = None, machine: Optional[bool] = None) -> list[str]:
    """Write the files asked for; returns their paths."""
    from ledger.cli.outputs import create

    texts = []
    if html:
        from ledger.club.report import html_page

        texts.append((html, "html", html_page(scored)))
    if csv:
        from ledger.club.report import csv_text

        texts.append((csv, "csv", csv_text(scored, dialect, machine)))
    if pbn:
        from ledger.club.pbn import write_club_pbn

        texts.append((pbn, "pbn", write_club_pbn(scored)))
    for path, field, text in texts:
        with create(path, field, mode=0o666) as f:  # as any file the user writes
            f.write(text)
    return [path for path, _, _ in texts]


def _print_session_json(scored) -> None:
    """The scored session as JSON (:func:`ledger.club.output.session_json`, the same text), its
    boards written one at a time as they are made (:class:`ledger.cli.json_list.JsonList`): a
    20 MB session's JSON is never held whole, as a document nor as text."""
    from ledger.cli.json_list import JsonList
    from ledger.club.output import board_json, session_head, session_tail

    out = JsonList("boards")
    for board in scored.boards:
        out.add(board_json(board, scored.session.scoring))
    out.print(session_head(scored), session_tail(scored))


def _print_summary(scored) -> None:
    """The lines above a session's tables (its title, from a file or a person, and what it is),
    bold, their control characters shown as escapes (:func:`ledger.safetext.safe`)."""
    from rich.text import Text

    from ledger.cli.render import console
    from ledger.club.report import summary_lines
    from ledger.safetext import safe

    for line in summary_lines(scored):
        console().print(Text(safe(line), style="bold"))


def _print_report(scored) -> None:
    from ledger.cli.render import print_table
    from ledger.club.report import report_tables

    _print_summary(scored)
    for table in report_tables(scored):
        print_table(table)
