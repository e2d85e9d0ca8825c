"""The words of a hand kept as one object per side (Burraco, Canasta), read by the game's declared
hand (:mod:`ledger.games.declare`).

Such a hand is typed as ``KEY=VALUE`` words, one side at a time, each side either in one line as
the players say it or one field at a time::

    NS="2 puliti, 1 sporco, calate 310, in mano 0, chiuso" EW="calate 85, in mano 60, senza pozzetto"
    NS.burrachi="pulito, sporco" NS.calate=290 NS.mano=0 NS.pozzetto=sì chiuso=NS

A side's line is parts split at commas and ``;`` (not the comma of a number, ``calate 1,200``),
each one of the side's declared fields (:attr:`ledger.games.declare.Field.within`): a field's word
and its value in either order (``calate 310``, ``310 melded``), a word said for a value
(``pozzetto preso``, ``senza pozzetto``), a flag's word alone (``pozzetto``), the word of the
hand's closer alone (``chiuso``: this side closed), or, with no word, what the game reads as the
line's own part (``2 puliti``: its burrachi). Every word and name comes from the declaration;
the game gives only the reading of that wordless part. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ledger.errors import LedgerError
from ledger.games.base import phrase_parts, put_closer, put_once
from ledger.games.declare import Field, HandForm, JsonValue, Kind, Per, Question, Reader, Who
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.match_setup import MatchSetup, Resolve
from ledger.games.suggest import did_you_mean
from ledger.i18n import Msg, t

Alone = Reader
"""The game's reading of a part of a side's line that names no field, ``(part, path) -> value``
of the line's own field, or None when the part is not of its form."""


def read_line(form: HandForm, side: str, text: str, alone: Alone, own: str) -> tuple[JsonDict, list[Field]]:
    """A side's line → (its fields by document key, the hand fields said by their word alone).

    ``own``: the key of the field a part with no word is read as (``burraco``: ``2 puliti``),
    by ``alone``; such parts add up (``2 puliti, 1 sporco``). A value that cannot be, or one
    that contradicts an earlier part, is a ``LedgerError`` on its field's path
    (``sides.NS.melded_points``); a part that is none of the fields, on ``sides.NS``."""
    fields: JsonDict = {}
    said: list[Field] = []
    own_field = next(f for f in form.fields if f.within is not None and f.key == own)
    path = f"{own_field.within}.{side}"
    who = Who((side,), lambda name, where: side)
    for part in phrase_parts(text):
        closer = form.hand_field(part)
        if closer is not None and (Kind.SIDE in closer.kinds or Kind.FLAG in closer.kinds):
            said.append(closer)
            continue
        found = _said_field(form, part, side, who)
        if found is None:
            got = alone(part, f"{path}.{own}")
            if got is None:
                raise _unknown_part(part, path, form.main_field or own_field)
            fields[own] = [*fields.get(own, []), *got]
            continue
        f, value = found
        key = f.path(side, value)[-1]
        put_once(fields, key, value, path, part)
    return fields, said


def _said_field(form: HandForm, part: str, side: str, who: Who) -> tuple[Field, JsonValue] | None:
    """The side's field a part of its line says and its value: a word said for a value or a
    flag's word alone (``pozzetto preso``, ``pozzetto``), or a field's word before or after the
    value (``calate 310``, ``310 calate``, ``in mano: 35``); None when no field's word is in it."""
    parts = [f for f in form.fields if f.within is not None]
    for f in parts:
        if any(_fold(part) == _fold(w) for said in f.values for w in said.words):
            return f, form.value(f, part, form.typed_path(f, side, part), who, _no_player)
        if Kind.FLAG in f.kinds and _fold(part) in f.spellings():  # "pozzetto": the flag's word alone
            return f, True
    words = part.split(" ")
    for n in range(len(words) - 1, 0, -1):
        for name, value in ((" ".join(words[:n]), " ".join(words[n:])), (" ".join(words[-n:]), " ".join(words[:-n]))):
            named = form.per_field(name.rstrip(":"))
            if named is not None and named.within is not None:
                return named, form.value(named, value, form.typed_path(named, side, value), who, _no_player)
    return None


def _unknown_part(part: str, path: str, line: Field) -> LedgerError:
    """A part of a side's line that says nothing the side has, with an example of a whole line."""
    return LedgerError(t("entry.side_part_unknown", "{part!r} is not understood (say e.g. {example})", part=part,
                         example=line.example), path, part)


