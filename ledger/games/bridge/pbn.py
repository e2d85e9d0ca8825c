"""PBN (Portable Bridge Notation, version 2.1) in and out for bridge — pure text functions.

Reading: :func:`read_pbn` takes the text of a ``.pbn`` file and returns one hand document per
game that has a result: ``{"board", "contract", "declarer", "tricks", "vulnerable"}`` from the tags
``[Board]``, ``[Contract]``, ``[Declarer]``, ``[Result]`` (tricks won by the declarer) and
``[Vulnerable]`` (``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``). A tag value ``#``
copies the previous game's value (PBN tag inheritance). Games without a contract or result (a
deal file that was never played) are skipped and listed. Commentary in braces and ``;`` comments
and lines starting with ``%`` are ignored, as are the auction and the play.

Writing: :func:`write_pbn` turns a match's scored deals into PBN: per deal ``Event``, ``Site``,
``Date``, ``Board``, the four players, ``Dealer``, ``Vulnerable``, ``Deal`` (``"N:- - - -"``: the
ledger does not know the cards), ``Scoring`` (``Rubber`` or ``Chicago``; left out for duplicate,
whose comparison method the ledger does not know), ``Declarer``, ``Contract``, ``Result`` and
``Score`` (the deal's score from North-South's side, ``"NS 620"``; rubber and Chicago: the deal's
own entries, as ``score_ns``). No I/O here: the CLI reads and writes the files.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ledger.errors import LedgerError
from ledger.games.base import HandResult, MatchSetup
from ledger.games.bridge.records import ChicagoResult, DuplicateResult, RubberResult
from ledger.games.bridge.scoring import SEATS, parse_contract, parse_seat, parse_vulnerable
from ledger.games.jsontypes import JsonDict
from ledger.i18n import Msg, t
from ledger.safetext import safe

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_UNKNOWN = {"", "?", "-"}


@dataclass
class PbnRead:
    """What a PBN file held: ``hands`` (hand documents, in file order) and ``skipped_notes`` (one
    message per game left out, e.g. ``"game 3 (board 3): no result"``, for people); ``skipped``
    is the same notes in English, as programs read them (``--json``, the same in every language)."""

    hands: list[JsonDict] = field(default_factory=list)
    skipped_notes: list[Msg] = field(default_factory=list)
    scoring: str | None = None  # "rubber" or "chicago" from the first [Scoring] tag that says so

    @property
    def skipped(self) -> list[str]:
        return [note.render("en") for note in self.skipped_notes]


def pbn_games(text: str) -> list[dict[str, str]]:
    """The tag pairs of every game in ``text``, with ``#`` inheritance resolved (:func:`iter_games`)."""
    return list(iter_games(io.StringIO(text)))


def iter_games(lines: Iterable[str]) -> Iterator[dict[str, str]]:
    """The tag pairs of each game of a PBN text given line by line (a text file), with ``#``
    inheritance resolved, one game at a time: memory does not grow with the file.

    Games are separated by empty lines (PBN 2.1, section 3). Only tag pairs are kept;
    ``{commentary}`` (over several lines too; one never closed runs to the end) is dropped.
    """
    current: dict[str, str] = {}
    previous: dict[str, str] = {}
    for raw in without_commentary(lines):
        line = raw.strip()
        if line.startswith("%"):
            continue
        if not line:
            if current:
                yield current
                previous, current = current, {}
            continue
        for tag, value in _TAG.findall(_strip_comment(line)):
            value = value.replace('\\"', '"').replace("\\\\", "\\")
            if value == "#":
                value = previous.get(tag, "")
            current.setdefault(tag, value)
    if current:
        yield current


def without_commentary(lines: Iterable[str], mark: str = " ") -> Iterator[str]:
    """Each line with its ``{...}`` commentary replaced by ``mark`` (a space; the club reader's
    ``"\\0"`` keeps a line of commentary alone from being an empty line); a commentary over
    several lines joins the text before and after it into one line (one never closed ends the
    text); in one pass: linear in the length of the text."""
    inside = False
    out: list[str] = []
    for line in lines:
        line = line.rstrip("\r\n")
        start = 0
        while True:
            if inside:
                closing = line.find("}", start)
                if closing == -1:
                    break
                inside, start = False, closing + 1
                out.append(mark)
            opening = line.find("{", start)
            if opening == -1:
                out.append(line[start:])
                break
            out.append(line[start:opening])
            inside, start = True, opening + 1
        if not inside:
            yield "".join(out)
            out = []
    if out:
        yield "".join(out)


def _strip_comment(line: str) -> str:
    """Drop a ``;`` comment that is not inside a tag value."""
    out, quoted = [], False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        if ch == ";" and not quoted:
            break
        out.append(ch)
    return "".join(out)


