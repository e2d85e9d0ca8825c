"""``ledger match new | list | end | reopen | history`` and ``ledger show``."""

from collections.abc import Mapping, Sequence
from typing import Any, List, Optional

import typer

from ledger.cli import new_match
from ledger.cli.app import app, ledger, reading
from ledger.cli.render import console, print_board, print_json, print_line, print_rows
from ledger.games import names_text
from ledger.errors import LedgerError
from ledger.i18n import Msg, listing, long_date, number, t

GAME_NAMES = names_text()  # from the registry: no game is imported for --help

match_app = typer.Typer(help="Start, list and end matches.", no_args_is_help=True)
app.add_typer(match_app, name="match")

JSON = typer.Option(False, "--json", help="Print JSON instead of tables.")
MATCH = typer.Argument(..., help="The match number, or 'last'.")


TAIL = 12  # rows of a long scoreboard drawn after each hand (``show`` draws them all)
SHOW_ALL = 500  # ``show`` draws every hand of a match up to this long; of a longer one, the last SHOW_LAST
SHOW_LAST = 100


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


def show_view(view, as_json: bool, header: str | None = None, tail: bool = False, keep: int | None = None,
              more: Msg | str | None = None) -> None:
    """Print a match's scoreboard (rich), or its data (JSON) — both from the same replay.
    ``tail``: after a hand, a long scoreboard shows its last :data:`TAIL` rows (``show`` all);
    ``keep``: its last ``keep`` rows, the earlier ones said to be shown by the command ``more``."""
    if as_json:
        print_json(view.to_json())
        return
    from ledger.games import get_game

    m = view.match
    game = get_game(m.game)
    what = game.titled(m.rules)
    night = long_date(view.night.date)
    title = str(t("board.title_demo", "Match {match} · {game} · night of {night} (demo) · {status}", match=str(m.id),
                  game=what, night=night, status=status_word(m.status)) if view.night.demo
                else t("board.title", "Match {match} · {game} · night of {night} · {status}", match=str(m.id),
                       game=what, night=night, status=status_word(m.status)))
    if header:
        print_line(header)
    if tail:
        keep, more = TAIL, f"ledger show {m.id}"
    rp = game.board_window(view.setup, view.replay, keep) if keep is not None else view.replay
    board = game.board(view.setup, rp)
    if keep is not None:
        from dataclasses import replace

        from ledger.cli.render import tail_board

        board = tail_board(board, keep, str(more or f"ledger show {m.id}"))
        if rp.offset:
            board = replace(board, notes=(str(t("board.hidden", "(hands 1 to {last} are not shown: {more})",
                                                last=rp.offset, more=more)), *board.notes))
    print_board(board, title)


@match_app.command("new")
def match_new(
    game: str = typer.Argument(..., help=f"{GAME_NAMES}."),
    players: Optional[str] = new_match.option("players"),
    side: List[str] = new_match.option("side"),
    rules: Optional[str] = new_match.option("rules"),
    option: List[str] = new_match.option("option"),
    night: Optional[str] = new_match.option("night"),
    title: Optional[str] = new_match.option("title"),
    as_json: bool = JSON,
) -> None:
    """Start a match: players in seat order (or sides), rule set and options."""
    view = new_match.start_match(game, players, side, rules, option, night, title)
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
        seats = {} if as_json else reads.seats([r["id"] for r in rows])
    if as_json:
        print_json(rows)
        return
    if not rows:
        print_line(str(t("match.none", "No matches.")))
    for (date, demo), group in _by_night(rows):
        title = (t("match.night_demo_title", "Night of {date} · demo (ledger demo --remove takes it out)", date=date)
                 if demo else t("match.night_title", "Night of {date}", date=date))
        print_rows(str(title), [str(t("match.col_id", "#")), str(t("match.col_game", "game")),
                                str(t("match.col_players", "players")), str(t("match.col_hands", "hands")),
                                str(t("match.col_result", "result"))],
                   [(r["id"], _game(r), r["players"], number(r["hands"]), _result(r, seats.get(r["id"], [])))
                    for r in group])


def _side_shown(r: dict, seats: Sequence[tuple[str, str]], side: object) -> object:
    """``side`` of match row ``r`` as its scoreboard shows it (:meth:`MatchSetup.shown_side`)."""
    if not isinstance(side, str) or not seats:
        return side
    from ledger.games.match_setup import MatchSetup

    sides: dict[str, tuple[str, ...]] = {}
    for s, name in seats:
        sides[s] = (*sides.get(s, ()), name)
    try:
        return MatchSetup(r["game"], r["rules"], tuple(n for _, n in seats), sides).shown_side(side)
    except LedgerError:  # a game this version does not know: as stored
        return side


