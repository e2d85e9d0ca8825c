"""A hand entered at the terminal: the words of a typed line, the questions for what is
missing (``hand add -i``, ``hand edit``, ``ledger play``), taking an answer back (``undo``), and
what to ask again when the store refuses the hand.

Every question and reading comes from the game's entry role
(:class:`ledger.games.protocol.Entry`: ``parse_entry``, ``questions``); nothing here imports
the store. Errors are ``LedgerError`` with the field named.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ledger.errors import LedgerError
from ledger.i18n import Msg, t
from ledger.safetext import safe

if TYPE_CHECKING:  # the commands import this module at start-up: no game machinery then
    from ledger.games.declare import HandForm


UNDO = "undo"  # the answer that takes back the previous one at the prompts
_KEYED = re.compile(r"(?:^|\s)[^\s=]+=")  # a KEY=VALUE word: a line typed as a whole hand


def regroup(tokens: list[str]) -> list[str]:
    """``["Anna=AH", "2H", "Bruno=rest"]`` → ``["Anna=AH 2H", "Bruno=rest"]``: words without ``=``
    belong to the KEY=VALUE before them (so piles need no quotes); free words before the first
    KEY=VALUE are left alone (``["4SX", "W", "-2", "honours=NS", "100"]`` → ``["4SX", "W", "-2",
    "honours=NS 100"]``)."""
    out: list[str] = []
    keyed = False
    for t in tokens:
        if "=" in t and not t.startswith("="):
            out.append(t)
            keyed = True
        elif keyed:
            out[-1] = f"{out[-1]} {t}"
        else:
            out.append(t)
    return out


def entry_keys(tokens: Sequence[str]) -> list[str]:
    """The keys of the ``KEY=VALUE`` words of a hand typed on a line (``Anna="7D 6D"`` → ``Anna``)."""
    return [tok.split("=", 1)[0] for tok in tokens if "=" in tok and not tok.startswith("=")]


def parse_line(game, setup, text: str) -> dict:
    """The partial hand document of one typed line in the game's words (quotes optional: words
    without ``=`` go with the ``KEY=VALUE`` before them); ``LedgerError`` as ``parse_entry`` says."""
    readings = line_readings(setup, text)
    for tokens in readings[:-1]:
        try:
            return game.parse_entry(setup, tokens)
        except LedgerError:
            pass
    return game.parse_entry(setup, readings[-1])


def line_readings(setup, text: str) -> list[list[str]]:
    """The ways to read the words of a typed line, in order: as typed, then (when it differs) with
    the words without ``=`` joined to the ``KEY=VALUE`` before them (:func:`regroup`).
    ``LedgerError`` for a quote not closed or a pair not named whole."""
    import shlex

    try:
        tokens = shlex.split(text)
    except ValueError:
        raise LedgerError(t("play.quote", "a quote is not closed"), "entry", text) from None
    setup.check_pairs_whole(entry_keys(tokens), "entry")
    grouped = regroup(tokens)
    return [tokens] if grouped == tokens else [tokens, grouped]


def read_kept(game, setup, state, readings: Sequence[Sequence[str]]) -> tuple[dict, list[LedgerError]]:
    """``(document, refused)`` of a hand typed at a terminal: the game's ``parse_entry`` of the
    first of ``readings`` (:func:`line_readings`) it takes whole. When it takes none, each is read
    again past the parts it refuses (:func:`_read_past`), and the reading with the fewest
    refusals whose every refused part the game then asks (:func:`_asks_refused`) is kept: the
    other parts kept, the refused ones to be asked, their errors returned to be said. Raises the
    first reading's ``LedgerError`` when none is kept (the whole line is typed again: no part
    could be kept, or a refused part would not be asked and so be lost)."""
    first: LedgerError | None = None
    for tokens in readings:
        try:
            return game.parse_entry(setup, tokens), []
        except LedgerError as err:
            first = first or err
    assert first is not None
    kept = [got for got in (_read_past(game, setup, tokens) for tokens in readings)
            if got is not None and _asks_refused(game, setup, state, *got)]
    if not kept:
        raise first
    return min(kept, key=lambda got: len(got[1]))


def _read_past(game, setup, tokens: Sequence[str]) -> tuple[dict, list[LedgerError]] | None:
    """The game's reading of ``tokens`` past its refusals, or None: the declaration reads past a
    part it refuses (:func:`ledger.games.declare.parts_refused`); a field of the declared hand
    that the game's own reading refuses after it (bridge's honours against the seats) is left
    out and read again; one that the game's own reading of a part refuses (a side's pile) is
    read again without that part (:func:`_without_part`)."""
    from ledger.games.declare import parts_refused

    form = game.hand_form(setup)
    left_out: list[str] = []
    later: list[LedgerError] = []  # the game's own reading's refusals, a field each
    for _ in range(len(form.fields) if form is not None else 0):
        with parts_refused(left_out) as refused:
            try:
                doc = game.parse_entry(setup, tokens)
            except LedgerError as err:
                if form.answer_at(err.path) is None:
                    return None
                if err.path in left_out:
                    return _without_part(game, setup, form, tokens, left_out, later)
                left_out.append(err.path)
                later.append(err)
                continue
        return (doc, refused + later) if doc and (refused or later) else None
    return None


def _without_part(game, setup, form: HandForm, tokens: Sequence[str], left_out: list[str],
                  later: list[LedgerError]) -> tuple[dict, list[LedgerError]] | None:
    """The first reading of ``tokens`` with one of its parts left out that the game takes (past
    its refusals, ``left_out`` left out), with the refusals; or None. A part: a ``KEY=VALUE``
    word (``EW="calate 9999, in mano 20"``), else a phrase of the declaration's
    (:meth:`HandForm.parts`: ``Bruno rsto``)."""
    from ledger.games.declare import parts_refused

    keyed = [i for i, tok in enumerate(tokens) if _KEYED.search(tok)]
    phrases = form.parts(tokens, game.entry_who(setup, None, {}))
    fewer = [[*tokens[:i], *tokens[i + 1:]] for i in keyed] + \
        [["; ".join(phrases[:i] + phrases[i + 1:])] for i in range(len(phrases))]
    for rest in fewer:
        with parts_refused(left_out) as refused:
            try:
                doc = game.parse_entry(setup, rest) if any(w.strip() for w in rest) else {}
            except LedgerError:
                continue
        if doc:
            return doc, later + refused
    return None


def _asks_refused(game, setup, state, doc: dict, refused: list[LedgerError]) -> bool:
    """Whether the game asks, of ``doc``, every part refused: the field an error's path names
    (:func:`_asked`), or for a part naming no field (not understood) something at all."""
    form = game.hand_form(setup)
    for err in refused:
        declared = form is not None and form.answer_at(err.path) is not None
        target = _answer_key(err.path, form) if declared else None
        if not _asked(game, setup, state, doc, target, form):
            return False
    return True


def lacks_required(game, setup, state, doc: dict) -> bool:
    """Whether the game still asks ``doc`` for an item with no default (or cannot tell)."""
    try:
        return any(q.default is None for q in game.questions(setup, doc, state))
    except LedgerError:
        return True


def retyped_hand(game, setup, state, text: str, first: bool) -> dict | None:
    """The hand document of ``text`` when it is a whole hand typed again in answer to a question
    (the natural move after a refusal: ``Anna=AH 2H … Bruno=rest``), else None. ``first``:
    before the question's own reading, when only a line of ``KEY=VALUE`` words counts; after
    that reading refused it, a line in the game's phrasing (``4SX W -2``) counts too when it is
    a complete hand."""
    keyed = bool(_KEYED.search(text))
    if first and not keyed:
        return None
    try:
        doc = parse_line(game, setup, text)
        missing = [q for q in game.questions(setup, doc, state) if q.default is None]
    except LedgerError:
        return None
    if not doc or (missing and not keyed):
        return None
    return doc


def answer_error(game, setup, text: str, err: LedgerError) -> LedgerError:
    """What to say of an answer a question refused: when the answer is a line of ``KEY=VALUE``
    words (a whole hand typed again, ``NS=... EW=...``), what is wrong with that hand (an unknown
    player, two sides that closed), rather than the question's own reading of it; else ``err``."""
    if not _KEYED.search(text):
        return err
    try:
        parse_line(game, setup, text)
    except LedgerError as whole:
        return whole
    return err