def read_pbn(text: str | Iterable[str]) -> PbnRead:
    """Hand documents for the played games of a PBN file (see the module docstring): its text,
    or its lines (an open text file, read as it goes).

    Raises ``LedgerError`` naming the game and tag (``games[2].Contract``) for a value that cannot
    be read, e.g. a contract ``8NT`` or a result of 14.
    """
    out = PbnRead()
    for i, tags in enumerate(iter_games(io.StringIO(text) if isinstance(text, str) else text)):
        where = f"games[{i}]"
        scoring = tags.get("Scoring", "").strip().split(";")[0].lower()
        if out.scoring is None and scoring in ("rubber", "chicago"):
            out.scoring = scoring
        label = (t("pbn.game_board", "game {game} (board {board})", game=str(i + 1), board=tags["Board"])
                 if tags.get("Board") else t("pbn.game", "game {game}", game=str(i + 1)))
        contract_text = tags.get("Contract", "").strip()
        if contract_text in _UNKNOWN:
            if tags:
                out.skipped_notes.append(t("pbn.no_contract", "{game}: no contract", game=label))
            continue
        try:
            doc = _game_doc(tags, contract_text)
        except LedgerError as err:
            raise err.at(where) from None
        if doc is None:
            out.skipped_notes.append(t("pbn.no_result", "{game}: no result", game=label))
            continue
        out.hands.append(doc)
    return out


def _game_doc(tags: Mapping[str, str], contract_text: str) -> JsonDict | None:
    contract = parse_contract(contract_text, "Contract")
    doc: JsonDict = {}
    board = tags.get("Board", "").strip()
    if board not in _UNKNOWN:
        if not board.isdigit() or int(board) < 1:
            raise LedgerError(t("pbn.board_number", "{board!r} is not a board number", board=board), "Board", board)
        doc["board"] = int(board)
    vul = tags.get("Vulnerable", "").strip()
    if vul != "?" and "Vulnerable" in tags:
        doc["vulnerable"] = parse_vulnerable(vul, "Vulnerable")
    doc["contract"] = str(contract)
    if contract.passed:
        return doc
    doc["declarer"] = parse_seat(tags.get("Declarer", "").strip().lstrip("^"), "Declarer")
    result = tags.get("Result", "").strip()
    if result in _UNKNOWN:
        return None
    if not result.isdigit() or int(result) > 13:
        raise LedgerError(t("pbn.tricks", "{result!r} is not a number of tricks (0-13)", result=result), "Result",
                          result)
    doc["tricks"] = int(result)
    return doc


def pbn_quote(value: object) -> str:
    """``value`` as the inside of a PBN tag value: its control characters shown as escapes
    (:func:`ledger.safetext.safe`: a line break is ``\\n``, so a value can never end its tag's
    line and start a new tag, ``[Site "INJECTED"]``), then ``\\`` and ``"`` escaped (PBN 2.1 §3.4)."""
    return safe(value).replace("\\", "\\\\").replace('"', '\\"')


def write_pbn(setup: MatchSetup, results: Sequence[HandResult], event: str = "", site: str = "",
              date: str = "") -> str:
    """PBN text of a match's scored deals (``results`` from :func:`ledger.games.base.replay`).

    ``date`` as PBN writes it (``"2024.03.15"``; unknown ``"????.??.??"``). Deals are numbered
    by their board number in duplicate, by their order otherwise.
    """
    seat_names = dict(zip(SEATS, setup.players))
    scoring = {"rubber": "Rubber", "chicago": "Chicago"}.get(setup.rules)
    blocks = []
    for i, res in enumerate(results):
        d = res.detail
        assert isinstance(d, (RubberResult, ChicagoResult, DuplicateResult))
        dealer = d.dealer
        board = d.board if d.board is not None else getattr(d, "next_board", None)
        tags = [("Event", event), ("Site", site), ("Date", date or "????.??.??"),
                ("Board", i + 1 if board is None else board),
                ("West", seat_names["W"]), ("North", seat_names["N"]), ("East", seat_names["E"]),
                ("South", seat_names["S"]),
                ("Dealer", SEATS[setup.players.index(dealer)] if dealer in setup.players else "?"),
                ("Vulnerable", d.vulnerable), ("Deal", "N:- - - -")]
        if scoring:
            tags.append(("Scoring", scoring))
        tags += [("Declarer", d.declarer or ""), ("Contract", d.contract),
                 ("Result", "" if d.tricks is None else d.tricks),
                 ("Score", f"NS {d.score_ns}")]
        blocks.append("\n".join(f'[{k} "{pbn_quote(v)}"]' for k, v in tags))
    return "% PBN 2.1\n" + "\n\n".join(blocks) + ("\n" if blocks else "")
