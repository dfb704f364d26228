"""Build hook: the small corpora of ``data/toy/``, the cleaned novel and the real tokenizers of
``data/tokenizers/`` travel inside the wheel, under ``wordpiece_lib/_bundled/``.

Everything else about the package is declared in ``pyproject.toml``. In a checkout the library
reads ``data/`` itself; an installed wheel has no ``data/`` folder, so its copies are packaged
here at build time (BERT's vocab is not: an installed library fetches it, see ``data/README.md``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: Bundled into the wheel (under data/): the toy corpora, Treasure Island (the default book of ``load_book``,
#: public domain, 0.37 MB), the real tokenizers notebook 13 takes apart (no address serves them: an installed
#: library has no other way to them; 1.2 MB compressed), the README that names each file's source and licence,
#: and the NOTICE the tokenizers' Apache-2.0 and MIT licences ask to travel with them.
WHEEL_DATA = ("toy", "treasure-island.txt", "tokenizers", "README.md", "NOTICE")


class BuildWithData(build_py):
    """``build_py`` that also copies the wheel's share of ``data/`` into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's data/ directly
        target = Path(self.build_lib) / "wordpiece_lib" / "_bundled"
        for name in WHEEL_DATA:
            source = ROOT / "data" / name
            if source.is_dir():
                shutil.copytree(source, target / name, dirs_exist_ok=True)
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": BuildWithData})