UNDO_WORDS = (UNDO, "annulla")  # and as Italian players say it


def retyped() -> Msg:
    """``(the line typed replaces the hand)``: said when an answer was a whole hand typed again."""
    return t("play.retyped", "(the line typed replaces the hand)")


def _say(text: str) -> None:
    """A remark at a prompt of ``hand add -i`` on standard error, two spaces in, folded to the screen."""
    from ledger.cli.screen import echo

    echo(text, err=True, indent="  ")


def say_error(text: str) -> None:
    """An answer refused at a prompt of ``hand add -i``: ``error: ...`` on standard error, two
    spaces in, folded to the screen (:func:`ledger.cli.screen.wrap`)."""
    from ledger.cli.screen import wrap

    sys.stderr.write("\n".join(wrap(str(t("cli.error", "error: {what}", what=text)), indent="  ")) + "\n")


def complete_hand(game, setup, doc: dict, ask: Callable[[Any], str] | None, state=None,
                  history: list | None = None) -> tuple[dict, LedgerError | None]:
    """Ask the game's questions until the hand document is complete: ``(document, None)``.

    ``ask(question)`` returns the user's answer; with ``ask`` None (no terminal), an optional item
    takes its default, and at the first missing required item the document is returned as it is
    with the error naming that item: ``(document, error)``. The store refuses such a hand from
    its one reading of it (``Ledger.add_hand(..., incomplete=error)``), naming a plainer fault of
    the hand (an unknown field) first. A bad answer is shown and asked again. ``history`` (if given) receives the document as it was before each answer;
    then the answer ``undo`` takes back the previous answer and asks it again.
    """
    if ask is None:
        return game.completed(setup, doc, state)  # an optional item left at its default, as the page's
    for _ in range(1000):
        qs = game.questions(setup, doc, state)
        if not qs:
            return doc, None
        q = qs[0]
        while True:
            answer = ask(replace(q, text=setup.with_shown_sides(q.text),  # a pair named NS: as Anna & Carla
                                 choices=setup.with_shown_choices(q.choices)))
            if answer.strip().lower() in UNDO_WORDS and history is not None:
                new = None  # take back the last answer and ask it again
                break
            new = retyped_hand(game, setup, state, answer, first=True)  # the whole hand typed again
            try:
                if new is None:
                    new = answered(game, doc, q.answer(doc, answer))
                else:
                    _say(str(retyped()))
                break
            except LedgerError as err:
                new = retyped_hand(game, setup, state, answer, first=False)
                if new is not None:
                    _say(str(retyped()))
                    break
                say_error(safe(answer_error(game, setup, answer, err)))  # in the language in use (str(err))
        if new is None:
            if history:
                doc = history.pop()
            else:
                _say(str(t("input.nothing_to_undo", "nothing to undo yet")))
            continue
        if history is not None:
            history.append(doc)
        doc = new
    raise LedgerError(t("cli.too_many_questions", "too many questions"), "hand", None)


