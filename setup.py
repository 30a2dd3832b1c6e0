"""Everything about the package is in pyproject.toml; this only adds to the wheel the folders the web
service reads that the repository keeps outside the package (seeplog/web/shipped.py finds them)."""
import runpy
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = runpy.run_path(str(Path(__file__).parent / "seeplog" / "web" / "shipped.py"))["SHIPPED"]


class BuildWithShippedFolders(build_py):
    def run(self) -> None:
        super().run()
        for name, source in SHIPPED.items():
            if Path(source).is_dir():
                self.copy_tree(source, str(Path(self.build_lib, "seeplog", "web", name)))


setup(cmdclass={"build_py": BuildWithShippedFolders})
