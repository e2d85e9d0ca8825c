"""Trentuno: hand values, who loses a life, lives and the pot, re-entries and bets, the money.

Sources: seeds 001 (52 cards, vedova) and 004 (40 cards); RULES.md "Trentuno, 52 cards",
"Trentuno, 40 cards" and "Settling stakes". The worked cases of cases.json are copied below.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.cards import parse_cards
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.games.base import replay
from ledger.games.settle import (
    Transfer, add_nets, format_money, night_report, parse_cents, parse_money, settle, share,
)
from ledger.games.trentuno import (
    VARIANTS, Ending, HandValue, draw, lose_life, possible_totals, suit_total, value_of_cards,
)

GAME = get_game("trentuno")
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]
DEMO = Path(__file__).resolve().parents[2] / "ledger" / "demo" / "20_trentuno.json"


def score(hands, rules="52", **ending):
    return GAME.score({"game": "trentuno", "rules": rules, "hands": hands, **ending}).to_json()


def setup(rules="52", players=NAMES[:4], ended_early=False, **options):
    return GAME.setup(rules, players, None, options, ended_early=ended_early)


def play(docs, rules="52", players=NAMES[:4], ended_early=False, **options):
    s = setup(rules, players, ended_early, **options)
    return s, replay(GAME, s, docs)


def error_field(fn, *args, **kwargs) -> str:
    with pytest.raises(LedgerError) as info:
        fn(*args, **kwargs)
    return info.value.field


def value(cards, rules="52"):
    return value_of_cards(parse_cards(cards, italian=rules == "40"), VARIANTS[rules]).to_json()


# --- the worked cases of cases.json (copied as literals) ------------------------------------------
SCORE_CASES = [
    ('trentuno-1-0', {
        'rules': '40', 'knocked_by': 'Giulia', 'shown31': None,
        'hands': {
            'Anna': '2D 6C KC',
            'Dario': ['AS', 'JD', '7S'],
            'Giulia': '4C 2C JH',
            'Bruno': ['4S', '5S', 'JC'],
            'Elena': ['6D', '4D', '6S'],
            'Luca': '2S KS 3C',
            'Piero': 'JS AH QC',
            'Franco': 'QH AD QD',
            'Nico': ['5H', '5D', 'KD'],
            'Carla': 'QS 7D 3S',
        }},
        {'lose_life': ['Bruno', 'Elena', 'Giulia'], 'values': {'Anna': 16, 'Dario': 18, 'Giulia': 10, 'Bruno': 10, 'Elena': 10, 'Luca': 12, 'Piero': 11, 'Franco': 21, 'Nico': 15, 'Carla': 13}}),
    ('trentuno-1-1', {
        'rules': '40', 'knocked_by': 'Carla', 'shown31': None,
        'hands': {
            'Nico': '6H 6D 3H',
            'Carla': 'KD AH 2H',
            'Piero': ['4S', '5S', '3C'],
            'Olga': ['7D', '7S', 'AS'],
            'Marta': ['5D', '7H', 'KC'],
            'Luca': 'KH 4D JD',
            'Giulia': ['QD', '5H', '4C'],
            'Dario': ['JC', 'JS', '2D'],
        }},
        {'lose_life': ['Nico', 'Piero'], 'values': {'Nico': 9, 'Carla': 13, 'Piero': 9, 'Olga': 18, 'Marta': 10, 'Luca': 14, 'Giulia': 10, 'Dario': 10}}),
    ('trentuno-1-2', {
        'rules': '52', 'knocked_by': 'Nico', 'shown31': None,
        'hands': {
            'Elena': ['8C', '9S', '8H'],
            'Olga': ['6C', '2S', 'JD'],
            'Bruno': ['3D', '6H', '8D'],
            'Piero': '8S AS 4D',
            'Nico': ['9C', '7S', '3H'],
        }},
        {'lose_life': ['Elena', 'Nico'], 'values': {'Elena': 9, 'Olga': 10, 'Bruno': 11, 'Piero': 19, 'Nico': 9}}),
    ('trentuno-1-3', {
        'rules': '52-vedova', 'knocked_by': 'Bruno', 'shown31': None,
        'hands': {
            'Bruno': 'QS 4C 4H',
            'Anna': ['4S', '2S', '7C'],
            'Piero': ['2H', '5D', '7D'],
            'Olga': '10H 10D 3S',
            'Elena': ['KC', 'QC', '6C'],
            'Franco': '8C 9H 2C',
        }},
        {'lose_life': ['Anna', 'Bruno', 'Franco', 'Olga'], 'values': {'Bruno': 10, 'Anna': 7, 'Piero': 12, 'Olga': 10, 'Elena': 26, 'Franco': 10}}),
    ('trentuno-1-4', {
        'rules': '40', 'knocked_by': 'Nico', 'shown31': None,
        'hands': {
            'Nico': 'JD 4C 2S',
            'Piero': ['3C', 'QH', '5D'],
            'Bruno': ['5S', '6S', 'AC'],
            'Luca': ['4D', 'AH', '6H'],
            'Dario': ['QC', '3S', '2H'],
            'Franco': ['KS', '4H', '6C'],
        }},
        {'lose_life': ['Dario', 'Franco', 'Nico', 'Piero'], 'values': {'Nico': 10, 'Piero': 10, 'Bruno': 11, 'Luca': 17, 'Dario': 10, 'Franco': 10}}),
    ('trentuno-1-5', {
        'rules': '52', 'knocked_by': 'Franco', 'shown31': None,
        'hands': {
            'Franco': '6H 3D 10C',
            'Nico': 'AC 9C 3H',
            'Dario': ['8H', '8S', 'AH'],
            'Giulia': ['6C', '5D', '2S'],
            'Marta': ['2C', 'JH', '4S'],
            'Bruno': '10D QH 8D',
            'Olga': ['8C', '9S', 'KS'],
        }},
        {'lose_life': ['Franco', 'Giulia', 'Marta'], 'values': {'Franco': 10, 'Nico': 20, 'Dario': 19, 'Giulia': 6, 'Marta': 10, 'Bruno': 18, 'Olga': 19}}),
]

REPLAY_CASES = [
    ('trentuno_match-1-0', {
        'rules': '52', 'players': ['Carla', 'Luca', 'Bruno'],
        'options': {'lives': 3, 'stake_cents': 100, 'currency': 'EUR', 'reentry': False},
        'hands': [
            {'hands': {'Carla': '8C 4C 10C', 'Luca': 'QH 6D QS', 'Bruno': ['3H', '7C', '9H']}, 'knocked_by': 'Bruno', 'shown31': None},
            {'hands': {'Carla': 'KC 6C AD', 'Luca': ['8S', 'JC', '9C'], 'Bruno': '8H KD 9H'}, 'knocked_by': 'Carla', 'shown31': None},
            {'hands': {'Carla': 'KS 9D QS', 'Luca': ['JH', 'QC', 'KC'], 'Bruno': '5S 6D 9H'}, 'knocked_by': 'Carla', 'shown31': None},
            {'hands': {'Carla': ['JS', '6S', '10H'], 'Luca': ['QD', '8S', '4C'], 'Bruno': ['4D', 'AD', '6D']}, 'knocked_by': 'Luca', 'shown31': None},
            {'hands': {'Carla': 'KD JH AD', 'Luca': ['6C', '2D', 'QC'], 'Bruno': ['4H', '2S', '2H']}, 'knocked_by': 'Luca', 'shown31': None},
            {'hands': {'Carla': ['3H', '2S', '8H'], 'Luca': 'KS 5D JH', 'Bruno': ['9C', 'QD', 'QS']}, 'knocked_by': 'Carla', 'shown31': None},
        ]},
        {'lives': {'Carla': 2, 'Luca': 0, 'Bruno': 0}, 'pot_cents': 700, 'winner': 'Carla', 'finished': True, 'settlement': {'Carla': 600, 'Luca': -300, 'Bruno': -300}}),
    ('trentuno_match-1-1', {
        'rules': '52', 'players': ['Carla', 'Bruno', 'Anna', 'Piero'],
        'options': {'lives': 3, 'stake_cents': 25, 'currency': 'EUR', 'reentry': True},
        'hands': [
            {'hands': {'Carla': ['9H', 'AH', '3S'], 'Bruno': '7D 4S 3D', 'Anna': ['10D', '2H', '8H'], 'Piero': ['9S', 'JD', '10S']}, 'knocked_by': 'Carla', 'shown31': None},
            {'hands': {'Carla': ['4H', '4D', '9S'], 'Bruno': ['3D', '2D', 'KH'], 'Anna': 'QS 8S AC', 'Piero': '3S JH 8C'}, 'knocked_by': 'Piero', 'shown31': None},
            {'hands': {'Carla': '7C KS 8H', 'Bruno': '3H 5H 2D', 'Anna': 'JH 6C AS', 'Piero': ['5C', 'QC', '9D']}, 'knocked_by': 'Anna', 'shown31': None},
            {'hands': {'Carla': '9D KD 10C', 'Anna': ['5S', '2D', 'AC'], 'Piero': '3C 8D 6C'}, 'knocked_by': 'Carla', 'shown31': None},
            {'hands': {'Carla': ['9S', '6D', '10S'], 'Anna': ['2S', '3C', '4S'], 'Piero': '5D 9H 10C', 'Bruno': 'JD 5C 8S'}, 'knocked_by': 'Piero', 'shown31': None, 'reentry': ['Bruno']},
            {'hands': {'Carla': '9D JD 10H', 'Anna': '3S 10D AH', 'Piero': '3D 7H 9H'}, 'knocked_by': 'Piero', 'shown31': None, 'reentry': ['Piero']},
            {'hands': {'Carla': ['4D', '9D', '6H'], 'Piero': 'AD 3D QC'}, 'knocked_by': 'Piero', 'shown31': None},
        ]},
        {'lives': {'Carla': 0, 'Bruno': 0, 'Anna': 0, 'Piero': 1}, 'pot_cents': 475, 'winner': 'Piero', 'finished': True, 'settlement': {'Carla': -75, 'Bruno': -175, 'Anna': -75, 'Piero': 325}}),
    ('trentuno_match-1-2', {
        'rules': '40', 'players': ['Olga', 'Giulia', 'Anna', 'Elena'],
        'options': {'lives': 3, 'stake_cents': 100, 'currency': 'EUR', 'reentry': False},
        'hands': [
            {'hands': {'Olga': ['5D', 'KC', '6H'], 'Giulia': 'JS 2C AH', 'Anna': 'KS KD 5H', 'Elena': ['QS', '5S', '3S']}, 'knocked_by': 'Olga', 'shown31': None},
            {'hands': {'Olga': '2C 4S 6S', 'Giulia': ['JS', 'JD', '4H'], 'Anna': 'AS 6C 7S', 'Elena': ['5H', '4D', '7C']}, 'knocked_by': 'Elena', 'shown31': None},
            {'hands': {'Olga': ['AH', 'KH', 'AD'], 'Giulia': 'JD AS 3D', 'Anna': ['JH', 'QD', '5D'], 'Elena': ['2C', 'KC', '7H']}, 'knocked_by': 'Olga', 'shown31': None},
            {'hands': {'Olga': 'QS 7D 7S', 'Giulia': 'JD 2C 3C', 'Anna': ['5C', 'AH', '3S'], 'Elena': ['3H', '6C', 'QH']}, 'knocked_by': 'Elena', 'shown31': None},
            {'hands': {'Olga': 'JH KH 6S', 'Giulia': ['6D', 'AH', 'KC'], 'Anna': 'KS 5H KD', 'Elena': 'QC 5C 2S'}, 'knocked_by': 'Anna', 'shown31': None},
            {'hands': {'Olga': '6C 6D QC', 'Giulia': ['2C', '6H', 'QH'], 'Anna': ['5S', 'KC', '2D'], 'Elena': ['KD', '5C', '4S']}, 'knocked_by': 'Elena', 'shown31': None},
            {'hands': {'Olga': '2C 7C QS', 'Giulia': '5D 6D AH'}, 'knocked_by': 'Olga', 'shown31': None},
            {'hands': {'Olga': 'AD 2H QD', 'Giulia': '6D 4H AS'}, 'knocked_by': 'Giulia', 'shown31': None},
            {'hands': {'Olga': 'QH KS 2D', 'Giulia': '3C JH 3H'}, 'knocked_by': 'Giulia', 'shown31': None},
        ]},
        {'lives': {'Olga': 0, 'Giulia': 1, 'Anna': 0, 'Elena': 0}, 'pot_cents': 1100, 'winner': 'Giulia', 'finished': True, 'settlement': {'Olga': -300, 'Giulia': 900, 'Anna': -300, 'Elena': -300}}),
    ('trentuno_match-1-3', {
        'rules': '52', 'players': ['Marta', 'Anna', 'Nico', 'Piero', 'Elena', 'Olga'],
        'options': {'lives': 3, 'stake_cents': 100, 'currency': 'EUR', 'reentry': False},
        'hands': [
            {'hands': {'Marta': ['AC', 'QC', '2D'], 'Anna': ['10H', '9H', '5D'], 'Nico': '4D 10D 6D', 'Piero': ['7D', '3D', '7C'], 'Elena': ['10S', '3H', '4S'], 'Olga': '9S JC 6H'}, 'knocked_by': 'Elena', 'shown31': None},
            {'hands': {'Marta': ['KD', '2D', 'AD'], 'Anna': ['4S', '3D', '7H'], 'Nico': 'JD AS 6H', 'Piero': ['2C', '6S', 'KH'], 'Elena': ['QD', '8C', '8S'], 'Olga': '6D 9S 10H'}, 'knocked_by': 'Nico', 'shown31': None},
            {'hands': {'Marta': ['10C', '2H', '4H'], 'Anna': ['9S', '10D', '5S'], 'Nico': '3D 7D JC', 'Piero': '10S QC 8H', 'Elena': ['4D', 'KC', 'JD'], 'Olga': '3H 8S 2C'}, 'knocked_by': 'Elena', 'shown31': None},
            {'hands': {'Marta': ['2C', '2H', 'KC'], 'Anna': '4H AD 9H', 'Nico': '3D 2D 8H', 'Elena': ['6D', 'JD', '6C']}, 'knocked_by': 'Marta', 'shown31': None},
            {'hands': {'Marta': '3H KH AS', 'Anna': ['7H', '7S', '8C'], 'Nico': '5S QH 9D', 'Elena': ['4S', '4D', '3S']}, 'knocked_by': 'Nico', 'shown31': None},
            {'hands': {'Marta': ['10H', '9S', '3S'], 'Anna': ['JH', '3D', '9H'], 'Nico': ['5S', '9C', 'AD'], 'Elena': '10D KC 5H'}, 'knocked_by': 'Marta', 'shown31': None},
            {'hands': {'Marta': 'KC 10C 8D', 'Anna': ['4S', '5H', '6D']}, 'knocked_by': 'Anna', 'shown31': None},
        ]},
        {'lives': {'Marta': 1, 'Anna': 0, 'Nico': 0, 'Piero': 0, 'Elena': 0, 'Olga': 0}, 'pot_cents': 1700, 'winner': 'Marta', 'finished': True, 'settlement': {'Marta': 1500, 'Anna': -300, 'Nico': -300, 'Piero': -300, 'Elena': -300, 'Olga': -300}}),
    ('trentuno_match-1-4', {
        'rules': '40', 'players': ['Nico', 'Luca', 'Franco', 'Anna', 'Elena'],
        'options': {'lives': 3, 'stake_cents': 25, 'currency': 'EUR', 'reentry': False},
        'hands': [
            {'hands': {'Nico': ['AH', '2H', '5H'], 'Luca': 'QH 7S 4D', 'Franco': 'JC 5D KC', 'Anna': ['6S', '2C', 'KH'], 'Elena': '3S AC KD'}, 'knocked_by': 'Luca', 'shown31': None},
            {'hands': {'Nico': ['4D', '7S', 'AC'], 'Luca': ['4S', 'AH', '2S'], 'Franco': ['KH', '6D', '6H'], 'Anna': '5D 7H QH', 'Elena': '6S 5C 2C'}, 'knocked_by': 'Nico', 'shown31': None},
            {'hands': {'Nico': ['5S', 'QH', 'AD'], 'Luca': 'JC 3D 6C', 'Franco': ['7H', '3H', '2S'], 'Anna': ['4H', '4C', '7C'], 'Elena': ['JD', 'KS', 'KH']}, 'knocked_by': 'Luca', 'shown31': None},
            {'hands': {'Nico': ['2S', '6C', '6S'], 'Luca': ['7D', 'JH', '5D'], 'Franco': ['AC', '3H', 'QH'], 'Anna': 'QS 2C 7C', 'Elena': '3S 4C KH'}, 'knocked_by': 'Franco', 'shown31': None},
            {'hands': {'Nico': '2D 2C KH', 'Luca': ['JH', '7S', '5H'], 'Franco': '5D AS 3D', 'Anna': ['AH', 'QS', '6S'], 'Elena': ['3C', '7C', '2S']}, 'knocked_by': 'Luca', 'shown31': None},
            {'hands': {'Nico': ['4H', '2C', '4D'], 'Luca': ['QH', '4S', '7C'], 'Franco': '3H KD KH', 'Anna': '3D KS 6S'}, 'knocked_by': 'Franco', 'shown31': None},
            {'hands': {'Luca': ['QS', '3H', '2D'], 'Franco': 'QD 4D 6S', 'Anna': ['6C', '4H', '5S']}, 'knocked_by': 'Franco', 'shown31': None},
            {'hands': {'Luca': 'KC 6D QS', 'Franco': ['JS', '6C', 'JC'], 'Anna': ['5S', '6S', 'KS']}, 'knocked_by': 'Anna', 'shown31': None},
            {'hands': {'Luca': ['AH', '7H', 'AS'], 'Franco': '4D 4C 3S', 'Anna': 'JC 4S 5S'}, 'knocked_by': 'Anna', 'shown31': None},
            {'hands': {'Luca': ['5D', '2D', 'AC'], 'Franco': '7H KC JC', 'Anna': 'QH 3S 3D'}, 'knocked_by': 'Luca', 'shown31': None, 'bet': {'players': ['Elena'], 'number': 10, 'drawn': 'Elena'}},
            {'hands': {'Luca': ['5D', 'JD', 'JS'], 'Franco': ['QD', '2H', '4S'], 'Elena': '7C 7S 5H'}, 'knocked_by': 'Elena', 'shown31': None},
            {'hands': {'Luca': 'QH 4D AH', 'Franco': ['3H', '6D', 'QD']}, 'knocked_by': 'Luca', 'shown31': None},
        ]},
        {'lives': {'Nico': 0, 'Luca': 1, 'Franco': 0, 'Anna': 0, 'Elena': 0}, 'pot_cents': 400, 'winner': 'Luca', 'finished': True, 'settlement': {'Nico': -75, 'Luca': 350, 'Franco': -75, 'Anna': -75, 'Elena': -125}}),
    ('trentuno_match-1-5', {
        'rules': '52-vedova', 'players': ['Franco', 'Dario', 'Carla'],
        'options': {'lives': 3, 'stake_cents': 25, 'currency': 'EUR', 'reentry': True},
        'hands': [
            {'hands': {'Franco': ['5H', 'KS', '9C'], 'Dario': '3H 6H KC', 'Carla': '8S JH 7H'}, 'knocked_by': 'Dario', 'shown31': None},
            {'hands': {'Franco': 'AH QS 9H', 'Dario': 'JH 5D KD', 'Carla': ['KS', '10H', '8D']}, 'knocked_by': 'Dario', 'shown31': None},
            {'hands': {'Franco': '10C JS 10S', 'Dario': ['6C', '10H', '3S'], 'Carla': ['9H', 'KS', '5C']}, 'knocked_by': 'Carla', 'shown31': None},
            {'hands': {'Franco': '5S 6H JS', 'Dario': ['2S', '5C', '7D'], 'Carla': ['3H', 'JD', '5D']}, 'knocked_by': 'Franco', 'shown31': None},
            {'hands': {'Franco': ['QS', '5H', '8H'], 'Carla': ['AD', '7H', '5D'], 'Dario': ['KD', 'AC', '4C']}, 'knocked_by': 'Dario', 'shown31': None, 'reentry': ['Dario']},
            {'hands': {'Franco': ['6D', '7S', '6H'], 'Dario': ['8S', 'QH', 'JS'], 'Carla': '9D 9C 3C'}, 'knocked_by': 'Carla', 'shown31': None},
            {'hands': {'Dario': 'AS 3C 9H', 'Carla': ['AC', '8S', '4S'], 'Franco': 'QH 7D 2H'}, 'knocked_by': 'Carla', 'shown31': None, 'reentry': ['Franco']},
            {'hands': {'Franco': '4C 2S 3C', 'Carla': 'KC KH 7D'}, 'knocked_by': 'Carla', 'shown31': None},
        ]},
        {'lives': {'Franco': 0, 'Dario': 0, 'Carla': 1}, 'pot_cents': 400, 'winner': 'Carla', 'finished': True, 'settlement': {'Franco': -175, 'Dario': -175, 'Carla': 350}}),
]

ERROR_CASES = [
    ('error-t31-fake31', {'rules': '52', 'hands': {'A': 'AH KH 5H', 'B': '2S 3S 4S', 'C': '9D 9C 9H'}, 'knocked_by': None, 'shown31': 'A'}, 'A has 26, not 31'),
    ('error-t31-40-eight', {'rules': '40', 'hands': {'A': '8H KH 5H', 'B': '2S 3S 4S', 'C': '7D 7C 6H', 'D': 'AS KS QS'}, 'knocked_by': 'B', 'shown31': None}, 'no 8 in the 40-card deck'),
]


@pytest.mark.parametrize("case_id, doc, expect", SCORE_CASES, ids=[c[0] for c in SCORE_CASES])
def test_score_cases(case_id, doc, expect):
    data = GAME.score({"game": "trentuno", **doc}).to_json()
    assert data["values"] == expect["values"]
    assert sorted(data["lose_life"]) == sorted(expect["lose_life"])


@pytest.mark.parametrize("case_id, doc, expect", REPLAY_CASES, ids=[c[0] for c in REPLAY_CASES])
def test_replay_cases(case_id, doc, expect):
    s = GAME.setup(doc["rules"], doc["players"], None, doc["options"])
    final = replay(GAME, s, doc["hands"]).final.to_json()
    for key, want in expect.items():
        assert final[key] == want, key
    assert sum(final["settlement"].values()) == 0
    assert final["pot_cents"] == sum(final["paid_cents"].values())


@pytest.mark.parametrize("case_id, doc, why", ERROR_CASES, ids=[c[0] for c in ERROR_CASES])
def test_error_cases(case_id, doc, why):
    with pytest.raises(LedgerError):
        GAME.score({"game": "trentuno", **doc})


def test_error_cases_name_the_field():
    assert error_field(GAME.score, {"game": "trentuno", **ERROR_CASES[0][1]}) == "shown31"
    assert error_field(GAME.score, {"game": "trentuno", **ERROR_CASES[1][1]}) == "hands.A"


# --- hand values ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("cards, rules, expected", [
    ("AH KH 5H", "52", 26),            # one suit: 11 + 10 + 5
    ("7S 7D 9C", "52", 9),             # three suits: the best single card
    ("2H 5S 6S", "52", 11),
    ("AS KS QS", "52", 31),
    ("AS AH AD", "52", 11),            # no three of a kind in the plain 52-card game
    ("AS AH AD", "52-vedova", "tris A"),
    ("10S 10H 10D", "52-vedova", "tris 10"),
    ("KH KD JC", "52-vedova", "tris K (jolly)"),
    ("JH JD JC", "52-vedova", "tris J"),  # three jacks are a real tris
    ("JC QC KC", "52-vedova", 30),      # the jolly is wild only for three of a kind
    ("KH QD JC", "52-vedova", 10),
    ("7S 7D 7C", "40", "tris 7"),
    ("KH JC 7S", "40", 10),             # no jolly in the 40-card game
    ("1 coppe, re di coppe, 5 coppe", "40", 26),  # Italian names: coppe = hearts
])
def test_hand_values(cards, rules, expected):
    assert value(cards, rules) == expected


def test_ranking_31_then_tris_then_jolly_then_totals():
    v = VARIANTS["52-vedova"]
    order = ["2S 3H 4D", "KS QS 3H", "2H 2D JC", "AH AD JC", "2S 2H 2D", "KS KH KD", "AS AH AD", "AS KS QS"]
    keys = [value_of_cards(parse_cards(c), v).key for c in order]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_a_one_suit_total_is_capped_at_31_with_two_decks():
    assert suit_total(parse_cards("AH AH KH")) == 31
    data = score({"A": "AH AH KH", "B": "2S 3S 4D", "C": "5C 6C 7D", "D": "JD QD 7H"}, "40",
                 shown31="A", decks=2)
    assert data["values"]["A"] == 31 and data["lose_life"] == ["B", "C", "D"]


def test_entered_numbers_and_tris():
    data = score({"A": 24, "B": "26", "C": "tris K", "D": "tris 10 (jolly)"}, "52-vedova", knocked_by="A")
    assert data["values"] == {"A": 24, "B": 26, "C": "tris K", "D": "tris 10 (jolly)"}
    assert data["lose_life"] == ["A", "B"]


def test_possible_totals():
    assert possible_totals("52") == frozenset(range(2, 32))
    forty = possible_totals("40")
    assert 2 not in forty and 3 in forty and 31 in forty  # three 2s are a tris in the 40-card game
    assert max(forty) == 31


@pytest.mark.parametrize("entry, rules", [
    (1, "52"), (32, "52"), (2, "40"), ("tris K", "52"), ("tris K (jolly)", "40"), ("tris 8", "40"),
    ("tris J (jolly)", "52-vedova"), ("AH KH", "52"), ("AH KH 5H 6H", "52"), ("8H 9H 10H", "40"),
    ("ZZ 2H 3H", "52"), (True, "52"), (None, "52"), (20.5, "52"),
])
def test_bad_hand_entries(entry, rules):
    hands = {"A": entry, "B": 20, "C": 21, "D": 22}
    assert error_field(score, hands, rules, knocked_by="B").startswith("hands.A")


def test_deck_checks():
    assert error_field(score, {"A": "AH KH 5H", "B": "AH 2S 3S", "C": 20}, knocked_by="C") == "hands"
    assert error_field(score, {"A": "AH KH 5H", "B": 20, "C": 21}, decks=2, knocked_by="C") == "decks"
    data = score({"A": "AH KH 5H", "B": "AH 2S 3S", "C": 20, "D": 21}, "40", decks=2, knocked_by="C")
    assert data["values"]["B"] == 11
    assert error_field(score, {"A": "AH KH 5H", "B": "AH 2S 3S", "C": 20, "D": 21}, "40",
                       knocked_by="C") == "hands"


# --- who loses a life ----------------------------------------------------------------------------------
def test_52_knock_ties_for_worst_both_pay_and_nobody_else():
    data = score({"A": 9, "B": 9, "C": 12, "D": 12, "E": 20}, knocked_by="E")
    assert data["lose_life"] == ["A", "B"]


def test_52_knock_ties_for_second_worst_all_pay():
    data = score({"A": 8, "B": 12, "C": 12, "D": 15, "E": 20}, knocked_by="E")
    assert data["lose_life"] == ["A", "B", "C"]


def test_52_the_knocker_can_pay():
    assert score({"A": 8, "B": 12, "C": 14, "D": 15}, knocked_by="B")["lose_life"] == ["A", "B"]


@pytest.mark.parametrize("hands, losers", [
    ({"A": 8, "B": 9, "C": 20}, ["A"]),
    ({"A": 9, "B": 9, "C": 20}, ["A", "B"]),
    ({"A": 9, "B": 20}, ["A"]),
])
def test_52_three_or_fewer_only_the_worst_pays(hands, losers):
    assert score(hands, knocked_by="C" if "C" in hands else "B")["lose_life"] == losers


def test_52_a_31_every_other_pays_the_knocker_too():
    hands = {"A": 20, "B": "AS KS QS", "C": 25, "D": 28}
    assert score(hands, shown31="B")["lose_life"] == ["A", "C", "D"]
    data = score(hands, knocked_by="D", shown31="B")
    assert data["lose_life"] == ["A", "C", "D"] and data["ended_by"] == "31 after knock"


def test_40_knock_only_the_lowest_pays_all_tied():
    hands = {"A": 9, "B": 9, "C": 12, "D": "tris 2", "E": 30}
    assert score(hands, "40", knocked_by="E")["lose_life"] == ["A", "B"]


def test_40_tris_beats_any_total_but_31():
    assert score({"A": 30, "B": "2S 2H 2D", "C": 20, "D": 25}, "40", knocked_by="A")["lose_life"] == ["C"]
    data = score({"A": 31, "B": "AS AH AD", "C": 20, "D": 25}, "40", shown31="A")
    assert data["lose_life"] == ["B", "C", "D"]


def test_40_a_31_before_the_knock_and_after_it():
    hands = {"A": 20, "B": "AS KS QS", "C": 25, "D": 28}
    assert score(hands, "40", shown31="B")["lose_life"] == ["A", "C", "D"]
    assert score(hands, "40", knocked_by="D", shown31="B")["lose_life"] == ["A", "C"]


def test_vedova_taking_the_widow_is_settled_as_a_knock():
    hands = {"A": 8, "B": 12, "C": "2H 2D JC", "D": 15}
    data = score(hands, "52-vedova", took_widow="D")
    assert data["lose_life"] == ["A", "B"] and data["ended_by"] == "widow"


@pytest.mark.parametrize("rules, ending, field", [
    ("52", {}, "knocked_by"),
    ("52", {"took_widow": "A"}, "took_widow"),
    ("52-vedova", {"took_widow": "A", "knocked_by": "B"}, "knocked_by"),
    ("52", {"knocked_by": "B", "shown31": "B"}, "shown31"),
    ("52", {"knocked_by": "Zed"}, "knocked_by"),
    ("52", {"shown31": "A"}, "shown31"),             # A holds 20, not 31
    ("52-vedova", {"shown31": "C"}, "shown31"),      # a tris is not 31
])
def test_bad_endings(rules, ending, field):
    hands = {"A": 20, "B": 31, "C": "tris 5", "D": 12} if rules != "52" else {"A": 20, "B": 31, "C": 5, "D": 12}
    assert error_field(score, hands, rules, **ending) == field


def test_lose_life_directly():
    v = {p: HandValue("total", total=t) for p, t in zip("ABCDE", (5, 5, 5, 9, 20))}
    assert lose_life(v, Ending(knocked_by="E"), VARIANTS["52"]) == ["A", "B", "C"]
    assert lose_life(v, Ending(knocked_by="E"), VARIANTS["40"]) == ["A", "B", "C"]


def test_a_hand_needs_two_players_and_known_fields():
    assert error_field(score, {"A": 20}, knocked_by="A") == "hands"
    assert error_field(GAME.score, {"game": "trentuno", "hands": {"A": 2, "B": 3}, "knocked_by": "A",
                                    "bet": 3}) == "bet"
    assert error_field(GAME.score, {"game": "trentuno", "rules": "31", "hands": {}}) == "rules"


# --- options --------------------------------------------------------------------------------------------
def test_options_defaults_and_stake_as_an_amount():
    assert setup().options == {"lives": 3, "stake_cents": 50, "currency": "EUR", "reentry": False}
    s = setup(stake="0.75", reentry="yes", currency="chf")
    assert s.options == {"lives": 3, "stake_cents": 75, "currency": "CHF", "reentry": True,
                         "reentry_cost_cents": 225}
    assert setup("40", NAMES[:4], stake_cents="1.50").options["stake_cents"] == 150
    assert setup("40", NAMES[:4]).options["decks"] == 1
    assert setup(reentry=True, reentry_cost="2").options["reentry_cost_cents"] == 200
    again = setup(**setup(reentry=True, lives=2).options).options  # export then import: the same
    assert again == setup(reentry=True, lives=2).options


@pytest.mark.parametrize("rules, players, options, field", [
    ("52", NAMES[:4], {"stake": "0.50", "stake_cents": 50}, "options.stake"),
    ("52", NAMES[:4], {"stake": "0.505"}, "options.stake"),
    ("52", NAMES[:4], {"stake_cents": -5}, "options.stake_cents"),
    ("52", NAMES[:4], {"lives": 0}, "options.lives"),
    ("40", NAMES[:4], {"reentry": True}, "options.reentry"),
    ("52", NAMES[:4], {"reentry_cost_cents": 100}, "options.reentry_cost_cents"),
    ("52", NAMES[:4], {"decks": 2}, "options.decks"),
    ("52", NAMES[:4], {"colour": "red"}, "options.colour"),
    ("52", NAMES[:2], {}, "players"),
    ("40", NAMES[:3], {}, "players"),
    ("40", [f"P{i}" for i in range(13)], {}, "players"),
])
def test_bad_options(rules, players, options, field):
    assert error_field(GAME.setup, rules, players, None, options) == field


def test_more_players_with_more_decks():
    s = GAME.setup("40", [f"P{i}" for i in range(13)], None, {"decks": 2})
    assert s.options["decks"] == 2


# --- matches, hand-worked ------------------------------------------------------------------------------
FORTY = [  # 5 players, 2 lives, 1.00 EUR a life
    {"hands": {"Anna": 20, "Bruno": 5, "Carla": 15, "Dario": 18, "Elena": 21}, "knocked_by": "Anna"},
    {"hands": {"Anna": 20, "Bruno": 9, "Carla": "AH KH QH", "Dario": 18, "Elena": 21},
     "knocked_by": "Anna", "shown31": "Carla"},                                   # 31 after the knock
    {"bet": {"players": ["Bruno"], "number": 12},                                 # a losing bet
     "hands": {"Anna": 20, "Carla": 15, "Dario": 10, "Elena": 21}, "knocked_by": "Elena"},
    {"bet": {"players": ["Dario", "Bruno"], "number": 11, "drawn": "Dario"},     # a winning bet
     "hands": {"Anna": 20, "Carla": 11, "Elena": 15}, "knocked_by": "Anna"},
    {"hands": {"Anna": 20, "Carla": 10, "Dario": 10, "Elena": 25}, "knocked_by": "Elena"},
    {"hands": {"Anna": 9, "Elena": 20}, "knocked_by": "Anna"},
    {"hands": {"Anna": 10, "Elena": 10}, "knocked_by": "Elena"},                 # the final two
    {"hands": {"Bruno": 20, "Carla": 5, "Dario": 5}, "knocked_by": "Bruno"},
]


def test_forty_match_hand_worked():
    s, rp = play(FORTY, "40", NAMES[:5], lives=2, stake_cents=100)
    lives = [st.to_json()["lives"] for st in rp.states]
    pots = [st.to_json()["pot_cents"] for st in rp.states]
    assert lives[0] == {"Anna": 2, "Bruno": 1, "Carla": 2, "Dario": 2, "Elena": 2}
    assert lives[1] == {"Anna": 2, "Bruno": 0, "Carla": 2, "Dario": 1, "Elena": 1}  # the knocker is spared
    assert lives[2] == {"Anna": 2, "Bruno": 0, "Carla": 2, "Dario": 0, "Elena": 1}
    assert lives[3] == {"Anna": 2, "Bruno": 0, "Carla": 1, "Dario": 1, "Elena": 1}  # Dario drawn, back
    assert lives[6] == {"Anna": 0, "Bruno": 1, "Carla": 1, "Dario": 1, "Elena": 0}  # final two
    assert pots == [100, 400, 600, 900, 1100, 1200, 1400, 1600]
    r = [res.to_json() for res in rp.results]
    assert r[2]["bet"]["won"] is False and r[2]["paid_cents"] == {"Bruno": 100, "Dario": 100}
    assert r[3]["bet"] == {"players": ["Bruno", "Dario"], "number": 11, "lowest": 11, "won": True,
                           "drawn": "Dario", "seed": None, "paid": True}
    assert r[6]["final_two"] and r[6]["lose_life"] == ["Anna", "Elena"]
    assert r[6]["back_in"] == ["Bruno", "Carla", "Dario"]
    assert [x["dealer"] for x in r] == ["Anna", "Bruno", "Carla", "Elena", "Anna", "Elena", "Anna", "Bruno"]
    final = rp.final
    assert final.finished and final.winner == "Bruno"
    assert final.to_json()["paid_cents"] == {"Anna": 200, "Bruno": 400, "Carla": 300, "Dario": 500, "Elena": 200}
    assert final.to_json()["settlement"] == {"Anna": -200, "Bruno": 1200, "Carla": -300, "Dario": -500,
                                         "Elena": -200}
    assert final.totals == final.to_json()["lives"]


def test_demo_match_52_with_reentries():
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    s = GAME.setup(doc["rules"], doc["players"], None, doc["options"])
    rp = replay(GAME, s, doc["hands"])
    final = rp.final.to_json()
    assert final["finished"] and final["winner"] == "Dario"
    assert final["pot_cents"] == 1300
    assert final["reentered"] == ["Carla", "Anna", "Elena"]
    assert final["settlement"] == {"Anna": -350, "Bruno": -150, "Carla": -350, "Dario": 1200, "Elena": -350}
    # Carla re-enters with the fewest lives of anyone still in (Anna's 1), pays three lives, and
    # loses that life in the same hand
    assert rp.states[4].to_json()["lives"] == {"Anna": 1, "Bruno": 2, "Carla": 0, "Dario": 2, "Elena": 0}
    assert rp.results[5].to_json()["reentry"] == ["Carla"]
    assert rp.results[5].to_json()["paid_cents"] == {"Carla": 150 + 50, "Dario": 50}
    assert rp.states[5].to_json()["lives"]["Carla"] == 0


def test_reentry_takes_the_fewest_lives_of_those_still_in():
    docs = [{"hands": {"Anna": 5, "Bruno": 6, "Carla": 20, "Dario": 25}, "knocked_by": "Dario"},
            {"hands": {"Anna": 5, "Bruno": 20, "Carla": 6, "Dario": 25}, "knocked_by": "Dario"},
            {"hands": {"Anna": 5, "Bruno": 20, "Carla": 21, "Dario": 6}, "knocked_by": "Bruno"},
            {"reentry": ["Anna"], "hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 6},
             "knocked_by": "Bruno"}]
    s, rp = play(docs, reentry=True, stake_cents=50)
    assert rp.states[2].to_json()["lives"] == {"Anna": 0, "Bruno": 2, "Carla": 2, "Dario": 2}
    assert rp.results[3].to_json()["reentry"] == ["Anna"]
    assert rp.states[3].to_json()["lives"] == {"Anna": 2, "Bruno": 2, "Carla": 1, "Dario": 1}
    assert rp.states[3].to_json()["paid_cents"]["Anna"] == 150 + 150
    assert rp.final.to_json()["reentered"] == ["Anna"]


def test_a_hand_that_would_put_everyone_out_does_not_count():
    docs = [{"hands": {"Anna": 5, "Bruno": 20, "Carla": 21}, "knocked_by": "Carla"},
            {"hands": {"Anna": 20, "Bruno": 5, "Carla": 21}, "knocked_by": "Carla"},
            {"hands": {"Anna": 20, "Bruno": 21, "Carla": 5}, "knocked_by": "Carla"},
            {"hands": {"Anna": 9, "Bruno": 9, "Carla": 9}, "knocked_by": "Carla"}]
    s, rp = play(docs, players=NAMES[:3], lives=2)
    last = rp.results[-1].to_json()
    assert last["counts"] is False and last["lose_life"] == [] and last["would_lose"] == ["Anna", "Bruno", "Carla"]
    assert rp.final.to_json()["lives"] == {"Anna": 1, "Bruno": 1, "Carla": 1}
    assert rp.final.to_json()["pot_cents"] == 150 and not rp.final.finished
    assert "does not count" in rp.results[-1].summary


def test_40_three_left_all_tied_on_their_last_life_does_not_count():
    docs = [{"hands": {"Anna": 5, "Bruno": 20, "Carla": 21, "Dario": 22}, "knocked_by": "Dario"},
            {"hands": {"Bruno": 9, "Carla": 9, "Dario": 9}, "knocked_by": "Dario"}]
    s, rp = play(docs, "40", lives=1)
    assert rp.results[-1].to_json()["counts"] is False
    assert rp.final.to_json()["lives"] == {"Anna": 0, "Bruno": 1, "Carla": 1, "Dario": 1}


def test_52_final_two_tied_on_their_last_life_does_not_count():
    docs = [{"hands": {"Anna": 5, "Bruno": 20, "Carla": 21}, "knocked_by": "Carla"},
            {"hands": {"Bruno": 9, "Carla": 9}, "knocked_by": "Carla"}]
    s, rp = play(docs, players=NAMES[:3], lives=1)
    assert rp.results[-1].to_json()["counts"] is False and not rp.final.finished


def test_vedova_match_with_the_widow():
    docs = [{"hands": {"Anna": "KH KD JC", "Bruno": "2S 5H 9D", "Carla": "AS QS 3S", "Dario": 12},
             "took_widow": "Carla"}]
    s, rp = play(docs, "52-vedova")
    assert rp.results[0].to_json()["lose_life"] == ["Bruno", "Dario"]
    assert rp.results[0].to_json()["values"]["Anna"] == "tris K (jolly)"


# --- match errors ----------------------------------------------------------------------------------------
OUT_CARLA = [  # with 2 lives: Carla is out after these, Anna and Dario hold 1 in the 52-card game
    {"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 6}, "knocked_by": "Anna"},
    {"hands": {"Anna": 6, "Bruno": 21, "Carla": 5, "Dario": 22}, "knocked_by": "Bruno"},
]


def after(docs, rules="52", players=NAMES[:4], **options):
    s, rp = play(docs, rules, players, **{"lives": 2, **options})
    return s, rp.final


@pytest.mark.parametrize("rules, options, doc, field", [
    ("52", {}, {"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 22}, "knocked_by": "Anna"}, "hands.Carla"),
    ("52", {}, {"hands": {"Anna": 20, "Bruno": 21}, "knocked_by": "Anna"}, "hands.Dario"),
    ("52", {}, {"hands": {"Anna": 20, "Bruno": 21, "Dario": 22, "Zed": 3}, "knocked_by": "Anna"}, "hands.Zed"),
    ("52", {}, {"hands": {"Anna": 20, "Bruno": 21, "Dario": 22}, "knocked_by": "Carla"}, "knocked_by"),
    ("52", {}, {"reentry": ["Carla"], "hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 22},
                "knocked_by": "Anna"}, "reentry"),
    ("52", {"reentry": True}, {"reentry": ["Anna"], "hands": {"Anna": 20, "Bruno": 21, "Dario": 22},
                               "knocked_by": "Anna"}, "reentry"),
    ("52", {}, {"bet": {"players": ["Carla"], "number": 9}, "hands": {"Anna": 20, "Bruno": 21, "Dario": 22},
                "knocked_by": "Anna"}, "bet"),
    ("40", {}, {"reentry": ["Carla"], "hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 22},
                "knocked_by": "Anna"}, "reentry"),
    ("40", {}, {"bet": {"players": ["Anna"], "number": 9}, "hands": {"Anna": 20, "Bruno": 21, "Dario": 22},
                "knocked_by": "Anna"}, "bet.players"),
    ("40", {}, {"bet": {"players": ["Carla"], "number": 1}, "hands": {"Anna": 20, "Bruno": 21, "Dario": 22},
                "knocked_by": "Anna"}, "bet.number"),
    ("40", {}, {"bet": {"players": ["Carla"], "number": 20, "drawn": "Anna"},
                "hands": {"Anna": 20, "Bruno": 21, "Dario": 22}, "knocked_by": "Anna"}, "bet.drawn"),
    ("40", {}, {"bet": {"players": ["Carla"], "number": 20},   # 20 came up: drawn is required (FORMATS.md)
                "hands": {"Anna": 20, "Bruno": 21, "Dario": 22}, "knocked_by": "Anna"}, "bet.drawn"),
    ("52", {}, {"hands": {"Anna": 20, "Bruno": 21, "Dario": 22}, "knocked_by": "Anna", "decks": 2}, "decks"),
    ("52", {}, {"hands": {"Anna": 20, "anna": 21, "Bruno": 21, "Dario": 22}, "knocked_by": "Anna"}, "hands.anna"),
])
def test_hands_that_do_not_fit_the_match(rules, options, doc, field):
    s, state = after(OUT_CARLA, rules, **options)
    assert error_field(GAME.apply, s, state, doc) == field


def test_reentry_only_once():
    docs = [{"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 6}, "knocked_by": "Anna"},
            {"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 6}, "knocked_by": "Anna"},
            {"reentry": ["Carla"], "hands": {"Anna": 20, "Bruno": 21, "Carla": 5}, "knocked_by": "Anna"},
            {"hands": {"Anna": 20, "Bruno": 21, "Carla": 5}, "knocked_by": "Anna"}]
    s, state = after(docs, reentry=True)
    assert state.to_json()["lives"] == {"Anna": 2, "Bruno": 2, "Carla": 0, "Dario": 0}
    assert state.to_json()["reentered"] == ["Carla"]
    doc = {"reentry": ["Carla", "Dario"], "hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 6},
           "knocked_by": "Anna"}
    assert error_field(GAME.apply, s, state, doc) == "reentry"
    new, res = GAME.apply(s, state, {**doc, "reentry": ["Dario"], "hands": {"Anna": 20, "Bruno": 21, "Dario": 6}})
    assert res.to_json()["reentry"] == ["Dario"] and new.to_json()["lives"]["Dario"] == 1


def test_a_bet_needs_three_players_in():
    docs = [{"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 5}, "knocked_by": "Anna"}]
    s, state = after(docs, "40", lives=1)
    doc = {"bet": {"players": ["Carla"], "number": 9}, "hands": {"Anna": 20, "Bruno": 9}, "knocked_by": "Anna"}
    assert error_field(GAME.apply, s, state, doc) == "bet"


def test_a_winning_bet_with_several_bettors_needs_the_draw():
    docs = [{"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 5, "Elena": 22}, "knocked_by": "Anna"}]
    s, state = after(docs, "40", NAMES[:5], lives=1)
    doc = {"bet": {"players": ["Carla", "Dario"], "number": 9},
           "hands": {"Anna": 20, "Bruno": 9, "Elena": 22}, "knocked_by": "Anna"}
    assert error_field(GAME.apply, s, state, doc) == "bet.drawn"
    seeded = {**doc, "bet": {**doc["bet"], "seed": "abc"}}
    new, res = GAME.apply(s, state, seeded)
    picked = draw(["Carla", "Dario"], "abc")
    assert res.to_json()["bet"]["drawn"] == picked and new.to_json()["lives"][picked] == 1
    other = "Dario" if picked == "Carla" else "Carla"
    wrong = {**doc, "bet": {**seeded["bet"], "drawn": other}}
    assert error_field(GAME.apply, s, state, wrong) == "bet.drawn"


def test_no_hand_after_the_end():
    s, rp = play(REPLAY_CASES[0][1]["hands"], players=["Carla", "Luca", "Bruno"], lives=3, stake_cents=100)
    assert rp.final.finished
    doc = {"hands": {"Carla": 20}, "knocked_by": "Carla"}
    assert error_field(GAME.apply, s, rp.final, doc) == "hand"


def test_a_player_who_is_out_may_be_written_out():
    s, state = after(OUT_CARLA)
    new, res = GAME.apply(s, state, {"hands": {"Anna": 20, "Bruno": 21, "Carla": "out", "Dario": 5},
                                     "knocked_by": "Anna"})
    assert res.to_json()["lose_life"] == ["Dario"]
    doc = {"hands": {"Anna": "out", "Bruno": 21, "Dario": 5}, "knocked_by": "Bruno"}
    assert error_field(GAME.apply, s, state, doc) == "hands.Anna"


# --- the draw ---------------------------------------------------------------------------------------------
def test_draw_is_deterministic_and_fair_enough():
    bettors = ["Anna", "Bruno", "Carla"]
    assert draw(bettors, 42) == draw(list(bettors), 42)
    picks = {draw(bettors, seed) for seed in range(60)}
    assert picks == set(bettors)
    assert draw(["Carla"], "x") == "Carla"
    with pytest.raises(LedgerError):
        draw([], 1)


# --- ending early: the pot shared -------------------------------------------------------------------------
def test_ended_early_shares_the_pot_by_lives():
    docs = [{"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 6}, "knocked_by": "Anna"},
            {"hands": {"Anna": 20, "Bruno": 5, "Carla": 21, "Dario": 6}, "knocked_by": "Anna"}]
    s, rp = play(docs, ended_early=True, stake_cents=50)
    final = rp.final.to_json()
    # lives: Anna 3, Bruno 2, Carla 2, Dario 1 (8 in all); pot 200 → 75, 50, 50, 25
    assert final["pot_shares"] == {"Anna": 75, "Bruno": 50, "Carla": 50, "Dario": 25}
    assert final["settlement"] == {"Anna": 75, "Bruno": 0, "Carla": 0, "Dario": -75}
    assert final["winner"] == ["Anna", "Bruno", "Carla", "Dario"] and final["finished"] is False


def test_share_leftover_cents_go_to_most_lives_then_seat_order():
    assert share(1000, {"A": 2, "B": 1}, ["A", "B"]) == {"A": 667, "B": 333}
    assert share(100, {"A": 1, "B": 1, "C": 1}, ["A", "B", "C"]) == {"A": 34, "B": 33, "C": 33}
    assert share(101, {"A": 1, "B": 2, "C": 2}, ["A", "B", "C"]) == {"A": 20, "B": 41, "C": 40}
    assert share(0, {"A": 1}, ["A"]) == {"A": 0}


@given(st.integers(0, 100_000), st.lists(st.integers(0, 9), min_size=1, max_size=8).filter(any))
def test_share_always_adds_up(total, weights):
    names = [f"P{i}" for i in range(len(weights))]
    shares = share(total, dict(zip(names, weights)), names)
    assert sum(shares.values()) == total
    whole = sum(weights)
    for n, w in zip(names, weights):
        assert abs(shares[n] * whole - total * w) <= whole  # within a cent of the exact share


# --- money and settling ---------------------------------------------------------------------------------
def test_money_text():
    assert format_money(150) == "1.50 EUR"
    assert format_money(-25, "CHF") == "-0.25 CHF"
    assert format_money(0) == "0.00 EUR"
    assert parse_money("0.50", "stake") == 50
    assert parse_money("1,5", "stake") == 150
    assert parse_money("€2", "stake") == 200
    assert parse_money("0.05 EUR", "stake") == 5
    assert parse_money(3, "stake") == 300
    assert parse_cents("50", "x") == 50 and parse_cents(50, "x") == 50 and parse_cents("0.50", "x") == 50
    for bad in ("0.505", "-1", "abc", 0.5, True, ""):
        with pytest.raises(LedgerError):
            parse_money(bad, "stake")


def test_settle_greedy_ties_by_name():
    nets = {"Anna": 150, "Bruno": -150, "Carla": 100, "Dario": -100}
    assert settle(nets) == [Transfer("Bruno", "Anna", 150), Transfer("Dario", "Carla", 100)]
    assert settle({"Bruno": -100, "Anna": -100, "Carla": 200}) == [Transfer("Anna", "Carla", 100),
                                                                  Transfer("Bruno", "Carla", 100)]
    assert settle({"Anna": 0, "Bruno": 0}) == []
    assert Transfer("Bruno", "Anna", 150).text() == "Bruno pays Anna 1.50 EUR"
    with pytest.raises(LedgerError):
        settle({"Anna": 10, "Bruno": -5})


@given(st.lists(st.integers(-5000, 5000), min_size=1, max_size=10))
def test_settle_squares_everyone(amounts):
    names = [f"P{i}" for i in range(len(amounts))] + ["Last"]
    nets = dict(zip(names, amounts + [-sum(amounts)]))
    transfers = settle(nets)
    left = dict(nets)
    for t in transfers:
        assert t.cents > 0 and nets[t.payer] < 0 < nets[t.payee]
        left[t.payer] += t.cents
        left[t.payee] -= t.cents
    assert all(v == 0 for v in left.values())
    assert len(transfers) <= max(0, sum(1 for v in nets.values() if v) - 1)
    assert settle(dict(reversed(list(nets.items())))) == transfers  # the same on every machine


def test_night_report_adds_matches_and_keeps_currencies_apart():
    report = night_report([
        {"match": 1, "currency": "EUR", "settlement": {"Anna": 300, "Bruno": -300}},
        {"match": 2, "currency": "EUR", "settlement": {"Bruno": 150, "Carla": -150}},
        {"match": 3, "currency": "CHF", "settlement": {"Anna": -20, "Carla": 20}},
        {"match": 4, "currency": "EUR", "settlement": None},
    ])
    assert report["matches"] == [1, 2, 3] and report["skipped"] == [4]
    assert report["currencies"]["EUR"]["nets"] == {"Anna": 300, "Bruno": -150, "Carla": -150}
    assert report["currencies"]["EUR"]["lines"] == ["Bruno pays Anna 1.50 EUR", "Carla pays Anna 1.50 EUR"]
    assert report["currencies"]["CHF"]["lines"] == ["Anna pays Carla 0.20 CHF"]
    assert add_nets([{"A": 1}, {"A": 2, "B": -3}]) == {"A": 3, "B": -3}


# --- property: every match keeps the money straight -----------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(st.data())
def test_random_matches_nets_sum_to_zero_and_the_pot_is_everything_paid(data):
    rules = data.draw(st.sampled_from(list(VARIANTS)))
    variant = VARIANTS[rules]
    players = NAMES[:data.draw(st.integers(variant.min_players, 6))]
    options = {"lives": data.draw(st.integers(1, 3)), "stake_cents": data.draw(st.integers(0, 250))}
    if variant.reentry:
        options["reentry"] = data.draw(st.booleans())
    s = setup(rules, players, **options)
    state = GAME.start(s)
    totals = sorted(possible_totals(rules))
    for _ in range(data.draw(st.integers(0, 30))):
        if state.finished:
            break
        doc = random_hand(data, s, state, variant, totals)
        state, res = GAME.apply(s, state, doc)
        x = state.to_json()
        assert x["pot_cents"] == sum(x["paid_cents"].values())
        assert all(v >= 0 for v in x["lives"].values())
        assert any(v > 0 for v in x["lives"].values())
    final = state if state.finished else GAME.finish_early(s, state)
    x = final.to_json()
    assert sum(x["settlement"].values()) == 0
    assert x["pot_cents"] == sum(x["paid_cents"].values())
    if state.finished:
        assert [p for p in players if x["lives"][p] > 0] == [final.winner]
    else:
        assert sum(x["pot_shares"].values()) == x["pot_cents"]


def random_hand(data, s, state, variant, totals) -> dict:
    x = state.to_json()
    alive = [p for p in s.players if x["lives"][p] > 0]
    out = [p for p in s.players if x["lives"][p] == 0]
    doc: dict = {}
    may = [p for p in out if p not in x["reentered"]]
    if s.options.get("reentry") and may and data.draw(st.booleans()):
        doc["reentry"] = data.draw(st.lists(st.sampled_from(may), min_size=1, unique=True))
        alive = [p for p in s.players if p in alive or p in doc["reentry"]]
    if variant.bets and out and len(alive) >= 3 and data.draw(st.booleans()):
        doc["bet"] = {"players": data.draw(st.lists(st.sampled_from(out), min_size=1, unique=True)),
                      "number": data.draw(st.sampled_from(totals[:6])), "seed": data.draw(st.integers(0, 99))}
    entries = st.sampled_from(totals[:8] + totals[-3:])
    if variant.tris:
        entries = entries | st.sampled_from(["tris 2", "tris K"])
    doc["hands"] = {p: data.draw(entries) for p in alive}
    seen: set = set()
    for p, v in doc["hands"].items():  # one deck holds one three of a kind of a rank
        if isinstance(v, str):
            doc["hands"][p] = v if v not in seen else totals[0]
            seen.add(v)
    ending = data.draw(st.sampled_from(["knock", "31", "31 after knock"]))
    knocker = data.draw(st.sampled_from(alive))
    if ending == "knock" or len(alive) < 2:
        doc["knocked_by"] = knocker
    else:
        shower = data.draw(st.sampled_from([p for p in alive if p != knocker]))
        doc["hands"][shower] = 31
        doc["shown31"] = shower
        if ending == "31 after knock":
            doc["knocked_by"] = knocker
    return doc


# --- the scoreboard ----------------------------------------------------------------------------------------
def test_board_shows_lives_pot_and_the_winner():
    s, rp = play(FORTY, "40", NAMES[:5], lives=2, stake_cents=100)
    board = GAME.board(s, rp)
    hands, money = board.tables
    assert len(hands.rows) == len(FORTY)
    assert hands.rows[1][1:6] == ("2", "out✗", "2", "1✗", "1✗")
    assert hands.rows[3][4] == "back 1"
    assert "final two" in hands.rows[6][-1]
    assert money.rows[1] == ("Bruno", "1", "winner", "4.00 EUR", "16.00 EUR", "12.00 EUR")
    assert board.notes[0] == "Bruno wins the pot of 16.00 EUR."
    assert "Dario pays Bruno 5.00 EUR." in board.notes


def test_board_of_a_match_in_play():
    s, rp = play(OUT_CARLA, reentry=True, lives=2)
    board = GAME.board(s, rp)
    assert board.notes[0] == "Still in: Anna (1), Bruno (2), Dario (1). Pot 2.00 EUR. Next dealer: Dario."
    assert board.tables[1].rows[2][2] == "out"


# --- entry at the table ----------------------------------------------------------------------------------
def test_parse_entry():
    s = setup("40", NAMES[:5])
    doc = GAME.parse_entry(s, ["anna=26", "Bruno=7S 7D 9C", "knock=Bruno", "bet=Carla Dario 17", "drawn=Carla"])
    assert doc == {"hands": {"Anna": "26", "Bruno": "7S 7D 9C"}, "knocked_by": "Bruno",
                   "bet": {"players": ["Carla", "Dario"], "number": "17", "drawn": "Carla"}}
    assert GAME.parse_entry(s, ["shown31=Carla"]) == {"shown31": "Carla"}
    assert GAME.parse_entry(s, ["reentry=Carla,Dario"]) == {"reentry": ["Carla", "Dario"]}
    assert "seed" in GAME.parse_entry(s, ["bet=Carla 9", "drawn=draw"])["bet"]
    assert error_field(GAME.parse_entry, s, ["Zed=20"]) == "entry.Zed"
    assert error_field(GAME.parse_entry, s, ["bet=Carla Dario"]) == "bet"


def answer_all(s, doc, answers, state=None):
    """Answer the questions in turn with ``answers`` (key → text); returns the doc and the keys asked."""
    asked = []
    for _ in range(20):
        qs = GAME.questions(s, doc, state) if state is not None else GAME.questions(s, doc)
        if not qs:
            return doc, asked
        asked.append(qs[0].key)
        doc = qs[0].answer(doc, answers[qs[0].key])
    raise AssertionError("too many questions")


def test_questions_with_the_state_ask_only_players_in_and_the_reentry():
    s, state = after(OUT_CARLA, reentry=True)
    answers = {"reentry": "", "hands.Anna": "AH KH 5H", "hands.Bruno": "24", "hands.Dario": "tris K",
               "ending": "knock Bruno"}
    with pytest.raises(LedgerError):  # no tris in the 52-card game: the answer is refused
        answer_all(s, {}, answers, state)
    answers["hands.Dario"] = "2H 5S 6S"
    doc, asked = answer_all(s, {}, answers, state)
    assert asked == ["reentry", "hands.Anna", "hands.Bruno", "hands.Dario", "ending"]
    new, res = GAME.apply(s, state, doc)
    assert res.to_json()["lose_life"] == ["Dario"]


def test_questions_without_the_state_accept_out():
    s, state = after(OUT_CARLA)
    answers = {"hands.Anna": "20", "hands.Bruno": "24", "hands.Carla": "out", "hands.Dario": "9",
               "ending": "knock Anna 31 Bruno"}
    doc, asked = answer_all(s, {}, answers)
    assert asked == ["hands.Anna", "hands.Bruno", "hands.Carla", "hands.Dario", "ending"]
    assert doc["knocked_by"] == "Anna" and doc["shown31"] == "Bruno"
    with pytest.raises(LedgerError):  # Bruno holds 24, not 31
        GAME.apply(s, state, doc)
    doc["hands"]["Bruno"] = "31"
    new, res = GAME.apply(s, state, doc)
    assert res.to_json()["lose_life"] == ["Anna", "Dario"]
    # once the ending is given, nothing more is asked: the scorer checks who is in
    assert GAME.questions(s, {"hands": {"Anna": 20}, "knocked_by": "Anna"}) == []


def test_questions_for_a_bet_and_the_draw():
    docs = [{"hands": {"Anna": 20, "Bruno": 21, "Carla": 5, "Dario": 5, "Elena": 22}, "knocked_by": "Anna"}]
    s, state = after(docs, "40", NAMES[:5], lives=1)
    answers = {"bet": "Carla Dario 9", "hands.Anna": "20", "hands.Bruno": "9", "hands.Elena": "22",
               "ending": "knock Anna", "bet.drawn": "draw"}
    doc, asked = answer_all(s, {}, answers, state)
    assert asked == ["bet", "hands.Anna", "hands.Bruno", "hands.Elena", "ending", "bet.drawn"]
    assert doc["bet"]["drawn"] == draw(["Carla", "Dario"], doc["bet"]["seed"])
    new, res = GAME.apply(s, state, doc)
    assert res.to_json()["bet"]["won"] and new.to_json()["lives"][doc["bet"]["drawn"]] == 1
    doc, asked = answer_all(s, {}, {**answers, "bet": ""}, state)
    assert doc["bet"] is None and "bet.drawn" not in asked


def test_describe_hand():
    assert GAME.describe_hand({"knocked_by": "Anna", "shown31": "Bruno"}) == "Bruno shows 31 after Anna's knock"
    assert GAME.describe_hand({"reentry": ["Carla"], "took_widow": "Dario"}) == "re-entry Carla; Dario takes the widow"


# --- from the command line ---------------------------------------------------------------------------------
def words(doc):
    out = [f"{p}={v}" for p, v in doc["hands"].items()]
    for k in ("knocked_by", "shown31"):
        if doc.get(k):
            out.append(f"{k}={doc[k]}")
    if doc.get("reentry"):
        out.append("reentry=" + ",".join(doc["reentry"]))
    return out


FORTY_SIX = [  # six players, one life, 1.00 EUR: two bets, one with a draw
    ["Anna=5", "Bruno=10", "Carla=12", "Dario=15", "Elena=20", "Franco=25", "knock=Franco"],
    ["bet=Anna 9", "Bruno=9", "Carla=12", "Dario=15", "Elena=20", "Franco=25", "knock=Franco"],
    ["Anna=20", "Carla=5", "Dario=5", "Elena=12", "Franco=25", "knock=Franco"],
    ["bet=Bruno Carla Dario 12", "drawn=Carla", "Anna=12", "Elena=20", "Franco=25", "knock=Elena"],
    ["Carla=10", "Elena=20", "Franco=10", "knock=Elena"],
]


def test_cli_two_matches_and_settle(cli):
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    cli("match", "new", "trentuno", "--players", ",".join(doc["players"]), "-o", "stake=0.50", "-o", "reentry=true")
    for hand in doc["hands"]:
        out = cli.json("hand", "add", "last", *words(hand))
    assert out["finished"] and out["winner"] == "Dario" and out["pot_cents"] == 1300

    cli("match", "new", "trentuno", "--rules", "40", "--players", ",".join(NAMES), "-o", "lives=1",
        "-o", "stake=1")
    line = cli.error("hand", "add", "last", "Anna=5", "Bruno=10", "knock=Bruno")
    assert "Carla" in line
    for entry in FORTY_SIX:
        out = cli.json("hand", "add", "last", *entry)
    assert out["winner"] == "Elena" and out["pot_cents"] == 1100
    assert out["settlement"] == {"Anna": -300, "Bruno": -200, "Carla": -300, "Dario": -200, "Elena": 1100,
                                 "Franco": -100}
    assert out["hands"][3]["result"]["bet"]["drawn"] == "Carla"
    line = cli.error("hand", "add", "last", "Elena=20", "knock=Elena")
    assert "over" in line

    report = cli.json("settle")
    eur = report["currencies"]["EUR"]
    assert eur["nets"] == {"Anna": -650, "Bruno": -350, "Carla": -650, "Dario": 1000, "Elena": 750,
                           "Franco": -100}
    assert eur["lines"][0] == "Anna pays Dario 6.50 EUR"
    assert len(eur["lines"]) <= 5
    text = cli("settle").stdout
    assert "Anna pays Dario 6.50 EUR" in text


def test_cli_settle_skips_a_match_in_play_until_it_is_ended(cli):
    cli("match", "new", "trentuno", "--players", "Anna,Bruno,Carla", "-o", "stake_cents=100")
    cli("hand", "add", "last", "Anna=5", "Bruno=20", "Carla=25", "knock=Carla")
    report = cli.json("settle")
    assert report["skipped"] == [1] and report["currencies"] == {}
    cli("match", "end", "last")
    report = cli.json("settle")
    # pot 1.00 shared by lives 2, 3, 3 of 8: 25, 37.5, 37.5 → 25, 38, 37
    assert report["currencies"]["EUR"]["nets"] == {"Anna": -75, "Bruno": 38, "Carla": 37}


# --- the deck behind numbers and "tris R" (audit findings) -------------------------------------
def test_a_total_only_two_decks_can_make_is_accepted_with_two_decks():
    by_cards = GAME.score({"game": "trentuno", "rules": "40", "decks": 2,
                           "hands": {"A": "AH AH 7H", "B": 20, "C": 30, "D": 4}, "knocked_by": "A"})
    by_number = GAME.score({"game": "trentuno", "rules": "40", "decks": 2,
                            "hands": {"A": 29, "B": 20, "C": 30, "D": 4}, "knocked_by": "A"})
    assert by_cards.to_json()["values"] == by_number.to_json()["values"]
    with pytest.raises(LedgerError):
        GAME.score({"game": "trentuno", "rules": "40", "hands": {"A": 29, "B": 20, "C": 30, "D": 4},
                    "knocked_by": "A"})


@pytest.mark.parametrize("rules,hands,ending", [
    ("40", {"A": "tris K", "B": "tris K", "C": 20, "D": 20}, {"knocked_by": "A"}),
    ("40", {"A": "tris K", "B": "KH KS 5D", "C": 20, "D": 20}, {"knocked_by": "A"}),
    ("52-vedova", {"A": "tris T", "B": "10H 10S JC", "C": "TD TC 2H"}, {"took_widow": "A"}),
    ("52-vedova", {"A": "tris A (jolly)", "B": "JC 5S 5D", "C": 20, "D": 20}, {"knocked_by": "A"}),
])
def test_three_of_a_kind_entered_as_words_needs_its_cards(rules, hands, ending):
    with pytest.raises(LedgerError) as err:
        GAME.score({"game": "trentuno", "rules": rules, "hands": hands, **ending})
    assert err.value.field == "hands"


def test_a_drawn_given_for_a_bet_that_did_not_come_up_is_not_used():
    """FORMATS.md asks for `drawn` only when the number comes up; given anyway, the bet is lost."""
    s, state = after(OUT_CARLA, "40")
    doc = {"bet": {"players": ["Carla"], "number": 9, "drawn": "Carla"},
           "hands": {"Anna": 20, "Bruno": 21, "Dario": 22}, "knocked_by": "Anna"}
    new, res = GAME.apply(s, state, doc)
    assert res.to_json()["bet"]["won"] is False and res.to_json()["bet"]["drawn"] is None
    assert new.to_json()["lives"]["Carla"] == 0 and new.to_json()["pot_cents"] > state.to_json()["pot_cents"]


def test_a_single_bettor_whose_number_came_up_is_asked_with_a_default():
    s, state = after(OUT_CARLA, "40")
    doc = {"bet": {"players": ["carla"], "number": 20}, "hands": {"Anna": 20, "Bruno": 21, "Dario": 22},
           "knocked_by": "Anna"}
    q = [q for q in GAME.questions(s, doc, state) if q.key == "bet.drawn"]
    assert len(q) == 1 and q[0].default == "carla"
    filled = q[0].answer(doc, q[0].default)
    assert filled["bet"]["drawn"] == "Carla"
    new, res = GAME.apply(s, state, filled)
    assert res.to_json()["bet"]["won"] and new.to_json()["lives"]["Carla"] == 1


def test_the_lives_table_explains_the_marks_it_uses():
    import json
    from pathlib import Path

    from ledger.games.documents import replay_document

    demo = json.loads((Path(__file__).resolve().parents[2] / "ledger/demo/20_trentuno.json").read_text())
    setup, rp = replay_document(demo)
    lives = GAME.board(setup, rp).tables[0]
    cells = [c for row in lives.rows for c in row]
    assert any(c.startswith("re ") for c in cells) and "re = re-entered before the hand" in lives.caption
    assert any(c.startswith("back ") for c in cells) == ("back = came back after it" in lives.caption)
