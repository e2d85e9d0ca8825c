"""Every text of the web page (``ledger serve``), in one place so that it can be translated.

:data:`TEXTS` maps a key to an English text; ``{name}`` fields are filled by
:func:`text`. The scoreboards' own tables and notes come from the games (as ``show`` prints
them) and the money lines' names and amounts from the report model; everything else the page
says is here.
"""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "lang": "en",
    "title": "Tonight at the table",
    "night": "The night of {weekday} {day} {month} {year}",
    "demo_night": "The demo night (the ledger has no other match yet)",
    "no_match": "No match tonight yet. A match appears here as soon as it is started.",
    "live": "Live",
    "reconnecting": "Reconnecting…",
    "updated": "Updated at {time}",
    "match": "Match {id} · {game}",
    "status.open": "in play",
    "status.finished": "finished",
    "status.ended": "ended early",
    "deals_next": "Deals next: {player}",
    "won": "{winners} won",
    "no_winner": "No winner",
    "hands": "{count} hands",
    "hands.one": "1 hand",
    "side": "side",
    "standings": "Standings",
    "player": "player",
    "played": "played",
    "won_column": "won",
    "open_count": "{count} open",
    "money": "Who pays whom",
    "no_money": "No match tonight is played for money.",
    "square": "Everyone is square ({currency}).",
    "pays": "{payer} pays {payee} {amount}",
    "not_counted": "Match {id} is still in play and not counted yet.",
    "error": "The ledger cannot be read just now: {error}",
    "footer": "Read only · updates by itself · ledger {version}",
    "forbidden": "This page needs its key: scan the QR code again, or open the address that "
                 "ledger serve printed.",
    "not_allowed": "This page is read only.",
    "not_found": "There is no such page.",
    "busy": "Too many pages are open at once; try again in a moment.",
}

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def text(key: str, **fields: object) -> str:
    """The text ``key`` of :data:`TEXTS` with its ``{fields}`` filled in (``KeyError`` for an
    unknown key: a typo is a bug, found by the tests)."""
    return TEXTS[key].format(**fields) if fields else TEXTS[key]
