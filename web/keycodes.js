// KeyboardEvent.code -> emscripten's DOM physical key code (emscripten/dom_pk_codes.h, a table of
// facts). pygbag's pygame-ce wheel imports emscripten_compute_dom_pk_code, which Pyodide does not
// define; the standalone page provides it from this table, or every key press would throw.
"use strict";
window.ARLINGTON_DOM_PK = (() => {
  const table = {};
  const plain = [
    // 0x01.. in the header's order (it numbers Digit0 before Digit1)
    "Escape", "Digit0", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7",
    "Digit8", "Digit9", "Minus", "Equal", "Backspace", "Tab", "KeyQ", "KeyW", "KeyE", "KeyR",
    "KeyT", "KeyY", "KeyU", "KeyI", "KeyO", "KeyP", "BracketLeft", "BracketRight", "Enter",
    "ControlLeft", "KeyA", "KeyS", "KeyD", "KeyF", "KeyG", "KeyH", "KeyJ", "KeyK", "KeyL",
    "Semicolon", "Quote", "Backquote", "ShiftLeft", "Backslash", "KeyZ", "KeyX", "KeyC", "KeyV",
    "KeyB", "KeyN", "KeyM", "Comma", "Period", "Slash", "ShiftRight", "NumpadMultiply",
    "AltLeft", "Space", "CapsLock", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10",
    "Pause", "ScrollLock", "Numpad7", "Numpad8", "Numpad9", "NumpadSubtract", "Numpad4",
    "Numpad5", "Numpad6", "NumpadAdd", "Numpad1", "Numpad2", "Numpad3", "Numpad0",
    "NumpadDecimal", "PrintScreen",
  ];
  plain.forEach((code, i) => { table[code] = i + 1; });
  Object.assign(table, {
    IntlBackslash: 0x56, F11: 0x57, F12: 0x58, NumpadEqual: 0x59, F13: 0x64, F14: 0x65,
    F15: 0x66, F16: 0x67, F17: 0x68, F18: 0x69, F19: 0x6A, F20: 0x6B, F21: 0x6C, F22: 0x6D,
    F23: 0x6E, KanaMode: 0x70, Lang2: 0x71, Lang1: 0x72, IntlRo: 0x73, F24: 0x76,
    Convert: 0x79, NonConvert: 0x7B, IntlYen: 0x7D, NumpadComma: 0x7E,
    Paste: 0xE00A, MediaTrackPrevious: 0xE010, Cut: 0xE017, Copy: 0xE018, MediaTrackNext: 0xE019,
    NumpadEnter: 0xE01C, ControlRight: 0xE01D, AudioVolumeMute: 0xE020, VolumeMute: 0xE020,
    LaunchApp2: 0xE021, MediaPlayPause: 0xE022, MediaStop: 0xE024, Eject: 0xE02C,
    AudioVolumeDown: 0xE02E, VolumeDown: 0xE02E, AudioVolumeUp: 0xE030, VolumeUp: 0xE030,
    BrowserHome: 0xE032, NumpadDivide: 0xE035, AltRight: 0xE038, Help: 0xE03B, NumLock: 0xE045,
    Home: 0xE047, ArrowUp: 0xE048, PageUp: 0xE049, ArrowLeft: 0xE04B, ArrowRight: 0xE04D,
    End: 0xE04F, ArrowDown: 0xE050, PageDown: 0xE051, Insert: 0xE052, Delete: 0xE053,
    MetaLeft: 0xE05B, OSLeft: 0xE05B, MetaRight: 0xE05C, OSRight: 0xE05C, ContextMenu: 0xE05D,
    Power: 0xE05E, BrowserSearch: 0xE065, BrowserFavorites: 0xE066, BrowserRefresh: 0xE067,
    BrowserStop: 0xE068, BrowserForward: 0xE069, BrowserBack: 0xE06A, LaunchApp1: 0xE06B,
    LaunchMail: 0xE06C, LaunchMediaPlayer: 0xE06D, MediaSelect: 0xE06D,
  });
  return table;
})();
