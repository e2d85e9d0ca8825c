"""The scorekeeper's form (ledger/web/form.py): every game's form for its next hand in both
languages, and the posted fields read into the same hand document as the CLI's words."""

from __future__ import annotations

import html
import re

import pytest

from ledger.errors import LedgerError
from ledger.games import available, get_game
from ledger.i18n import speaking
from ledger.web.form import form_html, input_for, paths_of, read_posted, taken_out
from ledger.web.texts import text

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")


def first_setup(game, rules):
    """The match of ``rules`` with the fewest players the game seats."""
    for n in range(game.min_players, min(game.max_players, len(NAMES)) + 1):
        try:
            return game.setup(rules, list(NAMES[:n]))
        except LedgerError:
            continue
    raise AssertionError(f"no match of {game.name} ({rules}) among {NAMES}")


SETUPS = [(name, rules) for name in available() for rules in get_game(name).rule_sets]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name,rules", SETUPS)
def test_every_game_s_form_renders_in_both_languages(name, rules, lang):
    game = get_game(name)
    setup = first_setup(game, rules)
    with speaking(lang):
        out = form_html(game, setup, game.start(setup), 7, 0)
        save = text("save_hand")
        form = game.hand_form(setup)
        names = [f.name.render() for f in form.fields] if form is not None else []
        help_line = str(game.entry_help()).split("\n")[0]
    assert out.startswith('<form class="hand" id="m7-form"') and out.endswith("</form>")
    assert html.escape(save) in out and '<input type="hidden" name="after" value="0">' in out
    shown = html.unescape(out)
    paths = paths_of(game, setup, game.start(setup))
    for path in paths:  # every input carries the path its errors name
        assert f'data-path="{html.escape(path)}"' in out
    if form is None:  # the hand in the CLI's words, with the game's help
        assert paths == ["entry"] and 'name="entry"' in out
        assert help_line in shown
    else:
        assert any(n in shown for n in names)
        if any("." in p for p in paths):  # per-side or per-player fields: grouped under each name
            assert all(f"<legend>{html.escape(w)}</legend>" in out
                       for w in game.entry_who(setup, game.start(setup), {}).names)
    assert len(re.findall(r'<p class="err"', out)) == len(paths) + 1  # one per input, one under the form


def test_the_italian_form_speaks_italian():
    game = get_game("scala40")
    setup = game.setup(None, ["Anna", "Bruno", "Carla"])
    with speaking("it"):
        out = html.unescape(form_html(game, setup, game.start(setup), 1, 0))
    assert "Salva la mano" in out and "chi chiude" in out
    assert out.count("chiusura in mano") == 1  # a toggle says its own name, once
    assert "Save the hand" not in out
    classica = get_game("briscola").setup("classica", ["Anna", "Bruno"])
    with speaking("it"):
        out = html.unescape(form_html(get_game("briscola"), classica, get_game("briscola").start(classica), 1, 0))
    assert "ultima presa (facoltativo)" in out


def scala40():
    game = get_game("scala40")
    return game, game.setup(None, ["Anna", "Bruno", "Carla"])


def test_the_widgets_follow_the_kinds():
    game, setup = scala40()
    out = form_html(game, setup, game.start(setup), 2, 3)
    # the closer (a PLAYER): the players as buttons, one pressed at a time
    assert re.search(r'type="radio" id="m2-closed_by-0" name="f:closed_by" value="Anna"', out)
    # in mano (a FLAG): a toggle
    assert 'type="checkbox" id="m2-in_mano" name="f:in_mano" value="yes"' in out
    # each player's cards or penalty (CARDS or COUNT): a text field under the player's name
    assert re.search(r'<legend>Bruno</legend><div class="fld" data-path="others.Bruno">.*?name="f:others:1"', out)
    seg = get_game("segnapunti")
    s2 = seg.setup(None, ["Anna", "Bruno"])
    steps = form_html(seg, s2, seg.start(s2), 3, 0)  # a COUNT alone: a stepper within lo..hi
    assert re.search(r'data-step="-1".*?type="number" inputmode="numeric" id="m3-points_0" name="f:points:0" '
                     r'value="" min="-1000000000" max="1000000000" step="1".*?data-step="1"', steps)


