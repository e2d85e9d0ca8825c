"""What an Italian player meets in ``ledger play`` (issue 15): ``aiuto`` says each game's words
for players (Italian keys the game accepts: every example in it is a hand the game reads), the
prompts and errors name the Italian keys (``conta``, ``rientro=``, ``scommessa=``,
``sorteggiato=``), a card written in words is named so, undo is "annulla", lists end with "e",
plurals agree, a whole hand typed at "chi ha chiuso?" is judged as a hand, and every line fits an
80-column terminal."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from ledger import i18n
from ledger.cli.hand_entry import parse_line
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.replay import replay
from tests.cli.test_play import session
from tests.cli.test_widths import columns  # noqa: F401 (a fixture: the console COLUMNS wide)

# each game as a session starts it: (game, rules, players or sides)
GAMES = {
    "trentasette": ("trentasette", None, ["--players", "Anna,Bruno"]),
    "trentuno": ("trentuno", "52-vedova", ["--players", "Anna,Bruno,Carla,Dario"]),
    "trentuno40": ("trentuno", "40", ["--players", "Anna,Bruno,Carla,Dario"]),
    "simone": ("simone", None, ["--players", "Anna,Bruno"]),
    "scopa": ("scopa", None, ["--players", "Anna,Bruno"]),
    "canasta": ("canasta", None, ["--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario"]),
    "burraco": ("burraco", None, ["--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario"]),
    "bridge": ("bridge", None, ["--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario"]),
    "scala40": ("scala40", None, ["--players", "Anna,Bruno,Carla,Dario"]),
}
# the words a game accepts in Italian, which its Italian help must teach
ITALIAN_WORDS = {
    "trentasette": ["resto", "tavolo=", "ultima=", "conta"],
    "trentuno": ["bussa=", "trentuno=", "vedova=", "rientro=", "scommessa=", "sorteggiato="],
    "simone": ["bussa="],
    "scopa": ["resto", "Anna.carte=", "Anna.scope="],
    "canasta": ["pulite", "sporca", "calate", "in mano", "chiuso", "NS.canaste="],
    "burraco": ["puliti", "calate", "in mano", "pozzetto preso", "NS.burrachi="],
    "bridge": ["senza atout", "fatte", "sotto", "onori", "passo"],
    "scala40": ["chiude", "in mano", "rientra", "non ha aperto"],
}
ENGLISH_KEYS = re.compile(r"\b(knock|reentry|bet|drawn|widow|shown31|table|last|closed|melded|hand)=|=rest\b")
DEVELOPER = ("partial hand document", "LedgerError", "Command-line words", "→")


def play_it(cli, *args: str, lines: list[str]):
    """``ledger --lang it play ARGS`` with ``lines`` typed."""
    return cli("--lang", "it", "play", *args, input="".join(line + "\n" for line in lines))


def start(name: str) -> list[str]:
    game, rules, who = GAMES[name]
    return [game, *who, *(["--rules", rules] if rules else [])]


def wide(text: str, width: int = 80) -> list[str]:
    return [line for line in text.splitlines() if cell_len(line) > width]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_aiuto_says_the_games_words_in_italian_for_players_within_80_columns(cli, columns, name):
    columns(80)
    r = play_it(cli, *start(name), lines=["aiuto", "esci"])
    out = r.stdout
    assert not any(d in out for d in DEVELOPER), out
    assert not wide(out), wide(out)
    key = "trentuno" if name.startswith("trentuno") else name
    missing = [w for w in ITALIAN_WORDS[key] if w not in out]
    assert not missing, (missing, out)
    help_text = out[out.index("aiuto\n"):out.index("A ogni richiesta")]
    assert not ENGLISH_KEYS.search(help_text), help_text
    hand = "smazzata" if name == "bridge" else "mano"  # bridge's hands are deals (Game.deals)
    assert f"annulla  alla richiesta della {hand}" in out and "(undo)" not in out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_help_in_english_is_for_players_too(cli, columns, name):
    columns(80)
    out = session(cli, *start(name), lines=["help", "quit"]).stdout
    assert not any(d in out for d in DEVELOPER), out
    assert not wide(out), wide(out)
    assert "At any prompt:" in out


KEY_VALUE = re.compile(r"[\w.]+=(?:\"[^\"]*\"|[^\s;,()]+)")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_example_in_the_help_is_read_by_the_game(name, lang):
    """Each example line of a game's help (indented), and every KEY=VALUE the help names, is a
    hand (or part of one) that the game's entry reads, in the language the help is written in (a
    KEY=VALUE in one of its rule sets: bridge's board= is duplicate's)."""
    game_name, rules, who = GAMES[name]
    game = get_game(game_name)
    players = ["Anna", "Bruno", "Carla", "Dario"][: 4 if "Dario" in " ".join(who) else 2]
    sides = {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]} if "--side" in who else None
    setup = game.setup(rules, None if sides else players, sides, {})
    i18n.use(lang)
    text = str(game.entry_help())
    examples = [x for line in text.splitlines() if line.startswith("  ")
                for x in re.split(r"\s{3,}", line.strip())]
    assert examples
    for example in examples:
        assert parse_line(game, setup, example), example
    for pair in KEY_VALUE.findall(text):
        pair = pair.rstrip(".")
        if pair.split("=")[0].split(".")[0] in ("Carla", "Dario") and len(players) == 2:
            continue
        assert any(_reads(game, game.setup(r, setup.players if not sides else None, sides, {}), pair)
                   for r in game.rule_sets), pair


def _reads(game, setup, text: str) -> bool:
    try:
        return bool(parse_line(game, setup, text))
    except LedgerError:
        return False


def test_conta_asks_the_pile_counts_and_the_prompt_says_conta(cli):
    lines = ["Anna=resto Bruno=conta", "20", "5", "nessuno", "no", "sì", "sì", "cuori", "picche", "esci"]
    r = play_it(cli, "trentasette", "--players", "Anna,Bruno", lines=lines)
    assert "Bruno: numero di carte nel mazzetto (0-52)" in r.stdout
    assert "(fanti, donne e re)" in r.stdout and "ad es. cuori o nessuno" in r.stdout
    assert "non è una carta" not in r.stderr
    r = play_it(cli, "1", lines=["", "conta", "esci"])
    assert "Anna: carte prese (le carte, 'resto', o 'conta' per contarle)" in r.stdout
    assert "Anna: numero di carte nel mazzetto" in r.stdout
    r = session(cli, "1", lines=["", "count", "quit"])  # the English word as before
    assert "Anna: number of cards in the pile" in r.stdout


def test_italian_errors_name_the_italian_keys_that_bring_a_player_back(cli):
    cli("match", "new", "trentuno", "--players", "Anna,Bruno,Carla", "-o", "lives=1", "-o", "reentry=true")
    cli("hand", "add", "1", "Anna=AC JH 10S", "Bruno=2H 3S 4C", "Carla=JD 8D AS", "knock=Anna")
    hand = ["Anna=AC JH 10S", "Bruno=8H 7S 5S", "Carla=JD 8D AS", "bussa=Carla"]
    err = cli.error("--lang", "it", "hand", "add", "1", *hand)
    assert "aggiungi rientro=Bruno" in err and "reentry" not in err
    cli("--lang", "it", "hand", "add", "1", *hand, "rientro=Bruno")  # the word it names is the way back
    cli("match", "new", "trentuno", "--rules", "40", "--players", "Anna,Bruno,Carla,Dario", "-o", "lives=1")
    cli("hand", "add", "2", "Anna=1C 7C 6C", "Bruno=2D 3S 4C", "Carla=JD 5D AS", "Dario=JS 7S 6S", "knock=Anna")
    err = cli.error("--lang", "it", "hand", "add", "2", "Anna=1C 7C 6C", "Bruno=2D 3S 4C", "Carla=JD 5D AS",
                    "Dario=JS 7S 6S", "bussa=Anna")
    assert 'scommessa="Bruno 17"' in err and "bet=" not in err


def test_the_drawn_bettor_has_an_italian_key():
    game = get_game("trentuno")
    setup = game.setup("40", ["Anna", "Bruno", "Carla", "Dario"])
    words = 'scommessa="Carla Dario 17" sorteggiato=Carla'
    assert parse_line(game, setup, words) == parse_line(game, setup, 'bet="Carla Dario 17" drawn=Carla')


def test_a_card_written_in_words_is_named_as_written(cli):
    cli("match", "new", "scopa", "--players", "Anna,Bruno")
    err = cli.error("--lang", "it", "hand", "add", "1", "Anna=7 di denari, re di coppe, 8 di denari", "Bruno=resto")
    assert "8 di denari non fa parte di questo mazzo" in err
    assert "8D" not in err
    err = cli.error("hand", "add", "1", "Anna=7D KC 8D", "Bruno=rest")
    assert "8D not in the 40-card Italian deck" in err  # a card written as its code is named by its code
    cli("match", "new", "trentuno", "--rules", "40", "--players", "Anna,Bruno,Carla,Dario")
    err = cli.error("--lang", "it", "hand", "add", "2", "Anna=asso di coppe, re di coppe, 5 di coppe",
                    "Bruno=8 di denari, 7D, 6D", "Carla=20", "Dario=20", "bussa=Anna")
    assert "8 di denari non fa parte di questo mazzo" in err


def test_undo_in_italian_is_annulla(cli):
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    r = play_it(cli, "1", lines=["Anna=17 Bruno=20 bussa=Anna", "annulla", "s", "esci"])
    assert "Annullo la mano 1 (" in r.stdout and "Resta nella cronologia come annullata [s/N]" in r.stdout
    assert "Annullata la mano 1:" in r.stdout
    assert "ripres" not in r.stdout.lower() and "riprendi" not in r.stdout.lower()
    assert cli.json("show", "1")["hands"] == []


def test_a_finished_match_and_its_prompts_fit_80_columns_in_italian(cli, columns):
    columns(80)
    cli("match", "new", "trentuno", "--players", "Anna,Bruno,Carla", "-o", "lives=1")
    hand = "Anna=AH KH QH Bruno=2S 3D 4C Carla=5S 6D 7C trentuno=Anna"
    r = play_it(cli, "1", lines=[hand, "annulla", "n", "boh", "esci"])
    assert "partita finita" in r.stdout
    typed = (hand,)
    assert not [x for x in wide(r.stdout + r.stderr) if not x.endswith(typed)]
    assert "la mano 1 resta" in r.stdout


def test_a_whole_hand_typed_at_who_closed_is_judged_as_a_hand(cli):
    cli("match", "new", "canasta", "--side", "NS=Anna,Carla", "--side", "EW=Bruno,Dario")
    asked = ["", "2 pulite, 1 sporca", "300", "0", "0", "2 pulite, 1 sporca", "300", "0", "0"]
    both = "NS=2 pulite, 1 sporca, calate 300, in mano 0, chiuso EW=1 pulita, calate 100, in mano 30, chiuso"
    good = "NS=2 pulite, 1 sporca, calate 300, in mano 0, chiuso EW=1 pulita, calate 100, in mano 30"
    r = play_it(cli, "1", lines=[*asked, both, good, "esci"])
    assert "chi ha chiuso? (una squadra" in r.stdout
    assert "NS e EW non possono aver chiuso insieme: si chiude una volta sola" in r.stderr
    assert "non è una squadra" not in r.stderr
    assert "(la riga scritta sostituisce la mano)" in r.stdout
    assert cli.json("show", "1")["hands"][0]["result"]["closed_by"] == "NS"
    err = cli.error("hand", "add", "1", "NS=1 pure, 1 dirty, melded 300, in hand 0, closed", "closed=EW")
    assert err == ("error: closed_by: NS and EW cannot both have closed: only one closes")


def test_burraco_each_for_self_asks_and_refuses_a_player_not_a_side(cli):
    cli("match", "new", "burraco", "--players", "Anna,Bruno,Carla")
    r = play_it(cli, "1", lines=["", "Zorro", "esci"])
    assert "chi ha chiuso? (un giocatore, oppure nessuno" in r.stdout
    assert "'Zorro' non è un giocatore di questa partita" in r.stderr and "squadra" not in r.stderr
    assert "Carla: punti delle carte calate, burrachi compresi" not in r.stdout  # not asked yet
    r = play_it(cli, "1", lines=["", "nessuno", "", "", "esci"])
    assert "Anna: punti delle carte calate, burrachi compresi" in r.stdout


def test_simone_knock_statistics_agree_with_the_count_won():
    game = get_game("simone")
    setup = game.setup("standard", ["Anna", "Bruno"])
    won = {"hands": {"Anna": 3, "Bruno": 20}, "knocked_by": "Anna"}
    lost = {"hands": {"Anna": 20, "Bruno": 3}, "knocked_by": "Anna"}
    rp = replay(game, setup, [won, lost])
    assert game.board(setup, rp).tables[1].caption == "the knocker won 1 of 2 hands with a knock"
    i18n.use("it")
    assert game.board(setup, rp).tables[1].caption == "chi ha bussato ha vinto 1 volta su 2 bussate"
    rp = replay(game, setup, [won, won, lost])
    assert game.board(setup, rp).tables[1].caption == "chi ha bussato ha vinto 2 volte su 3 bussate"


def test_trentuno_lists_the_players_with_e_in_italian():
    game = get_game("trentuno")
    setup = game.setup("52", ["Anna", "Bruno", "Carla", "Dario"])
    hand = {"hands": {"Anna": 31, "Bruno": 20, "Carla": 25, "Dario": 20}, "shown31": "Anna"}
    rp = replay(game, setup, [hand])
    english = rp.results[0].summary
    assert english.endswith("Bruno, Carla, Dario lose a life")  # the history's English (and its JSON) as before
    i18n.use("it")
    assert str(replay(game, setup, [hand]).results[0].summary).endswith("Bruno, Carla e Dario perdono una vita")


def test_scopa_notes_say_the_number_of_scope_first():
    game = get_game("scopa")
    setup = game.setup(None, ["Anna", "Bruno"])
    hand = {"sides": {"Anna": {"cards": 22, "denari": 6, "settebello": True, "primiera": 78, "scope": 2},
                      "Bruno": {"cards": 18, "denari": 4, "settebello": False, "primiera": 70, "scope": 1}}}
    res = replay(game, setup, [hand]).results[0]
    assert game.hand_note(res) == "Anna: carte · denari · settebello · primiera · 2 scope; Bruno: 1 scopa"


def test_hand_add_at_a_terminal_says_errore_and_folds_to_the_screen(cli, columns):
    columns(80)
    cli("match", "new", "simone", "--players", "Anna,Bruno")
    r = cli("--lang", "it", "hand", "add", "1", "-i", "Anna=17", "Bruno=20", input="boh\nAnna\n")
    assert "  errore: chi ha bussato: 'boh' non è un giocatore di questa partita" in r.stderr
    assert not wide(r.stderr)
    assert cli.json("match", "history", "1")[0]["document"]["knocked_by"] == "Anna"


def test_trentasette_counts_take_italian_keys():
    game = get_game("trentasette")
    setup = game.setup(None, ["Anna", "Bruno"])
    italian = "Anna.carte=20 Anna.figure=5 Anna.valori=nessuno Anna.asso_di_cuori=no Anna.scale=cuori Bruno=conta"
    english = "Anna.cards=20 Anna.figures=5 Anna.ranks=nessuno Anna.ace_of_hearts=no Anna.runs=cuori Bruno=count"
    assert parse_line(game, setup, italian) == parse_line(game, setup, english)
    assert parse_line(game, setup, "Bruno=conta")["sides"]["Bruno"] == {}  # the counts, to be asked


def test_a_finished_canasta_says_no_opening_minimum():
    game = get_game("canasta")
    setup = game.setup("italian", None, {"NS": ["Anna", "Carla"], "EW": ["Bruno", "Dario"]}, {"target": 1500})
    hand = {"sides": {"NS": {"canastas": ["pure", "pure", "dirty"], "melded_points": 300, "hand_points": 0,
                             "red_threes": 0},
                      "EW": {"canastas": ["pure"], "melded_points": 100, "hand_points": 30, "red_threes": 0}},
            "closed_by": "NS"}
    open_board = game.board(setup, replay(game, setup, []))
    assert any(n.startswith("Opening minimum now:") for n in open_board.notes)
    rp = replay(game, setup, [hand])
    assert rp.final.finished
    assert not any(n.startswith("Opening minimum now:") for n in game.board(setup, rp).notes)
