"""The scorekeeper's part of the page (issue 37): for each open match of tonight a card with the
form for its next hand (:mod:`ledger.web.form`) and "undo the last hand", and a form that starts a
new match; and what the page's own posts do.

The page's forms post ``application/x-www-form-urlencoded`` with the page's token in the
``X-Ledger-Token`` header (:meth:`ledger.web.app.Guard.page_token`; the Guard lets a post through
only with that token, the scorekeeper's key in the cookie, from this server's own origin). Each
post is worked out by one function here, in a worker thread, answering ``(status, JSON)``:

- :func:`post_hand` (``POST /api/page/matches/{match}/hands``): the posted fields → the hand
  document (:func:`ledger.web.form.read_posted`: the CLI's words), stored as the HTTP API stores
  a hand (:meth:`ledger.store.service.Ledger.enter_hand`: ``hand add``'s one append path, the
  hand marked ``page``, ``after`` the live hands the form was made for): ``201`` with ``match``,
  ``number``, ``result``, ``totals`` (as the API answers) and ``form`` (the card for the next
  hand, saying the hand's score and each side's total before and after); ``422`` with ``error``
  (the CLI's line), ``field`` (its path) and ``input`` (the ``data-path`` of the input it
  belongs to, or ``""``); ``409`` when someone else wrote meanwhile (``error``, ``totals`` and
  ``hands`` as ``show --json``, and the fresh card saying so), or for a match that takes no
  more hands; ``404`` for an unknown match.
- :func:`post_undo` (``.../undo``): the last hand voided with a reason (``hand void M N
  --reason``, ``N`` the page's ``after``: the hand it showed as the last); a match with another
  number of hands now gets the conflict, as a hand does.
- :func:`post_match` (``POST /api/page/matches``): a new match from ``game``, ``rules``,
  ``players`` or ``sides``, ``options`` as ``ledger match new`` takes them: ``201`` with
  ``match`` and its card.

Errors are in the server's language, the page's; nothing is written on any refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qsl

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ledger.errors import LedgerError
from ledger.games import available, get_game
from ledger.games.base import MatchState
from ledger.report.model import shown_number
from ledger.web.form import Posted, escape_lines, first_value, form_html, input_for, paths_of, read_posted
from ledger.web.page import escape
from ledger.web.texts import text


# The scorekeeper's script: the steppers; each form posted with the page's token; the answer's
# card put in place of the old one (the next hand's form, what was saved, or the conflict with
# the scoreboard as it is now), or its error shown beside the input it names. A new match's card
# goes before the new-match form, as does the card of a match the board shows in play with none
# (started at the terminal since the page was opened). The board keeps updating from the stream.
# Each save sends an Idempotency-Key, one per attempt: the same words sent again before an answer
# came (a network retry, a doubled tap) keep their key, so the hand is stored once. A name's fields
# are hidden while a button that takes it out of the hand is pressed (form.taken_out: Scala 40's
# closer); the new match's rule sets are the chosen game's only.
KEEPER_SCRIPT = """
(function () {
  var keeper = document.getElementById("keeper");
  if (!keeper) { return; }
  var token = keeper.dataset.token;
  function clamp(v, input) {
    var lo = input.min === "" ? -Infinity : +input.min, hi = input.max === "" ? Infinity : +input.max;
    return Math.min(hi, Math.max(lo, v));
  }
  function card(html) { var box = document.createElement("div"); box.innerHTML = html; return fit(box.firstChild); }
  function fit(root) {  // a name's fields hidden (and not posted) while a button taking it out of the hand is pressed
    root.querySelectorAll("fieldset[data-off]").forEach(function (set) {
      var off = JSON.parse(set.dataset.off).some(function (b) {
        return Array.prototype.some.call(set.form.elements, function (e) {
          return e.name === b[0] && e.checked && e.value === b[1];
        });
      });
      set.hidden = off; set.disabled = off;
    });
    return root;
  }
  function newKey() {  // an Idempotency-Key: 128 random bits (crypto.randomUUID needs https, the table's Wi-Fi has none)
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  var ruleSets = null;  // every game's rule sets, as the page came
  function rules() {  // the new match's rule sets: only the chosen game's (none to choose: the field hidden)
    var game = document.getElementById("start-game"), pick = document.getElementById("start-rules");
    if (!game || !pick) { return; }
    if (!ruleSets) { ruleSets = Array.prototype.slice.call(pick.querySelectorAll("optgroup")); }
    var was = pick.value, mine = ruleSets.filter(function (g) { return g.dataset.game === game.value; });
    ruleSets.forEach(function (g) { if (g.parentNode) { g.remove(); } });
    mine.forEach(function (g) { pick.appendChild(g); });
    pick.value = was;
    if (pick.value !== was) { pick.value = ""; }
    pick.closest(".fld").hidden = !mine.length;
  }
  function show(form, answer) {
    var box = null;
    form.querySelectorAll(".fld").forEach(function (d) { if (answer.input && d.dataset.path === answer.input) { box = d; } });
    var p = box ? box.querySelector(".err") : form.querySelector("p.err[data-path='']");
    p.textContent = answer.error;
    if (box) { box.classList.add("has-err"); var i = box.querySelector("input, select"); if (i) { i.focus(); } }
  }
  function missing() {  // a match in play on the board with no card yet: started at the terminal
    document.querySelectorAll("#board article.match").forEach(function (m) {
      var id = m.id.slice(6);
      if (!m.querySelector(".badge.open") || document.getElementById("keep-" + id) || asked[id]) { return; }
      asked[id] = true;
      fetch("/page/matches/" + id + "/card", {credentials: "same-origin"}).then(function (r) {
        return r.ok ? r.text() : "";
      }).then(function (html) {
        if (html && !document.getElementById("keep-" + id)) {
          var start = document.getElementById("start");
          start.parentNode.insertBefore(card(html), start);
        }
      }).catch(function () { asked[id] = false; });
    });
  }
  var asked = {};
  new MutationObserver(missing).observe(document.getElementById("board"), {childList: true});
  keeper.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-step]");
    if (!b) { return; }
    var input = b.parentNode.querySelector("input");
    var base = input.value === "" ? clamp(0, input) : +input.value;
    input.value = clamp(base + (input.value === "" && clamp(0, input) !== 0 ? 0 : +b.dataset.step), input);
  });
  keeper.addEventListener("change", function (e) {
    if (e.target.id === "start-game") { rules(); }
    if (e.target.form) { fit(e.target.form); }
  });
  rules();
  function post(form, body, tries) {  // a network failure is tried again once, with the same key
    return fetch(form.getAttribute("action"), {method: "POST", credentials: "same-origin",
      headers: {"X-Ledger-Token": token, "Content-Type": "application/x-www-form-urlencoded",
                "Idempotency-Key": form.dataset.key}, body: body})
      .then(function (r) { return r.json().then(function (a) { return [r.status, a]; }); })
      .catch(function (err) {
        if (tries < 1) { throw err; }
        return new Promise(function (done) { setTimeout(done, 1000); }).then(function () { return post(form, body, tries - 1); });
      });
  }
  keeper.addEventListener("submit", function (e) {
    var form = e.target, article = form.closest("article"), go = form.querySelector("button[type=submit]");
    e.preventDefault();
    form.querySelectorAll(".err").forEach(function (p) { p.textContent = ""; });
    form.querySelectorAll(".has-err").forEach(function (d) { d.classList.remove("has-err"); });
    go.disabled = true;
    var body = new URLSearchParams(new FormData(form)).toString();
    // one key per attempt: the same words sent again before an answer came (a retry) keep it
    if (!form.dataset.key || form.dataset.sent !== body) { form.dataset.key = newKey(); form.dataset.sent = body; }
    post(form, body, 1)
      .then(function (got) {
        var status = got[0], a = got[1];
        go.disabled = false;
        delete form.dataset.key;  // answered: the next save is a new attempt
        if (form.classList.contains("start") && status === 201) {
          if (!document.getElementById("keep-" + a.match)) { article.parentNode.insertBefore(card(a.form), article); }
          form.reset(); rules(); return;
        }
        if (a.form) { article.replaceWith(card(a.form)); return; }
        show(form, a);
      })
      .catch(function () { go.disabled = false; show(form, {error: keeper.dataset.network}); });
  });
})();
"""


# --- the HTML --------------------------------------------------------------------------------------
def keeper_html(views: Sequence[Any], token: str) -> str:
    """The ``<section id="keeper">`` of the scorekeeper's page: a card per view of ``views`` (the
    open matches of tonight, :class:`ledger.store.reads.MatchView`) and the new-match form;
    ``token`` is the page's token (:meth:`ledger.web.app.Guard.page_token`)."""
    cards = "".join(card_html(v) for v in views)
    return (f'<section id="keeper" data-token="{escape(token)}" data-network="{escape(text("network"))}">'
            f'<h2 class="keep-title">{escape(text("keeper_title"))}</h2>{cards}{start_html()}</section>')


