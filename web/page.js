// The page shell, shared by both builds: loading progress, the start tap (audio unlock), full
// screen, load errors, the canvas size the game should use, and keeping the site's storage.
// Boot scripts (pygbag's or Pyodide's) report through window.arlington; the game reads
// canvasWidth / canvasHeight and the storage's state there.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  // The game draws every pixel in WebAssembly each frame, so its cost grows with the canvas:
  // at most 2 device pixels per CSS pixel (sharp text on any phone; 3x phones gain little
  // more and would halve the frame rate) and about a 1080p screen's worth of pixels.
  const MAX_RATIO = 2;
  const MAX_PIXELS = 2100000;
  const STALL_SECONDS = 90;

  const page = window.arlington = {
    state: "loading",            // loading -> ready -> playing, or failed
    canvasWidth: 0, canvasHeight: 0, pixelRatio: 1,
    marks: { open: 0 },          // performance.now() at each milestone
    audioContexts: [],
    onStart: [],
    error: null,
    mark(name) { if (!(name in this.marks)) this.marks[name] = performance.now(); },
    progress(fraction, label) {
      if (this.state !== "loading") return;
      $("progress").value = Math.max($("progress").value, Math.round(fraction * 100));
      if (label) $("status").textContent = label;
      lastProgress = performance.now();
    },
    fail(message) {
      if (this.state === "failed") return;
      this.state = "failed";
      this.error = String(message);
      console.error("arlington:", this.error);
      $("cover").classList.remove("gone");
      $("loading").hidden = true;
      $("buttons").hidden = true;
      $("error-text").textContent = this.error;
      $("error").hidden = false;
    },
    // Whether the browser keeps the site's storage (the saves, settings and statistics in
    // localStorage; unless asked, a browser may clear them, Safari after seven days without a
    // visit) and how many bytes the site uses, the offline copy included. The game asks
    // keepStorage() after a finished match and reads this object in Settings.
    storage: { kept: null, used: null, asked: false },
    keepStorage() {
      const s = navigator.storage;
      if (!s || !s.persist || this.storage.asked) return;
      this.storage.asked = true;
      Promise.resolve(s.persisted ? s.persisted() : false)
        .then((kept) => kept || s.persist())
        .then((kept) => { this.storage.kept = Boolean(kept); })
        .catch((err) => console.warn("arlington: storage not kept", err));
    },
    checkStorage() {
      const s = navigator.storage, now = performance.now();
      if (!s || now - (this.storage.checked || -1e9) < 1000) return;  // once a second at most
      this.storage.checked = now;
      if (s.persisted) s.persisted().then((kept) => { this.storage.kept = Boolean(kept); }, () => {});
      if (s.estimate) s.estimate().then((e) => { this.storage.used = e.usage; }, () => {});
    },
    // Loading is done: offer the start tap. The game may already be drawing under the cover.
    ready() {
      if (this.state !== "loading") return;
      this.state = "ready";
      this.mark("ready");
      $("progress").value = 100;
      $("loading").hidden = true;
      $("buttons").hidden = false;
    },
  };

  // Device-pixel canvas size for the viewport, following rotation and resize.
  function fit() {
    const w = Math.max(1, window.innerWidth), h = Math.max(1, window.innerHeight);
    let ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
    if (w * h * ratio * ratio > MAX_PIXELS) ratio = Math.sqrt(MAX_PIXELS / (w * h));
    page.pixelRatio = ratio;
    page.canvasWidth = Math.round(w * ratio);
    page.canvasHeight = Math.round(h * ratio);
  }
  fit();
  window.addEventListener("resize", fit);
  window.addEventListener("orientationchange", () => setTimeout(fit, 50));
  if (window.visualViewport) window.visualViewport.addEventListener("resize", fit);

  // Remember every AudioContext (SDL makes its own, suspended until a gesture), so the start
  // tap can resume them all.
  for (const name of ["AudioContext", "webkitAudioContext"]) {
    const Base = window[name];
    if (!Base) continue;
    window[name] = class extends Base {
      constructor(...args) { super(...args); page.audioContexts.push(this); }
    };
  }

  function unlockAudio() {
    const AC = window.AudioContext || window.webkitAudioContext;
    try {
      if (AC && page.audioContexts.length === 0) new AC();
      for (const ctx of page.audioContexts) {
        // iOS Safari unlocks a context only by playing something inside the gesture.
        const source = ctx.createBufferSource();
        source.buffer = ctx.createBuffer(1, 1, 22050);
        source.connect(ctx.destination);
        source.start(0);
        if (ctx.resume) ctx.resume();
      }
    } catch (err) {
      console.warn("arlington: audio unlock failed", err);
    }
  }

  function start(fullscreen) {
    if (page.state !== "ready") return;
    unlockAudio();
    if (fullscreen) {
      const el = document.documentElement;
      const request = el.requestFullscreen || el.webkitRequestFullscreen;
      if (request) Promise.resolve(request.call(el)).catch(() => {});
    }
    page.state = "playing";
    page.mark("started");
    $("cover").classList.add("gone");
    $("canvas").focus();
    for (const fn of page.onStart) fn();
  }

  // A plain button with touchend and click: iOS Safari counts touchend as the gesture that may
  // start audio; preventDefault stops the click that would follow it from firing twice.
  for (const [id, fullscreen] of [["start", false], ["fullscreen", true]]) {
    const button = $(id);
    button.addEventListener("touchend", (e) => { e.preventDefault(); start(fullscreen); });
    button.addEventListener("click", () => start(fullscreen));
  }
  if (document.fullscreenEnabled || document.webkitFullscreenEnabled) $("fullscreen").hidden = false;
  // Until the game is uncovered its keys are the page's: Enter or Space is the start tap, and
  // nothing reaches the game under the cover (this listener comes before SDL's on window).
  for (const type of ["keydown", "keypress", "keyup"]) {
    window.addEventListener(type, (e) => {
      if (page.state === "playing") return;
      e.stopImmediatePropagation();  // not preventDefault: Tab still moves between the buttons
      if (type === "keydown" && page.state === "ready" && (e.key === "Enter" || e.key === " ")) {
        e.preventDefault();
        start(e.target.id === "fullscreen");
      }
    }, true);
  }
  $("retry").addEventListener("click", () => location.reload());

  // No scrolling or rubber-banding while playing; the page may still be zoomed (the viewport
  // allows it) for a player who needs larger text than the game's own setting gives.
  // The touch listener is the window's, not the document's: when a control or any node above
  // it listens for touches, WebKit's accessibility press (VoiceOver's double tap) sends a touch
  // at the control's middle instead of clicking it (AccessibilityObject::press), and the
  // mirror's controls are to be clicked. The window is no node.
  const block = (e) => { if (e.target.tagName !== "BUTTON") e.preventDefault(); };
  window.addEventListener("touchmove", block, { passive: false });
  document.addEventListener("dblclick", block, { passive: false });
  document.addEventListener("contextmenu", (e) => e.preventDefault());
  // The game autosaves: never ask "leave this page?".
  window.onbeforeunload = null;

  // Importing a backup: a hidden file input the game opens (pickFile, from a tap in the game,
  // which still counts as the gesture a file chooser needs). The chosen file's text waits in
  // `picked` until the game takes it (takePicked, as JSON); a file too big to be a backup is
  // not read, only its size passed on, so the game can say why it is refused.
  const PICK_MAX_BYTES = 4000000;
  let picked = null;
  const picker = document.createElement("input");
  picker.type = "file";
  picker.accept = ".json,application/json";
  picker.id = "import-file";
  picker.hidden = true;
  document.body.appendChild(picker);
  picker.addEventListener("change", () => {
    const file = picker.files && picker.files[0];
    if (!file) return;
    if (file.size > PICK_MAX_BYTES) {
      picked = { name: file.name, size: file.size, text: null };
      return;
    }
    file.text().then(
      (text) => { picked = { name: file.name, size: file.size, text }; },
      (err) => { picked = { name: file.name, size: file.size, text: null, error: String(err) }; });
  });
  page.pickFile = () => { picker.value = ""; picker.click(); };
  page.takePicked = () => {
    const p = picked;
    picked = null;
    return p === null ? null : JSON.stringify(p);
  };

  // ------------------------------------------------------------------ the accessible mirror
  // The game sends its scene as a tree (game/ui/mirror.py, page_data: r role, n name, a action,
  // p pressed, d description, x disabled, l heading level, b place, c children) plus the live
  // log's numbered lines, only when something changed. The tree is patched in place, element
  // by element (keyed by action), so the focus stays where it was; activations and focus moves
  // are queued for the game, which takes them at its next frame (mirrorTake).
  const TAGS = { region: "section", heading: "h2", text: "p", list: "ul", item: "li",
                 group: "div", button: "button", toggle: "button" };
  const LOG_KEPT = 200;  // a hand or so: the game sends its last lines, the page keeps more
  const inbox = [];
  let said = 0, sceneName = null, made = 0;
  const TITLE = document.title;  // the page's own, kept for the title scene
  const scene = $("mirror-scene"), log = $("mirror-log"), notes = $("mirror-notes");

  // A control the canvas draws at one place carries it (b: x, y, width, height in the canvas's
  // pixels, measured in a canvas of the size `at`): it is laid over its drawing, scaled to the
  // canvas's box on the page, and again whenever that box changes size. The rest of the mirror
  // stays squeezed out of sight (page.css), in the same order: Tab and a screen reader's swipes
  // go through it as before.
  const placed = new Map();  // element -> its place
  let at = null;

  function setPlace(el, b) {
    if (b) {
      placed.set(el, b);
      el.classList.add("placed");
    } else if (placed.delete(el)) {
      el.classList.remove("placed");
      for (const side of ["left", "top", "width", "height"]) el.style[side] = "";
    }
  }

  function layPlaced() {
    for (const el of placed.keys()) if (!el.isConnected) placed.delete(el);  // patched away
    if (!at || !placed.size) return;
    const box = $("canvas").getBoundingClientRect();
    const sx = box.width / at[0], sy = box.height / at[1];
    for (const [el, [x, y, w, h]] of placed) {
      el.style.left = `${box.left + x * sx}px`;
      el.style.top = `${box.top + y * sy}px`;
      el.style.width = `${w * sx}px`;
      el.style.height = `${h * sy}px`;
    }
  }
  if (window.ResizeObserver) new ResizeObserver(layPlaced).observe($("canvas"));
  else window.addEventListener("resize", layPlaced);

  const tagOf = (n) => n.r === "heading" ? "h" + Math.min(6, Math.max(1, n.l || 2)) : TAGS[n.r] || "div";
  const keyOf = (n, i) => n.a ? "a:" + n.a : n.r + ":" + i;

  function make(n) {
    const el = document.createElement(tagOf(n));
    el.id = "m" + (made += 1);
    if (n.r === "button" || n.r === "toggle") {
      el.type = "button";
      el.addEventListener("click", () => {
        if (!el.disabled) inbox.push(["activate", el.dataset.action]);
      });
      el.addEventListener("focus", () => inbox.push(["focus", el.dataset.action]));
    }
    if (n.r === "group") el.setAttribute("role", "group");
    if (n.r === "heading" && n.l === 1) el.tabIndex = -1;  // where focus goes on a new scene
    return el;
  }

  function setAttr(el, name, value) {
    if (value === null || value === undefined) el.removeAttribute(name);
    else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, String(value));
  }

  function describe(el, text) {
    let note = document.getElementById(el.id + "-d");
    if (!text) {
      if (note) note.remove();
      setAttr(el, "aria-describedby", null);
      return;
    }
    if (!note) {
      note = document.createElement("span");
      note.id = el.id + "-d";
      notes.appendChild(note);
    }
    if (note.textContent !== text) note.textContent = text;
    setAttr(el, "aria-describedby", note.id);
  }

  function update(el, n) {
    el.dataset.key = n.key;
    const kids = n.c || [];
    if (n.a !== undefined) el.dataset.action = n.a;
    if (n.r === "button" || n.r === "toggle") {
      el.disabled = !!n.x;
      setAttr(el, "aria-pressed", n.r === "toggle" ? String(!!n.p) : null);
      setPlace(el, n.b);
    }
    if (n.r === "region" || n.r === "group" || n.r === "list") {
      const first = kids[0];
      const labelled = n.r === "region" && first && first.r === "heading" && first.n === n.n;
      setAttr(el, "aria-label", labelled || !n.n ? null : n.n);
    }
    describe(el, n.d || "");
    if (kids.length) {
      patch(el, kids);
      const labelled = n.r === "region" && kids[0].r === "heading" && kids[0].n === n.n;
      setAttr(el, "aria-labelledby", labelled ? el.firstChild.id : null);
    } else if (el.textContent !== (n.n || "")) {
      el.textContent = n.n || "";
    }
  }

  // Make el's children the elements of ``kids``, reusing those with the same key.
  function patch(el, kids) {
    const old = new Map();
    for (const child of Array.from(el.children)) old.set(child.dataset.key, child);
    let at = 0;
    kids.forEach((n, i) => {
      n.key = keyOf(n, i);
      let child = old.get(n.key);
      if (child && child.tagName.toLowerCase() !== tagOf(n)) child = null;
      if (child) old.delete(n.key); else child = make(n);
      if (el.children[at] !== child) el.insertBefore(child, el.children[at] || null);
      update(child, n);
      at += 1;
    });
    for (const child of old.values()) {
      for (const gone of child.querySelectorAll("[id]")) {
        const note = document.getElementById(gone.id + "-d");
        if (note) note.remove();
      }
      const note = document.getElementById(child.id + "-d");
      if (note) note.remove();
      child.remove();
    }
  }

  const inMirror = (el) => el && $("mirror").contains(el);
  const focusable = () => Array.from(scene.querySelectorAll("button:not([disabled])"));

  function showScene(tree) {
    const active = document.activeElement;
    const had = inMirror(active) ? active : null;
    const before = had ? focusable().indexOf(had) : -1;
    const name = tree ? tree.n || "" : "";
    if (!tree) {
      scene.replaceChildren();
    } else {
      tree.key = "root";
      patch(scene, [tree]);
    }
    const lost = had && !had.isConnected;
    if (name !== sceneName) {
      const first = sceneName !== null;
      sceneName = name;
      document.title = name && name !== "Arlington" ? `${name} · Arlington` : TITLE;
      // A new scene: the focus goes to its title when it was in the mirror (a screen
      // reader's user then hears where they are), never away from the canvas.
      if (first && (had || active === document.body)) {
        const title = scene.querySelector("h1");
        if (title) { title.focus(); return; }
      }
    }
    if (lost) {  // the focused control went (a button the move used): the next one there is
      const now = focusable();
      const next = now[Math.min(Math.max(0, before), now.length - 1)];
      if (next) next.focus(); else { const title = scene.querySelector("h1"); if (title) title.focus(); }
    }
  }

  function showLog(lines) {
    for (const [n, text] of lines) {
      if (n <= said) continue;
      said = n;
      const line = document.createElement("p");
      line.textContent = text;
      log.appendChild(line);
    }
    while (log.children.length > LOG_KEPT) log.firstChild.remove();
  }

  // The game hands its mirror over inside its frame; the page renders it when the browser is
  // idle (within a tenth of a second), so the DOM's patch and the style and layout it brings
  // are not the frame's. Only the last text is rendered: each holds the whole tree and the log's
  // last lines, numbered (showLog skips those it has).
  const idle = window.requestIdleCallback
    ? (f) => window.requestIdleCallback(f, { timeout: 100 }) : (f) => setTimeout(f, 0);
  let waiting = null;
  function render() {
    const data = JSON.parse(waiting);
    waiting = null;
    at = data.at || null;
    showScene(data.tree);
    layPlaced();
    showLog(data.log || []);
  }
  page.mirrorShow = (text) => {
    if (waiting === null) idle(render);
    waiting = text;
  };
  page.mirrorShown = () => waiting === null;
  page.mirrorTake = () => (inbox.length ? JSON.stringify(inbox.splice(0)) : "");

  // Keys on the mirror's controls are the mirror's (Enter and Space press the button, Tab and
  // the arrows move): the game does not hear them too. Letters, digits and Escape still reach
  // the game (the table's keys, typing a deal code, the pause menu). Tab is always the page's,
  // from the canvas too (SDL would keep it, a keyboard trap): it moves between the canvas and
  // the mirror's controls, and the canvas rings the control the mirror's focus is on.
  const MIRROR_KEYS = new Set(["Enter", " ", "Tab", "ArrowUp", "ArrowDown", "ArrowLeft",
                               "ArrowRight", "Home", "End", "PageUp", "PageDown"]);
  for (const type of ["keydown", "keypress", "keyup"]) {
    window.addEventListener(type, (e) => {
      if (page.state === "playing" && (e.key === "Tab" || (inMirror(e.target) && MIRROR_KEYS.has(e.key)))) {
        e.stopImmediatePropagation();
      }
    }, true);
  }

  // A clear message for whatever goes wrong while loading, and for a download that stalls.
  let lastProgress = performance.now();
  window.addEventListener("error", (e) => {
    if (page.state === "loading") page.fail(`Loading failed: ${e.message || e.type}`);
  });
  window.addEventListener("unhandledrejection", (e) => {
    if (page.state === "loading") page.fail(`Loading failed: ${e.reason && e.reason.message || e.reason}`);
  });
  const stall = setInterval(() => {
    if (page.state !== "loading") { clearInterval(stall); return; }
    if (performance.now() - lastProgress > STALL_SECONDS * 1000) {
      clearInterval(stall);
      page.fail("The download stopped. Check the connection and reload.");
    }
  }, 1000);
})();
