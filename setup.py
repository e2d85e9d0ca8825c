"""The install compiles the message catalogues (ledger/locale/*/LC_MESSAGES/ledger.po -> .mo) with
Babel, so the compiled catalogues ship with the package (docs/languages.md); pyproject.toml holds
everything else."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogues(locale: Path) -> None:
    """Write ``ledger.mo`` beside every ``ledger.po`` under ``locale``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(locale.glob("*/LC_MESSAGES/ledger.po")):
        with open(po, "rb") as fh:
            catalog = read_po(fh, locale=po.parent.parent.name)
        with open(po.with_suffix(".mo"), "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        compile_catalogues(Path(__file__).resolve().parent / "ledger" / "locale")
        super().run()


if __name__ == "__main__":  # tools/messages.py imports compile_catalogues
    setup(cmdclass={"build_py": BuildWithCatalogues})
