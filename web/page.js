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

  // No scrolling, rubber-banding or pinch zoom while playing (iOS ignores user-scalable=no).
  const block = (e) => { if (e.target.tagName !== "BUTTON") e.preventDefault(); };
  document.addEventListener("touchmove", block, { passive: false });
  document.addEventListener("gesturestart", block, { passive: false });
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
