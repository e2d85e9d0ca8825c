"""``ledger match new | list | end | reopen | history`` and ``ledger show``."""

from __future__ import annotations

from typing import List, Optional

import typer

from ledger.cli import new_match
from ledger.cli.app import app, ledger, reading
from ledger.cli.render import console, print_board, print_json, print_line, print_rows
from ledger.games import names_text
from ledger.i18n import Msg, number, t

GAME_NAMES = names_text()  # from the registry: no game is imported for --help

match_app = typer.Typer(help="Start, list and end matches.", no_args_is_help=True)
app.add_typer(match_app, name="match")

JSON = typer.Option(False, "--json", help="Print JSON instead of tables.")
MATCH = typer.Argument(..., help="The match number, or 'last'.")


TAIL = 12  # rows of a long scoreboard drawn after each hand (``show`` draws them all)


_STATUS = {
    "open": lambda: t("match.status_open", "in play"),
    "finished": lambda: t("match.status_finished", "finished"),
    "ended": lambda: t("match.status_ended", "ended early"),
}


def status_word(status: str) -> Msg | str:
    """A match's status (``open``, ``finished``, ``ended``) as people say it: ``in play``,
    ``finished``, ``ended early``."""
    word = _STATUS.get(status)
    return word() if word else status


_STATE = {
    "open": lambda: t("match.state_open", "open"),
    "finished": lambda: t("match.state_finished", "finished"),
    "ended": lambda: t("match.state_ended", "ended"),
}


def state_word(status: str) -> Msg | str:
    """A match's status in ``match list``'s column: ``open``, ``finished``, ``ended``."""
    word = _STATE.get(status)
    return word() if word else status


_REASONS = {  # the reasons the ledger itself stores when none is given (kept as these codes)
    "voided": lambda: t("history.voided", "voided"),
    "corrected": lambda: t("history.corrected", "corrected"),
    "undone": lambda: t("history.undone", "undone"),
    "undone at the table": lambda: t("history.undone_at_table", "undone at the table"),
}


def reason_words(reason: str | None) -> str:
    """Why a hand was voided, as shown: the reason typed, or the ledger's own in the language."""
    word = _REASONS.get(reason or "voided")
    return str(word()) if word else str(reason)


def _english(text):
    """A message (or a text, or None) as ``--json`` prints it in every language: in English."""
    return text.render("en") if isinstance(text, Msg) else text


def show_view(view, as_json: bool, header: str | None = None, tail: bool = False) -> None:
    """Print a match's scoreboard (rich), or its data (JSON) — both from the same replay.
    ``tail``: after a hand, a long scoreboard shows its last :data:`TAIL` rows (``show`` all)."""
    if as_json:
        print_json(view.to_json())
        return
    from ledger.games import get_game

    m = view.match
    game = get_game(m.game)
    what = str(t("board.game_rules", "{game} ({rules})", game=game.title, rules=m.rules)) if len(game.rule_sets) > 1 \
        else game.title
    night = view.night.date.isoformat()
    title = str(t("board.title_demo", "Match {match} · {game} · night of {night} (demo) · {status}", match=str(m.id),
                  game=what, night=night, status=status_word(m.status)) if view.night.demo
                else t("board.title", "Match {match} · {game} · night of {night} · {status}", match=str(m.id),
                       game=what, night=night, status=status_word(m.status)))
    if header:
        print_line(header)
    rp = game.board_window(view.setup, view.replay, TAIL) if tail else view.replay
    board = game.board(view.setup, rp)
    if tail:
        from dataclasses import replace

        from ledger.cli.render import tail_board

        board = tail_board(board, TAIL, f"ledger show {m.id}")
        if rp.offset:
            board = replace(board, notes=(str(t("board.not_shown", "(hands 1 to {last} are not shown: ledger show "
                                                "{match})", last=rp.offset, match=str(m.id))), *board.notes))
    print_board(board, title)