def _game(r: dict) -> str:
    """``trentuno``, ``scopa/scopone``: the game, and its rule set when not the game's default."""
    from ledger.games import get_game

    try:
        game = get_game(r["game"])
    except LedgerError:  # a game this version does not know: named as stored
        return r["game"] + ("" if r["rules"] == "standard" else f"/{r['rules']}")
    return r["game"] + ("" if r["rules"] == game.rule_sets[0] else f"/{game.rules_name(r['rules'])}")


def _by_night(rows: list[dict]) -> list[tuple[tuple, list[dict]]]:
    """``match list``'s rows by night, as listed (newest first), the demo night's after the real ones."""
    import datetime as dt

    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((dt.date.fromisoformat(r["night"]), bool(r["demo"])), []).append(r)
    return sorted(groups.items(), key=lambda kv: kv[0][1])  # stable: the real nights keep their order


def _result(r: dict, seats: Sequence[tuple[str, str]] = ()) -> str:
    """A match's status and winner in a few words: ``Anna``, ``in play``, ``ended early: NS``,
    ``Anna and Bruno`` (a shared win, stored as a list); a pair the ledger named ``NS`` by its
    players (``Anna & Carla``), from the match's ``seats`` (``(side, player)`` in seat order)."""
    winners = [_side_shown(r, seats, w) for w in (r["winner"] if isinstance(r["winner"], list) else [r["winner"]])]
    winner = listing(winners) if isinstance(r["winner"], list) else winners[0]
    if r["status"] == "open":
        return str(status_word("open"))
    if r["status"] == "ended":
        return str(t("match.ended_early_by", "ended early: {winner}", winner=winner)) if winner else \
            str(status_word("ended"))
    return str(winner) if winner else str(state_word(r["status"]))


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
    from ledger.games.tables import Column
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
    def when(stamp):  # the machine's local time, as the table remembers the night
        return _local(stamp).strftime("%Y-%m-%d %H:%M") if stamp else ""

    def known(r):  # the number the players know the hand by (a duplicate board's), "—" for one voided
        result = r["result"] if isinstance(r["result"], Mapping) else None
        number = game.hand_number(setup, r["number"] - 1 if r["number"] else None, result)
        return "—" if number is None else number

    def why(r):
        voided = ""
        if r["voided"]:
            voided = str(t("history.voided_why", "voided {when}: {reason}", when=when(r["voided_at"]),
                           reason=reason_words(r["void_reason"])) if r["void_reason"]
                         else t("history.voided_when", "voided {when}", when=when(r["voided_at"])))
        parts = [voided] if voided else []
        parts += [str(t("history.replaces", "replaces entry {entry}", entry=str(r["replaces"])))] if r["replaces"] else []
        return "; ".join(parts)

    print_rows(str(t("history.title", "History of match {match} (times in {zone})", match=str(m.id),
                     zone=_local(rows[0]["entered_at"]).tzname() if rows else "UTC")),
               [str(t("history.col_entry", "entry")),
                str(game.named(t("history.col_hand", "hand"), t("history.col_deal", "deal"))),
                str(t("history.col_entered", "entered")), str(t("history.col_result", "result")),
                Column(str(t("history.col_voided_replaces", "voided, replaces")), "left", below=True)],
               [(r["id"], known(r), when(r["entered_at"]),
                 str(r["description"]) if r["description"] else r["result"], why(r)) for r in rows])


def _local(stamp: str) -> Any:
    """An ISO time stored by the ledger (UTC; an old naive one is UTC too) in the machine's zone."""
    from datetime import datetime, timezone

    moment = datetime.fromisoformat(stamp)
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone()


@app.command("show")
def show(match: str = MATCH, as_json: bool = JSON,
         last: Optional[int] = typer.Option(None, "--last", help="Only the last N hands (with the totals).",
                                            min=1),
         every: bool = typer.Option(False, "--all", help="Every hand, however long the match "
                                    f"(without it a match of more than {SHOW_ALL} hands shows its last {SHOW_LAST}).")) -> None:
    """The scoreboard of a match: every hand, running totals, who won, who deals next."""
    keep = None if every or as_json else last
    with reading() as reads:
        if keep is None and not every and not as_json:
            count = reads.live_counts([reads.find_id(match)])
            keep = SHOW_LAST if sum(count.values()) > SHOW_ALL else None
        view = reads.view(match) if keep is None else reads.view_tail(match, keep)
    show_view(view, as_json, keep=keep,
              more=t("show.more", "ledger show {match} --all, or --last N", match=str(view.match.id))
              if keep is not None else None)
