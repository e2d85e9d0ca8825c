"""The names the games have always imported from here, kept importable: the protocol and the
helpers now live in modules named for what they do, and new code imports from those.

- :mod:`ledger.games.protocol`: :class:`Game` and its roles (rules, entry, presentation, dealing).
- :mod:`ledger.games.results`: :class:`HandResult`, :class:`MatchState`, :class:`Item`.
- :mod:`ledger.games.replay`: :class:`Replay`, :func:`replay`, :func:`stored_replay`.
- :mod:`ledger.games.tables`: :class:`Board`, :class:`Table`, :class:`Column` and the board helpers.
- :mod:`ledger.games.parsing`: names, numbers, yes/no, words and phrases as people write them.
"""

from __future__ import annotations

from ledger.games.declare import Answer as Answer
from ledger.games.declare import Question as Question
from ledger.games.match_setup import MatchSetup as MatchSetup
from ledger.games.parsing import CONTROL as CONTROL
from ledger.games.parsing import CardsGiven as CardsGiven
from ledger.games.parsing import MAX_DIGITS as MAX_DIGITS
from ledger.games.parsing import MAX_NAMES as MAX_NAMES
from ledger.games.parsing import META_KEYS as META_KEYS
from ledger.games.parsing import WHOLE_TEXT as WHOLE_TEXT
from ledger.games.parsing import Written as Written
from ledger.games.parsing import as_bool as as_bool
from ledger.games.parsing import as_int as as_int
from ledger.games.parsing import check_keys as check_keys
from ledger.games.parsing import check_names as check_names
from ledger.games.parsing import first_group as first_group
from ledger.games.parsing import key_value_entry as key_value_entry
from ledger.games.parsing import named_sides as named_sides
from ledger.games.parsing import need as need
from ledger.games.parsing import out_of_range as out_of_range
from ledger.games.parsing import phrase_parts as phrase_parts
from ledger.games.parsing import put_closer as put_closer
from ledger.games.parsing import put_once as put_once
from ledger.games.parsing import read_written as read_written
from ledger.games.protocol import DealsRead as DealsRead
from ledger.games.protocol import Game as Game
from ledger.games.protocol import Samples as Samples
from ledger.games.protocol import running_winner as running_winner
from ledger.games.record import JsonRecord as JsonRecord
from ledger.games.record import frozen as frozen
from ledger.games.record import optional as optional
from ledger.games.replay import Replay as Replay
from ledger.games.replay import replay as replay
from ledger.games.replay import stored_replay as stored_replay
from ledger.games.results import HandResult as HandResult
from ledger.games.results import Item as Item
from ledger.games.results import MatchState as MatchState
from ledger.games.results import PointsResult as PointsResult
from ledger.games.results import Winner as Winner
from ledger.games.results import items_of as items_of
from ledger.games.tables import Board as Board
from ledger.games.tables import Column as Column
from ledger.games.tables import Table as Table
from ledger.games.tables import board_title as board_title
from ledger.games.tables import cell as cell
from ledger.games.tables import in_words as in_words
from ledger.games.tables import join_names as join_names
from ledger.games.tables import points_board as points_board
from ledger.games.tables import points_line as points_line
from ledger.games.tables import side_label as side_label
from ledger.games.tables import sides_shown_in as sides_shown_in
from ledger.games.tables import status_notes as status_notes
