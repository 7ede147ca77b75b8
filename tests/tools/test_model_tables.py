"""``python -m tools.model_tables``: what it prints is Python a maintainer can paste over
modelling.py's tables (the same names, shapes and spelling), a run is fixed by its seed, and
a count of hands that is no count is a usage error before any hand is played."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import modelling
from game.rules.options import CLASSIC, DIGITAL
from tools import model_tables
from tools.cli import INTERRUPTED

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("TURN_RATES", "HOLDS", "OUT_NEXT", "BASE_HOLDS")


def printed(capsys, *argv: str) -> dict[str, object]:
    """The tables a run prints, each read back as a Python literal, by name."""
    assert model_tables.main(list(argv)) == 0
    tree = ast.parse(capsys.readouterr().out)
    tables = {}
    for statement in tree.body:
        assert isinstance(statement, ast.Assign)
        target = statement.targets[0]
        assert isinstance(target, ast.Name)
        tables[target.id] = ast.literal_eval(statement.value)
    return tables


def shape(table) -> tuple:
    """The nesting of a table: the length at each level (every entry alike)."""
    if not isinstance(table, tuple):
        return ()
    assert len({shape(entry) for entry in table}) == 1
    return (len(table), *shape(table[0]))


def test_the_printed_tables_are_modellings_in_shape(capsys):
    tables = printed(capsys, "--hands", "2")
    assert tuple(tables) == NAMES
    for name in NAMES:
        assert shape(tables[name]) == shape(getattr(modelling, name)), name
    for style in tables["TURN_RATES"]:
        for band in style:
            assert sum(band) == pytest.approx(1, abs=0.003) or sum(band) == 0
    for name in ("HOLDS", "OUT_NEXT"):
        rates = [r for style in tables[name] for band in style for r in band]
        assert all(r >= 0 for r in rates) and any(r > 0 for r in rates)
    assert all(0 <= r <= 1 for style in tables["OUT_NEXT"] for band in style for r in band)


def test_a_run_is_fixed_by_its_seed(capsys):
    first = printed(capsys, "--hands", "1", "--seed", "5")
    assert printed(capsys, "--hands", "1", "--seed", "5") == first
    assert printed(capsys, "--hands", "1", "--seed", "6") != first


def test_the_shipped_tables_are_spelt_as_the_tool_prints_them():
    """Pasting a fresh run changes only the numbers that moved."""
    source = Path(modelling.__file__).read_text(encoding="utf-8")
    for name in NAMES:
        text = model_tables.assignment(name, getattr(modelling, name), model_tables.PLACES[name])
        assert text in source, name


def test_the_printed_rates_are_measure_turns_counts(capsys):
    """``measure_turns`` (the test of the styles' ordering uses it) counts the very turns
    ``TURN_RATES`` is made of: a run's rates are its counts over their bands' sums."""
    rates = printed(capsys, "--hands", "2")["TURN_RATES"]
    for style in range(3):
        digital, classic = (model_tables.measure_turns(style, 2, options)
                            for options in (DIGITAL, CLASSIC))
        counts = [[d + c for d, c in zip(*rows)] for rows in zip(digital, classic)]
        assert rates[style] == tuple(tuple(round(c / max(1, sum(row)), 3) for c in row)
                                     for row in counts)


def test_no_hands_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "tools.model_tables", "--hands", "0"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert "usage: python -m tools.model_tables" in done.stderr
    assert "argument --hands: must be 1 to 20000, not 0" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_ctrl_c_is_one_line(monkeypatch, capsys):
    def interrupted(hands, seed):
        raise KeyboardInterrupt

    monkeypatch.setattr(model_tables, "measure", interrupted)
    assert model_tables.main(["--hands", "1"]) == INTERRUPTED
    out, err = capsys.readouterr()
    assert out == "" and err == "model_tables: interrupted; no tables\n"