def card_html(view: Any, said: str = "") -> str:
    """One match's card: its title, the place of what the last post said (``said``, HTML), the
    form for the next hand and "undo the last hand"."""
    mid, hands = view.match.id, len(view.hands)
    game = get_game(view.setup.game)
    state = view.replay.final
    title = text("next_hand", id=str(mid), game=game.titled(view.setup.rules), hand=hands + 1)
    undo = ""
    if hands:
        undo = (f'<form class="undo" data-match="{mid}" method="post" action="/api/page/matches/{mid}/undo">'
                f'<input type="hidden" name="after" value="{hands}">'
                f'<div class="fld" data-path="reason"><label class="name" for="m{mid}-reason">{escape(text("reason"))}'
                f'</label><input type="text" id="m{mid}-reason" name="reason" autocomplete="off"><p class="err"></p></div>'
                f'<button type="submit" class="undo">{escape(text("undo", hand=hands))}</button></form>')
    body = form_html(game, view.setup, state, mid, hands) if view.match.status == "open" else ""
    return (f'<article class="card keep" id="keep-{mid}" data-match="{mid}"><h2>{escape(title)}</h2>'
            f'<div class="saved" aria-live="polite">{said}</div>{body}{undo}</article>')


def start_html() -> str:
    """The form that starts a match: the game, its rule set, the players (or sides) and the
    options, in the words of ``ledger match new``."""
    games = [get_game(n) for n in available()]
    game_opts = "".join(f'<option value="{escape(g.name)}">{escape(g.title)}</option>' for g in games)
    rule_opts = "".join(f'<optgroup label="{escape(g.title)}" data-game="{escape(g.name)}">'
                        + "".join(f'<option value="{escape(r)}">{escape(g.rules_name(r))}</option>' for r in g.rule_sets)
                        + "</optgroup>" for g in games if len(g.rule_sets) > 1)
    fields = [_text_field("players", text("start_players"), "Anna, Bruno, Carla"),
              _text_field("sides", text("start_sides"), "Noi=Anna,Carla; Voi=Bruno,Dario"),
              _text_field("options", text("start_options"), "stake=0.50 first_dealer=Anna")]
    return (f'<article class="card keep" id="start"><h2>{escape(text("new_match"))}</h2>'
            '<div class="saved" aria-live="polite"></div>'
            '<form class="start" method="post" action="/api/page/matches">'
            f'<div class="fld" data-path="game"><label class="name" for="start-game">{escape(text("start_game"))}</label>'
            f'<select id="start-game" name="game">{game_opts}</select><p class="err"></p></div>'
            f'<div class="fld" data-path="rules"><label class="name" for="start-rules">{escape(text("start_rules"))}</label>'
            f'<select id="start-rules" name="rules"><option value="">{escape(text("default_rules"))}</option>{rule_opts}'
            '</select><p class="err"></p></div>'
            + "".join(fields)
            + f'<p class="err" data-path=""></p><button type="submit" class="go">{escape(text("start"))}</button></form>'
            "</article>")