@pytest.mark.parametrize("name,players,rules,posted,words", [
    ("scala40", ["Anna", "Bruno", "Carla"], None,
     {"f:closed_by": ["anna"], "f:others:1": ["JK AS 7H"], "f:others:2": [" 34 "]},
     ["chiude", "Anna", ";", "Bruno", "JK AS 7H", ";", "Carla", "34"]),
    ("scala40", ["Anna", "Bruno", "Carla"], None,
     {"f:closed_by": ["Bruno"], "f:in_mano": ["yes"], "f:others:0": ["80"], "f:others:2": ["10"]},
     ["closed_by=Bruno", "in_mano=yes", "Anna=80", "Carla=10"]),
    ("segnapunti", ["Anna", "Bruno", "Carla"], None,
     {"f:points:0": ["12"], "f:points:1": ["-3"], "f:points:2": ["0"]}, ["Anna=12", "Bruno=-3", "Carla=0"]),
    ("briscola", ["Anna", "Bruno", "Carla", "Dario", "Elena"], "chiamata",
     {"f:caller": ["Anna"], "f:called": ["3D"], "f:bid": ["70"], "f:partner": ["alone"], "f:caller_points": ["80"]},
     ["caller=Anna", "called=3D", "bid=70", "alone=yes", "caller_points=80"]),
    ("scopa", ["Anna", "Bruno"], None, {"f:sides:0": ["22 cards 6 denari settebello primiera 78"],
                                         "f:sides:1": ["18 carte 4 denari primiera 70 1 scopa"]},
     ["Anna=22 cards 6 denari settebello primiera 78", "Bruno=18 carte 4 denari primiera 70 1 scopa"]),
    ("scopa", ["Anna", "Bruno"], None, {"f:sides:0": ["22"], "f:denari:0": ["6"], "f:settebello:0": ["yes"],
                                         "f:primiera:0": ["78"], "f:sides:1": ["18"], "f:denari:1": ["4"],
                                         "f:primiera:1": ["70"], "f:scope:1": ["1"]},
     ["Anna=22 cards 6 denari settebello primiera 78", "Bruno=18 carte 4 denari primiera 70 1 scopa"]),
])
def test_posted_fields_give_the_document_of_the_cli_s_words(name, players, rules, posted, words):
    game = get_game(name)
    setup = game.setup(rules, players)
    state = game.start(setup)
    from ledger.cli.hand_entry import complete_hand

    expected, missing = complete_hand(game, setup, game.parse_entry(setup, words), None, state)
    assert game.completed(setup, read_posted(game, setup, state, posted), state) == (expected, missing)
    assert missing is None
    game.apply(setup, state, expected)  # a whole hand the rules take


def test_a_value_the_cli_refuses_is_refused_on_its_field_s_path():
    game, setup = scala40()
    with pytest.raises(LedgerError) as err:
        read_posted(game, setup, game.start(setup), {"f:closed_by": ["Anna"], "f:others:1": ["JK XX"]})
    with pytest.raises(LedgerError) as cli:
        game.parse_entry(setup, ["closed_by=Anna", "Bruno=JK XX"])
    assert (err.value.field, err.value.message) == (cli.value.field, cli.value.message)
    assert input_for(paths_of(game, setup, game.start(setup)), err.value.field) == "others.Bruno"


def test_a_missing_required_field_is_the_cli_s_missing_error():
    game, setup = scala40()
    state = game.start(setup)
    doc, missing = game.completed(setup, read_posted(game, setup, state, {"f:others:1": ["10"]}), state)
    assert doc == {"others": {"Bruno": 10}} and missing is not None and missing.field == "closed_by"


def test_an_error_s_path_finds_its_input():
    paths = ["closed_by", "others.Anna", "others.Bruno", "sides.NS"]
    assert input_for(paths, "others.Bruno[2]") == "others.Bruno"
    assert input_for(paths, "others.bruno") == "others.Bruno"
    assert input_for(paths, "sides.NS.aces") == "sides.NS"
    assert input_for(paths, "closed_by") == "closed_by"
    assert input_for(paths, "others.Bru") is None and input_for(paths, "rules") is None
    assert input_for(["entry"], "sides.Anna") == "entry"  # a game without a declaration: one field


def test_a_field_of_two_kinds_of_value_is_typed_in_words():
    from ledger.games.declare import Field, HandForm, Kind
    from ledger.i18n import t

    name = t("web.test.bet", "bet")
    form = HandForm((Field("bet", name, (Kind.PLAYERS, Kind.COUNT), required=False),
                     Field("tricks", name, (Kind.COUNT,), lo=0, hi=13),
                     Field("caller", name, (Kind.PLAYER, Kind.SIDE))))
    game = get_game("segnapunti")
    setup = game.setup(None, ["Anna", "Bruno"])

    class Declared(type(game)):
        hand = form

    out = form_html(Declared(), setup, None, 1, 0)
    assert 'type="text" id="m1-bet" name="f:bet"' in out  # "Carla Dario 17": only words say it
    assert 'type="number" inputmode="numeric" id="m1-tricks"' in out
    assert 'type="radio" id="m1-caller-0" name="f:caller" value="Anna"' in out


