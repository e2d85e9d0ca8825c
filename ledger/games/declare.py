"""A game's hand, declared once: its fields, their kinds and ranges, and their words in every language.

A game sets ``Game.hand`` to a :class:`HandForm`; from that one declaration come

- reading what the scorekeeper types (:meth:`HandForm.read_words`): ``KEY=VALUE`` words
  (``Anna=34``, ``closed_by=Anna``, ``Anna.opened=no``) and the phrases players say, split at
  ``;`` and ``,`` (``chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto; in mano``);
- the questions for what is still missing (:meth:`HandForm.questions`), one per field and side or
  player, each answer kept once given (the parts of a side's object, :attr:`Field.within`, side
  by side with :attr:`HandForm.side_by_side`);
- the label of an error's field path in the language in use (:meth:`HandForm.label`:
  ``others.Bruno[3]`` → ``Bruno, 4th card`` / ``Bruno, 4ª carta``), while ``--json`` errors keep
  the path itself for programs;
- the table of fields of the game's docs page and the phone form (:meth:`HandForm.describe`).

The declaration reads words into the plain JSON of the game's hand document (FORMATS.md): the
game's rules read that document into its typed hand and do every check of RULES.md, so a hand
typed and a hand sent as JSON meet the same checks. A game keeps code only for what is its own
(a value read its own way: :attr:`Field.read`).

Words are matched ignoring case and extra spaces, in any language the ledger speaks: a field is
named by its key (``closed_by``), its name in each language (``chi chiude``) and its
:attr:`Field.words` (``chiude``, ``closed``, ``ha chiuso``). Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace

from ledger.errors import LedgerError, use_labels
from ledger.games.fields import Answer as Answer
from ledger.games.fields import Field as Field
from ledger.games.fields import JsonValue as JsonValue
from ledger.games.fields import Kind as Kind
from ledger.games.fields import Per as Per
from ledger.games.fields import Question as Question
from ledger.games.fields import Reader as Reader
from ledger.games.fields import Said as Said
from ledger.games.fields import Who as Who
from ledger.games.fields import fold as _fold
from ledger.games.jsontypes import JsonDict, JsonDoc
from ledger.games.field_values import NUMERIC as _NUMERIC
from ledger.games.field_values import typed_value
from ledger.games.match_setup import Resolve
from ledger.games.suggest import nearest
from ledger.i18n import Msg, t



@dataclass(frozen=True)
class HandForm:
    """A game's hand: its :class:`Field` list, in the order they are asked.

    ``main``: the key of the per-side or per-player field a name alone fills (``Bruno JK AS
    7H``, ``Anna=34``); default: the first such field. ``game``: the registry name (messages).
    ``subfields``: the names of the keys inside a side's or player's value (``stake_cents`` →
    ``stake``), for error labels (``Bruno, stake``); a key not named there is shown as written.
    ``side_by_side``: the questions ask every field of one side or player before the next's
    (Burraco: NS's burrachi, melded, hand, pozzetto, then EW's), rather than one field for all.
    ``commas_in_values``: a comma inside a ``KEY=VALUE`` word's value is the value's own
    (``Anna="7 di denari, re di coppe"``: :func:`commas_in_values`), a ``;`` always cuts.
    """

    fields: tuple[Field, ...]
    game: str = ""
    main: str | None = None
    subfields: Mapping[str, Msg] = field(default_factory=dict)  # names of the keys inside a value (error labels)
    side_by_side: bool = False
    commas_in_values: bool = False
    _by_key: dict[str, Field] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_key.update({f.key: f for f in self.fields})

    def field(self, key: str) -> Field | None:
        """The field called ``key`` in the document, or None."""
        return self._by_key.get(key)

    def named(self, words: str) -> Field | None:
        """The field that ``words`` name (its key, its name in any language, one of its words;
        folded), or None: a game reading its own phrase finds a field's word with it."""
        return self.hand_field(words) or self.per_field(words)

    def typed_path(self, f: Field, name: str | None, text: str) -> str:
        """The path an error of ``text`` typed for field ``f`` names: :meth:`Field.path` of a whole
        number when ``text`` looks like one (``sides.NS.melded_points`` for ``310``)."""
        return ".".join(f.path(name, 0 if _NUMERIC.fullmatch(text.strip()) else None))

    @property
    def main_field(self) -> Field | None:
        """The per-side or per-player field that a name alone fills, or None."""
        if self.main is not None:
            return self._by_key[self.main]
        return next((f for f in self.fields if f.per is not Per.HAND), None)

    # --- words typed at the table ---------------------------------------------------------------
    def read_words(self, tokens: Sequence[str], who: Who, resolve_player: Resolve) -> JsonDict:
        """What the scorekeeper typed → a partial hand document (FORMATS.md's JSON).

        ``tokens``: the words of the command line or of one line typed in ``play``. Each part (a
        ``KEY=VALUE`` word, or a phrase between ``;`` or ``,``) sets one field: a field's word
        (``in mano``), a field's word and a value (``chiude Anna``, ``bid 70``), a side or player
        and their value (``Bruno JK AS 7H``, ``Anna=34``, ``Anna.opened=no``). Raises
        ``LedgerError`` on ``entry`` naming the part not understood and the nearest right word, or
        on the field's path for a value that is not of its kinds, or for a field given twice with
        different values.
        """
        doc: JsonDict = {}
        reading = _REFUSED.get()
        for part in self.parts(self._items_kept(tokens, who) if self.commas_in_values else tokens, who):
            try:
                self._read_part(part, doc, who, resolve_player)
            except LedgerError as err:
                if reading is None:
                    raise
                reading[0].append(err)  # read past it (parts_refused): the field it names stays to be asked
                _drop(doc, err.path)
        for path in reading[1] if reading is not None else ():
            _drop(doc, path)
        return doc

    def _items_kept(self, tokens: Sequence[str], who: Who) -> list[str]:
        """:func:`commas_in_values` of ``tokens``, and the same for a quoted value of several
        words right after a name (``Anna "7 di denari, re di coppe"``: one value, not three parts)."""
        out = commas_in_values(tokens)
        for i in range(1, len(out)):
            tok, before = str(out[i]), str(out[i - 1]).strip()
            if "," in tok and "=" not in tok and re.search(r"\S\s+\S", tok) and self._named(before, who) is not None:
                out[i] = _ITEM_COMMA.sub(" ", tok)
        return out

    def check_keys(self, tokens: Sequence[str], resolve_entry: Callable[[str, list[str]], object],
                   extra: Sequence[str] = ()) -> None:
        """Each ``KEY=VALUE`` word of ``tokens`` whose key names no hand field (nor one of the
        game's ``extra`` keys) goes to ``resolve_entry(key, words)`` (:meth:`MatchSetup.resolve_entry`):
        a name of the match passes, anything else raises ``LedgerError`` on ``entry.KEY`` naming
        the nearest word (``'knok' is not a player or a word of trentuno (did you mean 'knock'?)``)."""
        hand = [f for f in self.fields if f.per is Per.HAND]
        known = {_fold(w) for w in extra} | {w for f in hand for w in f.spellings()}
        words = [w for f in hand for w in (f.key, *f.words)] + list(extra)
        for token in tokens:
            key, eq, _ = str(token).partition("=")
            if eq and key.strip() and " " not in key.strip() and "." not in key and _fold(key) not in known:
                resolve_entry(key.strip(), words)

    def parts(self, tokens: Sequence[str], who: Who) -> list[str]:
        """The parts of what was typed, each setting one field: the words joined, cut at ``;``
        and ``,`` (not the comma of a number, ``1,200``), before each ``KEY=`` word, and before
        each name of ``who`` or word of a hand field that starts a new part (``chiude Anna
        Bruno 34 in mano`` → ``chiude Anna``, ``Bruno 34``, ``in mano``)."""
        text = " ".join(self.joined(tokens))
        out: list[str] = []
        cut = ";"
        for piece in re.split(f"({_SEPARATOR.pattern})", text):
            if _SEPARATOR.fullmatch(piece):
                cut = piece
                continue
            if cut == "," and self._more_cards(out, piece, who):  # 'Carla 2S, 5H': the comma between her cards
                out[-1] += " " + " ".join(piece.split())
                continue
            for keyed in re.split(r"\s+(?=[^\s=]+=)", piece.strip()):
                if "=" in keyed.split(" ", 1)[0]:
                    out += self._keyed(keyed.split(), who)  # a key's own spaces kept apart (_one_word_key)
                else:
                    out += [p.replace(_KEY_SPACE, " ") for p in self._segments(keyed.split(), who)]
        return [p for p in out if p]

    def joined(self, tokens: Sequence[str]) -> list[str]:
        """The words typed, ready to be joined: a key's spaces kept (:func:`_one_word_key`), and a
        ``;`` put before a word that follows a ``KEY=VALUE`` word and opens with a hand field's
        word (``Carla=30 bussa Bruno``: ``bussa Bruno`` is a part of its own, not more of Carla's
        value; the words of one-letter and two-letter fields, ``c``, ``da``, may be values)."""
        out: list[str] = []
        in_value = False  # the words since a KEY=VALUE word, which go on with its value
        for token in map(str, tokens):
            first = token.split(" ", 1)[0]
            if "=" in first:
                in_value = True
            elif in_value and len(first) > 2 and self._field_at(token.split(), 0)[1] is not None:
                out.append(";")
                in_value = False
            out.append(_one_word_key(token))
        return out

    def _more_cards(self, out: list[str], piece: str, who: Who) -> bool:
        """Whether ``piece``, cut off by a comma, is more cards of the part before it: in a game
        whose values are lists of cards (:attr:`commas_in_values`), the part before it starts
        with a name and ``piece`` is nothing but cards (``Carla 2S, 5H``, ``Anna 7 di denari, re
        di coppe``)."""
        if not (self.commas_in_values and out and piece.strip()) or "=" in out[-1].split(" ", 1)[0]:
            return False
        if not self._name_opens(out[-1].split(), who, leave=1):
            return False
        from ledger.cards import parse_cards

        try:
            return bool(parse_cards(piece.strip(), "entry", italian=True))
        except LedgerError:
            return False

    def _keyed(self, words: list[str], who: Who) -> list[str]:
        """A ``KEY=VALUE`` word with the free words after it: one part (``NS=3 assi 12 figure``),
        but a number followed by a name ends the value (``Anna.scope=2 Bruno resto``:
        ``Anna.scope=2``, then ``Bruno resto``)."""
        rest = words[1:]
        if rest and _NUMERIC.fullmatch(words[0].partition("=")[2]) and self._name_opens(rest, who):
            return [words[0], *(p.replace(_KEY_SPACE, " ") for p in self._segments(rest, who))]
        return [" ".join(words)]

    def _segments(self, words: list[str], who: Who) -> list[str]:
        """Words without separators cut where a name or a hand field's word begins a new part;
        a name right after a field's word that takes a name (``chiude Anna``) stays with it."""
        out: list[list[str]] = []
        i = 0
        while i < len(words):
            n, f = self._field_at(words, i)
            starts_name = self._name_opens(words[i:], who)
            current = out[-1] if out else None
            awaiting = current is not None and self._awaits_name(current)
            names_it = (f is not None and current is not None and _TAKES_NAME & set(f.kinds)
                        and self._named(" ".join(current), who) is not None)  # "Anna closed"
            if names_it and current is not None:
                current += words[i:i + n]
                i += n
                continue
            if current is None or (starts_name and not awaiting) or (f is not None and not awaiting):
                out.append(words[i:i + max(n, 1)])
                i += max(n, 1)
                continue
            current.append(words[i])
            i += 1
        return [" ".join(p) for p in out]

    def _field_at(self, words: list[str], i: int) -> tuple[int, Field | None]:
        """The longest hand field's word (up to 4 words) starting at ``words[i]``: its length and field."""
        for n in range(min(4, len(words) - i), 0, -1):
            f = self.hand_field(" ".join(words[i:i + n]))
            if f is not None:
                return n, f
        return 0, None

    def _awaits_name(self, part: list[str]) -> bool:
        """Whether a name after ``part`` belongs to it: ``part`` is a field's word that takes a
        name (``chiude``), or a list of names still going on (``rientra Dario e``)."""
        f = self.hand_field(" ".join(part))
        if f is not None:
            return bool(_TAKES_NAME & set(f.kinds))
        if part and _fold(part[-1]) in _AND_WORDS:
            return any((g := self.hand_field(" ".join(part[:n]))) is not None and Kind.PLAYERS in g.kinds
                       for n in range(1, min(4, len(part)) + 1))
        return False

    def _read_part(self, part: str, doc: JsonDict, who: Who, resolve_player: Resolve) -> None:
        if "=" in part.split(" ", 1)[0]:
            key, _, value = part.partition("=")
            key = key.strip().replace(_KEY_SPACE, " ")
            self._read_keyed(key, value.strip(), f"{key}={value}", doc, who, resolve_player)
            return
        whole = self.hand_field(part)
        if whole is not None and Kind.FLAG in whole.kinds:  # a flag's word alone: "in mano"
            _put(doc, [whole.key], True, part)
            return
        words = part.split(" ")
        for n in range(len(words) - 1, 0, -1):
            f = self.hand_field(" ".join(words[:n]))  # "chiude Anna", "bid 70"
            if f is not None:
                _put(doc, [f.key], self.value(f, " ".join(words[n:]), f.key, who, resolve_player), part)
                return
            f = self.hand_field(" ".join(words[-n:]))  # "Anna closed", "Marco ha bussato"
            if f is not None and _TAKES_NAME & set(f.kinds):
                _put(doc, [f.key], self.value(f, " ".join(words[:-n]), f.key, who, resolve_player), part)
                return
        for n in range(len(words) - 1, 0, -1):  # "Bruno JK AS 7H", "Giulia & Sara 34"
            named = self._named(" ".join(words[:n]), who)
            if named is not None:
                self._read_for(named, " ".join(words[n:]), part, doc, who, resolve_player)
                return
        raise self._not_understood(part, who)

    def _read_keyed(self, key: str, value: str, part: str, doc: JsonDict, who: Who,
                    resolve_player: Resolve) -> None:
        name, _, sub = key.partition(".")
        f = self.hand_field(name)
        if f is not None and not sub:
            _put(doc, [f.key], self.value(f, value, f.key, who, resolve_player), part)
            return
        named = self._named(name, who)
        if named is None:
            raise self._not_understood(key, who)
        if sub:
            part_field = self.per_field(sub)
            if part_field is not None:  # "NS.pozzetto=sì": a per-side field named after the side
                got = self.value(part_field, value, self.typed_path(part_field, named, value), who, resolve_player)
                _put(doc, part_field.path(named, got), got, part)
                return
            main = self.main_field
            parts = [w for g in self.fields if g.within == getattr(main, "key", None) for w in g.spellings()]
            if main is None or parts:  # a side's object of declared parts takes no other key
                raise self._not_understood(sub, who, parts)
            _put(doc, [main.key, named, sub], _scalar(value), part)
            return
        self._read_for(named, value, part, doc, who, resolve_player)

    def _read_for(self, name: str, text: str, part: str, doc: JsonDict, who: Who,
                  resolve_player: Resolve) -> None:
        """A side's or player's value: the main field, another per-side field named first
        (``Anna penalty 34``), or a hand field's word that takes a name (``Bruno=chiude``: Bruno
        closed)."""
        words = text.split(" ")
        for n in range(len(words) - 1, 0, -1):
            f = self.per_field(" ".join(words[:n]))
            if f is not None and f.within is None:  # a part of the side's object is the main field's phrase
                said = " ".join(words[n:])
                got = self.value(f, said, self.typed_path(f, name, said), who, resolve_player)
                _put(doc, f.path(name, got), got, part)
                return
        said_of = self.hand_field(text)
        if said_of is not None and _TAKES_NAME & set(said_of.kinds):  # "Bruno=chiude": Bruno closed
            _put(doc, [said_of.key], self.value(said_of, name, said_of.key, who, resolve_player), part)
            return
        main = self.main_field
        if main is None:
            raise self._not_understood(part, who)
        path = f"{main.key}.{name}"
        try:
            got = self.value(main, text, path, who, resolve_player)
        except LedgerError as refused:
            raise self._unknown_after_number(main, text, path, who, resolve_player) or refused from None
        _put(doc, [main.key, name], got, part)

    def _unknown_after_number(self, f: Field, text: str, path: str, who: Who,
                              resolve_player: Resolve) -> LedgerError | None:
        """For a refused value ``text`` of the number field ``f`` whose first word is a good number,
        the error of what follows it, an unknown name (``Bruno 3 Zoe 4``: ``Zoe 4`` is not
        understood, rather than Bruno's ``3 Zoe 4`` being no number); None otherwise."""
        first, _, rest = text.partition(" ")
        if f.kinds != (Kind.COUNT,) or not rest:
            return None
        try:
            self.value(f, first, path, who, resolve_player)
        except LedgerError:
            return None
        return self._not_understood(rest, who)

    def hand_field(self, words: str) -> Field | None:
        """The field of the whole hand that ``words`` name (its key, name or words), or None."""
        folded = _fold(words)
        return next((f for f in self.fields if f.per is Per.HAND and folded in f.spellings()), None)

    def check_names(self, names: Sequence[str], field: str) -> None:
        """Refuse a player or side name that is a word of the whole hand in either language (Scala
        40's ``chiude``, Trentasette's ``last``): typed, ``chiude=5`` would say who closed, never
        that player's 5 points. ``LedgerError`` on ``field`` naming the name and the field it is
        a word of. Words of one or two letters (bridge's ``c``, ``da``) stay names: such a
        word is read as a word only where the hand has a place for it."""
        for name in names:
            f = self.hand_field(name) if len(name.strip()) > 2 else None
            if f is not None:
                raise LedgerError(t("names.game_word", "{name!r} is a word of {game} ({field}): a player so named "
                                    "could not be told from it in a hand typed; add an initial or a surname",
                                    name=name, game=self.game, field=f.name), field, name)

    def per_field(self, words: str) -> Field | None:
        """The per-side or per-player field that ``words`` name, or None."""
        folded = _fold(words)
        return next((f for f in self.fields if f.per is not Per.HAND and folded in f.spellings()), None)

    def _name_opens(self, words: Sequence[str], who: Who, leave: int = 0) -> bool:
        """Whether ``words`` open with a player's name (one to three words) that leaves at least
        ``leave`` words after it."""
        return any(self._named(" ".join(words[:k]), who) is not None
                   for k in range(1, min(3, len(words) - leave) + 1))

    @staticmethod
    def _named(text: str, who: Who) -> str | None:
        try:
            return who.resolve(text, "entry")
        except LedgerError:
            return None

    def _not_understood(self, part: str, who: Who, words: Sequence[str] = ()) -> LedgerError:
        alone = self.hand_field(part)
        if alone is not None:  # a field's word with nothing after it: "rientra"
            return LedgerError(t("entry.word_alone", "{word!r}: say what after it (e.g. {example})", word=part,
                                 example=f"{part} {alone.example or (who.names[0] if who.names else '')}".strip()),
                               alone.key, part)
        named = self._named(part, who)
        main = self.main_field
        if named is not None and main is not None:  # a name with nothing after it
            return LedgerError(t("entry.name_alone", "give {what} after the name", what=main.name.render()),
                               f"{main.key}.{named}", part)
        first = part.split(" ")[0]
        known = [*who.names, *words] + [w for f in self.fields for w in (f.name.render(), *f.words) if w]
        near = nearest(first, who.names) if " " in part else None
        near = near or nearest(part, known) or nearest(first, known)
        if near is not None:
            msg = t("entry.not_understood_near", "{part!r}: did you mean {word!r}?", part=part, word=near)
        else:
            msg = t("entry.not_understood", "{part!r} is not a name or a word of {game} (names: {names})",
                    part=part, game=self.game, names=", ".join(who.names))
        return LedgerError(msg, "entry", part)

    # --- values ---------------------------------------------------------------------------------
    def value(self, f: Field, text: str, path: str, who: Who,
              resolve_player: Resolve) -> JsonValue:
        """A typed value of field ``f`` as the document holds it (:func:`ledger.games.field_values.typed_value`):
        its own reading, its words, then its kinds in order; ``LedgerError`` on ``path`` when none fits."""
        return typed_value(f, text, path, who, resolve_player)

    # --- questions ------------------------------------------------------------------------------
    def questions(self, doc: JsonDoc, who: Who, resolve_player: Resolve,
                  skip: Callable[[Field], bool] | None = None,
                  skip_for: Callable[[Field, str], bool] | None = None) -> list[Question]:
        """What is still missing from ``doc``, in the declared order: each required hand field
        not given, each required per-side or per-player field for every name of ``who`` not
        given (a name already typed in any case counts as given), then each optional field
        not given (asked with its default, Enter to keep it: a hand field, or a part of a side's
        object, :attr:`Field.within`, such as Scopa's scope). ``skip(field)``: fields the game
        does not ask in this state (a re-entry when nobody is out); ``skip_for(field, name)``: a
        per-side or per-player field not asked of that side or player (Scopa: the counts of a
        pile given as cards)."""
        out: list[Question] = []
        asked = [f for f in self.fields if not (skip is not None and skip(f))]
        per = [f for f in asked if f.per is not Per.HAND
               and (f.required or (f.within is not None and f.default is not None))]
        for f in asked:
            if f.per is Per.HAND:
                if f.key not in doc and (f.required or f.default is not None):
                    out.append(self._question(f, None, who, resolve_player))
                continue
            if f not in per or (self.side_by_side and f is not per[0]):
                continue
            pairs = [(g, name) for name in who.names for g in per] if self.side_by_side else \
                [(f, name) for name in who.names]
            out += [self._question(g, name, who, resolve_player) for g, name in pairs
                    if not self._given(doc, g, name, who) and not (skip_for is not None and skip_for(g, name))]
        return out

    def _given(self, doc: JsonDoc, f: Field, name: str, who: Who) -> bool:
        """Whether ``doc`` has field ``f`` of side or player ``name`` (named in any case, or by a
        name that stands for it; a side's object given whole as its line has every part)."""
        if f.within is None:
            given = doc.get(f.key)
            return isinstance(given, Mapping) and _fold(name) in {_fold(str(k)) for k in given}
        obj = _member(doc.get(f.within), name, who)[1]
        if obj is None or not isinstance(obj, Mapping):
            return obj is not None
        return any(obj.get(k) is not None for k in (f.key, f.counted_key) if k is not None)

    def _question(self, f: Field, name: str | None, who: Who,
                  resolve_player: Resolve) -> Question:
        text = str(f.ask.render() if f.ask is not None else f.name.render())
        if name is not None:
            text = text.replace("{who}", name) if "{who}" in text else f"{name}: {text}"
        if f.example:
            text = str(t("entry.ask_example", "{question} (e.g. {example})", question=text, example=f.example))
        choices: tuple[str, ...] = ()
        if Kind.PLAYER in f.kinds or Kind.SIDE in f.kinds:
            choices = who.names

        def answer(doc: JsonDict, typed: str) -> JsonDict:
            if f.default is not None and not typed.strip():
                if f.default == "":
                    return {**doc, f.key: doc.get(f.key)} if f.per is Per.HAND and f.key in doc else _with_none(doc, f)
                typed = f.default
            value = self.value(f, typed, self.typed_path(f, name, typed), who, resolve_player)
            if (choices and isinstance(value, str) and value not in choices
                    and _not_offered(resolve_player, value, choices)):
                # a player of the match the question does not offer (Scala 40's closer who is out): said now,
                # not after every other answer
                raise LedgerError(t("entry.value_unknown", "{value!r} is not one of: {words}", value=value,
                                    words=", ".join(choices)), self.typed_path(f, name, typed), typed)
            keys = f.path(name, value)
            if f.within is not None and name is not None:  # the side's object under the key the hand has it
                keys[1] = _member(doc.get(f.within), name, who)[0] or name
            return _placed(doc, keys, value)
        key = ".".join(f.path(name))
        return Question(key, text, answer, choices, f.default)

    def answer_at(self, path: str) -> tuple[str, ...] | None:
        """The keys in a hand document of the answer that an error's field ``path`` is about, as
        the prompts asked it: ``closed_by`` → ``("closed_by",)``; a per-side or per-player field
        with its name, and below it, ``others.Bruno[3]`` → ``("others", "Bruno")``,
        ``sides.NS.melded_points`` → ``("sides", "NS", "melded_points")``; the field alone
        ``others`` → ``("others",)``. None when ``path`` is not one of the declared fields."""
        m = _PATH.fullmatch(path)
        if m is None or self.field(m.group(1)) is None:
            return None
        return (m.group(1), *re.findall(r"\.([^.\[]+)", m.group(2) or ""))

    # --- labels ---------------------------------------------------------------------------------
    def label(self, path: str) -> str | None:
        """An error's field path in words, in the language in use, or None when the path is not
        one of the hand's fields: ``others.Bruno`` → ``Bruno`` (the main field) or ``Bruno,
        penalty``; ``others.Bruno[3]`` → ``Bruno, 4th card``; ``closed_by`` → ``closer``;
        ``sides.NS.aces`` → ``NS, aces``."""
        m = _PATH.fullmatch(path)
        if m is None:
            return None
        key, rest = m.group(1), m.group(2) or ""
        f = self.field(key)
        if f is None:
            return None
        parts: list[str] = []
        if f.per is not Per.HAND and rest.startswith("["):
            return None  # a list of that name is no field of the hand (a match document's hands[2])
        if f.per is Per.HAND:
            parts.append(f.name.render())
        else:
            name_m = re.match(r"\.([^.\[]+)", rest)
            if name_m is None:
                parts.append(f.name.render())
            else:
                parts.append(name_m.group(1))
                rest = rest[name_m.end():]
                if f is not self.main_field:
                    parts.append(f.name.render())
        item: Msg | None = f.item
        for sub in re.findall(r"\.([^.\[]+)|\[(\d+)\]", rest):
            if sub[0]:
                part = next((g for g in self.fields if g.within == key and sub[0] in (g.key, g.counted_key)), None)
                item = part.item if part is not None else None
                named = part.name if part is not None else self.subfields.get(sub[0]) or SUB_KEYS.get(sub[0])
                parts.append(named.render() if named is not None else sub[0].replace("_", " "))
            elif item is not None:  # the n-th burraco, then its cards
                parts.append(replace(item, params={"n": int(sub[1]) + 1}).render())
                item = None
            else:
                parts.append(t("entry.nth_card", "card {n}", n=int(sub[1]) + 1).render())
        return ", ".join(parts)

    # --- the docs and the phone form -----------------------------------------------------------
    def describe(self) -> list[JsonDict]:
        """The fields as plain data, in the language in use: ``key``, ``name``, ``per``,
        ``kinds``, ``required``, ``lo``, ``hi``, ``words`` (every word each value is typed as),
        ``example``, ``within`` and ``counted_key`` (:class:`Field`): the docs' table of fields and
        the phone form are made from it."""
        return [{"key": f.key, "name": f.name.render(), "per": f.per.value, "kinds": [k.value for k in f.kinds],
                 "required": f.required, "lo": f.lo, "hi": f.hi,
                 "words": [w for said in f.values for w in said.words], "example": f.example,
                 "within": f.within, "counted_key": f.counted_key} for f in self.fields]


