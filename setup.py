"""The packages the wheel holds: ``game`` and its subpackages alone (tools/, tests/ and the page
stay in the checkout) with their data files (the league's exploiters, ``game/ai/*.json``), and
the checkout's top-level ``assets/`` (fonts, sounds and their
licences) mapped into the package as ``game/assets/``, so ``pip install .`` plays on its own.
Everything else about the package is in pyproject.toml; MANIFEST.in puts ``assets/`` into the
sdist, from which the wheel is built the same way.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["game", "game.*"]), "game.assets"],
    package_dir={"game.assets": "assets"},
    package_data={"game.assets": ["*/*"], "game.ai": ["*.json"]},
)
