"""The scorekeeper's form for a match's next hand, made from the game's hand declaration, and the
posted form read back into a hand document (issue 37).

:func:`form_html` turns the declared hand (:meth:`ledger.games.base.Game.hand_form`, the fields of
:class:`ledger.games.declare.HandForm`) into HTML for a thumb at 390 px, in the language in use:

- a ``COUNT`` is a stepper (``−``, the number, ``+``) within the field's ``lo..hi``;
- a ``FLAG`` is a toggle;
- a ``PLAYER``, ``SIDE`` or ``CHOICE`` is a row of buttons (one pressed at a time), ``PLAYERS``
  the same where several may be pressed;
- ``CARDS`` and ``TEXT`` (and a field that takes a count or cards) is a text field that takes the
  words the CLI takes (``JK AS 7H``, ``34``, ``resto``).

A per-side or per-player field is asked under each side or player that
:meth:`ledger.games.base.Game.entry_who` names (the fields of each grouped under the name); a
name that a pressed button takes out of the hand (:func:`taken_out`: Scala 40's closer) has its
fieldset hidden by the page's script and its inputs left unread. A game
with no declaration gets one text field, the hand in the CLI's own words
(:meth:`ledger.games.base.Game.parse_entry`), with the game's help lines.

Every input is named ``f:KEY`` (a hand's field) or ``f:KEY:I`` (the field of the ``I``-th name of
``entry_who``), or ``entry`` (the one text field), and carries the field path an error names
(``data-path="others.Bruno"``), beside an empty ``<p class="err">`` where the error is shown:
:func:`input_for` finds the input an error's field path belongs to.

:func:`read_posted` reads the posted fields through the same declaration
(:meth:`ledger.games.declare.HandForm.value`: the words the CLI reads, the same errors on the
same paths); the store completes it as it completes a hand sent whole
(:meth:`ledger.store.service.Ledger.enter_hand`). Pure: no I/O.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from ledger.errors import LedgerError
from ledger.games.base import Game, MatchState
from ledger.games.declare import Field, HandForm, Kind, Per, Who
from ledger.games.match_setup import MatchSetup
from ledger.web.page import escape
from ledger.web.texts import text

ENTRY = "entry"  # the one text field of a game without a declaration
_CHOOSING = (Kind.PLAYER, Kind.SIDE, Kind.PLAYERS, Kind.CHOICE)

FORM_CSS = """
.keeper { max-width: 48rem; margin: 0 auto; padding: .6rem .75rem 0; }
.keep-title { font-size: 1.2rem; margin: 0 0 .5rem; }
form.hand, form.start { margin: .4rem 0 0; }
form fieldset { border: 1px solid var(--line); border-radius: .6rem; margin: 0 0 .6rem; padding: .4rem .6rem .5rem; min-width: 0; }
form legend { font-weight: 600; padding: 0 .3rem; }
.fld { margin: .35rem 0 .5rem; }
.fld > .name { display: block; font-size: .9rem; color: var(--muted); margin: 0 0 .2rem; }
form input[type=text], form input[type=number], form select { font: inherit; font-size: 1.05rem; width: 100%;
  min-height: 2.75rem; padding: .3rem .5rem; border: 1px solid var(--line); border-radius: .5rem;
  background: var(--card); color: var(--ink); }
.stepper { display: flex; gap: .4rem; align-items: stretch; }
.stepper input { text-align: center; flex: 1 1 auto; min-width: 0; }
.stepper button, .go, .undo { font: inherit; font-size: 1.2rem; min-width: 2.9rem; min-height: 2.75rem;
  border-radius: .5rem; border: 1px solid var(--line); background: var(--bg); color: var(--ink); touch-action: manipulation; }
.choices { display: flex; flex-wrap: wrap; gap: .4rem; }
.choices input, .toggle input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.choices label, .toggle span { display: inline-block; min-height: 2.75rem; padding: .55rem .9rem; border-radius: 1.4rem;
  border: 1px solid var(--line); background: var(--bg); cursor: pointer; overflow-wrap: anywhere; }