# the keys of a player's or side's object in a hand document, as an error's label says them
SUB_KEYS = {"cards": t("entry.sub.cards", "cards"), "points": t("entry.sub.points", "points"),
            "opened": t("entry.sub.opened", "opened")}


_KEY_SPACE = "\u2063"  # a space inside a KEY typed as one word (a quoted name: "Zoë la rossa"=3D KS)


def _one_word_key(token: str) -> str:
    """A ``KEY=VALUE`` word whose key holds spaces (a name quoted at the shell: ``Zoë "la
    rossa"=3D KS``) with those spaces kept from cutting the key when the words are joined."""
    key, eq, value = token.partition("=")
    if not eq or not key.strip() or not re.search(r"\s", key.strip()) or _SEPARATOR.search(key):
        return token
    return re.sub(r"\s+", _KEY_SPACE, key.strip()) + eq + value


def commas_in_values(tokens: Sequence[str]) -> list[str]:
    """``tokens`` with the commas inside each ``KEY=VALUE`` word's value made spaces
    (``Anna=re di cuori, jolly, 3S`` is one value, not three parts): for a game whose values are
    lists of cards or names, where a comma inside one typed word separates items. The comma of a
    number (``1,200``) stays."""
    out = []
    for token in tokens:
        key, eq, value = str(token).partition("=")
        keyed = eq and key.strip() and " " not in key.strip()
        out.append(f"{key}={_ITEM_COMMA.sub(' ', value)}" if keyed else token)
    return out


