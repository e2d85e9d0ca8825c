"""``ledger score | replay | import | export``: the JSON documents of FORMATS.md."""

from functools import lru_cache
from typing import TYPE_CHECKING, Optional

import typer

from ledger.cli.app import app, ledger, ledger_url
from ledger.cli.cmd_matches import JSON, MATCH, show_view  # noqa: F401
from ledger.cli.inputs import read_document, read_items, read_one_document
from ledger.cli.outputs import check_output, create, replaced_whole
from ledger.cli.render import console, print_board, print_json, print_plain, print_result
from ledger.errors import LedgerError
from ledger.i18n import t, tn

if TYPE_CHECKING:
    from ledger.games.results import HandResult

DOC = typer.Argument(..., help="A JSON file, or '-' for standard input.")


def score_document(doc, file: str = "FILE") -> "HandResult":
    """Score one hand document (it names its game and may name its rule set); a match document
    is refused with a pointer to ``ledger replay FILE`` (``file``: how to name the input).
    ``LedgerError`` naming the field and the value on bad input."""
    get_game, check_kind = _scoring()
    if not isinstance(doc, dict):
        raise LedgerError(t("cli.hand_not_object", "a hand document must be a JSON object"), "document", None)
    check_kind(doc, "hand", file)
    game = get_game(doc.get("game"), document=True)
    return game.score(doc, doc.get("rules"))


@lru_cache(maxsize=None)
def _scoring():
    """What :func:`score_document` calls, imported on its first document (not when the CLI starts)."""
    from ledger.games import get_game
    from ledger.games.documents import check_kind

    return get_game, check_kind


@app.command("score")
def score(file: str = DOC, as_json: bool = JSON) -> None:
    """Score a hand document (or a list of them) without storing anything."""
    items, data = read_items(file, a_hand_document())
    if items is not None:
        _score_list(items, file, as_json)
        return
    result = score_document(data, _quoted(file))
    if as_json:
        print_json(result.to_json())
    else:
        print_result(result)


def _score_list(items, file: str, as_json: bool) -> None:
    """Score a list of hand documents read one at a time (``items``: a
    :class:`ledger.cli.inputs.ListItems` from :func:`ledger.cli.inputs.read_items`):
    with ``--json`` each result is written as it comes (:class:`ledger.cli.json_list.JsonList`),
    the list printed once all are scored; as tables, a first pass checks every hand and a second
    prints them (a bad hand prints nothing, and no list is held whole either way)."""
    from ledger.cli.json_list import JsonList

    def scored(stream):
        for i, doc in enumerate(stream):
            try:
                yield score_document(doc)
            except LedgerError as err:
                raise err.at(f"[{i}]") from None

    if as_json:
        out = JsonList()
        for i, doc in enumerate(items):
            out.add_text(_scored_text(doc, i, out.indent))
        out.print()
        return
    for _ in scored(items):  # every document checked before anything is printed
        pass
    for i, r in enumerate(scored(items)):  # the list read again (ListItems), standard input included
        console().print(str(t("score.hand", "Hand {hand}", hand=i + 1)), style="bold underline")
        print_result(r)


_SCALARS = frozenset({str, int, bool, type(None)})  # fields whose equal values are the same input (no -0.0 and 0.0)
_TEXTS: dict[tuple, str] = {}  # a hand document's fields (with their types) -> its result's JSON
_TEXTS_HELD = 1 << 16
_RESULT_TEXTS: dict = {}  # a result's JSON by its identity (json_list.text_of)


def _scored_text(doc, i: int, margin: str) -> str:
    """The result of hand document ``doc`` (element ``i`` of a list) as ``score --json`` lists it
    (:func:`ledger.cli.json_list.indented` at ``margin``). Scoring is pure, so the text of a document met before
    in the same list (a board many tables played alike: its fields, their types and their order
    the same) is written again without scoring it again; a document with a nested field is
    always scored, and so is every document once :data:`_TEXTS_HELD` are held. A result a game
    gave before (bridge gives a deal met again the result it made: ``match.score_hand``, the
    same frozen value) is written from the text made for it then."""
    key = None
    if type(doc) is dict:
        kinds = tuple(map(type, doc.values()))
        if _SCALARS.issuperset(kinds):
            key = (margin, kinds, tuple(doc.items()))
            text = _TEXTS.get(key)
            if text is not None:
                return text
    try:
        result = score_document(doc)
    except LedgerError as err:
        raise err.at(f"[{i}]") from None
    text = _json_list().text_of(result, margin, _RESULT_TEXTS, _result_text)
    if key is not None and len(_TEXTS) < _TEXTS_HELD:
        _TEXTS[key] = text
    return text


def _result_text(result: "HandResult", margin: str) -> str:
    return _json_list().indented(result.json_value, margin)


@lru_cache(maxsize=None)
def _json_list():
    """:mod:`ledger.cli.json_list`, imported on the first result written."""
    from ledger.cli import json_list

    return json_list