def read_keyed(form: HandForm, setup: MatchSetup, tokens: Sequence[str], alone: Alone, own: str,
               complete: Callable[[JsonDict, bool], None], closing: tuple[str, ...] = ()) -> JsonDict:
    """``KEY=VALUE`` words → a partial hand document ``{"sides": {...}, "closed_by": ...}``.

    A key is a field of the hand (``chiuso=NS``, ``closed=nobody``: :meth:`HandForm.hand_field`),
    a side's field after the side or one of its players (``NS.calate=310``, ``Anna.burrachi=...``),
    or a side alone with its line (:func:`read_line`; once every word is read, ``complete(fields,
    closed)`` fills in what a side given by a line leaves out because it has none: no burrachi
    said is none). ``closing``: the keys of the hand's flags that, said in a side's line, say that
    the side closed too (Canasta's ``chiusura in mano``). Two different closers, or a field given
    twice with different values, are refused; ``LedgerError`` on ``entry`` for a word that is no
    ``KEY=VALUE``, ``entry.KEY`` for a key that names nothing."""
    container = next(f.within for f in form.fields if f.within is not None)
    assert container is not None
    doc: JsonDict = {container: {}}
    who = Who(setup.side_names, setup.resolve_side)
    lined: dict[str, bool] = {}  # the sides given by a line: whether it said the side closed
    for tok in tokens:
        if "=" not in tok:
            raise LedgerError(t("entry.not_key_value", "expected KEY=VALUE, got {token!r}", token=tok), "entry", tok)
        key, value = (x.strip() for x in tok.split("=", 1))
        top = form.hand_field(key)
        if top is not None:
            _put_hand(doc, top, form.value(top, value, top.key, who, setup.resolve_player), tok)
        elif "." in key:
            _read_field(form, setup, doc, key, value, tok, who)
        else:
            side = setup.resolve_entry(key, [w for f in form.fields if f.per is Per.HAND for w in f.spellings()])
            fields, said = read_line(form, side, value, alone, own)
            for k, v in fields.items():
                put_once(doc[container].setdefault(side, {}), k, v, f"{container}.{side}", tok)
            closes = any(f.key == "closed_by" or f.key in closing for f in said)
            if closes:  # the closer first, then what else the line said of the hand (as documents list them)
                put_closer(doc, side, tok)
            for f in said:
                if f.key != "closed_by":
                    _put_hand(doc, f, side if Kind.SIDE in f.kinds else True, tok)
            lined[side] = lined.get(side, False) or closes
    for side, closed in lined.items():
        complete(doc[container].setdefault(side, {}), closed)
    return doc


def _read_field(form: HandForm, setup: MatchSetup, doc: JsonDict, key: str, value: str, tok: str,
                who: Who) -> None:
    """``NS.calate=310``: one field of one side."""
    side_key, name = key.split(".", 1)
    side = setup.resolve_side(side_key, f"entry.{key}")
    f = form.per_field(name)
    if f is None or f.within is None:
        words = [w for g in form.fields if g.within is not None for w in (g.key, *g.words)]
        raise LedgerError(t("entry.unknown_side_field", "unknown field {name!r}{hint}", name=name,
                            hint=did_you_mean(name, words, f" ({', '.join(g.key for g in form.fields if g.within)})")),
                          f"entry.{key}", value)
    got = form.value(f, value, form.typed_path(f, side, value), who, setup.resolve_player)
    keys = f.path(side, got)
    put_once(doc[keys[0]].setdefault(side, {}), keys[-1], got, f"{keys[0]}.{side}", tok)


def _put_hand(doc: JsonDict, f: Field, value: JsonValue, tok: str) -> None:
    """A field of the whole hand: the closer (one side closes: :func:`put_closer`), or another."""
    if f.key == "closed_by":
        put_closer(doc, value, tok)
    else:
        put_once(doc, f.key, value, "", tok)


def _no_player(name: object, path: str) -> str:
    raise LedgerError(t("entry.no_player_here", "{name!r}: no player is named here", name=name), path, name)


def _fold(text: str) -> str:
    return " ".join(text.replace("_", " ").split()).casefold()


