"""The code passes the project's lint settings (pyproject.toml): mistakes ruff can see early."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    if shutil.which("ruff") is None:
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    result = subprocess.run(["ruff", "check", "--output-format", "concise", str(ROOT)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
