"""``ledger serve``: tonight's scoreboards as a read-only web page for the players' phones.

- :mod:`ledger.web.tonight` reads tonight's matches (through :class:`ledger.store.reads.Reads`,
  as ``show`` and ``report`` do) into a :class:`~ledger.web.tonight.Tonight`, and computes the
  cheap change token that says when to read again;
- :mod:`ledger.web.page` renders it as HTML (every text from :mod:`ledger.web.texts`);
- :mod:`ledger.web.app` is the Starlette application: the access key, the security headers, the
  page and its server-sent events;
- :mod:`ledger.web.server` runs it with uvicorn and prints the address and its QR code.

Starlette, uvicorn and segno are imported only here, and this package only by ``ledger serve``.
See docs/serve.md.
"""
