"""Ctrl-C held back over the ledger's transactions (ledger/interrupts.py): the hold itself, the
transaction around it (a fake one that records what it did, then the ledger's own), and, as a
property, a SIGINT sent at any step SQLAlchemy takes during a write.

The SIGINT is real (``os.kill`` of this process, in the main thread): the first handler it meets
is the one under test, so a test that lost it would stop the whole run; each test catches the
``KeyboardInterrupt`` it expects.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from ledger import interrupts
from ledger.interrupts import Hold, checkpoint, held_back, transaction_held

pytestmark = pytest.mark.slow  # real processes, servers or kills: python -m pytest -m "not slow" leaves them out


def ctrl_c() -> None:
    """Press Ctrl-C: SIGINT to this process; Python runs the handler before the next line."""
    os.kill(os.getpid(), signal.SIGINT)


@pytest.fixture(autouse=True)
def python_s_own_handler():
    """Each test starts and ends with Python's KeyboardInterrupt handler in place."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # every hold put it back
    signal.signal(signal.SIGINT, before)


# --- the hold --------------------------------------------------------------------------------
def test_a_ctrl_c_inside_is_delivered_when_the_block_ends():
    done = []
    with pytest.raises(KeyboardInterrupt):
        with held_back() as hold:
            ctrl_c()
            done.append("after the Ctrl-C")  # the block goes on
            assert hold.came
    assert done == ["after the Ctrl-C"]


def test_no_ctrl_c_nothing_delivered():
    with held_back() as hold:
        assert signal.getsignal(signal.SIGINT) is hold
    assert not hold.came


def test_without_delivery_the_caller_learns_it_came():
    with held_back(deliver=False) as hold:
        ctrl_c()
    assert hold.came


def test_an_inner_hold_hands_it_to_the_outer_one():
    with pytest.raises(KeyboardInterrupt):
        with held_back() as outer:
            with held_back():
                ctrl_c()
            assert outer.came  # the inner block ended: the outer one has it now
            order = ["inner over"]
    assert order == ["inner over"]


def test_a_block_not_deferring_hands_it_on_at_once():
    with pytest.raises(KeyboardInterrupt):
        with held_back(defer=False):
            ctrl_c()
            pytest.fail("the Ctrl-C did not stop the block")


def test_one_ctrl_c_already_on_its_way_is_not_delivered_twice():
    with pytest.raises(KeyboardInterrupt) as caught:
        with held_back() as hold:
            ctrl_c()
            hold.check()
    assert caught.value.__context__ is None  # one KeyboardInterrupt, not one raised over another


def test_a_ctrl_c_held_over_an_error_comes_after_it():
    with pytest.raises(KeyboardInterrupt) as caught:
        with held_back():
            ctrl_c()
            raise ValueError("the scorer refused the hand")
    assert isinstance(caught.value.__context__, ValueError)


def test_outside_the_main_thread_nothing_is_held():
    seen = []

    def run():
        with held_back() as hold:
            seen.append((signal.getsignal(signal.SIGINT), hold.came))
        checkpoint()  # nothing to check there either

    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert seen == [(signal.default_int_handler, False)]