def answered(game, doc: dict, new: dict) -> dict:
    """``new``, the hand ``doc`` with a question's answer, less what that answer makes wrong
    inside the answers before it (:meth:`Entry.correction_base`: a closer named when asked again
    after a refusal drops the cards or penalty typed for that player). A whole item of ``doc``
    stays (the closing in mano typed in the same line is said of whoever closed)."""
    changed = {k: v for k, v in new.items() if k not in doc or doc[k] != v}
    base = game.correction_base(doc, changed) if changed else doc
    return new if base == doc else merge({k: base.get(k, v) for k, v in doc.items()}, changed)


def forget_answer(doc: dict, err: LedgerError, history: list, form: HandForm | None = None) -> dict | None:
    """After the scorer refused a prompted hand, the document without the refused part, so the
    prompts ask it again: the answer at the error's field path inside the hand (``err.path``:
    ``sides.NS.melded_points`` drops that one number, ``others.Bruno[3]`` Bruno's cards) if the
    document has it, read by the game's declared hand ``form`` when it declares that field, else
    the last answer (``history``). None when there is nothing to ask again."""
    again = _without_keys(doc, _refused_keys(err.path, form))
    if again is not None:
        return again
    return history.pop() if history else None


def _refused_keys(path: str, form: HandForm | None) -> list[str]:
    """The keys in a hand document of the answer an error's ``path`` is about: read by the
    declared hand ``form`` (:meth:`HandForm.answer_at`), else the path's own (:func:`path_keys`)."""
    keys = form.answer_at(path) if form is not None else None
    return list(keys) if keys is not None else path_keys(path)


def _without_keys(doc: dict, parts: list[str]) -> dict | None:
    """``doc`` without the answer at ``parts`` (:func:`_without`), or None when ``doc`` has no
    such single answer (no path, or a whole group of several: every side)."""
    whole_group = len(parts) == 1 and isinstance(doc.get(parts[0]), dict) and len(doc[parts[0]]) > 1
    if parts and parts[0] in doc and not whole_group:
        return _without(doc, parts)
    return None


