"""``ledger play``: a scoring session that stays open for the evening.

``ledger play MATCH`` plays on a match; ``ledger play GAME --players ...`` (or ``--side``) starts
one. The session asks for each hand in the game's own terms: at the hand prompt the whole hand may
be typed as words (what ``hand add`` takes, quotes optional: ``Anna=26 Bruno=7S 7D 9C
knock=Bruno``; optional parts left out take their default, as in ``hand add``), or Enter asks for
it part by part (the game's questions). A hand is saved, in a
transaction of its own, the moment it is complete; the scoreboard is drawn again at once.

At any prompt: ``undo`` (at the hand prompt: void the last saved hand; inside a hand: take back
the last answer), ``show`` (the whole scoreboard), ``help``, ``quit``; when a match is over,
``new`` starts another with the same players. Ctrl-C abandons the hand being entered (nothing of
it is saved) and returns to the hand prompt; a second Ctrl-C in a row, or end of input, ends the
session. No saved hand is ever lost: each one was committed before the scoreboard showed it, and
a Ctrl-C that comes while the session reads or writes the ledger waits until the transaction is
done (:mod:`ledger.interrupts`): one that came while the hand was being scored and written, before
its commit, drops it (nothing of it saved); one that came during the commit, or as the
scoreboard is drawn after it, finds it saved, and the session says so.
A hand the scorer refuses is not lost either: what the error names (or the last answer) is asked
again, as ``hand add`` does at a terminal.

The ledger, the engine and the match's replay are opened once and kept (see
:class:`ledger.store.live.LiveMatch`), so a hand costs one scoring step and one small transaction.
Standard input that is not a terminal is read line by line (scripts, tests, the benchmark).
"""

import json
import os
import sys
from typing import List, Optional

import typer

from ledger.cli import new_match
from ledger.cli.app import ledger, stderr_is_terminal
from ledger.cli.cmd_matches import JSON, show_view
from ledger.cli.hand_entry import (answer_error, answered, ask_again, lacks_required, line_readings, parse_line,  # noqa: F401
                                   read_kept, regroup, retyped, retyped_hand)  # regroup: for the tests
from ledger.cli.screen import fold_prompt, wrap
from ledger.errors import LedgerError
from ledger.i18n import t, tn
from ledger.interrupts import held_back
from ledger.safetext import safe

COMMANDS = {"undo": "undo", "show": "show", "help": "help", "?": "help", "quit": "quit", "exit": "quit",
            "q": "quit", "new": "new",
            # the same in Italian, as the players at the table say them
            "annulla": "undo", "mostra": "show", "aiuto": "help", "esci": "quit", "basta": "quit",
            "nuova": "new"}
YES = ("y", "yes", "s", "si", "sì")


YES = ("y", "yes", "s", "si", "sì")


class _Quit(Exception):
    """The user asked to leave (``quit``, end of input, or Ctrl-C twice)."""


class _Back(Exception):
    """Leave the hand being entered and return to the hand prompt."""


class _Changed(Exception):
    """Another writer changed the match while the session waited at the hand prompt (said and
    drawn already): the prompt is asked again, with the match as it is now."""


IDLE_POLL = 1.0  # seconds between two looks at the match while the hand prompt waits for input


def _input_fd() -> int | None:
    """Standard input's file descriptor, when it can be waited on with ``select`` (None for a test
    runner's stand-in or a platform without it: the prompt then just waits)."""
    try:
        import select  # noqa: F401

        return sys.stdin.fileno()
    except (AttributeError, ValueError, OSError, ImportError):
        return None


def _wait_readable(fd: int, idle) -> None:
    """Wait until ``fd`` has something to read, calling ``idle()`` every :data:`IDLE_POLL`
    seconds meanwhile (it raises :class:`_Changed` to stop waiting)."""
    import select

    while not select.select([fd], [], [], IDLE_POLL)[0]:
        idle()


def _first_key(fd: int, idle) -> str:
    """At a terminal: the first key typed at a prompt (one character, of several bytes in UTF-8),
    waited for with the terminal in non-canonical mode so that ``idle()`` runs until a key is
    pressed, not until a line is ended; the terminal's mode is put back whatever happens."""
    import termios

    before = termios.tcgetattr(fd)
    waiting = termios.tcgetattr(fd)
    waiting[3] &= ~(termios.ICANON | termios.ECHO)
    waiting[6][termios.VMIN], waiting[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, waiting)
    try:
        _wait_readable(fd, idle)
        first = os.read(fd, 1)
        more = 3 if first >= b"\xf0" else 2 if first >= b"\xe0" else 1 if first >= b"\xc0" else 0
        for _ in range(more):
            first += os.read(fd, 1)
        return first.decode("utf-8", "replace")
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, before)


