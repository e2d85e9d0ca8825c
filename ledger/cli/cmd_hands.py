"""``ledger hand add | undo | void | edit``: enter a hand, take one back, correct one (history kept).

A finished or ended match is corrected only after ``ledger match reopen MATCH``.
"""

from typing import List, Optional

import typer

from ledger.cli.app import app, interactive, ledger
from ledger.cli.cmd_matches import MATCH, JSON, show_view
from ledger.cli.hand_entry import ask_again, complete_hand, entry_keys, merge, read_kept, say_error
from ledger.cli.inputs import read_json
from ledger.cli.screen import echo, fold_prompt
from ledger.errors import LedgerError
from ledger.games import get_game
from ledger.i18n import t
from ledger.safetext import safe

hand_app = typer.Typer(help="Enter, void and correct hands.", no_args_is_help=True)
app.add_typer(hand_app, name="hand")

ENTRY = typer.Argument(None, help="The hand in the game's words, e.g. Anna=\"AH 2H …\" Bruno=rest.")
FILE = typer.Option(None, "--file", "-f", help="A JSON hand document ('-' for standard input).")
PROMPT = typer.Option(False, "--interactive", "-i",
                      help="Prompt for what is missing (the default when input is a terminal).")


_readline_ready = False


def _ask(question) -> str:
    global _readline_ready
    if not _readline_ready:  # arrow keys and history at the prompts, where the platform has it
        try:
            import readline  # noqa: F401
        except ImportError:
            pass
        _readline_ready = True
    hint = f" [{'/'.join(question.choices)}]" if question.choices else ""
    before, last = fold_prompt(f"{question.text}{hint}: ")  # a long question folded between words
    while True:  # an empty answer to a question with no default: the whole question again, not its last line
        for line in before:
            typer.echo(line)
        answer = typer.prompt(last.rstrip().removesuffix(":"), default=question.default or "", show_default=False)
        if answer.strip() or question.default is not None:
            return answer


def _file_document(file: Optional[str]) -> dict:
    """The hand document of ``--file`` (``{}`` without one), its ``game`` and ``rules`` left out;
    ``LedgerError`` on ``--file`` for what is not a JSON object."""
    if not file:
        return {}
    doc = read_json(file, "--file")
    if not isinstance(doc, dict):
        raise LedgerError(t("cli.hand_not_object", "a hand document must be a JSON object"), "--file", file)
    doc.pop("game", None)
    doc.pop("rules", None)
    return doc


def _typed(at, doc: dict, entry: Optional[List[str]], correcting: bool,
           refused: Optional[list] = None) -> dict:
    """The file's document ``doc`` with the command-line words ``entry`` laid over it, read for the
    match of ``at`` (a :class:`ledger.store.reads.Entry`); when ``correcting`` a hand, both laid
    over that hand as it was entered (the game's :meth:`correction_base`). ``refused`` (the
    prompts will ask what is missing): the words are read past a part the game refuses, whose
    ``LedgerError`` is added to it (:func:`ledger.cli.hand_entry.read_kept`)."""
    from ledger.games.parsing import META_KEYS

    game = get_game(at.match.game)
    if entry:
        at.setup.check_pairs_whole(entry_keys(entry), "entry")
        if refused is None:
            doc = merge(doc, game.parse_entry(at.setup, entry))
        else:
            read, errors = read_kept(game, at.setup, at.state, [entry])
            doc = merge(doc, read)
            refused += errors
    if correcting and at.hand is not None:
        old = {k: v for k, v in at.hand.document.items() if k not in META_KEYS}
        doc = merge(game.correction_base(old, doc), doc)
    return doc


def add_hand(match: str, entry: Optional[List[str]], file: Optional[str], prompt: bool):
    """``hand add``: the hand of a file, the command-line words and (at a terminal) the prompts,
    stored as the match's next hand. Without prompts it is one write transaction
    (:meth:`ledger.store.service.Ledger.enter`): the match read and checked open once, the
    state the hand meets read once, the hand read from it and applied once. Returns the
    :class:`ledger.store.reads.MatchView` after it."""
    if interactive(prompt):
        return enter_hand(match, entry, file, prompt, lambda doc, incomplete, at: ledger().add_hand(
            match, doc, incomplete, seen=at))
    try:  # read before the transaction (standard input may be slow); said after the match's own faults
        doc, unread = _file_document(file), None
    except LedgerError as err:
        doc, unread = {}, err

    def build(at):
        if unread is not None:
            raise unread
        game = get_game(at.match.game)
        hand, incomplete = complete_hand(game, at.setup, _typed(at, doc, entry, False), None, at.state)
        return [hand], incomplete
    return ledger().enter(match, build)