def _not_offered(resolve_player: Callable[[object, str], str], value: str, choices: Sequence[str]) -> bool:
    """Whether ``value`` is a player of the match whom none of ``choices``, all players, names
    (Scala 40's closer who is out); False for a word said for a value (``alone``) or choices that
    are not players (bridge's seats ``N E S O``)."""
    try:
        player = resolve_player(value, "entry")
        offered = {resolve_player(c, "entry") for c in choices}
    except LedgerError:
        return False
    return player not in offered


_REFUSED: ContextVar[tuple[list[LedgerError], Sequence[str]] | None] = ContextVar("ledger_parts_refused",
                                                                                   default=None)


@contextmanager
def parts_refused(left_out: Sequence[str] = ()) -> Iterator[list[LedgerError]]:
    """Within it, :meth:`HandForm.read_words` reads past each part it refuses rather than raise:
    the part's ``LedgerError`` goes into the list yielded, and the field it names is left out
    of the document (an earlier part the refused one contradicts too), so that a hand typed at
    the table keeps every other part and only the refused one is asked again (``ledger play``).
    ``left_out``: field paths (``honors``, ``others.Bruno``) read and then left out, the values
    a game's own reading after the declaration's refused (bridge's honours against the seats)."""
    refused: list[LedgerError] = []
    token = _REFUSED.set((refused, tuple(left_out)))
    try:
        yield refused
    finally:
        _REFUSED.reset(token)