class _Lines:
    """Standard input that is not a terminal, read a line at a time from its file descriptor with
    a buffer of its own, so that ``select`` tells truly whether a line is waiting."""

    def __init__(self, fd: int):
        self.fd, self.pending = fd, b""

    def readline(self, idle=None) -> str:
        """The next line with its ``\\n`` (the last one may have none), ``""`` at the end of input;
        ``idle`` as :func:`_wait_readable`'s while no whole line is waiting."""
        while b"\n" not in self.pending:
            if idle is not None:
                _wait_readable(self.fd, idle)
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                line, self.pending = self.pending, b""
                return line.decode(sys.stdin.encoding or "utf-8", "replace")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode(sys.stdin.encoding or "utf-8", "replace") + "\n"


def register(root: typer.Typer) -> None:
    """Add ``play`` to the root app (called by :mod:`ledger.cli.commands`)."""
    root.command("play")(play)


def play(
    target: str = typer.Argument(..., metavar="MATCH|GAME",
                                 help="The match to play on (its number or 'last'), or a game to start a match of."),
    players: Optional[str] = new_match.option("players", play=True),
    side: List[str] = new_match.option("side", play=True),
    rules: Optional[str] = new_match.option("rules", play=True),
    option: List[str] = new_match.option("option", play=True),
    night: Optional[str] = new_match.option("night", play=True),
    title: Optional[str] = new_match.option("title", play=True),
    as_json: bool = JSON,
) -> None:
    """A scoring session for the evening: enter hand after hand, each saved at once.

    Type a hand in the game's words at the hand prompt, or press Enter to be asked for each part.
    At any prompt: undo, show, help, quit. Ctrl-C abandons the hand being entered; twice leaves.
    """
    from ledger.store.live import LiveMatch

    if players or side:
        live = LiveMatch(ledger(), view=new_match.start_match(target, players, side, rules, option, night, title))
    else:
        given = [name for name, v in (("--rules", rules), ("--option", option), ("--night", night),
                                      ("--title", title)) if v]
        if given:
            raise LedgerError(t("play.only_new", "only for a new match (give --players or --side)"), given[0], None)
        if not _names_a_match(target):
            from ledger.games import command_game, get_game

            named = command_game(target)[0]
            game = get_game(named)  # an unknown word is named as such
            raise LedgerError(t("play.give_players", "to start a match of {game}, give --players (or --side)",
                                game=game.name if named == target else target.strip().lower()), "players", None)
        live = LiveMatch(ledger(), target)
    Session(live, as_json).run()


def _names_a_match(target: str) -> bool:
    t = target.strip().lower()
    return t.isdigit() or t in ("last", "ultimo", "ultima")


