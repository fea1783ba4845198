"""Synthesise the game's sounds with numpy into 16-bit mono 44.1 kHz WAVs in assets/sounds/."""

from __future__ import annotations

import argparse
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

SAMPLE_RATE_HZ = 44_100
PEAK_DBFS = -3.0
DEFAULT_SEED = 1989
LOOP_S = 2.0  # every periodic part of a loop is a multiple of 1 / LOOP_S = 0.5 Hz, so loops join exactly
ENGINE_FIRING_HZ = 110.0  # firing frequency at playback rate 1 (a 4-cylinder at 3300 rpm)
CYLINDERS = 4
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = np.ndarray


def _time(n: int) -> Signal:
    """Sample times in seconds for n samples."""
    return np.arange(n) / SAMPLE_RATE_HZ


def _spectral_filter(x: Signal, gain: Callable[[Signal], Signal]) -> Signal:
    """Filter x by a zero-phase gain(freq_hz) in the frequency domain (circular, so loops stay loops)."""
    freqs = np.fft.rfftfreq(len(x), 1.0 / SAMPLE_RATE_HZ)
    return np.fft.irfft(np.fft.rfft(x) * gain(freqs), len(x))


def _band(lo_hz: float, hi_hz: float, order: int = 4) -> Callable[[Signal], Signal]:
    """Soft band-pass gain (Butterworth-like magnitude) between lo_hz and hi_hz."""

    def gain(f: Signal) -> Signal:
        f = np.maximum(f, 1e-3)
        return 1.0 / np.sqrt(1.0 + (lo_hz / f) ** (2 * order)) / np.sqrt(1.0 + (f / hi_hz) ** (2 * order))

    return gain


def _noise(rng: np.random.Generator, n: int, lo_hz: float, hi_hz: float, tilt: float = 0.0) -> Signal:
    """Unit-RMS noise band-limited to lo..hi Hz with spectral tilt f**tilt; periodic over n samples."""
    x = _spectral_filter(rng.standard_normal(n), lambda f: _band(lo_hz, hi_hz)(f) * np.maximum(f, 20.0) ** tilt)
    return x / (np.sqrt(np.mean(x**2)) + 1e-12)


def _slow_wobble(rng: np.random.Generator, n: int, freqs_hz: tuple[float, ...]) -> Signal:
    """Smooth random wobble in -1..1 made of whole-period sines (so it loops)."""
    t = _time(n)
    w = sum(rng.uniform(0.5, 1.0) * np.sin(2 * np.pi * f * t + rng.uniform(0, 2 * np.pi)) for f in freqs_hz)
    return w / np.max(np.abs(w))


def _normalise(x: Signal, peak_dbfs: float = PEAK_DBFS) -> Signal:
    """Scale so the peak sits at peak_dbfs."""
    return x * (10 ** (peak_dbfs / 20) / np.max(np.abs(x)))


def _fade(x: Signal, in_s: float, out_s: float) -> Signal:
    """Raised-cosine fade in and out (for one-shots)."""
    y = x.copy()
    for ramp_s, sl in ((in_s, slice(None)), (out_s, slice(None, None, -1))):
        k = max(1, int(ramp_s * SAMPLE_RATE_HZ))
        y[sl][:k] *= 0.5 - 0.5 * np.cos(np.linspace(0, np.pi, k))
    return y


def _decay(t: Signal, tau_s: float, attack_s: float = 0.001) -> Signal:
    """Exponential decay envelope with a short linear attack."""
    return np.exp(-t / tau_s) * np.minimum(1.0, t / attack_s)


def _engine_layers(rng: np.random.Generator) -> tuple[Signal, Signal]:
    """Low and high engine loops sharing one firing pattern, so the mixer can crossfade them in phase."""
    n = int(LOOP_S * SAMPLE_RATE_HZ)
    t = _time(n)
    firings = int(round(ENGINE_FIRING_HZ * LOOP_S))  # 220 whole firing periods in the loop
    index = np.floor(t * ENGINE_FIRING_HZ).astype(int) % firings
    since_s = t - index / ENGINE_FIRING_HZ  # time since this cylinder fired
    # Roughness: each cylinder a little uneven, plus per-firing jitter (repeats every loop).
    cylinder_gain = 1.0 + rng.uniform(-0.12, 0.12, CYLINDERS)
    firing_gain = cylinder_gain[index % CYLINDERS] * (1.0 + rng.uniform(-0.06, 0.06, firings))[index]
    # Each firing is an exhaust pressure pulse: a sharp rise then a damped ring.
    pulse = np.exp(-since_s / 0.0022) * np.cos(2 * np.pi * 260.0 * since_s) * firing_gain
    envelope = np.exp(-since_s / 0.004) * firing_gain
    body = _spectral_filter(pulse - pulse.mean(), _band(45.0, 2200.0, order=2))
    # Half and quarter orders (crank and cam rate): the uneven, lumpy part of a 4-cylinder's note.
    rumble = 0.35 * np.sin(np.pi * ENGINE_FIRING_HZ * t) + 0.2 * np.sin(0.5 * np.pi * ENGINE_FIRING_HZ * t)
    hiss_low = _noise(rng, n, 150.0, 1800.0, tilt=-0.5) * (0.25 + envelope)
    low = body / np.std(body) + 0.5 * rumble + 0.18 * hiss_low
    bright = _spectral_filter(pulse - pulse.mean(), _band(120.0, 6500.0, order=2))
    bright = np.tanh(1.8 * bright / np.std(bright))  # mild overdrive: the rasp of a hard-revving engine
    hiss_high = _noise(rng, n, 700.0, 7000.0, tilt=-0.3) * (0.3 + envelope)
    high = bright + 0.25 * body / np.std(body) + 0.22 * hiss_high
    return _normalise(low - low.mean()), _normalise(high - high.mean())