def ask_again(game, setup, state, doc: dict, err: LedgerError, history: list) -> dict | None:
    """After the scorer refused a hand typed or prompted, the document to ask again from, every
    other answer kept: the hand less the part the error's field path names (:func:`forget_answer`)
    when the game asks that part, else less the side's or player's whole answer that holds it
    (Scopa: ``sides.Bruno.cards`` asks Bruno's pile). A part the game does not ask in that hand
    (Scala 40: the cards of the player named as closer) is asked with the hand field that keeps
    it from being asked (``closed_by``: "Who closed?"; the answer goes through
    :func:`answered`). Without such a part, the last answer (``history``). None when nothing
    would be asked: the refusal names no single part, and the hand is entered again."""
    form = game.hand_form(setup)
    keys = _refused_keys(err.path, form)
    without = _without_keys(doc, keys)
    if without is None:
        last = history.pop() if history else None
        return last if last is not None and _asked(game, setup, state, last, None) else None
    for depth in range(len(keys), 0, -1):  # the answer itself, then the side's or player's that holds it
        again = _without_keys(doc, keys[:depth])
        found = None if again is None else _unhidden(game, setup, state, again, ".".join(keys[:depth]), form)
        if found is not None:
            return found
    return without if _asked(game, setup, state, without, None) else None


def _unhidden(game, setup, state, again: dict, target: str, form: HandForm | None) -> dict | None:
    """``again`` when the game asks ``target`` of it, else ``again`` less the first hand field in
    the declared order whose absence has ``target`` asked (Scala 40's ``closed_by``); or None."""
    from ledger.games.fields import Per

    if _asked(game, setup, state, again, target, form):
        return again
    for f in form.fields if form is not None else ():
        unset = {k: v for k, v in again.items() if k != f.key}
        if f.per is Per.HAND and f.key in again and _asked(game, setup, state, unset, target, form):
            return unset
    return None


def _answer_key(path: str, form: HandForm | None) -> str:
    """The key of the question that asks the answer an error's ``path`` is about (``others.Anna``)."""
    return ".".join(_refused_keys(path, form))


def _asked(game, setup, state, doc: dict, target: str | None, form: HandForm | None = None) -> bool:
    """Whether the game still asks something of ``doc`` (or cannot tell); with ``target``, a
    question about that answer: its key, or one above or below it (``sides.NS`` and
    ``sides.NS.melded_points``), a number's key for its field's (``sides.NS.melded``:
    :attr:`Field.counted_key`)."""
    try:
        keys = [q.key for q in game.questions(setup, doc, state)]
    except LedgerError:
        return True
    if target is None:
        return bool(keys)
    counted = {f.key: f.counted_key for f in form.fields if f.counted_key} if form is not None else {}
    keys += [f"{k.rpartition('.')[0]}.{counted[k.rpartition('.')[2]]}" for k in keys
             if "." in k and k.rpartition(".")[2] in counted]
    return any(k == target or k.startswith(target + ".") or target.startswith(k + ".") for k in keys)


def path_keys(path: str) -> list[str]:
    """The keys of a document's field path, its list positions left out: ``sides.NS.cards[3]`` →
    ``["sides", "NS", "cards"]`` (a game without a declared hand: its own questions ask by key)."""
    return [p for p in re.sub(r"\[\d+\]", "", path).split(".") if p]


def _without(doc: dict, parts: list[str]) -> dict:
    """``doc`` without the deepest part of the path ``parts`` that it has: ``sides.NS.melded_points``
    drops that one number of side NS (its other answers are kept), ``sides.NS`` the whole side;
    an object left empty goes too (a side with nothing given is a side not given, and asked)."""
    out = dict(doc)
    key, rest = parts[0], parts[1:]
    inner = out[key]
    if rest and isinstance(inner, dict) and rest[0] in inner:
        out[key] = _without(inner, rest)
    if not rest or out[key] == {}:
        del out[key]
    return out


def merge(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict:
    """``base`` with ``extra`` laid over it, nested objects merged at every depth: correcting
    ``EW.hand=…`` of a hand whose sides are ``{"sides": {"EW": {…}}}`` changes that one field and
    keeps the side's others. A value that is not an object on either side replaces the other."""
    out = dict(base)
    for k, v in extra.items():
        old = out.get(k)
        out[k] = merge(old, v) if isinstance(v, Mapping) and isinstance(old, Mapping) else v
    return out