class Session:
    """The prompt loop of ``ledger play`` around a :class:`~ledger.store.live.LiveMatch`."""

    def __init__(self, live, as_json: bool = False):
        self.live = live
        self.as_json = as_json
        self.tty = sys.stdin.isatty()
        self.interrupted = False  # the last thing the user did was Ctrl-C
        self.fd = _input_fd()
        self.lines = _Lines(self.fd) if self.fd is not None and not self.tty else None
        if self.tty:
            try:
                import readline  # noqa: F401  (line editing and history at the prompts)
            except ImportError:  # pragma: no cover - not on every platform
                pass

    # --- input and output ---------------------------------------------------------------------
    def say(self, text: str) -> None:
        """A line for the people at the table (standard error with --json, so stdout stays JSON)."""
        out = sys.stderr if self.as_json else sys.stdout
        out.write("\n".join(wrap(safe(text, lines=True))) + "\n")
        out.flush()

    def error(self, err: LedgerError) -> None:
        """``  error: FIELD: message`` on standard error: folded at a terminal, one line on a pipe
        whatever ``COLUMNS`` says (:func:`ledger.cli.app.error_text`)."""
        line = str(t("cli.error", "error: {what}", what=safe(err)))
        folded = wrap(line, indent="  ") if stderr_is_terminal() else ["  " + line]
        sys.stderr.write("\n".join(folded) + "\n")
        sys.stderr.flush()

    def read(self, prompt: str, watch: bool = False) -> str:
        """One line; ``EOFError`` at the end of input, ``KeyboardInterrupt`` on Ctrl-C.

        ``watch`` (the hand prompt): while nothing is typed, the match is looked at every
        :data:`IDLE_POLL` seconds; when another writer has changed it, that is said and the
        scoreboard drawn at once, and :class:`_Changed` raised (the prompt is asked again)."""
        out = sys.stderr if self.as_json else sys.stdout
        before, prompt = fold_prompt(safe(prompt))
        for line in before:  # a prompt wider than the screen: its first lines printed, the last one asks
            out.write(line + "\n")
        fd = self.fd if watch else None
        idle = self.idle if fd is not None else None
        if self.tty:
            shown = False  # the prompt is on the screen already
            if fd is not None and idle is not None:
                out.write(prompt)
                out.flush()
                first = _first_key(fd, idle)
                if first == "\x04":  # Ctrl-D on an empty line: the end of input
                    out.write("\n")
                    raise EOFError
                if first in ("\n", "\r"):
                    out.write("\n")
                    self.interrupted = False
                    return ""
                if self.as_json:
                    shown = True
                else:
                    out.write("\r\x1b[K")  # the prompt is written again by input(), with the key after it
                _typed_ahead(first)
            if self.as_json:
                if not shown:
                    out.write(prompt)
                    out.flush()
                prompt = ""
            line = input(prompt)
        else:
            out.write(prompt)
            out.flush()
            line = self.lines.readline(idle) if self.lines is not None else sys.stdin.readline()
            if not line:
                out.write("\n")
                raise EOFError
            line = line.rstrip("\r\n")
            out.write(safe(line) + "\n")  # a transcript of piped input reads like the terminal
        self.interrupted = False
        return line

    # --- the loop -------------------------------------------------------------------------------
    def run(self) -> None:
        self.show("start")
        self.say(str(self.live.game.named(
            t("play.welcome", "Type each hand in one line, or press Enter to be asked for it; 'help' for more."),
            t("play.welcome_deal", "Type each deal in one line, or press Enter to be asked for it; 'help' for more."))))
        while True:
            try:
                self.step()
            except (_Quit, EOFError):
                break
            except KeyboardInterrupt:
                if self.interrupted:
                    break
                self.interrupted = True
                self.say("\n" + str(t("play.interrupted", "(Ctrl-C: the hand being entered is dropped, nothing of "
                                       "it saved; Ctrl-C again or 'quit' to leave)")))
        n, match = self.live.hands, str(self.live.id)
        self.say(str(self.live.game.named(
            tn("play.bye", "Match {match}: {n} hand on the scoreboard, all saved.",
               "Match {match}: {n} hands on the scoreboard, all saved.", n, match=match),
            tn("play.bye_deal", "Match {match}: {n} deal on the scoreboard, saved.",
               "Match {match}: {n} deals on the scoreboard, all saved.", n, match=match))))

    def others_wrote(self, waiting: bool = False) -> bool:
        """Say what another scorekeeper changed in the match since the session last read it, and
        draw the scoreboard again; False when nothing changed. ``waiting``: a prompt is on the
        line (the news start on a line of their own)."""
        try:
            with held_back():
                change = self.live.changes()
        except LedgerError as err:
            self.error(err)
            raise _Quit from None
        if change is None:
            return False
        if waiting:
            (sys.stderr if self.as_json else sys.stdout).write("\n")
        self.redraw(str(t("play.others_wrote", "({change}: the scoreboard is the ledger's)", change=change)), "changed")
        return True

    def idle(self) -> None:
        """The hand prompt waits: :class:`_Changed` when another writer has changed the match."""
        if self.others_wrote(waiting=True):
            raise _Changed

    def step(self) -> None:
        """One turn at the hand prompt: a command, or a hand entered and saved."""
        self.others_wrote()
        live = self.live
        if not live.is_open:
            try:
                text = self.read(str(t("play.over_prompt", "match over ('new' for another with the same players, "
                                       "'undo', 'quit') > ")), watch=True)
            except _Changed:
                return
            cmd = COMMANDS.get(text.strip().lower())
            if cmd == "new":
                with held_back():
                    self.live = live.again()
                    self.show("new")
            elif cmd:
                self.command(cmd, in_hand=False)
            elif text.strip():
                self.say("  " + str(t("play.over", "match {match} is over: 'new' starts another with the same players",
                                      match=str(live.id))))
            return
        n = live.hands + 1
        try:
            text = self.read(str(live.game.hand_prompt(live.view.setup, live.state, n, live.next_dealer())), watch=True)
        except _Changed:
            return
        if self.others_wrote():  # the hand typed was meant for a match that has since changed
            live = self.live
            if not live.is_open:
                return
            n = live.hands + 1
        cmd = COMMANDS.get(text.strip().lower())
        if cmd:
            self.command(cmd, in_hand=False)
            return
        started = self.typed_hand(text)
        if started is None:
            return
        doc, typed = started
        before: list[dict] = []  # the hand before each answer, for undo
        while True:
            try:
                doc = self.complete(doc, before, typed=typed)
            except _Back:
                return
            except LedgerError as err:
                self.error(err)
                return
            refused = self.save(doc)
            if refused is None:
                return
            # the scorer refused the hand: ask again what it names (or the last answer), the rest kept
            again = ask_again(live.game, live.view.setup, live.state, doc, refused, before)
            if again is None:  # the refusal names no part that can be asked: the hand is typed again
                self.say("  " + str(not_saved(live.game, n)))
                return
            self.say("  " + str(t("play.answer_again", "please answer again ('undo' leaves this hand)")))
            doc = again
            typed = False  # the part refused is asked, never filled in with its default

    def command(self, cmd: str, in_hand: bool) -> None:
        if cmd == "quit":
            raise _Quit
        if cmd == "show":
            self.show()
        elif cmd == "help":
            self.help()
        elif cmd == "undo":
            if in_hand:
                raise _Back
            self.undo()
        elif cmd == "new":
            self.say("  " + str(t("play.new_later", "'new' starts another match once this one is over")))

    def undo(self) -> None:
        """Take back the last saved hand, naming it; a hand this session did not enter (another
        scorekeeper's) only after a yes."""
        self.others_wrote()
        live = self.live
        if not live.hands:
            from ledger.store.live import no_hand_to_undo

            self.error(LedgerError(no_hand_to_undo(live.id), "undo", None))
            return
        game, number, what = live.game, self.hand_number(live.hands - 1), self.hand_line(live.hands - 1)
        if live.last_is_mine():
            prompt = game.named(
                t("play.undo_ask_mine", "take back hand {hand} ({what})? it stays in the history, voided [y/N] > ",
                  hand=number, what=what),
                t("play.undo_ask_mine_deal", "take back deal {hand} ({what})? it stays in the history, voided [y/N] > ",
                  hand=number, what=what))
        else:
            prompt = game.named(
                t("play.undo_ask", "hand {hand} ({what}) was not entered in this session: take it back? [y/N] > ",
                  hand=number, what=what),
                t("play.undo_ask_deal", "deal {hand} ({what}) was not entered in this session: take it back? "
                  "[y/N] > ", hand=number, what=what))
        if self.read("  " + str(prompt)).strip().casefold() not in YES:
            self.say("  " + str(game.named(t("play.stays", "hand {hand} stays", hand=number),
                                           t("play.stays_deal", "deal {hand} stays", hand=number))))
            return
        with held_back():
            try:
                live.undo()
            except LedgerError as err:
                self.error(err)
                return
            self.redraw(str(game.named(
                t("play.undid", "Undid hand {hand}: {what} (kept in the match's history, voided).", hand=number,
                  what=what),
                t("play.undid_deal", "Undid deal {hand}: {what} (kept in the match's history, voided).", hand=number,
                  what=what))), "undo")

    def hand_number(self, i: int) -> int | None:
        """The number players know hand ``i`` (0-based) by (``Game.hand_number``: a duplicate board's)."""
        view = self.live.view
        return self.live.game.hand_number(view.setup, i, view.hands[i].result)

    def hand_line(self, i: int) -> str:
        """Hand ``i`` (0-based) in one line, as ``match history`` says it."""
        view = self.live.view
        h = view.hands[i]
        game, number = self.live.game, self.hand_number(i)
        return str(game.describe_hand(h.document, h.result, view.setup)
                   or game.named(t("play.hand", "hand {hand}", hand=number),
                                 t("play.hand_deal", "deal {hand}", hand=number)))

    # --- a hand -------------------------------------------------------------------------------
    def typed_hand(self, text: str) -> tuple[dict, bool] | None:
        """The hand typed at the hand prompt (``{}`` for Enter) and whether what it left out takes
        its default (see :meth:`complete`); None when the line is refused whole (said). A part
        the game refuses is said and left out, the line's other parts kept: what it was to give
        is asked, and when no required item is missing the optional ones are asked too (the
        part refused may have been one of them)."""
        if not text.strip():
            return {}, False
        try:
            live = self.live
            doc, refused = read_kept(live.game, live.view.setup, live.state, line_readings(live.view.setup, text))
        except LedgerError as err:
            self.error(err)
            return None
        for part_err in refused:
            self.error(part_err)
        if not refused:
            return doc, True
        self.say("  " + str(t("play.answer_again", "please answer again ('undo' leaves this hand)")))
        return doc, lacks_required(live.game, live.view.setup, live.state, doc)

    def complete(self, doc: dict, before: list[dict], typed: bool = False) -> dict:
        """Ask the game's questions until the hand is complete. ``undo`` takes back the last answer
        (or, with none, leaves the hand); a bad answer is explained and asked again. ``before``
        keeps the hand as it was before each answer. ``typed``: the hand was typed as one line,
        so what it left out of the optional parts (honours, who knocked, re-entries: questions
        with a default) is taken at its default, as ``hand add`` does, rather than asked; the
        next line typed is then the next hand, never an answer about this one."""
        live = self.live
        for _ in range(1000):
            try:
                qs = live.game.questions(live.view.setup, doc, live.state)
            except LedgerError as err:  # the last answer does not fit the hand: ask it again
                if not before:
                    raise
                self.error(err)
                doc = before.pop()
                continue
            if not qs:
                return doc
            q = qs[0]
            if typed and q.default is not None:
                doc = q.answer(doc, q.default)
                continue
            setup = live.view.setup  # a pair the ledger named NS is said as Anna & Carla
            hint = f" [{'/'.join(setup.with_shown_choices(q.choices))}]" if q.choices else ""
            text = self.read(f"  {setup.with_shown_sides(q.text)}{hint} > ")
            cmd = COMMANDS.get(text.strip().lower())
            if cmd == "undo":
                if not before:
                    raise _Back
                doc = before.pop()
                continue
            if cmd and cmd != "new":
                self.command(cmd, in_hand=True)
                continue
            if not text.strip() and q.default is not None:
                text = q.default
            whole = self.retyped(text, first=True)  # the whole hand typed again: it replaces this one
            try:
                new = whole if whole is not None else answered(live.game, doc, q.answer(doc, text))
            except LedgerError as err:
                whole = self.retyped(text, first=False)
                if whole is None:
                    self.error(answer_error(live.game, live.view.setup, text, err))
                    continue
                new = whole
            if whole is not None:
                self.say("  " + str(retyped()))
                typed = True  # as a hand typed at the hand prompt: what it leaves out takes its default
            before.append(doc)
            doc = new
        raise LedgerError(t("cli.too_many_questions", "too many questions"), "hand", None)

    def retyped(self, text: str, first: bool) -> dict | None:
        """The hand of ``text`` when it is the whole hand typed again (:func:`retyped_hand`)."""
        return retyped_hand(self.live.game, self.live.view.setup, self.live.state, text, first)

    def save(self, doc: dict) -> LedgerError | None:
        """Store the hand (one transaction) and draw the scoreboard again; the scorer's error when
        it refuses the hand (nothing saved). A Ctrl-C inside the hand's write transaction before
        its commit rolls it back (``KeyboardInterrupt``: the hand is dropped, as at a prompt); one
        that comes as it commits, or while the scoreboard is drawn, waits, and the session says
        the hand was saved (:mod:`ledger.interrupts`)."""
        n = self.live.hands + 1
        with held_back(deliver=False) as ctrl_c:  # a Ctrl-C here: the hand is saved all the same, and said so
            try:
                result, change = self.live.add(doc)
            except LedgerError as err:
                self.error(err)
                return err
            except Exception as err:  # the database in trouble: say so, keep the session
                if not type(err).__module__.startswith("sqlalchemy"):
                    raise
                msg = str(getattr(err, "orig", None) or err).splitlines()[0]
                sys.stderr.write("  " + str(t("cli.error", "error: {what}", what=safe(LedgerError(msg, "database"))))
                                 + "\n")
                self.say("  " + str(not_saved(self.live.game, n)))
                return None
            n = self.live.hands  # the stored number, whatever other scorekeepers did meanwhile
            game = self.live.game
            if change is not None:
                self.say("  " + str(game.named(
                    t("play.renumbered", "({change}: this hand is hand {hand})", change=change, hand=n),
                    t("play.renumbered_deal", "({change}: this deal is deal {hand})", change=change, hand=n))))
            if self.as_json:
                self.emit({"event": "hand", "match": self.live.id, "number": n, "result": result.to_json(),
                           "state": self.live.state.to_json()})
            else:
                self.redraw(str(self.live.game.hand_heading(self.live.view.setup, n, result)
                                if result.summary else t("play.saved", "Hand {hand} saved.", hand=n)))
        if ctrl_c.came:
            self.interrupted = True
            self.say(str(self.live.game.named(
                t("play.interrupted_saved", "(Ctrl-C: hand {hand} was saved; Ctrl-C again or 'quit' to leave)",
                  hand=n),
                t("play.interrupted_saved_deal", "(Ctrl-C: deal {hand} was saved; Ctrl-C again or 'quit' to leave)",
                  hand=n))))
        return None

    # --- drawing ------------------------------------------------------------------------------
    def emit(self, data: dict) -> None:
        sys.stdout.write(safe(json.dumps(data, ensure_ascii=False), json=True) + "\n")
        sys.stdout.flush()

    def show(self, event: str = "show") -> None:
        """The whole scoreboard (JSON: ``{"event": ..., **show --json}`` on one line)."""
        if self.as_json:
            self.emit({"event": event, **self.live.view.to_json()})
        else:
            show_view(self.live.view, False)

    def redraw(self, header: str, event: str = "show") -> None:
        """The scoreboard after a change: its newest rows (``show`` draws it whole)."""
        if self.as_json:
            self.say(header)
            self.emit({"event": event, **self.live.view.to_json()})
        else:
            show_view(self.live.view, False, header, tail=True)

    def help(self) -> None:
        live = self.live
        title = live.game.titled(live.view.setup.rules)  # Scopone, Canasta (italiana)
        head = live.game.named(
            t("play.help_head", "{game}: type the hand in one line, as 'ledger hand add' takes it (quotes are "
              "optional), or press Enter to be asked for each part.", game=title),
            t("play.help_head_deal", "{game}: type the deal in one line, as 'ledger hand add' takes it (quotes are "
              "optional), or press Enter to be asked for each part.", game=title))
        words = live.game.entry_help()
        lines = wrap(str(head), hanging="") + (wrap(str(words), indent="  ", hanging="") if words else [])
        self.say("\n".join(lines))
        self.say(str(live.game.named(
            t("play.help", "At any prompt:\n"
              "  undo   at the hand prompt: void the last saved hand (it stays in the history);\n"
              "         while entering a hand: take back the last answer\n"
              "  show   the whole scoreboard\n"
              "  help   this text\n"
              "  quit   leave (every saved hand stays saved)\n"
              "  new    when the match is over: another match with the same players\n"
              "Ctrl-C drops the hand being entered; Ctrl-C twice, or Ctrl-D, leaves."),
            t("play.help_deal", "At any prompt:\n"
              "  undo   at the deal prompt: void the last saved deal (it stays in the history);\n"
              "         while entering a deal: take back the last answer\n"
              "  show   the whole scoreboard\n"
              "  help   this text\n"
              "  quit   leave (every saved deal stays saved)\n"
              "  new    when the match is over: another match with the same players\n"
              "Ctrl-C drops the deal being entered; Ctrl-C twice, or Ctrl-D, leaves."))))


def _typed_ahead(text: str) -> None:
    """Have the next ``input()`` start with ``text`` already typed (the key that ended a watched
    wait), through readline; a key that is not text (an arrow's escape) is left out."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    if text.isprintable():
        def put() -> None:
            readline.insert_text(text)
            readline.set_startup_hook(None)

        readline.set_startup_hook(put)


def not_saved(game, n: int):
    """``hand 4 was not saved: enter it again`` (``deal 4`` in a game of deals: ``Game.named``)."""
    return game.named(t("play.not_saved", "hand {hand} was not saved: enter it again", hand=n),
                      t("play.not_saved_deal", "deal {hand} was not saved: enter it again", hand=n))
