"""``ledger serve``: tonight's scoreboards as a read-only web page for the players' phones.

- :mod:`ledger.web.tonight` reads tonight's matches (through :class:`ledger.store.reads.Reads`,
  as ``show`` and ``report`` do) into a :class:`~ledger.web.tonight.Tonight`, and computes the
  cheap change token that says when to read again;
- :mod:`ledger.web.page` renders it as HTML (every text from :mod:`ledger.web.texts`);
- :mod:`ledger.web.app` is the Starlette application: the access key, the security headers, the
  page and its server-sent events;
- :mod:`ledger.web.server` runs it with uvicorn and prints the address and its QR code.

- :mod:`ledger.web.api` is its HTTP API for the scorekeeper (``--scorekeeper``): hands, voids and
  new matches as JSON, through the store's one append path.

Starlette, uvicorn and segno are imported only by its modules, and they only by ``ledger serve``
(this package's own module imports nothing: ``ledger serve --help`` stays fast). Nothing here
imports the CLI (``ledger.cli``).
See docs/serve.md.
"""

DEFAULT_HOST = "127.0.0.1"  # this machine only
DEFAULT_PORT = 8037  # 37: Trentasette
