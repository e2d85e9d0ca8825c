"""The install compiles the message catalogues (ledger/locale/*/LC_MESSAGES/ledger.po -> .mo) with
Babel, so the compiled catalogues ship with the package (docs/languages.md); pyproject.toml holds
everything else."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogues(locale: Path) -> None:
    """Write ``ledger.mo`` beside every ``ledger.po`` under ``locale``, and the language's CLDR
    digest (``cldr.json``: ``ledger.i18n.cldr_digest``) in its folder."""
    import json
    import sys

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from ledger.i18n import cldr_digest

    for po in sorted(locale.glob("*/LC_MESSAGES/ledger.po")):
        lang = po.parent.parent.name
        with open(po, "rb") as fh:
            catalog = read_po(fh, locale=lang)
        with open(po.with_suffix(".mo"), "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        (po.parent.parent / "cldr.json").write_text(json.dumps(cldr_digest(lang), ensure_ascii=False, indent=1) + "\n",
                                                    encoding="utf-8")


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        compile_catalogues(Path(__file__).resolve().parent / "ledger" / "locale")
        super().run()


if __name__ == "__main__":  # tools/messages.py imports compile_catalogues
    setup(cmdclass={"build_py": BuildWithCatalogues})