def engine_loop(rng: np.random.Generator) -> Signal:
    """Engine at rest pitch: firing harmonics of 110 Hz, half orders, combustion noise."""
    return _engine_layers(rng)[0]


def engine_high_loop(rng: np.random.Generator) -> Signal:
    """Brighter, rougher engine layer for high rpm, in phase with engine_loop."""
    return _engine_layers(rng)[1]


def tyre_squeal_loop(rng: np.random.Generator) -> Signal:
    """Narrow-band noisy tone near 1150 Hz whose pitch and level wobble slowly."""
    n = int(LOOP_S * SAMPLE_RATE_HZ)
    t = _time(n)
    centre_hz = 1150.0
    # Frequency wobble: sines with whole periods in the loop; phase is their exact integral.
    wobble = [(f, rng.uniform(0.6, 1.0) * depth, rng.uniform(0, 2 * np.pi))
              for f, depth in ((0.5, 90.0), (1.5, 60.0), (3.0, 35.0), (7.5, 15.0), (23.0, 8.0))]
    phase = 2 * np.pi * centre_hz * t - sum(d / f * np.cos(2 * np.pi * f * t + p) for f, d, p in wobble)
    tone = np.sin(phase) + 0.3 * np.sin(2 * phase + 0.7) + 0.1 * np.sin(3 * phase + 1.9)
    band = _spectral_filter(rng.standard_normal(n), lambda f: np.exp(-0.5 * ((f - centre_hz) / 110.0) ** 2))
    band /= np.std(band)
    level = 1.0 + 0.3 * _slow_wobble(rng, n, (0.5, 1.0, 2.5, 4.0))
    return _normalise(level * (tone + 0.45 * band))


def skid_gravel_loop(rng: np.random.Generator) -> Signal:
    """Loose-surface slide: pinkish hiss, low rumble and scattered stone crunches."""
    n = int(LOOP_S * SAMPLE_RATE_HZ)
    hiss = _noise(rng, n, 350.0, 6000.0, tilt=-0.6) * (1.0 + 0.35 * _slow_wobble(rng, n, (1.0, 2.5, 5.5, 9.0)))
    rumble = _noise(rng, n, 50.0, 260.0)
    crunch = np.zeros(n)
    grain_t = _time(int(0.02 * SAMPLE_RATE_HZ))
    for start in rng.integers(0, n, 160):  # grains wrap round the loop end, so the seam is like any other spot
        grain = rng.standard_normal(len(grain_t)) * np.exp(-grain_t / rng.uniform(0.001, 0.005))
        np.add.at(crunch, (start + np.arange(len(grain))) % n, rng.uniform(0.3, 1.0) * grain)
    crunch = _spectral_filter(crunch, _band(700.0, 5000.0))
    crunch /= np.std(crunch)
    return _normalise(hiss + 0.45 * rumble + 0.6 * crunch)


def wall_thud(rng: np.random.Generator) -> Signal:
    """Low body thud that drops in pitch, with plastic rattle and a ring of panel metal."""
    n = int(0.4 * SAMPLE_RATE_HZ)
    t = _time(n)
    freq = 45.0 + 55.0 * np.exp(-t / 0.05)
    body = np.sin(2 * np.pi * np.cumsum(freq) / SAMPLE_RATE_HZ) * _decay(t, 0.09, 0.002)
    knock = _noise(rng, n, 40.0, 450.0) * _decay(t, 0.035)
    clatter = np.zeros(n)
    for f_hz, tau_s in ((1730.0, 0.09), (2690.0, 0.06), (3890.0, 0.045), (5210.0, 0.03)):
        start_s = rng.uniform(0.0, 0.012)
        local = np.maximum(t - start_s, 0.0)
        ring = np.sin(2 * np.pi * f_hz * rng.uniform(0.97, 1.03) * local) * _decay(local, tau_s)
        clatter += rng.uniform(0.4, 1.0) * ring * (t >= start_s)
    rattle_noise = _noise(rng, n, 1800.0, 4500.0)
    for start_s in np.sort(rng.uniform(0.02, 0.2, 5)):
        local = np.maximum(t - start_s, 0.0)
        clatter += rng.uniform(0.3, 0.9) * rattle_noise * _decay(local, 0.004) * (t >= start_s)
    return _normalise(_fade(body + 0.7 * knock + 0.22 * clatter, 0.0015, 0.05))


