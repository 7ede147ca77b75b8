"""The standalone build installs as an app: its web app manifest is valid (fields, icons whose
sizes are read from the PNGs themselves, a maskable one whose drawing keeps to the safe zone),
Chromium finds the page installable (``Page.getInstallabilityErrors`` answers none), and
started offline from the manifest's ``start_url`` it reaches the title. A finished match's
request to keep the storage reaches ``navigator.storage.persist`` and Settings shows the
answer."""

from __future__ import annotations

import inspect
import json
import re
import struct
import time
from urllib.parse import urljoin

import pygame
import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, LOAD_TIMEOUT_MS, Tab

from tools.web import icons, measure


def _manifest(standalone) -> dict:
    return json.loads((standalone.folder / icons.MANIFEST).read_text())


def _png_size(path) -> tuple[int, int]:
    """Width and height from the PNG's own header (its IHDR chunk)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is no PNG"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_the_app_and_opens_inside_its_scope(standalone):
    m = _manifest(standalone)
    assert m["name"] == "Arlington" and m["short_name"] == "Arlington"
    assert m["display"] in ("fullscreen", "standalone") and m["orientation"] == "any"
    base = "https://games.example/arlington/"
    scope, start = urljoin(base, m["scope"]), urljoin(base, m["start_url"])
    assert start.startswith(scope) and scope.startswith(base)
    html = (standalone.folder / "index.html").read_text()
    assert f'<link rel="manifest" href="{icons.MANIFEST}">' in html
    # The felt's colours: the same as the page's theme-color and its background.
    theme = re.search(r'<meta name="theme-color" content="(#[0-9a-f]{6})">', html).group(1)
    assert m["theme_color"] == m["background_color"] == theme
    assert f"background: {theme}" in html


def test_the_icons_are_the_sizes_they_claim_with_a_maskable_one(standalone):
    m = _manifest(standalone)
    found = {}
    for icon in m["icons"]:
        assert icon["type"] == "image/png"
        width, height = _png_size(standalone.folder / icon["src"])
        assert icon["sizes"] == f"{width}x{height}", icon
        found.setdefault(icon["purpose"], set()).add(width)
    assert {192, 512} <= found["any"] and max(found["maskable"]) >= 512


def test_the_maskable_icon_keeps_its_drawing_inside_the_safe_zone(standalone):
    """Every launcher's mask keeps the centred circle of 80% of the width: outside it only
    the felt (green), inside it the fan of cards (not green)."""
    icon = next(i for i in _manifest(standalone)["icons"] if i["purpose"] == "maskable")
    image = pygame.image.load(str(standalone.folder / icon["src"]))
    size = image.get_width()
    radius, centre = size * icons.SAFE_ZONE / 2, (size - 1) / 2
    cards = outside = 0
    for y in range(0, size, 2):
        for x in range(0, size, 2):
            r, g, b, a = image.get_at((x, y))
            felt = a == 255 and g > r + 10 and g > b
            if (x - centre) ** 2 + (y - centre) ** 2 > radius ** 2:
                outside += not felt
            else:
                cards += not felt
    assert outside == 0, f"{outside} pixels of the drawing outside the safe zone"
    assert cards > (size / 2) ** 2 * 0.1, "the fan of cards is missing"


def test_the_worker_caches_the_manifest_not_the_icons(standalone):
    """The icons are the browser's to fetch when it installs the app: a first visit does not
    download them for the offline copy."""
    sw = (standalone.folder / "sw.js").read_text()
    listed = set(json.loads(re.search(r"const FILES = (\[.*?\])", sw, re.S).group(1)))
    assert {icons.MANIFEST, "./", "index.html"} <= listed
    assert listed.isdisjoint(i.name for i in icons.ICONS)


@pytest.fixture
def installed_profile(chromium, site, tmp_path):
    """A tab in a browser profile of its own on disk: Chromium never offers to install from
    an incognito context (``new_context``'s kind), so these tests open a persistent one."""
    context = chromium.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 720})
    page = context.pages[0] if context.pages else context.new_page()
    tab = Tab(context, page)
    context.on("request", lambda r: tab.requests.append(r.url))
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    page.goto(site)
    yield tab
    context.close()


def _scene(tab) -> str:
    tab.python(f"import types\nm = types.ModuleType('m')\nexec({inspect.getsource(measure)!r}, "
               "m.__dict__)\nscene = type(m.running_app().scenes.top).__name__")
    return tab.python("scene")


def test_chromium_finds_the_page_installable_and_it_starts_offline(installed_profile, site,
                                                                   standalone):
    tab = installed_profile
    tab.wait_ready()
    tab.page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=LOAD_TIMEOUT_MS)
    cdp = tab.context.new_cdp_session(tab.page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    # Wait until the worker holds every file, then start from the manifest's start_url with
    # the network cut, as the home screen's icon does.
    deadline = time.monotonic() + 60
    wanted = len(json.loads(re.search(r"const FILES = (\[.*?\])",
                                      (standalone.folder / "sw.js").read_text(),
                                      re.S).group(1)))
    count = ("async () => { const k = (await caches.keys())"
             ".filter(k => k.startsWith('arlington:'));"
             " return k.length ? (await (await caches.open(k[0])).keys()).length : 0; }")
    while tab.page.evaluate(count) < wanted:
        assert time.monotonic() < deadline, "the worker never cached the folder"
        time.sleep(0.2)
    tab.context.set_offline(True)
    tab.requests.clear()
    tab.page.goto(urljoin(site, _manifest(standalone)["start_url"]))
    tab.wait_ready()
    tab.page.click("#start")
    assert _scene(tab) == "TitleScene"
    assert tab.errors == [] and tab.foreign_requests() == []


def test_keeping_the_storage_reaches_the_browser_and_settings_says_so(open_tab):
    tab = open_tab(390, 844)
    tab.wait_ready()
    already = tab.page.evaluate("""async () => {
        const s = navigator.storage; window.persistCalls = 0;
        const real = s.persist.bind(s);
        s.persist = () => { window.persistCalls += 1; return real(); };
        return await s.persisted();
    }""")
    tab.page.click("#start")
    tab.python("from game import platform\nplatform.keep_storage()\nplatform.keep_storage()")
    tab.page.wait_for_function("typeof arlington.storage.kept === 'boolean'", timeout=10_000)
    # Asked once a page, and not at all when the browser keeps it already.
    assert tab.js("window.persistCalls") == (0 if already else 1)
    kept = tab.js("arlington.storage.kept")
    _scene(tab)
    tab.python("m.running_app().open('settings')")
    line = ""
    for _ in range(50):
        time.sleep(0.1)
        line = tab.python("m.running_app().scenes.top.rows()[-1].text")
        if "used" in line:
            break
    want = "This browser keeps your games" if kept else "This browser may clear your games"
    assert line.startswith(want) and "used, the offline copy of the game included" in line