.choices input:checked + label, .toggle input:checked + span { background: var(--accent); color: #fff;
  border-color: var(--accent); }
.choices input:focus-visible + label, .toggle input:focus-visible + span { outline: 2px solid var(--accent); }
.help { white-space: pre-wrap; font-size: .85rem; color: var(--muted); margin: .2rem 0 .4rem; }
.err { color: var(--neg); font-weight: 600; margin: .2rem 0 0; }
.err:empty { display: none; }
.has-err input[type=text], .has-err input[type=number] { border-color: var(--neg); }
.go { width: 100%; font-size: 1.1rem; background: var(--accent); color: #fff; border-color: var(--accent); margin: .3rem 0; }
.undo { width: 100%; font-size: 1rem; margin: .6rem 0 0; }
.saved { border-left: 4px solid var(--win); padding: .2rem .5rem; margin: .5rem 0; }
.saved:empty { display: none; }
.said.conflict { color: var(--neg); font-weight: 600; }
"""


def form_of(game: Game, setup: MatchSetup) -> HandForm | None:
    """The declared hand of ``setup``'s match (:meth:`Game.hand_form`), or None for a game
    without one."""
    return game.hand_form(setup)


def fields_of(game: Game, setup: MatchSetup, state: MatchState | None) -> list[Field]:
    """The declared fields the next hand of the match in ``state`` asks (less what the game
    skips in this state: :meth:`Game.entry_skips`), in the declared order; ``[]`` without a
    declaration."""
    form = form_of(game, setup)
    if form is None:
        return []
    return [f for f in form.fields if not game.entry_skips(setup, state, {}, f)]


def who_of(game: Game, setup: MatchSetup, state: MatchState | None) -> Who:
    """Whom the form's per-side or per-player fields are drawn for: those the next hand asks
    (:meth:`Game.entry_who`) with every player pressed in each field of players the form shows (a
    player out who may re-enter has his own inputs, for the hand he re-enters in: Scala 40)."""
    return game.entry_who(setup, state, _pressed(game, setup, state))


def _pressed(game: Game, setup: MatchSetup, state: MatchState | None) -> dict[str, Any]:
    """Every player pressed in each field of players the form shows (:func:`who_of`)."""
    return {f.key: list(setup.players) for f in fields_of(game, setup, state)
            if f.per is Per.HAND and Kind.PLAYERS in f.kinds}


def taken_out(game: Game, setup: MatchSetup, state: MatchState | None) -> dict[str, list[tuple[str, str]]]:
    """For each name :func:`who_of` draws: the hand's buttons (``(input name, value)``) that take
    that name out of those the hand asks, as :meth:`Game.entry_who` says for a hand with that
    value (Scala 40: the closer, ``f:closed_by`` = ``Anna``, has no cards left to give), the way
    the CLI's questions skip him. The page hides a name's fields while such a button is pressed;
    :func:`read_posted` leaves them out."""
    fields = fields_of(game, setup, state)
    pressed = _pressed(game, setup, state)
    who = game.entry_who(setup, state, pressed)
    out: dict[str, list[tuple[str, str]]] = {name: [] for name in who.names}
    for f in fields:
        if f.per is not Per.HAND or _widget(f) != "choices" or Kind.PLAYERS in f.kinds:
            continue
        for value, _ in _choices(f, who, setup):
            try:
                kept = set(game.entry_who(setup, state, {**pressed, f.key: value}).names)
            except LedgerError:
                continue  # a value the game reads no name from takes nobody out
            for name in who.names:
                if name not in kept:
                    out[name].append((f"f:{f.key}", value))
    return out


# --- the HTML --------------------------------------------------------------------------------------
def form_html(game: Game, setup: MatchSetup, state: MatchState | None, match: int, after: int) -> str:
    """The ``<form class="hand">`` for the next hand of match ``match`` (``after``: its live hands
    now, posted back so that a stale form is refused), in the language in use. Posted as a plain
    HTML form it is ``application/x-www-form-urlencoded`` to ``/api/page/matches/{match}/hands``."""
    prefix = f"m{match}-"
    fields = fields_of(game, setup, state)
    parts = [f'<form class="hand" id="{prefix}form" data-match="{match}" method="post" '
             f'action="/api/page/matches/{match}/hands">',
             f'<input type="hidden" name="after" value="{after}">']
    if not fields:
        parts.append(_entry_html(game, prefix))
    else:
        who = who_of(game, setup, state)
        asked = game.entry_who(setup, state, {}).names
        joining = tuple(n for n in who.names if n not in asked)  # whom a field of players brings in (re-entries)
        parts += [_field_html(f, None, None, who, setup, prefix, joining) for f in fields if f.per is Per.HAND]
        per = [f for f in fields if f.per is not Per.HAND]
        out = taken_out(game, setup, state) if per else {}
        for i, name in enumerate(who.names if per else ()):
            inner = "".join(_field_html(f, i, name, who, setup, prefix) for f in per)
            off = f' data-off="{escape(json.dumps(out[name]))}"' if out.get(name) else ""
            parts.append(f'<fieldset class="who"{off}><legend>{escape(name)}</legend>{inner}</fieldset>')
    parts.append(f'<p class="err" data-path=""></p>'
                 f'<button type="submit" class="go">{escape(text("save_hand"))}</button></form>')
    return "".join(parts)


def _entry_html(game: Game, prefix: str) -> str:
    """The one text field of a game without a declaration, with the game's help lines."""
    help_text = game.entry_help()
    helped = f'<p class="help">{escape_lines(str(help_text))}</p>' if help_text is not None else ""
    ident = f"{prefix}{ENTRY}"
    return (f'<div class="fld" data-path="{ENTRY}"><label class="name" for="{ident}">{escape(text("entry"))}</label>'
            f'{helped}<input type="text" id="{ident}" name="{ENTRY}" autocomplete="off" autocapitalize="off" '
            f'spellcheck="false" required><p class="err"></p></div>')


def _field_html(f: Field, i: int | None, name: str | None, who: Who, setup: MatchSetup, prefix: str,
                joining: tuple[str, ...] = ()) -> str:
    """One field: its name, its input (:func:`_input_html`) and the place of its error."""
    path = _input_path(f, name)
    post = f"f:{f.key}" if i is None else f"f:{f.key}:{i}"
    ident = prefix + re.sub(r"[^A-Za-z0-9_-]", "_", post[2:])
    label = f.name.render() + ("" if f.required else f" ({text('optional')})")
    tag = "label" if _widget(f) in ("text", "stepper") else "span"
    target = f' for="{ident}"' if tag == "label" else ""
    named = "" if _widget(f) == "toggle" else f'<{tag} class="name"{target}>{escape(label)}</{tag}>'  # a toggle says its name
    return (f'<div class="fld" data-path="{escape(path)}">{named}'
            f'{_input_html(f, post, ident, who, setup, joining)}<p class="err"></p></div>')


def _widget(f: Field) -> str:
    """Which input a field gets: ``stepper`` for a count, ``toggle`` for yes or no, ``choices``
    for names or words; ``text`` for cards or text, and for a field of kinds of two of these (a
    count or cards, players and a number), which only words can say."""
    kinds = set(f.kinds)
    if kinds <= {Kind.COUNT}:
        return "stepper"
    if kinds <= {Kind.FLAG}:
        return "toggle"
    if kinds <= set(_CHOOSING):
        return "choices"
    return "text"


def _input_html(f: Field, post: str, ident: str, who: Who, setup: MatchSetup, joining: tuple[str, ...] = ()) -> str:
    widget = _widget(f)
    default = "" if f.default is None else f.default
    if widget == "text":
        hint = f' placeholder="{escape(f.example)}"' if f.example else ""
        mode = ' inputmode="numeric"' if f.kinds[0] is Kind.COUNT and Kind.CARDS not in f.kinds else ""
        return (f'<input type="text" id="{ident}" name="{post}" value="{escape(default)}" autocomplete="off" '
                f'autocapitalize="characters" spellcheck="false"{hint}{mode}>')
    if widget == "stepper":
        bounds = "".join(f' {k}="{v}"' for k, v in (("min", f.lo), ("max", f.hi)) if v is not None)
        return (f'<div class="stepper"><button type="button" data-step="-1" aria-label="−">−</button>'
                f'<input type="number" inputmode="numeric" id="{ident}" name="{post}" value="{escape(default)}"'
                f'{bounds} step="1"><button type="button" data-step="1" aria-label="+">+</button></div>')
    if widget == "toggle":
        on = " checked" if default and default.strip().lower() in ("yes", "sì", "si", "true", "1") else ""
        return (f'<label class="toggle"><input type="checkbox" id="{ident}" name="{post}" value="yes"{on}>'
                f'<span>{escape(f.name.render())}</span></label>')
    return _choices_html(f, post, ident, _choices(f, who, setup, joining))


def _choices(f: Field, who: Who, setup: MatchSetup, joining: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """``(value posted, button's text)`` of a field shown as buttons: its words said (the first
    spelling posted, the word of the page's language shown: :attr:`Said.shown`), then the players
    or the sides it names: for a field of several players, those it would bring into the hand
    (``joining``: Scala 40's re-entries are the players out) when there are such, else all."""
    out = [(said.words[0], said.shown.render() if said.shown is not None else said.words[0])
           for said in f.values if said.words]
    if Kind.PLAYERS in f.kinds:
        out += [(p, p) for p in (joining or setup.players)]
    elif Kind.PLAYER in f.kinds:
        out += [(p, p) for p in setup.players]
    elif Kind.SIDE in f.kinds:
        out += [(s, s) for s in who.names]
    return list(dict.fromkeys(out))


def _choices_html(f: Field, post: str, ident: str, choices: Sequence[tuple[str, str]]) -> str:
    several = Kind.PLAYERS in f.kinds
    kind = "checkbox" if several else "radio"
    buttons = []
    if not f.required and not several:  # nothing pressed is a choice too: the field left out
        choices = [("", text("none")), *choices]
    for k, (value, shown) in enumerate(choices):
        checked = " checked" if not f.required and not several and k == 0 else ""
        buttons.append(f'<input type="{kind}" id="{ident}-{k}" name="{post}" value="{escape(value)}"{checked}>'
                       f'<label for="{ident}-{k}">{escape(shown)}</label>')
    return f'<div class="choices" role="group">{"".join(buttons)}</div>'


def escape_lines(value: str) -> str:
    """``value``'s lines escaped one by one and joined by ``<br>`` (a help text of several lines)."""
    return "<br>".join(escape(line) for line in value.split("\n"))


# --- the posted form -------------------------------------------------------------------------------
Posted = Mapping[str, Sequence[str]]
"""A posted form: each input's name → its values (a ``PLAYERS`` field's buttons post several)."""


def read_posted(game: Game, setup: MatchSetup, state: MatchState | None, posted: Posted) -> dict[str, Any]:
    """The posted fields of :func:`form_html` → the partial hand document, as the CLI reads the
    same words: through the declaration (:meth:`HandForm.value`, each field on its own path), or
    for a game without one the ``entry`` text through :meth:`Game.parse_entry`. An input left
    empty is a field not given. ``LedgerError`` on the field's path (``others.Bruno``) for a
    value the CLI would refuse. The fields of a name a pressed button takes out of the hand
    (:func:`taken_out`: Scala 40's closer) are not read."""
    form = form_of(game, setup)
    if form is None:
        words = first_value(posted, ENTRY)
        return game.parse_entry(setup, split_words(words)) if words else {}
    who = who_of(game, setup, state)
    doc: dict[str, Any] = {}
    fields = fields_of(game, setup, state)
    for f in fields:
        if f.per is Per.HAND:
            typed = _typed(f, posted, f"f:{f.key}")
            if typed is not None:
                doc[f.key] = form.value(f, typed, f.key, who, setup.resolve_player)
    out = {name for name, buttons in taken_out(game, setup, state).items()
           if any(value in posted.get(key, ()) for key, value in buttons)}
    for f in fields:
        if f.per is Per.HAND:
            continue
        for i, name in enumerate(who.names):
            typed = None if name in out else _typed(f, posted, f"f:{f.key}:{i}")
            if typed is not None:
                got = form.value(f, typed, form.typed_path(f, name, typed), who, setup.resolve_player)
                _put_posted(doc, form, f, name, typed, got)
    return game.entered(setup, doc)


def _put_posted(doc: dict[str, Any], form: HandForm, f: Field, name: str, typed: str, value: Any) -> None:
    """``value`` (posted as ``typed``) at field ``f``'s place for ``name`` (:meth:`Field.path`):
    ``others.Bruno``, or a part of the side's object (``sides.NS.pozzetto``, ``sides.Anna.denari``).
    A part of a side whose own required field holds that object (Scopa's pile) waits for it: it
    is left out when the side's value is not given or is no object (a pile given as cards holds
    its counts in its cards), or already says it and the input was left at its default (the
    pile's words said ``2 scope``, the scope's stepper still shows 0)."""
    *outer, last = f.path(name, value)
    holder = form.field(f.within) if f.within is not None else None
    waits = holder is not None and holder.required
    at: Any = doc
    for depth, k in enumerate(outer):
        if waits and depth and k not in at:
            return  # the side's pile not given: its counts wait for it
        at = at.setdefault(k, {})
        if not isinstance(at, dict):
            return
    if waits and last in at and typed == f.default:
        return
    at[last] = value


def first_value(posted: Posted, name: str) -> str:
    """The first value posted as ``name``, its spaces squeezed (``""`` when none)."""
    values = posted.get(name) or ()
    return " ".join(str(values[0]).split()) if values else ""


def _typed(f: Field, posted: Posted, name: str) -> str | None:
    """What was posted for field ``f`` as the CLI's words, or None when nothing was: the players
    pressed joined by commas; an unticked required toggle is ``no``."""
    values = [" ".join(str(v).split()) for v in posted.get(name) or ()]
    values = [v for v in values if v]
    if Kind.PLAYERS in f.kinds and len(values) > 1:
        return ", ".join(values)
    if values:
        return values[0]
    if _widget(f) == "toggle" and f.required:
        return "no"
    return None


def split_words(words: str) -> list[str]:
    """The entry typed as a shell would split it (``Anna="7D 6D"`` is one word), as the CLI
    receives it; a stray quote leaves the words split at spaces."""
    try:
        return shlex.split(words)
    except ValueError:
        return words.split()


def input_for(paths: Sequence[str], field: str) -> str | None:
    """The input an error's ``field`` path belongs to, among the form's ``paths`` (its inputs'
    ``data-path``): the longest one that is the path or begins it (``others.Bruno[2]`` →
    ``others.Bruno``; ``sides.NS.aces`` → ``sides.NS``), the path matched without regard to case
    (the store names a player as the match spells them); None when none (the error is shown
    under the form; always ``entry`` for a game without a declaration)."""
    if list(paths) == [ENTRY]:  # the one text field: every error of the hand is its own
        return ENTRY
    folded = field.casefold()
    best = None
    for p in paths:
        q = p.casefold()
        if q and (folded == q or (folded.startswith(q) and folded[len(q)] in ".[")):
            if best is None or len(p) > len(best):
                best = p
    return best


def paths_of(game: Game, setup: MatchSetup, state: MatchState | None) -> list[str]:
    """The field paths of the inputs :func:`form_html` draws for the next hand."""
    fields = fields_of(game, setup, state)
    if not fields:
        return [ENTRY]
    who = who_of(game, setup, state)
    return [_input_path(f, name) for f in fields for name in ((None,) if f.per is Per.HAND else who.names)]


def _input_path(f: Field, name: str | None) -> str:
    """The document path of field ``f``'s input (of side or player ``name``, None for the hand's):
    ``closed_by``, ``others.Bruno``, ``sides.NS.pozzetto``; for a count kept under its own key,
    that key (``sides.NS.melded_points``), where the errors of a number typed there point."""
    return ".".join(f.path(name, 0 if f.kinds[0] is Kind.COUNT else None))