def _text_field(name: str, label: str, example: str) -> str:
    return (f'<div class="fld" data-path="{name}"><label class="name" for="start-{name}">{escape(label)}</label>'
            f'<input type="text" id="start-{name}" name="{name}" placeholder="{escape(example)}" autocomplete="off" '
            f'autocapitalize="words" spellcheck="false"><p class="err"></p></div>')


def said_html(head: str, before: MatchState, after: MatchState, cls: str = "said") -> str:
    """``head`` (what was done; ``cls`` its class: ``said``, or ``said conflict``) and each
    side's total ``before`` and ``after`` it (a table: side, before, after)."""
    rows = "".join(f'<tr><td class="l">{escape(side)}</td><td>{escape(shown_number(before.totals.get(side)))}</td>'
                   f'<td>{escape(shown_number(after.totals.get(side)))}</td></tr>' for side in after.totals)
    return (f'<p class="{cls}">{escape_lines(head)}</p><div class="scroll"><table class="totals"><thead><tr>'
            f'<th class="l">{escape(text("side"))}</th><th>{escape(text("before"))}</th><th>{escape(text("after"))}</th>'
            f"</tr></thead><tbody>{rows}</tbody></table></div>")


# --- the posts -------------------------------------------------------------------------------------
Answer = tuple[int, dict[str, Any]]


