"""Everything about the package is in pyproject.toml; this only adds to the wheel the folders the web
service reads that the repository keeps outside the package (seeplog/web/shipped.py finds them), and the
compiled message catalogs (.mo) of the pages' languages, built from the committed .po files."""
import runpy
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = runpy.run_path(str(Path(__file__).parent / "seeplog" / "web" / "shipped.py"))["SHIPPED"]


def compile_catalogs(package: Path) -> None:
    """Each translations/*/LC_MESSAGES/messages.po under `package` compiled beside it, as messages.mo."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in package.glob("translations/*/LC_MESSAGES/messages.po"):
        with po.open("rb") as source:
            catalog = read_po(source)
        with po.with_suffix(".mo").open("wb") as target:
            write_mo(target, catalog)


class BuildWithShippedFolders(build_py):
    def run(self) -> None:
        super().run()
        for name, source in SHIPPED.items():
            if Path(source).is_dir():
                self.copy_tree(source, str(Path(self.build_lib, "seeplog", "web", name)))
        compile_catalogs(Path(self.build_lib, "seeplog", "web"))


setup(cmdclass={"build_py": BuildWithShippedFolders})