def enter_hand(match: str, entry: Optional[List[str]], file: Optional[str], prompt: bool, store,
               number: Optional[int] = None):
    """Build a hand from a file, command-line words and prompts, and hand it to ``store(doc,
    incomplete, entry)`` (``incomplete``: the error of a hand still missing an item, see
    :func:`ledger.cli.hand_entry.complete_hand`; ``entry``: the match as read before asking).

    Words override the file; prompts fill what is still missing. Correcting hand ``number`` starts
    from that hand as it was entered when a file or words are given (so ``hand edit 3 2 last=Anna``
    changes only the last capture); with neither, every item is asked afresh. At a terminal, a
    hand the scorer refuses is not lost: the refused item (the error's field path, read by the
    game's declared hand) or the last answer is asked again.
    """
    led = ledger()
    with led.reads() as r:  # the match, and the state the hand meets: none of its other hands
        at = r.entry(match, number)
    # refuse a hand the match cannot take before asking anything
    if number is None:
        led.check_open(at.match)
    else:
        led.check_correctable(at.match)
        if not 1 <= number <= at.hands:
            from ledger.store.refusals import no_such_hand

            raise LedgerError(no_such_hand(at.match.id, number, at.hands), "hand", number)
    game = get_game(at.match.game)
    ask = _ask if interactive(prompt) else None
    refused: Optional[list] = [] if ask is not None else None
    doc = _typed(at, _file_document(file), entry, number is not None and bool(file or entry), refused)
    for err in refused or ():  # said, the other words kept: what the refused ones were to give is asked
        say_error(safe(err))
    history: list = []
    while True:
        doc, incomplete = complete_hand(game, at.setup, doc, ask, at.state, history)
        try:
            return store(doc, incomplete, at)
        except LedgerError as err:
            again = ask_again(game, at.setup, at.state, doc, err, history) if ask is not None else None
            if again is None:
                raise
            echo(str(t("cli.answer_again", "{error} — please answer again", error=safe(err))), err=True, indent="  ")
            doc = again


@hand_app.command("add", context_settings={"ignore_unknown_options": True})
def hand_add(match: str = MATCH, entry: Optional[List[str]] = ENTRY, file: Optional[str] = FILE,
             prompt: bool = PROMPT, as_json: bool = JSON) -> None:
    """Score and store the next hand of a match, then show the scoreboard."""
    view = add_hand(match, entry, file, prompt)
    last = view.replay.results[-1]
    heading = get_game(view.setup.game).hand_heading(view.setup, len(view.hands), last)
    show_view(view, as_json, str(heading) if last.summary else None, tail=True)


REASON = typer.Option(None, "--reason", help="Why (kept in the history).")
NUMBER = typer.Argument(..., help="The hand's number on the scoreboard.")


@hand_app.command("undo")
def hand_undo(match: str = MATCH, reason: Optional[str] = REASON, as_json: bool = JSON) -> None:
    """Take back the last hand entered, just after a slip (no number needed): it leaves the
    scoreboard but stays in the history. To take off an earlier hand, use hand void."""
    view = ledger().undo_hand(match, reason)
    n, game = len(view.hands) + 1, get_game(view.match.game)
    show_view(view, as_json, str(game.named(t("cli.took_back", "Took back hand {hand}.", hand=n),
                                            t("cli.took_back_deal", "Took back deal {hand}.", hand=n))))


@hand_app.command("void")
def hand_void(match: str = MATCH, number: int = NUMBER, reason: Optional[str] = REASON,
              as_json: bool = JSON) -> None:
    """Void hand N, any hand of the match named by its number (one that should not count, found
    later): it leaves the scoreboard, the hands after it are scored again, and it stays in the
    match's history. For the last hand just entered, hand undo is enough."""
    view = ledger().void_hand(match, number, reason)
    game = get_game(view.match.game)
    show_view(view, as_json, str(game.named(t("cli.voided", "Voided hand {hand}.", hand=number),
                                            t("cli.voided_deal", "Voided deal {hand}.", hand=number))))


@hand_app.command("edit", context_settings={"ignore_unknown_options": True})
def hand_edit(match: str = MATCH, number: int = NUMBER,
              entry: Optional[List[str]] = ENTRY, file: Optional[str] = FILE, prompt: bool = PROMPT,
              reason: Optional[str] = REASON, as_json: bool = JSON) -> None:
    """Correct a hand: the old one is voided (kept in the history) and the new one takes its place."""
    view = enter_hand(match, entry, file, prompt,
                      lambda doc, incomplete, at: ledger().replace_hand(match, number, doc, reason, incomplete), number)
    game = get_game(view.match.game)
    show_view(view, as_json, str(game.named(t("cli.corrected", "Corrected hand {hand}.", hand=number),
                                            t("cli.corrected_deal", "Corrected deal {hand}.", hand=number))))


hand_app.command("fix", help="Same as 'edit'.", hidden=True,
                 context_settings={"ignore_unknown_options": True})(hand_edit)
