"""The engine gives the same results under Pyodide (CPython 3.12 on WebAssembly) as natively.

The browser build runs the engine on Pyodide's CPython; these tests run it there in Node.js,
through run_in_pyodide.mjs, and compare with the same call made in this process. They need Node
and `npm ci --prefix tests/web`; without them they skip locally and fail under CI.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "run_in_pyodide.mjs"
PYODIDE = HERE / "node_modules" / "pyodide" / "pyodide.mjs"
NODE = shutil.which("node")
RUNTIME_MARK = "PYODIDE-RUNTIME "
RUNTIME_SNIPPET = (
    "import json, sys; "
    f"print({RUNTIME_MARK!r} + json.dumps({{'version': list(sys.version_info[:2]), "
    "'platform': sys.platform, 'implementation': sys.implementation.name}))\n"
)
MATCHES = [(7, 2), (11, 5), (3, 8)]  # (seed, players)


def _missing_runtime() -> str | None:
    """Why the harness cannot run here, or None when it can."""
    if NODE is None:
        return "node is not on PATH (install Node.js 20)"
    if not PYODIDE.exists():
        return "pyodide is not installed: run `npm ci --prefix tests/web`"
    return None


@pytest.fixture(scope="module", autouse=True)
def _need_node_and_pyodide():
    reason = _missing_runtime()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"Pyodide tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(f"{reason}; these tests run the engine under WebAssembly")


def run_in_pyodide(code: str, package_dir: Path | None = None) -> subprocess.CompletedProcess:
    """Run CODE under Pyodide with the package copied in, capturing stdout and stderr."""
    cmd = [NODE, str(SCRIPT)]
    if package_dir is not None:
        cmd += ["--package-dir", str(package_dir)]
    return subprocess.run(
        cmd + [code], check=False, capture_output=True, timeout=180, encoding="utf-8"
    )


def runtime_of(stdout: str) -> dict:
    """The interpreter facts the snippet printed behind RUNTIME_MARK."""
    lines = [line for line in stdout.splitlines() if line.startswith(RUNTIME_MARK)]
    assert lines, f"no runtime line in output:\n{stdout}"
    return json.loads(lines[0][len(RUNTIME_MARK) :])


def assert_pyodide_runtime(stdout: str) -> None:
    """The code really ran on CPython 3.12 compiled to WebAssembly, as pygbag's runtime is."""
    assert runtime_of(stdout) == {
        "version": [3, 12],
        "platform": "emscripten",
        "implementation": "cpython",
    }


@pytest.mark.parametrize(("seed", "players"), MATCHES)
def test_random_match_same_in_pyodide_as_native(seed, players):
    from game.ai.selfplay import play_random_match

    code = RUNTIME_SNIPPET + (
        "import json; from game.ai.selfplay import play_random_match; "
        f"print(json.dumps(play_random_match(seed={seed}, players={players})))"
    )
    result = run_in_pyodide(code)
    assert result.returncode == 0, f"Pyodide run failed:\n{result.stderr}"
    assert_pyodide_runtime(result.stdout)
    in_pyodide = json.loads(result.stdout.strip().splitlines()[-1])
    # Through JSON on both sides, so tuples and lists compare alike.
    native = json.loads(json.dumps(play_random_match(seed=seed, players=players)))
    assert in_pyodide == native


def test_harness_copies_a_package_tree(tmp_path):
    """The harness itself, on a throwaway package: nested modules, output, exit status."""
    pkg = tmp_path / "probe"
    (pkg / "inner" / "__pycache__").mkdir(parents=True)
    (pkg / "__init__.py").write_text("NAME = 'probe'\n")
    (pkg / "inner" / "__init__.py").write_text("")
    (pkg / "inner" / "cards.py").write_text("SUITS = '\u2660\u2665\u2666\u2663'\n")
    (pkg / "inner" / "__pycache__" / "junk.py").write_text("raise RuntimeError\n")
    (pkg / "notes.txt").write_text("not Python, not copied\n")
    code = RUNTIME_SNIPPET + (
        "import os, probe, probe.inner.cards as c\n"
        "print(probe.NAME, c.SUITS, sorted(os.listdir(os.path.dirname(probe.__file__))))\n"
        "import sys; sys.exit(3)\n"
    )
    result = run_in_pyodide(code, package_dir=pkg)
    assert result.returncode == 3, result.stderr
    assert_pyodide_runtime(result.stdout)
    assert (
        result.stdout.splitlines()[-1] == "probe \u2660\u2665\u2666\u2663 ['__init__.py', 'inner']"
    )


def test_harness_reports_exceptions(tmp_path):
    (tmp_path / "probe").mkdir()
    (tmp_path / "probe" / "__init__.py").write_text("")
    result = run_in_pyodide("import probe\nprint('before')\n1/0\n", package_dir=tmp_path / "probe")
    assert result.returncode == 1
    assert result.stdout == "before\n"
    assert "ZeroDivisionError" in result.stderr
