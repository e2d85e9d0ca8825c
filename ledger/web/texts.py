"""Every text of the web page (``ledger serve``), in one place: messages of the catalogue.

:data:`TEXTS` maps a key to a message (:func:`ledger.i18n.t`, its code ``web.<key>``); ``{name}``
fields are filled by :func:`text`, which shows it in the language in use: the language the server
was started in (``ledger --lang it serve``, ``LEDGER_LANG``, the locale), the same for every phone
at the table (docs/serve.md). The scoreboards' own tables and notes come from the games (as
``show`` prints them) and the money lines' names and amounts from the report model; everything
else the page says is here.
"""

from __future__ import annotations

from ledger.i18n import Msg, t, tn

TEXTS: dict[str, Msg] = {
    "title": t("web.title", "Tonight at the table"),
    "night": t("web.night", "The night of {day}"),
    "demo_night": t("web.demo_night", "The demo night (the ledger has no other match yet)"),
    "no_match": t("web.no_match", "No match tonight yet. A match appears here as soon as it is started."),
    "live": t("web.live", "Live"),
    "reconnecting": t("web.reconnecting", "Reconnecting…"),
    "updated": t("web.updated", "Updated at {time}"),
    "match": t("web.match", "Match {id} · {game}"),
    "status.open": t("web.status.open", "in play"),
    "status.finished": t("web.status.finished", "finished"),
    "status.ended": t("web.status.ended", "ended early"),
    "deals_next": t("web.deals_next", "Deals next: {player}"),
    "won": tn("web.won", "{winners} won", "{winners} won", 1),
    "no_winner": t("web.no_winner", "No winner"),
    "hands": tn("web.hands", "{n} hand", "{n} hands", 1),
    "side": t("web.side", "side"),
    "standings": t("web.standings", "Standings"),
    "player": t("web.player", "player"),
    "played": t("web.played", "played"),
    "won_column": t("web.won_column", "won"),
    "open_count": tn("web.open_count", "{n} open", "{n} open", 1),
    "money": t("web.money", "Who pays whom"),
    "no_money": t("web.no_money", "No match tonight is played for money."),
    "square": t("web.square", "Everyone is square ({currency})."),
    "pays": t("web.pays", "{payer} pays {payee} {amount}"),
    "not_counted": t("web.not_counted", "Match {id} is still in play and not counted yet."),
    "error": t("web.error", "The ledger cannot be read just now: {error}"),
    "footer": t("web.footer", "Read only · updates by itself · ledger {version}"),
    "forbidden": t("web.forbidden", "This page needs its key: scan the QR code again, or open the address that "
                   "ledger serve printed."),
    "misdirected": t("web.misdirected", "This server does not answer to that name: open the address that ledger "
                     "serve printed."),
    "not_allowed": t("web.not_allowed", "This page is read only."),
    "not_found": t("web.not_found", "There is no such page."),
    "busy": t("web.busy", "Too many pages are open at once; try again in a moment."),
    "save_hand": t("web.save_hand", "Save the hand"),
    "entry": t("web.entry", "The hand, in the words of ledger hand add"),
    "optional": t("web.optional", "optional"),
    "none": t("web.none", "none"),
    "keeper_title": t("web.keeper_title", "Enter the hands"),
    "next_hand": t("web.next_hand", "Match {id} · {game}: hand {hand}"),
    "saved": t("web.saved", "Saved: {heading}"),  # the game's heading says the hand's score
    "before": t("web.before", "before"),
    "after": t("web.after", "after"),
    "conflict": t("web.conflict", "The scoreboard above is the ledger's now: enter the hand again if it is still "
                  "missing."),
    "reason": t("web.reason", "Why (kept in the history)"),
    "undo": t("web.undo", "Undo the last hand ({hand})"),
    "undone": t("web.undone", "Hand {hand} taken back."),
    "new_match": t("web.new_match", "New match"),
    "start_game": t("web.start_game", "Game"),
    "start_rules": t("web.start_rules", "Rule set"),
    "default_rules": t("web.default_rules", "the game's own"),
    "start_players": t("web.start_players", "Players, in seat order, separated by commas"),
    "start_sides": t("web.start_sides", "Or sides: NAME=PLAYER,PLAYER, separated by ;"),
    "start_options": t("web.start_options", "Options: KEY=VALUE, as ledger match new --option takes them"),
    "start": t("web.start", "Start the match"),
    "network": t("web.network", "Not sent: the server does not answer. Try again."),
    "too_large": t("web.too_large", "Too much at once: nothing was saved."),
    "keeper_footer": t("web.keeper_footer", "Scorekeeper's page: keep its address private · ledger {version}"),
}


def text(key: str, n: int | None = None, **fields: object) -> str:
    """The text ``key`` of :data:`TEXTS` in the language in use, with its ``{fields}`` filled in;
    ``n`` chooses the plural form of a counted text (``hands``, ``won``, ``open_count``).
    ``KeyError`` for an unknown key: a typo is a bug, found by the tests."""
    msg = TEXTS[key]
    if msg.plural is not None:
        count = 1 if n is None else n
        return str(Msg(msg.code, msg.text, {"n": count, **fields}, msg.plural, count))
    return str(Msg(msg.code, msg.text, fields))