def test_a_program_started_immune_to_ctrl_c_stays_immune():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with held_back() as hold:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            ctrl_c()
        assert not hold.came
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def test_another_program_s_handler_gets_it_after(monkeypatch):
    got = []
    signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
    try:
        with held_back():
            ctrl_c()
            assert got == []
        assert got == [signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


# --- a transaction -----------------------------------------------------------------------------
class Fake:
    """A transaction that records its end: ``begin()`` for :func:`transaction_held`; ``at``: the
    step at which Ctrl-C is pressed (``"commit"``, ``"rollback"``)."""

    def __init__(self, at: str | None = None):
        self.at = at
        self.ended: list[str] = []

    @contextmanager
    def begin(self):
        try:
            yield self
        except BaseException:
            self.end("rollback")
            raise
        self.end("commit")

    def end(self, how: str) -> None:
        if self.at == how:
            ctrl_c()
        self.ended.append(how)


def counted():
    return interrupts.committed


def test_a_ctrl_c_in_a_write_before_its_commit_rolls_it_back():
    tx, n = Fake(), counted()
    steps = []
    with pytest.raises(KeyboardInterrupt):
        with transaction_held(tx.begin, write=True, before_commit=lambda t: steps.append("flush")):
            ctrl_c()
            steps.append("scored")  # the hand's scoring goes on: no half state
    assert steps == ["scored", "flush"] and tx.ended == ["rollback"] and counted() == n


def test_a_ctrl_c_during_the_commit_lets_it_finish_then_stops():
    tx, n = Fake(at="commit"), counted()
    with pytest.raises(KeyboardInterrupt):
        with transaction_held(tx.begin, write=True):
            pass
    assert tx.ended == ["commit"] and counted() == n + 1


def test_a_ctrl_c_during_a_rollback_waits_for_it():
    tx = Fake(at="rollback")
    with pytest.raises(KeyboardInterrupt) as caught:
        with transaction_held(tx.begin, write=True):
            raise ValueError("refused")
    assert tx.ended == ["rollback"] and isinstance(caught.value.__context__, ValueError)


def test_a_read_stops_at_once_and_its_end_is_held():
    tx = Fake(at="commit")
    with pytest.raises(KeyboardInterrupt):
        with transaction_held(tx.begin, write=False):
            pass
    assert tx.ended == ["commit"]
    tx = Fake()
    with pytest.raises(KeyboardInterrupt):
        with transaction_held(tx.begin, write=False):
            ctrl_c()
            pytest.fail("a read went on after a Ctrl-C")
    assert tx.ended == ["rollback"]


def test_a_long_write_stops_at_its_next_checkpoint():
    tx, steps = Fake(), []
    with pytest.raises(KeyboardInterrupt):
        with transaction_held(tx.begin, write=True):
            for match in range(5):
                checkpoint()
                steps.append(match)
                if match == 1:
                    ctrl_c()
    assert steps == [0, 1] and tx.ended == ["rollback"]


def test_a_checkpoint_outside_a_write_does_nothing():
    with held_back(deliver=False) as hold:  # ledger play's hold over a hand's saving: no write of its own
        ctrl_c()
        checkpoint()
    assert hold.came
    checkpoint()


# --- the ledger's own transactions -----------------------------------------------------------
def names(led) -> list[str]:
    return [p["name"] for p in led.players()]


@pytest.mark.sqlite_only
def test_the_ledger_s_write_rolled_back_by_a_ctrl_c_inside_it(ledger_db):
    from ledger.store.service import Ledger

    led = Ledger(str(ledger_db))
    with pytest.raises(KeyboardInterrupt):
        with led.transaction(write=True) as s:
            led.player(s, "Anna")
            ctrl_c()
            led.player(s, "Bruno")
    assert names(led) == []
    led.add_players(["Anna"])
    assert names(led) == ["Anna"]


def sqlalchemy_calls(action, at: int | None = None) -> int:
    """Run ``action``, counting the Python calls into SQLAlchemy made inside a write transaction
    (its hold in place: from before the session is made to after it is closed); the ``at``-th one
    presses Ctrl-C first. Returns the count. (Outside, a Ctrl-C is Python's own: it stops the
    command at once, or is lost in a garbage collector's callback, as in any program.)"""
    seen = [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.find(f"{os.sep}sqlalchemy{os.sep}") >= 0 \
                and isinstance(signal.getsignal(signal.SIGINT), Hold):
            seen[0] += 1
            if seen[0] == at:
                ctrl_c()

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return seen[0]


@pytest.mark.sqlite_only
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.floats(0, 1))
@example(where=1.0)  # the last step: inside the commit
def test_a_ctrl_c_at_any_step_of_sqlalchemy_leaves_the_write_whole_or_absent(ledger_db, where):
    """Wherever SQLAlchemy is when the Ctrl-C comes, in a write that adds three players: never an
    ``AssertionError``; a ``KeyboardInterrupt`` right after the transaction; the players all
    there (the write had committed: counted) or none of them."""
    from ledger.store import engine
    from ledger.store.service import Ledger

    engine.dispose_engines()
    path = ledger_db.with_name(f"{ledger_db.stem}-{where}.db")
    path.unlink(missing_ok=True)
    led = Ledger(str(path))
    led.add_players(["Elena", "Franco", "Gina"])  # SQLAlchemy's caches warmed up: the next one takes as many steps
    steps = sqlalchemy_calls(lambda: led.add_players(["Ivo", "Lia", "Marco"]))
    before = interrupts.committed
    with pytest.raises(KeyboardInterrupt):  # every step is inside the transaction: the Ctrl-C stops the command
        sqlalchemy_calls(lambda: led.add_players(["Anna", "Bruno", "Carla"]), at=1 + int(where * (steps - 1)))
    got = sorted(set(names(led)) - {"Elena", "Franco", "Gina", "Ivo", "Lia", "Marco"})
    assert got in ([], ["Anna", "Bruno", "Carla"])
    assert (interrupts.committed - before == 1) == bool(got)
    assert led.check() == []
    engine.dispose_engines()