@match_app.command("new")
def match_new(
    game: str = typer.Argument(..., help=f"{GAME_NAMES}."),
    players: Optional[str] = new_match.option("players"),
    side: List[str] = new_match.option("side"),
    rules: Optional[str] = new_match.option("rules"),
    option: List[str] = new_match.option("option"),
    night: Optional[str] = new_match.option("night"),
    as_json: bool = JSON,
) -> None:
    """Start a match: players in seat order (or sides), rule set and options."""
    view = new_match.start_match(game, players, side, rules, option, night)
    show_view(view, as_json, str(t("match.started", "Started match {match}. Enter hands with: ledger hand add {match}",
                                   match=str(view.match.id))))


@match_app.command("list")
def match_list(
    game: Optional[str] = typer.Option(None, "--game", "-g", help="Only this game."),
    open_only: bool = typer.Option(False, "--open", help="Only matches still in play."),
    night: Optional[str] = typer.Option(None, "--night", help="Only this night (YYYY-MM-DD)."),
    as_json: bool = JSON,
) -> None:
    """Matches, newest first: game, night, players, hands played, status, winner."""
    from ledger.dates import parse_date

    with reading() as reads:
        rows = reads.match_list(game, "open" if open_only else None, parse_date(night) if night else None)
    if as_json:
        print_json(rows)
        return
    print_rows(str(t("match.list_title", "Matches")),
               [str(t("match.col_id", "#")), str(t("match.col_game", "game")), str(t("match.col_night", "night")),
                str(t("match.col_players", "players")), str(t("match.col_hands", "hands")),
                str(t("match.col_status", "status")), str(t("match.col_winner", "winner"))],
               [(r["id"], r["game"] if r["rules"] in ("standard",) else str(t("match.game_rules", "{game} ({rules})",
                                                                            game=r["game"], rules=r["rules"])),
                 str(t("match.night_demo", "{night} demo", night=r["night"])) if r["demo"] else r["night"],
                 r["players"], number(r["hands"]), str(state_word(r["status"])), r["winner"]) for r in rows])


@match_app.command("end")
def match_end(match: str = MATCH, as_json: bool = JSON) -> None:
    """End a match before its natural end (the night is over); the game decides the winner."""
    show_view(ledger().end_match(match), as_json)


@match_app.command("reopen")
def match_reopen(match: str = MATCH, as_json: bool = JSON) -> None:
    """Reopen a match that was ended early or has finished, to go on playing or to correct it."""
    show_view(ledger().reopen_match(match), as_json)


@match_app.command("history")
def match_history(match: str = MATCH, as_json: bool = JSON) -> None:
    """Every hand ever entered in a match, voided and replaced ones included."""
    from ledger.games import get_game
    from ledger.store.reads import setup_from_seats

    with reading() as reads:  # no replay: the history is what helps when a match no longer replays
        m = reads.match(reads.find_id(match))
        setup = setup_from_seats(m, reads.seats([m.id]).get(m.id, []))
    game = get_game(m.game)
    rows = [{**r, "description": game.describe_hand(r["document"], r["result"], setup)}
            for r in ledger().history(m.id)]
    if as_json:  # the same in every language: the descriptions in English
        print_json([{**r, "description": _english(r["description"])} for r in rows])
        return
    def when(t):
        return t[:16].replace("T", " ") if t else ""

    def why(r):
        parts = ([reason_words(r["void_reason"])] if r["voided"] else []) + (
            [str(t("history.replaces", "replaces entry {entry}", entry=str(r["replaces"])))] if r["replaces"] else [])
        return "; ".join(parts)

    print_rows(str(t("history.title", "History of match {match} (times in UTC)", match=str(m.id))),
               [str(t("history.col_entry", "entry")), str(t("history.col_hand", "hand")),
                str(t("history.col_entered", "entered")), str(t("history.col_voided", "voided")),
                str(t("history.col_why", "why")), str(t("history.col_result", "result"))],
               [(r["id"], r["number"] or "—", when(r["entered_at"]), when(r["voided_at"]), why(r),
                 str(r["description"]) if r["description"] else r["result"]) for r in rows])


@app.command("show")
def show(match: str = MATCH, as_json: bool = JSON) -> None:
    """The scoreboard of a match: every hand, running totals, who won, who deals next."""
    with reading() as reads:
        view = reads.view(match)
    show_view(view, as_json)
