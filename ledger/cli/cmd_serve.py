"""``ledger serve``: tonight's scoreboards as a web page for the players' phones (read-only), and
with ``--scorekeeper`` a second address that can enter hands (the page and its HTTP API).

The web stack (Starlette, uvicorn, segno) is imported only when the command runs, so ``--help``
and ``--version`` stay fast. See :mod:`ledger.web` and docs/serve.md.
"""

import typer

from ledger.web import DEFAULT_HOST, DEFAULT_PORT


def register(app: typer.Typer) -> None:
    """Add ``ledger serve`` to ``app``."""

    @app.command("serve")
    def serve_command(
        host: str = typer.Option(DEFAULT_HOST, "--host", metavar="ADDRESS",
                                 help="Where to listen: 127.0.0.1 (this machine only), or 0.0.0.0 for "
                                      "the phones on the table's Wi-Fi (the machine's addresses are printed)."),
        port: int = typer.Option(DEFAULT_PORT, "--port", min=0, max=65535,
                                 help="The port (0: any free one; the address printed says which)."),
        scorekeeper: bool = typer.Option(False, "--scorekeeper",
                                         help="Also let the scorekeeper enter hands from a phone: a second "
                                              "address with its own key (printed first: keep it private) that "
                                              "can write, through the page and the HTTP API (docs/serve.md)."),
    ) -> None:
        """Serve tonight's matches as a web page for the players' phones: the scoreboards,
        totals, lives and pot, who deals next, the standings and who pays whom, updating by
        itself within a second or two of a hand being saved. The first line printed is the
        page's address with its key (new each run), then its QR code, then the address again
        (so that it stays on a 24-row screen under the code). With --scorekeeper the
        scorekeeper's address comes first, with its own key and QR code (it can enter hands:
        keep it private), then the players' read-only one. Without it nothing can be written.
        Ctrl-C stops it."""
        from ledger.cli.app import State
        from ledger.web.server import serve

        said: list[str] = []

        def echo(line: str) -> None:
            said.append(line)
            typer.echo(line)

        def note(line: str, again: bool = True) -> None:  # after the QR code and the other addresses
            if said and again:  # the players' address again, under its code (a 24-row screen keeps it)
                typer.echo(said[0])
            said.clear()
            typer.echo(line, err=True)

        try:
            serve(host, port, echo, note, scorekeeper=scorekeeper, db=State.db)
        except KeyboardInterrupt:
            pass
        from ledger.i18n import t

        typer.echo(str(t("serve.stopped", "Stopped: the page is no longer served.")), err=True)
