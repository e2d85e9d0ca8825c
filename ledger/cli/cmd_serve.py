"""``ledger serve``: tonight's scoreboards as a read-only web page for the players' phones.

The web stack (Starlette, uvicorn, segno) is imported only when the command runs, so ``--help``
and ``--version`` stay fast. See :mod:`ledger.web` and docs/serve.md.
"""

import typer

DEFAULT_HOST = "127.0.0.1"  # this machine only
DEFAULT_PORT = 8037  # 37: Trentasette


def register(app: typer.Typer) -> None:
    """Add ``ledger serve`` to ``app``."""

    @app.command("serve")
    def serve_command(
        host: str = typer.Option(DEFAULT_HOST, "--host", metavar="ADDRESS",
                                 help="Where to listen: 127.0.0.1 (this machine only), or 0.0.0.0 for "
                                      "the phones on the table's Wi-Fi (the machine's addresses are printed)."),
        port: int = typer.Option(DEFAULT_PORT, "--port", min=0, max=65535,
                                 help="The port (0: any free one; the address printed says which)."),
    ) -> None:
        """Serve tonight's matches as a read-only web page for the players' phones: the scoreboards,
        totals, lives and pot, who deals next, the standings and who pays whom, updating by
        itself within a second or two of a hand being saved. The first line printed is the
        page's address with its key (new each run), then its QR code, then the address again
        (so that it stays on a 24-row screen under the code). Ctrl-C stops it."""
        from ledger.web.server import serve

        said: list[str] = []

        def echo(line: str) -> None:
            said.append(line)
            typer.echo(line)

        def note(line: str) -> None:  # after the QR code and the other addresses: the page's address again
            if said:
                typer.echo(said[0])
            typer.echo(line, err=True)

        try:
            serve(host, port, echo, note)
        except KeyboardInterrupt:
            pass
        from ledger.i18n import t

        typer.echo(str(t("serve.stopped", "Stopped: the page is no longer served.")), err=True)
