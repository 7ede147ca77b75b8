"""The pygbag build: made with the network cut, only the game inside, under budget, and a page
whose template markers are all filled.

pygbag's runtime comes from its CDN when a player opens the page, which these machines cannot
reach, so this build is checked for content here (and that its page says so clearly when the
CDN is out of reach); the standalone build is the one played in Chromium (test_browser_*.py).
"""

import hashlib
import zipfile

import pytest
from conftest import ARTIFACTS, serving

from tools.web import pygbag_build
from tools.web.files import REPO, game_files
from tools.web.page import WEB

DEAD_PROXY = "http://127.0.0.1:9"  # the discard port: nothing answers there


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("pygbag", reason='pygbag is missing: pip install -e .')
    before = {rel: hashlib.sha256((REPO / rel).read_bytes()).hexdigest() for rel in game_files()}
    with pytest.MonkeyPatch.context() as env:
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY"):
            env.setenv(name, DEAD_PROXY)
        for name in ("NO_PROXY", "no_proxy"):
            env.delenv(name, raising=False)
        result = pygbag_build.build(tmp_path_factory.mktemp("pygbag"))
    after = {rel: hashlib.sha256((REPO / rel).read_bytes()).hexdigest() for rel in game_files()}
    assert before == after, "the build changed the game's sources (black?)"
    print(f"\npygbag game archive: {result.archive_bytes:,} bytes "
          f"(budget {pygbag_build.BUDGET:,})")
    return result


def test_offline_build_writes_page_icon_archive_and_itch_zip(built):
    assert (built.folder / "index.html").is_file()
    assert (built.folder / "favicon.png").read_bytes() == (WEB / "icon.png").read_bytes()
    with zipfile.ZipFile(built.zip) as zf:
        assert sorted(zf.namelist()) == ["arlington.apk", "favicon.png", "index.html"]


def test_archive_holds_the_game_and_nothing_else(built):
    assert built.archive_bytes <= pygbag_build.BUDGET
    shipped = {m.removeprefix("assets/") for m in built.members if not m.endswith("/")}
    assert shipped == set(game_files())
    assert {"main.py", "game/rules/state.py", "assets/fonts/Arlington-Regular.ttf",
            "assets/sounds/deal.ogg"} <= shipped
    for name in shipped:
        parts = name.split("/")
        assert parts[0] in ("main.py", "game", "assets"), name
        assert "__pycache__" not in parts and not name.endswith(".pyc"), name
        assert not any(p in ("tests", "node_modules", ".venv", ".hypothesis") for p in parts)
        assert parts[0] != "tools", name


def test_page_markers_are_all_filled_and_settings_are_ours(built):
    html = (built.folder / "index.html").read_text()
    assert "{{" not in html and "cookiecutter" not in html
    assert "pythons.js" in html and "https://pygame-web.github.io/cdn/" in html
    assert 'archive: "arlington"' in html
    # Our page manages the canvas, never asks "leave this page?", and does its own start tap.
    for setting in ("user_canvas_managed: 1", "can_close: 1", "ume_block: 0"):
        assert setting in html
    # ... and carries the accessible mirror as the standalone page does (page.js renders it).
    for element in ('id="progress"', 'id="start"', 'id="fullscreen"', 'id="error"',
                    'id="mirror-scene"', 'id="mirror-log" role="log" aria-live="polite"',
                    "page.mirrorShow = ", "page.mirrorTake = ",
                    "<title>Arlington: Oklahoma Rummy — not Oklahoma Gin</title>"):
        assert element in html


def test_boot_block_is_python_pygbag_can_run(built):
    """pygbag runs the text of its pythons.js script tag as Python: after the markers are
    filled it must compile (it cannot be played here: the runtime is on pygbag's CDN)."""
    html = (built.folder / "index.html").read_text()
    start = html.index('pythons.js" type="module"')
    block = html[html.index("#<!--", start):html.index("# --></script>", start)]
    compile(block, "pygbag boot block", "exec")
    assert "page.ready()" in block and "shell.runpy(main)" in block


def test_page_says_so_when_pygbags_runtime_is_out_of_reach(built, chromium):
    """The pygbag page in Chromium with no CDN (as on these machines): the shell still comes
    up, with the title and a message naming what could not be loaded, instead of a blank tab."""
    context = chromium.new_context()
    try:
        with serving(built.folder) as url:
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(url)
            page.wait_for_function("arlington.state === 'failed'", timeout=30_000)
            assert errors == []  # the boot block waits for the page's own script
            assert page.title() == "Arlington: Oklahoma Rummy — not Oklahoma Gin"
            message = page.locator("#error-text").inner_text()
            assert "pygbag's runtime" in message and "pygame-web.github.io" in message
            assert page.evaluate("window.onbeforeunload") is None
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "pygbag-page-offline.png"))
    finally:
        context.close()


def test_page_says_so_when_pygbags_cdn_hangs(built, chromium):
    """A CDN that never answers (rather than refusing): after 20 s without pygbag's runtime
    the page says so, instead of 0% until its long stall. The page's clock is Playwright's, run
    forward by hand: no test waits those seconds."""
    context = chromium.new_context()
    try:
        context.route("https://pygame-web.github.io/**", lambda route: None)  # never answered
        with serving(built.folder) as url:
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.clock.install()
            page.goto(url, wait_until="domcontentloaded")
            page.clock.run_for(19_000)
            assert page.evaluate("arlington.state") == "loading"
            assert page.locator("#progress").get_attribute("value") == "5"
            page.clock.run_for(2_000)
            assert page.evaluate("arlington.state") == "failed"
            message = page.locator("#error-text").inner_text()
            assert "did not arrive" in message and "within 20 s" in message
            assert "pygame-web.github.io" in message and errors == []
    finally:
        context.close()
