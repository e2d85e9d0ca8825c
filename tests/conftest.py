"""Shared fixtures: every test gets its own ledger file, so no test touches a user's real data."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import settings
from typer.testing import CliRunner

import backends
from ledger.cli import app

# CI runs the same examples every time (a red CI then means a real regression, and can be rerun);
# locally hypothesis keeps exploring new ones
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_generate_tests(metafunc):
    backends.parametrize(metafunc)  # store and CLI tests also run on PostgreSQL when configured


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Every test starts in English, whatever the machine's locale and whatever language an
    earlier test's command spoke (the language in use is the process's: ledger.i18n.use)."""
    from ledger import i18n

    for name in ("LEDGER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.use("en")
    yield
    i18n.use("en")


@pytest.fixture(autouse=True)
def ledger_db(request, tmp_path, monkeypatch):
    """A fresh ledger path in a temporary directory, named by LEDGER_DB for the whole test (on
    PostgreSQL, see tests/backends.py: the URL of a fresh schema)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if getattr(request, "param", "sqlite") == "postgresql":
        with backends.pg_schema() as url:
            monkeypatch.setenv("LEDGER_DB", url)
            yield url
        return
    path = tmp_path / "ledger.db"
    monkeypatch.setenv("LEDGER_DB", str(path))
    yield path
    backends.close_engines()


class Cli:
    """Runs ``ledger`` commands in-process through Typer's CliRunner."""

    def __init__(self):
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None, code: int | None = 0):
        result = self.runner.invoke(app, list(args), input=input)
        if code is not None:
            assert result.exit_code == code, (
                f"ledger {' '.join(args)} exited {result.exit_code}\nstdout:\n{result.stdout}\n"
                f"stderr:\n{result.stderr}\n{result.exception!r}")
        return result

    def json(self, *args: str, input: str | None = None):
        result = self(*args, "--json", input=input)
        return json.loads(result.stdout)

    def error(self, *args: str, input: str | None = None) -> str:
        """Run a command that must fail with one line on stderr, exit 2 and nothing on stdout."""
        result = self(*args, input=input, code=2)
        assert result.stdout == "", result.stdout
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert "Traceback" not in result.stderr
        return lines[0]


@pytest.fixture
def cli() -> Cli:
    return Cli()


@pytest.fixture
def python_s_sigint_handler():
    """Python's KeyboardInterrupt handler for a test that presses Ctrl-C in this process, as at a
    terminal: a pytest started in the background by a shell without job control runs with SIGINT
    ignored, the ledger then rightly holds nothing back (a program started immune to Ctrl-C stays
    so: ``ledger.interrupts``), and the Ctrl-C would be lost."""
    import signal

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.fixture(autouse=True)
def _no_hand_labels():
    """Each test starts with no game's hand labelling the errors (ledger.games.declare.labelling:
    the CLI sets it per command; a test that looked a game up must not leave it to the next)."""
    from ledger.games.declare import labelling

    labelling(None)
    yield
    labelling(None)
