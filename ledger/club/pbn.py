"""Club PBN files (Portable Bridge Notation 2.1) in and out: pure text functions, no I/O.

Reading, :func:`read_club_pbn`: the text of a ``.pbn`` file as club scoring software writes it →
a session document (FORMATS.md "Club session documents") and, per result, where it came from in
the file. Two layouts (both may be mixed in one file):

- a board's results in its ``[ScoreTable]`` (PBN 2.1 §5.7, tables: a header of columns
  ``Name\\widthAlign`` separated by ``;``, then one line per result, ``-`` for nothing, strings in
  quotes): ``PairId_NS``/``PairId_EW`` (an individual: ``PlayerId_North`` … ``PlayerId_West``),
  ``Contract``, ``Declarer``, ``Result`` (tricks), ``Score_NS``/``Score_EW`` (``"A+"`` … for an
  artificial score; ``"Bye"`` for a pair sitting out, left out), and ``Table``, ``Round``,
  ``Section``, ``Lead`` kept as given;
- one game per result: ``[Board]``, ``[Contract]``, ``[Declarer]``, ``[Result]`` (or ``[Score]``
  ``"NS 620"``), the pairs from ``[PairNS]``/``[PairEW]`` (else the players' names joined,
  ``"North - South"``), ``[Table]``, ``[Round]``, ``[Section]``.

- a teams event as a table of matches (``TeamId_Home``, ``TeamId_Away``, ``MatchDetails``
  ``"200,25,8"``: the match's IMPs), with the number of boards of a match given by the caller.

``[Board]`` and ``[Vulnerable]`` give each board; ``[Event]`` the title; ``[Scoring]`` and
``[Competition]`` the event and scoring (``MatchPoints`` → ``mp``, ``IMP;Butler`` → ``butler``,
``IMP;Cross`` → ``cross-imps``; an individual by its ``PlayerId_`` columns); the
``[TotalScoreTable]`` (§5.8) the names of the pairs or players (``Names``/``Name``). A tag value
``#`` copies the previous game's. Comments (``{…}``, ``;`` to the end of a line) and ``%`` lines
are skipped, as are the deal, the auction and the play.

Writing, :func:`write_club_pbn`: a scored session as PBN, one game per board with its
``[ScoreTable]`` (the results with their matchpoints and percentages, or IMPs, and the Butler
datum) and, in the first game, the ``[TotalScoreTable]`` (the ranking). Our reader reads it back.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from ledger.errors import LedgerError
from ledger.i18n import t
from ledger.games.bridge.pbn import pbn_quote, without_commentary
from ledger.games.bridge.scoring import board_dealer, parse_vulnerable

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_COLUMN = re.compile(r"^[+-]?([A-Za-z_0-9]+)")
_NOTHING = {"", "-", "?"}
INDIVIDUAL_COLUMNS = ("PlayerId_North", "PlayerId_South", "PlayerId_East", "PlayerId_West")
_KEPT_COLUMNS = {"Table": "table", "Round": "round", "Section": "section", "Lead": "lead"}
_ADJUSTED = re.compile(r"A[+=-]?", re.I)


@dataclass
class PbnGame:
    """One game of a PBN file: its tags (``#`` resolved) and its tables, each ``(columns, rows)``
    with the rows as lists of values (``None`` for ``-``)."""

    index: int
    tags: dict[str, str] = field(default_factory=dict)
    tables: dict[str, tuple[list[str], list[list[str | None]]]] = field(default_factory=dict)


def _unquote(text: str) -> str:
    return text.replace('\\"', '"').replace("\\\\", "\\")


def _strip_comment(line: str) -> str:
    """``line`` without a ``;`` comment that is outside quotes."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted:
            return line[:i]
    return line


def table_columns(spec: str) -> list[str]:
    """The column names of a table header (``"Table\\2R;PairId_NS\\2R;Contract\\4L"`` →
    ``["Table", "PairId_NS", "Contract"]``; a sort mark ``+``/``-`` and the width are dropped)."""
    out = []
    for part in spec.split(";"):
        m = _COLUMN.match(part.strip())
        if m:
            out.append(m[1])
    return out


def pbn_games(text: str) -> list[PbnGame]:
    """Every game of a PBN file with its tags and tables (:func:`iter_pbn_games`)."""
    return list(iter_pbn_games(text))


# where str.splitlines breaks a line
_LINE_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as ``text.splitlines()`` gives them, one at a time (no list of them all)."""
    start = 0
    for m in _LINE_BREAK.finditer(text):
        yield text[start:m.start()]
        start = m.end()
    if start < len(text):
        yield text[start:]


def iter_pbn_games(text: str) -> Iterator[PbnGame]:
    """Every game of a PBN file with its tags and tables (games are separated by empty lines), one
    at a time: a game's table lines are let go once it has been read. ``{commentary}`` is dropped
    (one never closed runs to the end of the text), in one pass: linear in the length of the text,
    whatever its braces."""
    count = 0
    current = PbnGame(0)
    previous: dict[str, str] = {}
    table: list | None = None
    for raw in chain(without_commentary(_lines(text), "\0"), [""]):  # a commentary line is not an empty line
        line = raw.strip()
        if line.startswith("%") or (line and not line.replace("\0", "").strip()):
            continue
        line = line.replace("\0", " ").strip()
        if not line:
            if current.tags or current.tables:
                yield current
                count += 1
                previous = current.tags
                current = PbnGame(count)
            table = None
            continue
        m = _TAG.match(line) if line.startswith("[") else None
        if m:
            tag, value = m[1], _unquote(m[2])
            if value == "#":
                value = previous.get(tag, "")
            current.tags.setdefault(tag, value)
            table = None
            if tag.endswith("Table"):
                table = []
                current.tables[tag] = (table_columns(value), table)
            continue
        if table is not None:
            tokens = [_unquote(q) if q or bare is None else bare for q, bare in _TOKEN.findall(_strip_comment(line))]
            if tokens:
                table.append([None if (t in _NOTHING) else t for t in tokens])


@dataclass
class ClubPbn:
    """What :func:`read_club_pbn` found: the session ``document`` and, per board of it, where each
    result came from (``origins[i][j]``: ``"games[16].ScoreTable[21]"``)."""

    document: dict[str, Any]
    origins: list[list[str]]


def _scoring(tags: dict[str, str]) -> tuple[str | None, str | None]:
    """(event, scoring) from ``[Scoring]`` and ``[Competition]`` (None where they say nothing)."""
    scoring = tags.get("Scoring", "").lower()
    competition = tags.get("Competition", "").lower()
    event = ("teams" if competition.startswith("team") else "individual" if competition.startswith("indiv")
             else "pairs" if competition.startswith("pair") else None)
    if "butler" in scoring:
        return event, "butler"
    if "cross" in scoring:
        return event, "cross-imps"
    if "matchpoint" in scoring or scoring.startswith("mp"):
        return event, "mp"
    if "imp" in scoring:
        return event, "imps" if event == "teams" else "cross-imps"
    return event, None


def _row_result(columns: list[str], row: list[str | None], where: str) -> dict[str, Any] | None:
    """A result from one ``[ScoreTable]`` line; None for a pair sitting out (``Bye``) or an empty line."""
    cell = dict(zip(columns, row))
    scores = (cell.get("Score_NS"), cell.get("Score_EW"))
    if any(s and s.lower() == "bye" for s in scores):
        return None
    if all(c in cell for c in INDIVIDUAL_COLUMNS):
        seats = dict(zip("NSEW", (cell[c] for c in INDIVIDUAL_COLUMNS)))
        if any(v is None for v in seats.values()):
            return None
        out: dict[str, Any] = {"players": {s: _number(v) for s, v in seats.items() if v is not None}}
    else:
        ns, ew = cell.get("PairId_NS"), cell.get("PairId_EW")
        if ns is None or ew is None:
            if "PairId_NS" not in cell:
                raise LedgerError(t("club.pbn.pair_columns", "a ScoreTable needs PairId_NS and PairId_EW (or "
                                    "PlayerId_North …)"), f"{where}.PairId_NS", None)
            return None
        out = {"ns": _number(ns), "ew": _number(ew)}
    for col, key in _KEPT_COLUMNS.items():
        if (kept := cell.get(col)) is not None:
            out[key] = _number(kept)
    adjusted = [s for s in scores if s and _ADJUSTED.fullmatch(s)]
    if adjusted:
        out["adjusted"] = {"ns": scores[0] or "A", "ew": scores[1] or "A"}
        return out
    if cell.get("Contract") is not None:
        out["contract"] = cell["Contract"]
        if cell.get("Declarer") is not None:
            out["declarer"] = cell["Declarer"]
        if (tricks := cell.get("Result")) is not None:
            out["tricks"] = _number(tricks)
    score = _signed_score(*scores, where)
    if score is not None:
        out["score_ns"] = score
    return out


def _number(text: str) -> int | str:
    return int(text) if text.isdigit() and len(text) < 10 else text


def _signed_score(ns: str | None, ew: str | None, where: str) -> int | None:
    for text, sign, col in ((ns, 1, "Score_NS"), (ew, -1, "Score_EW")):
        if text is not None:
            if not re.fullmatch(r"-?\d{1,6}", text):
                raise LedgerError(t("club.not_score", "{value!r} is not a score", value=text), f"{where}.{col}", text)
            return sign * int(text)
    return None


def _game_result(tags: dict[str, str]) -> dict[str, Any] | None:
    """A result from a game's own tags (one game per result), or None when it has none."""
    contract = tags.get("Contract", "").strip()
    score = tags.get("Score", "").strip()
    if contract in _NOTHING and not re.fullmatch(r"(NS|EW)\s+-?\d+", score):
        return None

    def pair(tag: str, seats: tuple[str, str]) -> Any:
        given = tags.get(tag, "").strip()
        if given not in _NOTHING:
            return _number(given)
        names = [tags.get(s, "").strip() for s in seats]
        return " - ".join(n for n in names if n) or None

    home, visit, room = (tags.get(t, "").strip() for t in ("HomeTeam", "VisitTeam", "Room"))
    if home and visit and room.lower() in ("open", "closed"):  # teams: the home team is NS in the open room
        ns, ew = (home, visit) if room.lower() == "open" else (visit, home)
        out: dict[str, Any] = {"ns": ns, "ew": ew, "room": room}
    else:
        out = {"ns": pair("PairNS", ("North", "South")), "ew": pair("PairEW", ("East", "West"))}
    for tag in ("Table", "Round", "Section"):
        if tags.get(tag, "").strip() not in _NOTHING:
            out[tag.lower()] = _number(tags[tag].strip())
    if contract not in _NOTHING:
        out["contract"] = contract
        if tags.get("Declarer", "").strip() not in _NOTHING:
            out["declarer"] = tags["Declarer"].strip().lstrip("^")
        if tags.get("Result", "").strip() not in _NOTHING:
            out["tricks"] = _number(tags["Result"].strip())
    else:
        side, points = score.split()
        out["score_ns"] = int(points) * (1 if side == "NS" else -1)
    return out


def _names(g: PbnGame) -> dict[str, str] | None:
    """The names of the pairs (players, teams) in the game's ``[TotalScoreTable]``; None when it
    has none that gives them (the first game that does gives the names)."""
    if "TotalScoreTable" in g.tables:
        columns, rows = g.tables["TotalScoreTable"]
        ident = next((c for c in ("PairId", "PlayerId", "TeamId") if c in columns), None)
        name = next((c for c in ("Names", "Name", "TeamName") if c in columns), None)
        if ident and name:
            i, j = columns.index(ident), columns.index(name)
            return {key: text for r in rows if len(r) == len(columns)
                    for key, text in [(r[i], r[j])] if key and text}
    return None


def _match_row(columns: list[str], row: list[str | None], where: str, boards: int | None) -> dict | None:
    """A teams match from a line of a match table (``TeamId_Home``, ``TeamId_Away``, ``MatchDetails``
    ``"1,31,29|2,79,2|200,110,31"``: per segment its number and the two IMP totals, ``200`` the
    match's total); None for a match not played yet."""
    cell = dict(zip(columns, row))
    details, home, away = cell.get("MatchDetails"), cell.get("TeamId_Home"), cell.get("TeamId_Away")
    if not details or home is None or away is None:
        return None
    parts = [p.split(",") for p in details.split("|")]
    total = next((p for p in parts if p[0] == "200"), parts[-1])
    try:
        imps = [float(x) for x in total[1:3]]
    except ValueError:
        raise LedgerError(t("club.pbn.match_imps", "{details!r} is not a match's IMPs", details=details),
                          f"{where}.MatchDetails", details) from None
    if boards is None:
        raise LedgerError(t("club.pbn.match_boards", "a teams match table does not say how many boards a match had: "
                            "give it (ledger club score FILE --match-boards N)"), f"{where}.MatchDetails", details)
    out: dict[str, Any] = {"home": _number(home), "away": _number(away),
                           "imps": [int(x) if x.is_integer() else x for x in imps], "boards": boards}
    if (round_ := cell.get("Round")) is not None:
        out["round"] = _number(round_)
    return out


def read_club_pbn(text: str, match_boards: int | None = None) -> ClubPbn:
    """A club PBN file → its session document (see the module docstring). A teams event given
    as a table of matches (``TeamId_Home``, ``TeamId_Away``, ``MatchDetails``) becomes match
    totals of ``match_boards`` boards each (the table does not say how many).

    Raises ``LedgerError`` naming the game and the table line or tag (``games[3].ScoreTable[5].
    Score_NS``) for what cannot be read; a file with no result at all is an error too.
    """
    boards: dict[int, dict[str, Any]] = {}
    matches: list[dict[str, Any]] = []
    origins: dict[int, list[str]] = {}
    event = scoring = None
    title = ""
    teams: dict[str, str] = {}
    names: dict[str, str] | None = None
    for g in iter_pbn_games(text):
        where = f"games[{g.index}]"
        if names is None:
            names = _names(g)
        for tag in ("HomeTeam", "VisitTeam"):  # a match's teams, written once, hold for its games
            g.tags[tag] = teams[tag] = g.tags.get(tag) or teams.get(tag, "")
        e, s = _scoring(g.tags)
        event, scoring = event or e, scoring or s
        title = title or g.tags.get("Event", "").strip()
        found: list[tuple[dict, str]] = []
        if "ScoreTable" in g.tables and "TeamId_Home" in g.tables["ScoreTable"][0]:
            columns, rows = g.tables["ScoreTable"]
            event = "teams"
            for k, row in enumerate(rows):
                m = _match_row(columns, row, f"{where}.ScoreTable[{k}]", match_boards)
                if m is not None:
                    matches.append(m)
        elif "ScoreTable" in g.tables:
            columns, rows = g.tables["ScoreTable"]
            if any(c in columns for c in INDIVIDUAL_COLUMNS):
                event = "individual"
            for k, row in enumerate(rows):
                r = _row_result(columns, row, f"{where}.ScoreTable[{k}]")
                if r is not None:
                    found.append((r, f"{where}.ScoreTable[{k}]"))
        else:
            r = _game_result(g.tags)
            if r is not None:
                found.append((r, where))
                if "room" in r:
                    event = "teams"
        if not found:
            continue
        number = g.tags.get("Board", "").strip()
        if not number.isdigit() or not 0 < int(number) < 10000:
            raise LedgerError(t("pbn.board_number", "{board!r} is not a board number", board=number), f"{where}.Board",
                              number)
        board = boards.setdefault(int(number), {"board": int(number), "results": []})
        vul = g.tags.get("Vulnerable", "").strip()
        if vul not in _NOTHING and "vulnerable" not in board:
            board["vulnerable"] = parse_vulnerable(vul, f"{where}.Vulnerable")
        board["results"].extend(r for r, _ in found)
        origins.setdefault(int(number), []).extend(o for _, o in found)
    if not boards and not matches:
        raise LedgerError(t("club.pbn.no_result", "no result found (a club PBN file has a [ScoreTable] per board, or "
                            "a [Contract] and [Result] per game)"), "FILE", None)
    doc: dict[str, Any] = {"game": "bridge", "event": event or "pairs"}
    if doc["event"] == "teams":
        doc["scoring"] = "imps"
    elif scoring and scoring != "imps":
        doc["scoring"] = scoring
    if title:
        doc["title"] = title
    doc["boards"] = [boards[n] for n in boards]
    if matches:
        doc["matches"] = matches
    if names:
        doc["names"] = names
    return ClubPbn(doc, [origins[n] for n in boards])


# --- writing ------------------------------------------------------------------------------------
_SCORING_TAG = {"mp": "MatchPoints", "mp-acbl": "MatchPoints;ACBL", "butler": "IMP;Butler",
                "cross-imps": "IMP;Cross", "imps": "IMP"}
_COMPETITION = {"pairs": "Pairs", "individual": "Individuals", "teams": "Teams"}


def _quote(value: object) -> str:
    """A PBN tag or table value in its quotes (:func:`ledger.games.bridge.pbn.pbn_quote`)."""
    return '"' + pbn_quote(value) + '"'


def _cell(value: object) -> str:
    """A table value: ``-`` for nothing, a bare number, otherwise a quoted string."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return _quote(value)
    if isinstance(value, (int, float)):
        return f"{value:g}" if isinstance(value, float) else str(value)
    return _quote(value)


def _figure(value: float | None, places: int = 2) -> str:
    return "-" if value is None else f"{value:.{places}f}"


def _table(tag: str, columns: list[tuple[str, str]], rows: list[list[str]]) -> list[str]:
    """A PBN table: its header tag (``Name\\widthAlign``) and its lines, columns aligned."""
    widths = [max([1] + [len(r[i]) for r in rows]) for i in range(len(columns))]
    spec = ";".join(f"{name}\\{w}{align}" for (name, align), w in zip(columns, widths))
    lines = [f'[{tag} "{spec}"]']  # written as club software writes it: Name\2R, one backslash
    for r in rows:
        lines.append(" ".join(v.rjust(w) if a == "R" else v.ljust(w)
                              for v, w, (_, a) in zip(r, widths, columns)).rstrip())
    return lines


def _score_cells(result) -> tuple[str, str]:
    if result.adjusted:
        return _quote(result.adjusted[0]), _quote(result.adjusted[1])
    s = result.score_ns
    if s > 0:
        return _quote(s), "-"
    if s < 0:
        return "-", _quote(-s)
    return _quote(0), "-"


def _score_table(sb, session) -> list[str]:
    """One board's ``[ScoreTable]`` lines."""
    from ledger.club.session import MATCHPOINT_SCORINGS

    individual = session.event == "individual"
    mp = session.scoring in MATCHPOINT_SCORINGS
    cols: list[tuple[str, str]] = [("Table", "R"), ("Round", "R")]
    cols += [(c, "R") for c in INDIVIDUAL_COLUMNS] if individual else [("PairId_NS", "R"), ("PairId_EW", "R")]
    cols += [("Contract", "L"), ("Declarer", "R"), ("Result", "R"), ("Score_NS", "R"), ("Score_EW", "R")]
    cols += [("MP_NS", "R"), ("MP_EW", "R"), ("Percentage_NS", "R"), ("Percentage_EW", "R")] if mp else \
        [("IMP_NS", "R"), ("IMP_EW", "R")]
    if session.scoring == "butler":
        cols.append(("ButlerDatum", "R"))
    rows = []
    for sr in sb.results:
        r, given = sr.result, sr.result.given
        who = [_cell(session.labels.get(e.key, e.key)) for e in r.ns + r.ew]  # N S E W, or NS EW
        row = [_cell(given.get("table")), _cell(given.get("round")), *who, *_contract_cells(r), *_score_cells(r)]
        if mp:
            row += [_figure(sr.mp_ns), _figure(sr.mp_ew), _figure(sr.pct_ns), _figure(sr.pct_ew)]
        else:
            row += [_figure(sr.imp_ns), _figure(sr.imp_ew)]
        if session.scoring == "butler":
            row.append(_cell(sb.datum))
        rows.append(row)
    return _table("ScoreTable", cols, rows)


def _contract_cells(result) -> list[str]:
    """``Contract``, ``Declarer`` and ``Result`` (tricks won) of a result given by its contract;
    ``-`` for a score written directly or an adjusted score."""
    from ledger.games.bridge.scoring import parse_contract, parse_seat, tricks_from

    given = result.given
    if result.adjusted or given.get("contract") in (None, ""):
        return ["-", "-", "-"]
    contract = parse_contract(given["contract"])
    if contract.passed:
        return ["Pass", "-", "-"]
    tricks = tricks_from(contract, given.get("tricks"), given.get("result"))
    return [str(contract), parse_seat(given["declarer"]), str(tricks)]


def _total_table(scored) -> list[str]:
    from ledger.club.output import label
    from ledger.club.session import MATCHPOINT_SCORINGS

    s = scored.session
    ident = {"pairs": "PairId", "individual": "PlayerId", "teams": "TeamId"}[s.event]
    mp = s.scoring in MATCHPOINT_SCORINGS
    total = "TotalScoreVP" if s.event == "teams" else "TotalScoreMP" if mp else "TotalScoreIMP"
    cols = [("Rank", "R"), (ident, "R"), ("Direction", "R"), (total, "R")]
    cols += [("TotalPercentage", "R")] if mp else []
    cols += [("Names", "L"), ("NrBoards", "R")]
    rows = []
    for row in scored.ranking:
        line = [str(row.rank), _cell(label(s, row.entrant.key)),
                _cell({"NS": "N-S", "EW": "E-W"}.get(row.direction)), _figure(row.total)]
        if mp:
            line.append(_figure(row.pct))
        line += [_cell(s.names.get(row.entrant.key)), str(row.boards)]
        rows.append(line)
    return _table("TotalScoreTable", cols, rows)


def write_club_pbn(scored, date: str = "") -> str:
    """PBN text of a scored session (:class:`ledger.club.scoring.ScoredSession`): per board a game
    with ``Event``, ``Site``, ``Date``, ``Board``, the four seats (empty), ``Dealer`` and
    ``Vulnerable`` (Law 2 for the dealer), ``Deal`` (unknown), ``Scoring``, ``Competition``, an empty
    ``Contract``/``Declarer``/``Result`` (the results are in the ``[ScoreTable]``) and the table;
    the first game also holds the ``[TotalScoreTable]``. ``date`` as PBN writes it
    (``"2024.03.15"``; unknown ``"????.??.??"``)."""
    s = scored.session
    if not scored.boards:  # teams given by their match totals: the ranking alone
        head = [f"[{k} {_quote(v)}]" for k, v in (("Event", s.title), ("Competition", _COMPETITION[s.event]))]
        return "% PBN 2.1\n% EXPORT\n" + "\n".join(head + _total_table(scored)) + "\n"
    blocks = []
    for i, sb in enumerate(scored.boards):
        b = sb.board
        tags = [("Event", s.title), ("Site", ""), ("Date", date or "????.??.??"), ("Board", b.number),
                ("West", ""), ("North", ""), ("East", ""), ("South", ""), ("Dealer", board_dealer(b.number)),
                ("Vulnerable", b.vulnerable), ("Deal", ""), ("Scoring", _SCORING_TAG[s.scoring]),
                ("Declarer", ""), ("Contract", ""), ("Result", ""), ("Competition", _COMPETITION[s.event])]
        lines = [f"[{k} {_quote(v)}]" for k, v in tags]
        if i == 0:
            lines += _total_table(scored)
        lines += _score_table(sb, s)
        blocks.append("\n".join(lines))
    return "% PBN 2.1\n% EXPORT\n" + "\n\n".join(blocks) + "\n"