def _drop(doc: JsonDict, path: str) -> None:
    """Take the value at the dotted ``path`` (``others.Bruno``, ``closed_by``) out of ``doc``, if there."""
    *outer, last = path.split(".")
    at: object = doc
    for key in outer:
        at = at.get(key) if isinstance(at, dict) else None
    if isinstance(at, dict):
        at.pop(last, None)


def labelling(form: HandForm | None) -> None:
    """Errors shown from now on (in this context) label their field paths with ``form``'s words
    (:meth:`HandForm.label`, through :func:`ledger.errors.use_labels`): the game registry says it
    whenever a game is looked up."""
    use_labels(None if form is None else form.label)


_AND_WORDS = frozenset({"e", "ed", "and", "&", "+"})
_TAKES_NAME = frozenset({Kind.PLAYER, Kind.SIDE, Kind.PLAYERS})
_SEPARATOR = re.compile(r";|(?<!\d),|,(?!\d)")  # not the comma of a number: 1,200 or 2,5
_ITEM_COMMA = re.compile(r"(?<!\d),|,(?!\d)")
_PATH = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)((?:\.[^.\[]+|\[\d+\])*)")


def _scalar(text: str) -> JsonValue:
    """A value typed after ``Name.key=``: a whole number, yes/no, or the text itself."""
    from ledger.games.parsing import as_bool, as_int

    try:
        return as_int(text, "entry")
    except LedgerError:
        pass
    try:
        return as_bool(text, "entry")
    except LedgerError:
        return text


def _member(container: object, name: str, who: Who) -> tuple[str | None, JsonValue]:
    """The key and value of side or player ``name`` in ``container`` (a document's ``sides``):
    under its own name in any case, or under a name that stands for it (a player for the side);
    ``(None, None)`` when it is not there."""
    keys = list(container) if isinstance(container, Mapping) else []
    key = next((k for k in keys if _fold(str(k)) == _fold(name)), None)
    key = key if key is not None else next((k for k in keys if HandForm._named(str(k), who) == name), None)
    return (None, None) if key is None or not isinstance(container, Mapping) else (str(key), container[key])


def _placed(doc: JsonDoc, keys: Sequence[str], value: JsonValue) -> JsonDict:
    """A copy of ``doc`` with ``value`` at ``keys`` (the objects on the way copied, made when absent)."""
    out = dict(doc)
    if len(keys) == 1:
        out[keys[0]] = value
        return out
    inner = out.get(keys[0])
    out[keys[0]] = _placed(inner if isinstance(inner, Mapping) else {}, keys[1:], value)
    return out


def _with_none(doc: JsonDict, f: Field) -> JsonDict:
    return {**doc, f.key: None}


def _put(doc: JsonDict, keys: list[str], value: JsonValue, part: str) -> None:
    """``doc[k1][k2]... = value``; an earlier part that gave another value is a ``LedgerError``."""
    at = doc
    for k in keys[:-1]:
        inner = at.setdefault(k, {})
        if not isinstance(inner, dict):
            at[k] = inner = {}
        at = inner
    last = keys[-1]
    if last in at and at[last] != value:
        if isinstance(at[last], dict) and isinstance(value, dict):
            for k, v in value.items():  # each key once: a value given again must agree
                _put(doc, [*keys, k], v, part)
            return
        raise LedgerError(t("entry.contradicts", "{part!r} contradicts an earlier part ({key} {earlier!r})",
                            part=part, key=last, earlier=at[last]), ".".join(keys), part)
    at[last] = value