def post_hand(ledger: Any, match: str, posted: Posted) -> Answer:
    """The next hand of ``match`` from the posted form (the module docstring), stored through
    :meth:`Ledger.enter_hand` as the HTTP API stores one."""
    from ledger.store.service import Stale
    from ledger.web.api import SOURCE

    view = None
    try:
        with ledger.reads() as reads:
            view = reads.view(match)
        after = _after(posted)
        doc = read_posted(get_game(view.setup.game), view.setup, view.replay.final, posted)
        new = ledger.enter_hand(view.match.id, doc, source=SOURCE, after=after)
    except Stale as err:
        return _stale(ledger, view, err)
    except LedgerError as err:
        return _refused(err, view)
    n = len(new.hands)
    result = new.replay.results[-1]
    heading = str(get_game(new.setup.game).hand_heading(new.setup, n, result))
    head = text("saved", heading=heading)
    before = new.replay.states[-2] if len(new.replay.states) > 1 else new.replay.start
    said = said_html(head, before, new.replay.final)
    return 201, {"match": new.match.id, "number": n, "result": result.to_json(),
                 "totals": dict(new.replay.final.totals), "form": card_html(new, said)}


def post_undo(ledger: Any, match: str, posted: Posted) -> Answer:
    """The last hand of ``match`` voided with the posted ``reason`` (``hand void``; a match its
    last hand finished is opened again), when it has the ``after`` live hands the page showed."""
    from ledger.store.service import Stale

    view = None
    try:
        with ledger.reads() as reads:
            view = reads.view(match)
        after = _after(posted)
        last: int | str = "last" if after is None else after  # the hand the page showed as the last one
        # the page's count is checked where the void is written: a hand entered meanwhile is never the one voided
        new = ledger.void_hand(view.match.id, last, first_value(posted, "reason") or None, reopen=True, after=after)
    except Stale as err:
        return _stale(ledger, view, err)
    except LedgerError as err:
        return _refused(err, view)
    said = said_html(text("undone", hand=len(new.hands) + 1), view.replay.final, new.replay.final)
    return 200, {"match": new.match.id, "hands": len(new.hands), "totals": dict(new.replay.final.totals),
                 "form": card_html(new, said)}


def post_match(ledger: Any, posted: Posted) -> Answer:
    """A new match from the posted ``game``, ``rules`` (empty: the game's default), ``players``
    (comma-separated) or ``sides`` (``NAME=PLAYER,PLAYER``, separated by ``;``) and ``options``
    (``KEY=VALUE`` words): as ``ledger match new`` reads them."""
    from ledger.games.match_words import parse_options, parse_players, parse_sides
    from ledger.games import command_game
    from ledger.web.form import split_words

    def one(name: str) -> str:
        return first_value(posted, name)

    try:
        game, rules = command_game(one("game"), one("rules") or None)
        sides = parse_sides([s.strip() for s in one("sides").split(";") if s.strip()]) or None
        players = parse_players(one("players")) if one("players") else None
        view = ledger.new_match(game, rules, players, sides, parse_options(split_words(one("options"))))
    except LedgerError as err:
        field = {"side": "sides", "option": "options"}.get(err.field, err.field).split(".")[0]
        return 422, {"error": str(err), "field": err.field,
                     "input": field if field in ("game", "rules", "players", "sides", "options") else ""}
    return 201, {"match": view.match.id, "form": card_html(view)}


def _after(posted: Posted) -> int | None:
    """The form's ``after`` (the live hands it was made for), or None when not posted."""
    from ledger.store.service import check_after

    raw = (posted.get("after") or [""])[0]
    if raw == "":
        return None
    try:
        return check_after(int(raw))
    except ValueError:
        return check_after(raw)