def cards_after_kinds(q: Question, side: str, own: str, is_kind: Callable[[object], bool], refusal: Msg) -> Question:
    """Question ``q`` (a side's melded points) whose answer refuses the other melds' cards when the
    side's ``own`` field was given by kind (Burraco's burrachi, Canasta's canastas): the cards of
    a meld would then be counted without those of the kinds, so the points must be a number.
    ``LedgerError`` ``refusal`` on ``sides.SIDE.melded_points``."""
    def answer(doc: JsonDict, text: str) -> JsonDict:
        out = q.answer(doc, text)
        sides = out.get("sides") or {}
        given = next((v for k, v in sides.items() if str(k).casefold() == side.casefold()), None)
        kinds = given.get(own) if isinstance(given, Mapping) else None
        if isinstance(given, Mapping) and "melded" in given and any(is_kind(k) for k in kinds or ()):
            raise LedgerError(refusal, f"sides.{side}.melded_points", text)
        return out
    return replace(q, answer=answer)


def closer_asked(q: Question, setup: MatchSetup, players_text: Msg) -> Question:
    """Question ``q`` (who closed: ``closed_by``) as a game of sides asks it: the match's sides
    and ``nobody`` offered as answers; with single players (no pairs), ``players_text`` asked
    instead (who closed: a player, or nobody)."""
    text = q.text if setup.teams else str(players_text)
    return replace(q, text=text, choices=(*setup.side_names, str(t("answer.nobody", "nobody"))))


Said = Callable[[str, str], tuple[JsonDict, list[str]]]
"""A game's reading of one side's line in a document, ``(text, side key) -> (fields, keys of the
hand's fields it said)``: ``closed_by`` when it says the side closed, or a flag (``concealed``)."""


def expand_lines(doc: JsonDoc, resolve: Resolve, read: Said,
                 nobody: Sequence[str]) -> JsonDoc:
    """``doc`` with every side given as one line (a hand document may give a side so) read into
    its fields by ``read``; the line that says ``chiuso`` names the closer (``closed_by`` may then
    be left out, and must agree when given) and a flag said (``concealed``) is set. ``doc``
    itself when no side is a line. ``LedgerError`` on ``closed_by`` for two lines that closed, or
    one that disagrees with ``closed_by`` (``nobody``: the words for no closer)."""
    sides = doc.get("sides")
    if not isinstance(sides, Mapping) or not any(isinstance(v, str) for v in sides.values()):
        return doc
    out: JsonDict = {}
    closers: list[str] = []
    flags: set[str] = set()
    for key, value in sides.items():
        if isinstance(value, str):
            value, said = read(value, key)
            closers += [key] if "closed_by" in said else []
            flags.update(k for k in said if k != "closed_by")
        out[key] = value
    doc = {**doc, "sides": out}
    if len(closers) > 1:
        raise LedgerError(t("entry.lines_both_closed", "{sides} both say they closed", sides=closers), "closed_by",
                          closers)
    if closers and "closed_by" not in doc:
        doc = {**doc, "closed_by": closers[0]}
    given = doc.get("closed_by")
    if closers and (not isinstance(given, str) or given.strip().casefold() in nobody
                    or resolve(given, "closed_by") != resolve(closers[0], f"sides.{closers[0]}")):
        raise LedgerError(t("entry.line_says_closed", "{side} says it closed, but closed_by is {value!r}",
                            side=closers[0], value=given), "closed_by", given)
    return {**doc, **{k: True for k in sorted(flags) if k not in doc}}


def hand_as_said(doc: JsonDoc, setup: MatchSetup, expand: Callable[[JsonDoc], JsonDoc],
                 nobody: Sequence[str]) -> tuple[JsonDoc, str | None] | None:
    """What the questions of a hand are asked from: ``doc`` with its sides' lines read
    (``expand``) and the side that closed (None: nobody, or not said yet); None when the sides
    or the closer cannot be read (scoring then names the fault, so nothing is asked)."""
    try:
        seen = expand(doc)
        sides = {} if seen.get("sides") is None else seen["sides"]
        if not isinstance(sides, Mapping):
            return None
        for k in sides:
            setup.resolve_side(k, f"sides.{k}")
        closer = seen.get("closed_by")
        named = isinstance(closer, str) and closer.strip().casefold() not in nobody
        return seen, setup.resolve_side(closer, "closed_by") if named else None
    except LedgerError:
        return None