@app.command("replay")
def replay_cmd(file: str = DOC, as_json: bool = JSON) -> None:
    """Replay a match document: every hand's score, the running totals and the final state."""
    from ledger.games import get_game
    from ledger.games.documents import check_kind, replay_document, replay_json

    data = read_one_document(file, str(t("input.a_match_document", "a match document")))
    check_kind(data, "match", _quoted(file))
    setup, rp = replay_document(data)
    game = get_game(setup.game)
    if as_json:
        print_json(replay_json(rp))
    else:
        print_board(game.board(setup, rp), str(t("replay.title", "{game} · replay", game=game.title)))


@app.command("import")
def import_cmd(file: str = DOC, as_json: bool = JSON) -> None:
    """Store a match document as a new match (everything an export holds is restored).

    A ledger export ('export --all') stores all its matches, or none; into an empty ledger the
    match and hand numbers are kept.
    """
    from ledger.games.documents import check_kind
    from ledger.store.reading import is_export, start_reading

    data = read_document(file)
    if is_export(data):
        with start_reading(data, ledger_url()) as started:  # the workers read as the ledger is opened
            from ledger.store.backup import import_all

            rows = import_all(ledger(), data, started=started)
        if as_json:
            print_json(rows)
        else:
            # TRANSLATORS: the English says "matches" even for one (as it always has)
            console().print(str(tn("import.all", "Imported {n} matches ({first}-{last}).",
                                   "Imported {n} matches ({first}-{last}).", len(rows),
                                   first=str(rows[0]["id"]), last=str(rows[-1]["id"])) if rows
                                else t("import.none", "Imported 0 matches.")), markup=False)
        return
    check_kind(data, "match", _quoted(file))  # a hand document: refused before the ledger is opened
    view = ledger().import_match(data)
    show_view(view, as_json, str(t("import.one", "Imported as match {match}.", match=str(view.match.id))))


@app.command("export")
def export_cmd(match: Optional[str] = typer.Argument(None, help="The match number, or 'last'."),
               every: bool = typer.Option(False, "--all", help="Every match (and player): a ledger export."),
               as_json: bool = typer.Option(True, "--json", help="JSON (the only format)."),
               output: Optional[str] = typer.Option(None, "--output", "-o", help="Write to this file."),
               indent: Optional[int] = typer.Option(
                   None, "--indent", help="Indent the JSON by this many spaces (default: 2 for a match; "
                   "--all is compact, one match a line).")) -> None:
    """Write a match as a match document (with its night, entry times and corrections), or with
    --all the whole ledger as one ledger export that 'ledger import' restores (written match by
    match, so a ledger of years is exported in bounded memory)."""
    if every == (match is not None):
        raise LedgerError(t("export.which", "give a match, or --all for every match"), "MATCH", match)
    if indent is not None and not 0 <= indent <= 8:
        raise LedgerError(t("export.indent", "expected 0 to 8 spaces"), "--indent", indent)
    check_output(output, "output")  # before anything is read or written
    if every:
        from ledger.cli.app import reading

        with reading() as reads:  # an up-to-date SQLite ledger: the standard library alone
            # written to a file put in place at the end, the export checks its stored texts beside the writing
            discardable = output is not None and replaced_whole(output)
            _write_to(output, lambda out: _write_export(out, reads, None, indent, discardable))
    else:
        doc = ledger().export(match)  # a bad match is refused before anything is written
        _write_to(output, lambda out: _write_export(out, None, doc, indent))


def _write_to(output: Optional[str], write) -> None:
    """``write(stream)`` into the file ``output`` (owner-only: an export holds the ledger's data,
    like the ledger itself), saying so, or to standard output."""
    if output:
        with create(output, "output") as f:
            write(f)
        print_plain(str(t("export.wrote", "wrote {path}", path=output)))
    else:
        import sys

        write(sys.stdout)
        sys.stdout.flush()


def a_hand_document():
    """What ``score`` reads, as an error names it: ``a hand document``."""
    return t("input.a_hand_document", "a hand document")


def _quoted(file: str) -> str:
    """``file`` as a shell word, for a command an error suggests."""
    import shlex

    return shlex.quote(file)


def _write_export(out, reads, doc: Optional[dict], indent: Optional[int] = None, discardable: bool = False) -> None:
    """``doc`` (one match's document) into ``out`` as JSON (indented by ``indent``, 2 when None),
    or with no ``doc`` the ledger export read through ``reads`` (:class:`ledger.store.reads.Reads`),
    written match by match (compact, or indented by ``indent``); the characters JSON leaves raw
    that a terminal acts on are written as ``\\uXXXX`` escapes
    (:func:`ledger.safetext.safe_json_writer`: the same document)."""
    import json

    from ledger.safetext import safe_json_writer

    out = safe_json_writer(out)
    if doc is None:
        from ledger.store.export import write_export

        write_export(reads, out, indent, discardable)
    else:
        out.write(json.dumps(doc, ensure_ascii=False, indent=2 if indent is None else indent))
    out.write("\n")
