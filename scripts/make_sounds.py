"""Synthesise the game's sound effects into assets/sounds/*.ogg.

    python scripts/make_sounds.py          # needs oggenc (Debian: apt-get install vorbis-tools)

Each effect is computed sample by sample (seeded noise, sines, envelopes), written as 16-bit
mono PCM with the standard ``wave`` module, then encoded to Ogg Vorbis (the format pygbag
requires) at low quality with a fixed stream serial, so the same script gives the same files.
The game only loads the .ogg files; this script is a dev-time tool, run when an effect changes.
"""

from __future__ import annotations

import math
import random
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"
BUDGET = 60_000
"""Bytes all effects together may take in the web archive."""


def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def mix(base: list[float], sound: list[float], at: float, gain: float = 1.0) -> list[float]:
    start = int(at * RATE)
    if len(base) < start + len(sound):
        base = base + [0.0] * (start + len(sound) - len(base))
    for i, s in enumerate(sound):
        base[start + i] += s * gain
    return base


def flick(seconds: float, seed: int, brightness: float = 0.35) -> list[float]:
    """A card sliding off a deck: a noise burst, low-passed, with a fast attack and decay."""
    rand = random.Random(seed)
    out, low = [], 0.0
    n = int(seconds * RATE)
    for i in range(n):
        low += brightness * (rand.uniform(-1, 1) - low)
        t = i / n
        out.append(low * min(1.0, t * 40) * (1 - t) ** 3)
    return out


def slap(seconds: float, seed: int, pitch: float = 140.0) -> list[float]:
    """A card laid on the felt: a soft noise tap over a short low thump."""
    tap = flick(seconds, seed, 0.5)
    n = len(tap)
    return [tap[i] * 0.8 + 0.5 * math.sin(2 * math.pi * pitch * i / RATE) * math.exp(-i / n * 9)
            for i in range(n)]


def sweep(seconds: float, seed: int) -> list[float]:
    """The whole pile gathered in: noise whose brightness rises then falls."""
    rand = random.Random(seed)
    out, low = [], 0.0
    n = int(seconds * RATE)
    for i in range(n):
        t = i / n
        low += (0.05 + 0.4 * math.sin(math.pi * t)) * (rand.uniform(-1, 1) - low)
        out.append(low * math.sin(math.pi * t) ** 0.7)
    return out


def tone(freq: float, seconds: float, decay: float = 4.0) -> list[float]:
    """A soft bell-like note: a sine with two quiet overtones, plucked and fading."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, i / (0.006 * RATE)) * math.exp(-t * decay)
        w = 2 * math.pi * freq * t
        out.append(env * (math.sin(w) + 0.25 * math.sin(2 * w) + 0.1 * math.sin(3 * w)))
    return out


def effects() -> dict[str, list[float]]:
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    deal = silence(0)
    for k in range(4):
        deal = mix(deal, flick(0.07, 10 + k), k * 0.075, 0.9)
    meld = mix(slap(0.09, 30), slap(0.09, 31, 160), 0.07, 0.8)
    go_out = silence(0)
    for k, f in enumerate((c5, e5, g5, c6)):
        go_out = mix(go_out, tone(f, 0.35, 6), k * 0.08, 0.45)
    won = silence(0)
    for k, f in enumerate((c5, e5, g5)):
        won = mix(won, tone(f, 0.3, 6), k * 0.11, 0.4)
    for f in (c5, e5, g5, c6):
        won = mix(won, tone(f, 0.9, 3), 0.36, 0.22)
    return {"deal": deal, "draw": flick(0.09, 20), "pile_sweep": sweep(0.34, 40),
            "meld": meld, "discard": slap(0.1, 50, 120), "go_out": go_out, "match_won": won}


def write_wav(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.8 * 32767 / peak
    frames = b"".join(int(s * scale).to_bytes(2, "little", signed=True) for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main() -> int:
    if shutil.which("oggenc") is None:
        print("oggenc is missing: apt-get install vorbis-tools", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, samples in effects().items():
            wav = Path(tmp) / f"{name}.wav"
            write_wav(wav, samples)
            target = OUT / f"{name}.ogg"
            subprocess.run(["oggenc", "--quiet", "-q", "0", "--serial", "1",
                            "-o", str(target), str(wav)], check=True)
            size = target.stat().st_size
            total += size
            print(f"{target.name:16} {len(samples) / RATE:5.2f} s {size:6} bytes")
    print(f"{'total':16} {total:15} bytes (budget {BUDGET})")
    return 0 if total <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