def landing_thump(rng: np.random.Generator) -> Signal:
    """Soft suspension thump: low pitch drop, damped knock and a little bump-stop click."""
    n = int(0.3 * SAMPLE_RATE_HZ)
    t = _time(n)
    freq = 38.0 + 36.0 * np.exp(-t / 0.06)
    body = np.sin(2 * np.pi * np.cumsum(freq) / SAMPLE_RATE_HZ) * _decay(t, 0.07, 0.006)
    knock = _noise(rng, n, 60.0, 300.0) * _decay(t, 0.04, 0.004)
    stop = np.sin(2 * np.pi * 180.0 * t) * _decay(t, 0.02, 0.002)
    click = _noise(rng, n, 900.0, 3000.0) * _decay(t, 0.003)
    return _normalise(_fade(body + 0.6 * knock + 0.35 * stop + 0.08 * click, 0.002, 0.04))


def exhaust_pop(rng: np.random.Generator) -> Signal:
    """An exhaust backfire: a sharp low bang with a dropping boom, then two or three crackles in the pipe."""
    n = int(0.35 * SAMPLE_RATE_HZ)
    t = _time(n)
    freq = 70.0 + 110.0 * np.exp(-t / 0.015)
    boom = np.sin(2 * np.pi * np.cumsum(freq) / SAMPLE_RATE_HZ) * _decay(t, 0.05, 0.0008)
    bang = _noise(rng, n, 120.0, 2400.0, tilt=-0.5) * _decay(t, 0.018, 0.0005)
    crackle = np.zeros(n)
    crack_noise = _noise(rng, n, 1500.0, 6000.0)
    for start_s in np.sort(rng.uniform(0.05, 0.22, int(rng.integers(2, 4)))):
        local = np.maximum(t - start_s, 0.0)
        crackle += rng.uniform(0.5, 1.0) * crack_noise * _decay(local, 0.006, 0.0005) * (t >= start_s)
    return _normalise(_fade(boom + 0.8 * bang + 0.35 * crackle, 0.0008, 0.06))


def ui_click(rng: np.random.Generator) -> Signal:
    """Short bright tick for moving through menus."""
    n = int(0.05 * SAMPLE_RATE_HZ)
    t = _time(n)
    tone = np.sin(2 * np.pi * 1800.0 * t) + 0.3 * np.sin(2 * np.pi * 3600.0 * t)
    return _normalise(_fade((tone + 0.1 * rng.standard_normal(n)) * _decay(t, 0.008), 0.001, 0.01))


def ui_confirm(rng: np.random.Generator) -> Signal:
    """Two rising notes (a fifth apart) for confirming a choice."""
    n = int(0.24 * SAMPLE_RATE_HZ)
    t = _time(n)
    out = np.zeros(n)
    for start_s, f_hz in ((0.0, 660.0), (0.08, 990.0)):
        local = np.maximum(t - start_s, 0.0)
        note = np.sin(2 * np.pi * f_hz * local) + 0.15 * np.sin(2 * np.pi * 3 * f_hz * local)
        out += note * _decay(local, 0.06, 0.003) * (t >= start_s)
    return _normalise(_fade(out + 0.002 * rng.standard_normal(n), 0.002, 0.02))


SOUNDS: dict[str, Callable[[np.random.Generator], Signal]] = {
    "engine_loop.wav": engine_loop,
    "engine_high_loop.wav": engine_high_loop,
    "tyre_squeal_loop.wav": tyre_squeal_loop,
    "skid_gravel_loop.wav": skid_gravel_loop,
    "wall_thud.wav": wall_thud,
    "landing_thump.wav": landing_thump,
    "exhaust_pop.wav": exhaust_pop,
    "ui_click.wav": ui_click,
    "ui_confirm.wav": ui_confirm,
}


def write_wav(path: Path, x: Signal) -> None:
    """Write a float signal in -1..1 as a 16-bit mono 44.1 kHz WAV."""
    pcm = np.round(np.clip(x, -1.0, 1.0) * 32767.0).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE_HZ)
        w.writeframes(pcm.tobytes())


def generate_all(out_dir: Path = OUT_DIR, seed: int = DEFAULT_SEED) -> list[Path]:
    """Render every sound into out_dir; each gets its own seeded Generator so sounds are independent."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in SOUNDS.items():
        # Both engine layers draw the same stream, so they share one firing pattern.
        key = "engine" if name.startswith("engine") else name
        rng = np.random.default_rng([seed, zlib.crc32(key.encode())])
        path = out_dir / name
        write_wav(path, make(rng))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> None:
    """Command line: python tools/gen_sounds.py [--out DIR] [--seed N]."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)
    for path in generate_all(args.out, args.seed):
        print(f"{path}  {path.stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