def _refused(err: LedgerError, view: Any) -> Answer:
    """The API's status for ``err`` (:func:`ledger.web.api.status_of`: 404 an unknown match, 409
    one that takes no more hands, 422 bad input) with the CLI's line, the field's path and the
    input it belongs to."""
    from ledger.web.api import error_json, status_of

    status, field = status_of(err), error_json(err)["field"]
    paths = paths_of(get_game(view.setup.game), view.setup, view.replay.final) if view is not None else []
    return status, {"error": str(err), "field": field, "input": (input_for(paths, field) or "") if status == 422 else ""}


def _stale(ledger: Any, view: Any, err: LedgerError) -> Answer:
    """``409``: someone wrote meanwhile; the scoreboard now (``show --json``'s totals and hands)
    and the fresh card, saying the conflict and each side's total as the form saw it and now."""
    with ledger.reads() as reads:
        fresh = reads.view(view.match.id)
    board = getattr(err, "board", None) or fresh.to_json()  # as the store read it when it refused, if it says
    seen = _seen(fresh.replay, getattr(err, "after", None))
    said = said_html(f"{err.message}\n{text('conflict')}", seen or view.replay.final, fresh.replay.final,
                     "said conflict")
    return 409, {"error": str(err), "totals": board.get("totals", {}), "hands": board.get("hands", []),
                 "form": card_html(fresh, said)}


def _seen(replay: Any, after: int | None) -> MatchState | None:
    """The totals a form made for ``after`` live hands showed, when hands were only added since
    (the first ``after`` of ``replay`` are then the ones it saw); None when fewer are left."""
    if after is None or after > len(replay.states):
        return None
    return replay.states[after - 1] if after else replay.start


def form_data(pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    """A posted form's ``(name, value)`` pairs → each name's values in order (:data:`Posted`)."""
    out: dict[str, list[str]] = {}
    for k, v in pairs:
        out.setdefault(k, []).append(v)
    return out


def read_card(ledger: Any, match: str) -> str | None:
    """The card of ``match`` (:func:`card_html`) when it is in play, else None (unknown, over)."""
    try:
        with ledger.reads() as reads:
            view = reads.view(match)
    except LedgerError:
        return None
    return card_html(view) if view.match.status == "open" else None


def page_routes(writes: Callable[[], Any], board: Any) -> list[Route]:
    """The routes of the page's own forms (the module docstring), writing through ``writes()``
    (the application's open Ledger, :class:`ledger.web.api.Writes`); after a write the ``board``
    is read again at once, so every page shows it. Who may post is said before (the Guard). A
    post's ``Idempotency-Key`` (the page's script sends one per save) gets the first answer to it
    again, nothing stored twice (:meth:`ledger.web.api.Answers.answer`, as the API).
    ``GET /page/matches/{match}/card`` gives the scorekeeper's page the card of a match started
    elsewhere (the terminal) since the page was opened."""
    from ledger.web.api import BAD_KEY, Answers, BadKey, idempotency_key

    remembered = Answers()

    async def respond(request: Request, work: Callable[..., Answer], *args: str) -> Response:
        try:
            key = idempotency_key(request)
        except BadKey:
            return JSONResponse({"error": str(BAD_KEY), "field": "Idempotency-Key", "input": ""}, status_code=422)

        def too_large() -> Answer:
            return 413, {"error": text("too_large"), "field": "body", "input": ""}

        async def work_out(raw: bytes) -> Answer:
            posted = form_data(parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True))
            return await anyio.to_thread.run_sync(lambda: work(writes(), *args, posted))

        status, answer = await remembered.answer(key, request, work_out, too_large)
        if status < 300:
            await board.refresh()
        return JSONResponse(answer, status_code=status)

    async def hands(request: Request) -> Response:
        return await respond(request, post_hand, request.path_params["match"])

    async def undo(request: Request) -> Response:
        return await respond(request, post_undo, request.path_params["match"])

    async def matches(request: Request) -> Response:
        return await respond(request, post_match)

    async def card(request: Request) -> Response:
        if not request.state.scorekeeper:
            return JSONResponse({"error": text("forbidden"), "field": "", "input": ""}, status_code=403)
        found = await anyio.to_thread.run_sync(lambda: read_card(writes(), request.path_params["match"]))
        return HTMLResponse(found or "", status_code=200 if found else 404)

    return [Route("/page/matches/{match}/card", card, methods=["GET"]),
            Route("/api/page/matches", matches, methods=["POST"]),
            Route("/api/page/matches/{match}/hands", hands, methods=["POST"]),
            Route("/api/page/matches/{match}/undo", undo, methods=["POST"])]
