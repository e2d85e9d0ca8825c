"""An error names the field in the user's words for people, and by its path in --json."""

from __future__ import annotations

import json

BAD = {"game": "scala40", "closed_by": "Anna", "others": {"Bruno": "JK AS 7X", "Carla": 34}}


def test_people_read_the_player_and_the_card(cli):
    assert cli.error("score", "-", input=json.dumps(BAD)).startswith("error: Bruno, card 3: '7X'")
    assert cli.error("--lang", "it", "score", "-", input=json.dumps(BAD)).startswith("errore: Bruno, 3ª carta: '7X'")


def test_programs_read_the_field_path(cli):
    assert cli.error("score", "-", "--json", input=json.dumps(BAD)).startswith("error: others.Bruno[2]: '7X'")
    assert cli.error("--lang", "it", "score", "-", "--json",
                     input=json.dumps(BAD)).startswith("errore: others.Bruno[2]: '7X'")