@pytest.mark.parametrize("lang, nobody, alone", [("it", "nessuno", "da solo"), ("en", "nobody", "alone")])
def test_a_word_s_button_says_it_in_the_page_s_language(lang, nobody, alone):
    """A value said in words is posted by one spelling and shown in the page's own language."""
    from ledger.games.base import replay

    labels = re.compile(r'<input type="(?:radio|checkbox)" id="[^"]+" name="([^"]+)" value="([^"]*)"[^>]*>'
                        r'<label for="[^"]+">([^<]*)</label>')
    scala40, briscola = get_game("scala40"), get_game("briscola")
    out_setup = scala40.setup("standard", ["Anna", "Bruno", "Carla"], options={"reentries": 1})
    carla_out = replay(scala40, out_setup, [{"closed_by": "Anna", "others": {"Bruno": 60, "Carla": 105}}]).final
    cases = [(scala40, out_setup, carla_out, "f:reentry", nobody, []),
             (briscola, briscola.setup("chiamata", list(NAMES[:5])), None, "f:partner", alone, "alone")]
    for game, setup, state, field, word, value in cases:
        state = state if state is not None else game.start(setup)
        with speaking(lang):
            out = form_html(game, setup, state, 1, 0)
        buttons = {shown: posted for name, posted, shown in labels.findall(out) if name == field}
        assert word in buttons, (game.name, buttons)
        assert set(buttons) - {word} <= {*NAMES, text("none")}  # no word of the other language
        doc = read_posted(game, setup, state, {field: [buttons[word]], "after": ["0"]})
        assert doc.get(field[2:], value) == value


def test_a_field_the_hand_does_not_ask_is_left_out():
    """Briscola chiamata: who sits out is asked at six players only (five: nobody does)."""
    game = get_game("briscola")
    five, six = (game.setup("chiamata", list(NAMES[:n])) for n in (5, 6))
    assert 'name="f:sitting_out"' not in form_html(game, five, game.start(five), 1, 0)
    assert 'name="f:sitting_out"' in form_html(game, six, game.start(six), 1, 0)


def test_the_closer_s_cards_are_not_asked():
    """Scala 40: the closer has no cards left. Each player's fields say which button takes him out
    of the hand (the closer's, as entry_who says for a hand with that closer: the CLI's questions
    skip him too), and what is posted for the closer is not read."""
    import json

    game, setup = scala40()
    state = game.start(setup)
    out = form_html(game, setup, state, 1, 0)
    for name in setup.players:
        off = re.search(rf'<fieldset class="who" data-off="([^"]*)"><legend>{name}</legend>', out)
        assert off is not None and json.loads(html.unescape(off.group(1))) == [["f:closed_by", name]]
    posted = {"f:closed_by": ["Anna"], "f:others:0": ["34"], "f:others:1": ["JK AS 7H"], "f:others:2": ["12"]}
    doc = read_posted(game, setup, state, posted)
    assert doc == game.parse_entry(setup, ["chiude", "Anna;", "Bruno", "JK AS 7H;", "Carla", "12"])
    assert "Anna" not in doc["others"]
    game.apply(setup, state, game.completed(setup, doc, state)[0])  # the rules take it
    questions = [q.key for q in game.questions(setup, {"closed_by": "Anna"}, state)]
    assert "others.Anna" not in questions and "others.Bruno" in questions  # as the CLI asks


def test_a_form_whose_hand_asks_everyone_hides_no_one():
    seg = get_game("segnapunti")
    setup = seg.setup(None, ["Anna", "Bruno"])
    assert "data-off" not in form_html(seg, setup, seg.start(setup), 1, 0)


def test_a_caller_alone_is_one_button():
    """Briscola chiamata: 'alone' is the partner's button, with no toggle of its own beside it."""
    game = get_game("briscola")
    setup = game.setup("chiamata", list(NAMES[:5]))
    with speaking("it"):
        out = html.unescape(form_html(game, setup, game.start(setup), 1, 0))
    assert 'name="f:alone"' not in out and len(re.findall(r">da solo</(?:label|span)>", out)) == 1
    assert 'name="f:partner" value="da solo"' in out
    doc = read_posted(game, setup, game.start(setup), {"f:caller": ["Anna"], "f:partner": ["da solo"],
                                                       "f:alone": ["yes"]})
    assert doc["partner"] == "Anna" and "alone" not in doc


def test_a_player_out_who_may_re_enter_keeps_his_inputs_while_the_closer_s_go():
    """Scala 40 with Carla out (one re-entry allowed): her inputs stay for the hand she re-enters
    in; only a closer's button takes a player's inputs away, and a re-entry posted with her cards
    is read as the CLI reads the same words."""
    from ledger.games.base import replay

    game = get_game("scala40")
    setup = game.setup("standard", ["Anna", "Bruno", "Carla"], options={"reentries": 1})
    state = replay(game, setup, [{"closed_by": "Anna", "others": {"Bruno": 60, "Carla": 105}}]).final
    out = taken_out(game, setup, state)
    assert out == {name: [("f:closed_by", name)] for name in ("Anna", "Bruno", "Carla")}
    posted = {"f:reentry": ["Carla"], "f:closed_by": ["Bruno"], "f:others:0": ["10"], "f:others:1": ["99"],
              "f:others:2": ["20"]}
    doc = read_posted(game, setup, state, posted)
    assert doc == game.parse_entry(setup, ["rientra", "Carla;", "chiude", "Bruno;", "Anna", "10;", "Carla", "20"])
