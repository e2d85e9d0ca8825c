"""A game's hand, declared once: its fields, their kinds and ranges, and their words in every language.

A game sets ``Game.hand`` to a :class:`HandForm`; from that one declaration come

- reading what the scorekeeper types (:meth:`HandForm.read_words`): ``KEY=VALUE`` words
  (``Anna=34``, ``closed_by=Anna``, ``Anna.opened=no``) and the phrases players say, split at
  ``;`` and ``,`` (``chiude Anna; Bruno JK AS 7H; Carla 34; Dario non ha aperto; in mano``);
- the questions for what is still missing (:meth:`HandForm.questions`), one per field and side or
  player, each answer kept once given (the fields kept inside a side's object,
  :attr:`Field.within`, asked right after it);
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

import copy
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ledger.errors import LedgerError, use_labels
from ledger.games.hand_paths import UNKEEP, kept_whole, put_at, scalar, set_at
from ledger.games.suggest import nearest
from ledger.i18n import LANGUAGES, Msg, t

JsonValue = Any
"""A value of a hand document: what ``json.loads`` gives (str, int, float, bool, None, list, dict)."""


class Per(Enum):
    """Whose a field is: one value for the hand, one per side, or one per player."""

    HAND = "hand"
    SIDE = "side"
    PLAYER = "player"


class Kind(Enum):
    """What a value is. A field may take several (:attr:`Field.kinds`), tried in order."""

    CARDS = "cards"      # a card list, kept as typed (the game reads it with its deck)
    COUNT = "count"      # a whole number within the field's lo..hi
    FLAG = "flag"        # yes or no
    PLAYER = "player"    # one player of the match
    PLAYERS = "players"  # one or more players of the match ("Giulia e Sara")
    SIDE = "side"        # one side of the match (a player, in an each-for-self game)
    CHOICE = "choice"    # one of the field's :attr:`Field.values`
    TEXT = "text"        # free text, kept as typed


@dataclass(frozen=True)
class Said:
    """A value said in words: ``value`` (JSON) and every way it is typed, in any language
    (``Said("rest", ("rest", "resto", "il resto"))``, ``Said({"opened": False}, ("not opened",
    "non ha aperto", "non aperto"))``)."""

    value: JsonValue
    words: tuple[str, ...]


@dataclass(frozen=True)
class Field:
    """One field of a hand document.

    - ``key``: its name in the document (``closed_by``; for a per-side or per-player field the
      object that holds one value per side or player: ``others``).
    - ``name``: what people call it, a message (``t("scala40.field.others", "cards left or
      penalty")``): error labels, questions and the docs' table use it.
    - ``kinds``: the forms its value may take, tried in this order on a typed word.
    - ``per``: :class:`Per`. ``required``: a complete hand has it (for each side or player that
      :meth:`ledger.games.protocol.Game.entry_who` names, when per side or player).
    - ``lo``, ``hi``: the range of a count. ``values``: constants said in words (:class:`Said`).
    - ``words``: words that name the field when typed (``chiude``, ``closed``, ``in mano``).
      For a ``FLAG`` a word alone sets it; for a ``PLAYER`` or ``SIDE`` field the word goes before
      or after the name (``chiude Anna``, ``Anna closed``).
    - ``ask``: the question for it (a message with ``{who}`` for a per-side or per-player
      field); default: its name. ``example``: what an answer looks like (``JK AS 7H or 34``).
    - ``default``: the value of an optional field left out, as typed (``""`` for none: the field
      stays out of the document); None: no default (a required field).
    - ``read``: the game's own reading of a typed value, ``(text, path) -> JSON``, tried before
      the kinds (a count phrase such as ``3 assi 12 figure``); it raises ``LedgerError`` or returns
      None when the text is not its form.
    - ``within``: for a per-side or per-player field kept inside the object another one holds
      for each side (Scopa's ``denari`` of ``sides.Anna``), that field's key: the value's path is
      ``sides.Anna.denari``, typed ``Anna.denari=6`` (any of the field's names after the dot:
      ``Anna.carte=22``), asked right after the side's main field.
    """

    key: str
    name: Msg
    kinds: tuple[Kind, ...]
    per: Per = Per.HAND
    required: bool = True
    lo: int | None = None
    hi: int | None = None
    values: tuple[Said, ...] = ()
    words: tuple[str, ...] = ()
    ask: Msg | None = None
    example: str = ""
    default: str | None = None
    read: Callable[[str, str], JsonValue] | None = None
    within: str | None = None

    def keys(self, name: str | None = None) -> list[str]:
        """The keys to follow in a hand document: ``[closed_by]``; ``[others, Bruno]`` for ``name``
        Bruno; ``[sides, Bruno, denari]`` for a field ``within`` sides."""
        if name is None:
            return [self.key]
        return [self.within, name, self.key] if self.within else [self.key, name]

    def path(self, name: str | None = None) -> str:
        """:meth:`keys` as a field path (``sides.Bruno.denari``)."""
        return ".".join(self.keys(name))

    def given(self, doc: Mapping[str, Any], name: str | None = None) -> bool:
        """Whether ``doc`` has this field (for ``name``; a name typed in any case counts)."""
        at: Any = doc
        for i, k in enumerate(self.keys(name)):
            if i == 1 and isinstance(at, Mapping):  # the side's or player's name, typed in any case
                k = next((key for key in at if _fold(str(key)) == _fold(k)), k)
            if not isinstance(at, Mapping) or k not in at:
                return False
            at = at[k]
        return True

    def spellings(self) -> set[str]:
        """Every word that names the field, folded: its key, its name in each language, its words."""
        names = {self.key, self.key.replace("_", " "), *self.words}
        names.update(self.name.render(lang) for lang in LANGUAGES)
        return {_fold(n) for n in names}


@dataclass(frozen=True)
class Who:
    """The sides or players a hand's per-side or per-player fields are asked for, and how names
    resolve: ``names`` in order (players still in, sides, the others of a closer ...), ``resolve``
    a name typed → the name as the match spells it (``LedgerError`` on the path for none)."""

    names: tuple[str, ...]
    resolve: Callable[[object, str], str]


Answer = Callable[[dict[str, Any], str], dict[str, Any]]
"""How a question's answer enters the hand: ``answer(doc, text)`` is ``doc`` with ``text`` read in."""


@dataclass(frozen=True)
class Question:
    """One thing to ask (:class:`ledger.games.declare.Question`'s shape: ``key``, ``text``,
    ``answer(doc, text) -> doc``, ``choices``, ``default``)."""

    key: str
    text: str
    answer: Answer
    choices: tuple[str, ...] = ()
    default: str | None = None


@dataclass(frozen=True)
class HandForm:
    """A game's hand: its :class:`Field` list, in the order they are asked.

    ``main``: the key of the per-side or per-player field a name alone fills (``Bruno JK AS
    7H``, ``Anna=34``); default: the first such field. ``game``: the registry name (messages).
    ``subfields``: the names of the keys inside a side's or player's value (``stake_cents`` →
    ``stake``), for error labels (``Bruno, stake``); a key not named there is shown as written.
    """

    fields: tuple[Field, ...]
    game: str = ""
    main: str | None = None
    subfields: Mapping[str, Msg] = field(default_factory=dict)  # names of the keys inside a value (error labels)
    _by_key: dict[str, Field] = field(default_factory=dict[str, Any], init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_key.update({f.key: f for f in self.fields})

    def field(self, key: str) -> Field | None:
        """The field called ``key`` in the document, or None."""
        return self._by_key.get(key)

    def named(self, words: str) -> Field | None:
        """The field that ``words`` name (its key, its name in any language, one of its words;
        folded), or None: a game reading its own phrase finds a field's word with it."""
        return self._hand_field(words) or self._per_field(words)

    @property
    def main_field(self) -> Field | None:
        """The per-side or per-player field that a name alone fills, or None."""
        if self.main is not None:
            return self._by_key[self.main]
        return next((f for f in self.fields if f.per is not Per.HAND and f.within is None), None)

    def within(self, holder: Field) -> list[Field]:
        """The fields kept inside ``holder``'s value for each side or player (:attr:`Field.within`)."""
        return [f for f in self.fields if f.within == holder.key]

    # --- words typed at the table ---------------------------------------------------------------
    def read_words(self, tokens: Sequence[str], who: Who, resolve_player: Callable[[object, str], str]) -> dict[str, Any]:
        """What the scorekeeper typed → a partial hand document (FORMATS.md's JSON).

        ``tokens``: the words of the command line or of one line typed in ``play``. Each part (a
        ``KEY=VALUE`` word, or a phrase between ``;`` or ``,``) sets one field: a field's word
        (``in mano``), a field's word and a value (``chiude Anna``, ``bid 70``), a side or player
        and their value (``Bruno JK AS 7H``, ``Anna=34``, ``Anna.opened=no``). Raises
        ``LedgerError`` on ``entry`` naming the part not understood and the nearest right word, or
        on the field's path for a value that is not of its kinds, or for a field given twice with
        different values.
        """
        doc: dict[str, Any] = {}
        for part in self.parts(tokens, who):
            self._read_part(part, doc, who, resolve_player)
        return doc

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
        and ``,`` (not the comma of a number, ``1,200``, nor a comma inside a ``KEY=VALUE`` word
        as the shell gave it, ``Anna="7 di denari, re di coppe"``), before each ``KEY=`` word, and before
        each name of ``who`` or word of a hand field that starts a new part (``chiude Anna
        Bruno 34 in mano`` → ``chiude Anna``, ``Bruno 34``, ``in mano``)."""
        text = " ".join(kept_whole(str(tok)) for tok in tokens)
        out: list[str] = []
        for piece in _SEPARATOR.split(text):
            for keyed in re.split(r"\s+(?=[^\s=]+=)", piece.strip()):
                if "=" in keyed.split(" ", 1)[0]:
                    out.append(" ".join(keyed.split()).translate(UNKEEP))
                else:
                    out += self._segments(keyed.split(), who)
        return [p for p in out if p]

    def _segments(self, words: list[str], who: Who) -> list[str]:
        """Words without separators cut where a name or a hand field's word begins a new part;
        a name right after a field's word that takes a name (``chiude Anna``) stays with it."""
        out: list[list[str]] = []
        i = 0
        while i < len(words):
            n, f = self._field_at(words, i)
            starts_name = any(self._named(" ".join(words[i:i + k]), who) is not None for k in (1, 2, 3))
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
            f = self._hand_field(" ".join(words[i:i + n]))
            if f is not None:
                return n, f
        return 0, None

    def _awaits_name(self, part: list[str]) -> bool:
        """Whether a name after ``part`` belongs to it: ``part`` is a field's word that takes a
        name (``chiude``), or a list of names still going on (``rientra Dario e``)."""
        f = self._hand_field(" ".join(part))
        if f is not None:
            return bool(_TAKES_NAME & set(f.kinds))
        if part and _fold(part[-1]) in _AND_WORDS:
            return any((g := self._hand_field(" ".join(part[:n]))) is not None and Kind.PLAYERS in g.kinds
                       for n in range(1, min(4, len(part)) + 1))
        return False

    def _read_part(self, part: str, doc: dict[str, Any], who: Who, resolve_player: Callable[[object, str], str]) -> None:
        if "=" in part.split(" ", 1)[0]:
            key, _, value = part.partition("=")
            self._read_keyed(key.strip(), value.strip(), part, doc, who, resolve_player)
            return
        whole = self._hand_field(part)
        if whole is not None and Kind.FLAG in whole.kinds:  # a flag's word alone: "in mano"
            put_at(doc, [whole.key], True, part)
            return
        words = part.split(" ")
        for n in range(len(words) - 1, 0, -1):
            f = self._hand_field(" ".join(words[:n]))  # "chiude Anna", "bid 70"
            if f is not None:
                put_at(doc, [f.key], self.value(f, " ".join(words[n:]), f.key, who, resolve_player), part)
                return
            f = self._hand_field(" ".join(words[-n:]))  # "Anna closed", "Marco ha bussato"
            if f is not None and _TAKES_NAME & set(f.kinds):
                put_at(doc, [f.key], self.value(f, " ".join(words[:-n]), f.key, who, resolve_player), part)
                return
        for n in range(len(words) - 1, 0, -1):  # "Bruno JK AS 7H", "Giulia & Sara 34"
            named = self._named(" ".join(words[:n]), who)
            if named is not None:
                self._read_for(named, " ".join(words[n:]), part, doc, who, resolve_player)
                return
        raise self._not_understood(part, who)

    def _read_keyed(self, key: str, value: str, part: str, doc: dict[str, Any], who: Who,
                    resolve_player: Callable[[object, str], str]) -> None:
        name, _, sub = key.partition(".")
        f = self._hand_field(name)
        if f is not None and not sub:
            put_at(doc, [f.key], self.value(f, value, f.key, who, resolve_player), part)
            return
        named = self._named(name, who)
        if named is None:
            raise self._not_understood(key, who)
        if sub:
            main = self.main_field
            if main is None:
                raise self._not_understood(key, who)
            inner = self.within(main)
            if not inner:
                put_at(doc, [main.key, named, sub], scalar(value), part)
                return
            f = next((g for g in inner if _fold(sub) in g.spellings()), None)
            if f is None:
                raise self._not_understood(sub, who, [w for g in inner for w in g.spellings()])
            put_at(doc, f.keys(named), self.value(f, value, f.path(named), who, resolve_player), part)
            return
        self._read_for(named, value, part, doc, who, resolve_player)

    def _read_for(self, name: str, text: str, part: str, doc: dict[str, Any], who: Who,
                  resolve_player: Callable[[object, str], str]) -> None:
        """A side's or player's value: the main field, or another per-side field named first
        (``Anna penalty 34``)."""
        words = text.split(" ")
        for n in range(len(words) - 1, 0, -1):
            f = self._per_field(" ".join(words[:n]))
            if f is not None:
                path = f"{f.key}.{name}"
                put_at(doc, [f.key, name], self.value(f, " ".join(words[n:]), path, who, resolve_player), part)
                return
        main = self.main_field
        if main is None:
            raise self._not_understood(part, who)
        path = f"{main.key}.{name}"
        try:
            got = self.value(main, text, path, who, resolve_player)
        except LedgerError as refused:
            raise self._unknown_after_number(main, text, path, who, resolve_player) or refused from None
        put_at(doc, [main.key, name], got, part)

    def _unknown_after_number(self, f: Field, text: str, path: str, who: Who,
                              resolve_player: Callable[[object, str], str]) -> LedgerError | None:
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

    def _hand_field(self, words: str) -> Field | None:
        folded = _fold(words)
        return next((f for f in self.fields if f.per is Per.HAND and folded in f.spellings()), None)

    def _per_field(self, words: str) -> Field | None:
        folded = _fold(words)
        return next((f for f in self.fields if f.per is not Per.HAND and f.within is None
                     and folded in f.spellings()), None)

    @staticmethod
    def _named(text: str, who: Who) -> str | None:
        try:
            return who.resolve(text, "entry")
        except LedgerError:
            return None

    def _not_understood(self, part: str, who: Who, words: Sequence[str] = ()) -> LedgerError:
        alone = self._hand_field(part)
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
              resolve_player: Callable[[object, str], str]) -> JsonValue:
        """A typed value of field ``f`` as the document holds it, tried as the field's own reading,
        its words, then its kinds in order; ``LedgerError`` on ``path`` when none fits (the last
        kind's reason, or a list of the words it takes)."""
        text = " ".join(text.split())
        folded = _fold(text)
        for said in f.values:
            if folded in {_fold(w) for w in said.words}:
                return copy.deepcopy(said.value)  # the document's own, never the declaration's
        if f.read is not None:
            got = f.read(text, path)
            if got is not None:
                return got
        errors: dict[Kind, LedgerError] = {}
        for kind in f.kinds:
            try:
                return _KINDS[kind](f, text, path, who, resolve_player)
            except LedgerError as refused:
                errors[kind] = refused
        if f.values and nearest(text, [w for said in f.values for w in said.words]) is not None:
            return self._unknown_word(f, text, path)  # a word of the field's, mistyped
        numeric = bool(_NUMERIC.fullmatch(text))
        for kind, why in errors.items():  # the reason of the kind the text looks like
            if (kind is Kind.COUNT) == numeric and not (f.values and kind is Kind.CARDS and " " not in text):
                raise why
        if f.values or not errors:
            return self._unknown_word(f, text, path)
        raise next(iter(errors.values()))

    @staticmethod
    def _unknown_word(f: Field, text: str, path: str) -> JsonValue:
        words = [w for said in f.values for w in said.words]
        near = nearest(text, words)
        if near is not None:
            msg = t("entry.value_near", "{value!r}: did you mean {word!r}?", value=text, word=near)
        else:
            msg = t("entry.value_unknown", "{value!r} is not one of: {words}", value=text, words=", ".join(words))
        raise LedgerError(msg, path, text)

    # --- questions ------------------------------------------------------------------------------
    def questions(self, doc: Mapping[str, Any], who: Who, resolve_player: Callable[[object, str], str],
                  skip: Callable[[Field], bool] | None = None,
                  skip_for: Callable[[Field, str], bool] | None = None) -> list[Question]:
        """What is still missing from ``doc``, in the declared order: each required hand field
        not given, each required per-side or per-player field for every name of ``who`` not
        given (a name already typed in any case counts as given), each field :attr:`Field.within`
        it right after it for the same name, and each optional field not given (asked with its
        default, Enter to keep it). ``skip(field)``: fields the game does not ask in this state
        (a re-entry when nobody is out); ``skip_for(field, name)``: a per-side or per-player
        field not asked of that side or player (a count of a pile given as cards)."""
        out: list[Question] = []
        for f in self.fields:
            if skip is not None and skip(f):
                continue
            if f.per is Per.HAND:
                if f.key not in doc and (f.required or f.default is not None):
                    out.append(self._question(f, None, who, resolve_player))
                continue
            if f.within is not None or not (f.required or f.default is not None):
                continue
            inner = [g for g in self.within(f) if not (skip is not None and skip(g))]
            for name in who.names:
                out += [self._question(g, name, who, resolve_player) for g in (f, *inner)
                        if (g.required or g.default is not None) and not g.given(doc, name)
                        and not (skip_for is not None and skip_for(g, name))]
        return out

    def _question(self, f: Field, name: str | None, who: Who,
                  resolve_player: Callable[[object, str], str]) -> Question:
        text = str(f.ask.render() if f.ask is not None else f.name.render())
        if name is not None:
            text = text.replace("{who}", name) if "{who}" in text else f"{name}: {text}"
        if f.example:
            text = str(t("entry.ask_example", "{question} (e.g. {example})", question=text, example=f.example))
        choices: tuple[str, ...] = ()
        if Kind.PLAYER in f.kinds or Kind.SIDE in f.kinds:
            choices = who.names

        def answer(doc: dict[str, Any], typed: str) -> dict[str, Any]:
            path = f.path(name)
            if f.default is not None and not typed.strip():
                if f.default == "":
                    return {**doc, f.key: doc.get(f.key)} if f.per is Per.HAND and f.key in doc else _with_none(doc, f)
                typed = f.default
            value = self.value(f, typed, path, who, resolve_player)
            if name is None:
                return {**doc, f.key: value}
            return set_at(doc, f.keys(name), value)
        return Question(f.path(name), text, answer, choices, f.default)

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
        for sub in re.findall(r"\.([^.\[]+)|\[(\d+)\]", rest):
            if sub[0]:
                within = next((g.name for g in self.within(f) if g.key == sub[0]), None)
                named = self.subfields.get(sub[0]) or within or SUB_KEYS.get(sub[0])
                parts.append(named.render() if named is not None else sub[0].replace("_", " "))
            else:
                parts.append(t("entry.nth_card", "card {n}", n=int(sub[1]) + 1).render())
        return ", ".join(parts)

    # --- the docs and the phone form -----------------------------------------------------------
    def describe(self) -> list[dict[str, Any]]:
        """The fields as plain data, in the language in use: ``key``, ``name``, ``per``,
        ``kinds``, ``required``, ``lo``, ``hi``, ``words`` (every word each value is typed as),
        ``example``, ``within`` (the field whose value holds it, or None): the docs' table of
        fields and the phone form are made from it."""
        return [{"key": f.key, "name": f.name.render(), "per": f.per.value, "kinds": [k.value for k in f.kinds],
                 "required": f.required, "lo": f.lo, "hi": f.hi,
                 "words": [w for said in f.values for w in said.words], "example": f.example, "within": f.within}
                for f in self.fields]


# the keys of a player's or side's object in a hand document, as an error's label says them
SUB_KEYS = {"cards": t("entry.sub.cards", "cards"), "points": t("entry.sub.points", "points"),
            "opened": t("entry.sub.opened", "opened")}


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


def labelling(form: HandForm | None) -> None:
    """Errors shown from now on (in this context) label their field paths with ``form``'s words
    (:meth:`HandForm.label`, through :func:`ledger.errors.use_labels`): the game registry says it
    whenever a game is looked up."""
    use_labels(None if form is None else form.label)


_NUMERIC = re.compile(r"[+-]?[\d.,]+")
_AND_WORDS = frozenset({"e", "ed", "and", "&", "+"})
_TAKES_NAME = frozenset({Kind.PLAYER, Kind.SIDE, Kind.PLAYERS})
_SEPARATOR = re.compile(r";|(?<!\d),|,(?!\d)")  # not the comma of a number: 1,200 or 2,5
_ITEM_COMMA = re.compile(r"(?<!\d),|,(?!\d)")
_PATH = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)((?:\.[^.\[]+|\[\d+\])*)")


def _fold(text: str) -> str:
    return " ".join(str(text).replace("_", " ").split()).casefold()


def _with_none(doc: dict[str, Any], f: Field) -> dict[str, Any]:
    return {**doc, f.key: None}


# --- reading each kind of value --------------------------------------------------------------------
def _count(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    from ledger.games.parsing import as_int

    return as_int(text, path, f.lo, f.hi)


def _flag(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    from ledger.games.parsing import as_bool

    return as_bool(text, path)


def _player(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    return resolve_player(text, path)


def _side(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    return who.resolve(text, path)


_AND = re.compile(r"\s*(?:,|&|\+|\band\b|\be\b|\bed\b)\s*|\s+", re.IGNORECASE)


def _players(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    """``Giulia e Sara``, ``Giulia, Sara``, ``Giulia & Sara`` → ``["Giulia", "Sara"]`` (a name
    of two words is tried whole first)."""
    try:
        return [resolve_player(text, path)]
    except LedgerError:
        pass
    names = [n for n in _AND.split(text) if n]
    if not names:
        raise LedgerError(t("entry.no_names", "give one or more players"), path, text)
    return [resolve_player(n, path) for n in names]


def _cards(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    from ledger.cards import parse_cards

    parse_cards(text, path, italian=True)  # a card that cannot be read is named here, at once
    return text


def _choice(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    return HandForm._unknown_word(f, text, path)


def _text(f: Field, text: str, path: str, who: Who, resolve_player: Callable[[object, str], str]) -> JsonValue:
    return text


_KINDS: dict[Kind, Callable[[Field, str, str, Who, Callable[[object, str], str]], JsonValue]] = {
    Kind.COUNT: _count, Kind.FLAG: _flag, Kind.PLAYER: _player, Kind.SIDE: _side, Kind.PLAYERS: _players,
    Kind.CARDS: _cards, Kind.CHOICE: _choice, Kind.TEXT: _text,
}
