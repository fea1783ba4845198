"""Engine note logic, the shipped WAVs and the sound generator (no window needed)."""

from __future__ import annotations

import importlib.util
import math
import wave
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.view.audio.engine_note import (
    Cooldown,
    EngineNote,
    EngineTuning,
    Volumes,
    approach,
    engine_load,
    engine_volume,
    high_layer_mix,
    impact_level,
    rpm_to_pitch,
    squeal_level,
)

ROOT = Path(__file__).resolve().parents[2]

SOUNDS_DIR = ROOT / "assets" / "sounds"
TUNING = EngineTuning()


def _gen_sounds():
    """Import tools/gen_sounds.py as a module."""
    spec = importlib.util.spec_from_file_location("gen_sounds", ROOT / "tools" / "gen_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path) -> tuple[tuple, np.ndarray]:
    """WAV parameters and samples as floats in -1..1."""
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float) / 32768.0
    return params, data


# ---- engine note -----------------------------------------------------------------------------


def test_the_note_follows_the_models_rpm_and_idles_without_one():
    note = EngineNote()
    note.update(1.0, 6000.0, 30.0, 1.0, 0.0, "smoke", False)  # dt 1 s: the smoothing has settled
    assert note.rpm == pytest.approx(6000.0)
    note.update(1.0, None, 30.0, 0.0, 0.0, "smoke", False)
    assert note.rpm == pytest.approx(TUNING.idle_rpm)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0.0, 0.5), st.floats(-100.0, 200.0), st.floats(0.0, 150.0),
                          st.floats(-1.0, 2.0), st.floats(-1.0, 2.0), st.booleans(),
                          st.sampled_from(["smoke", "dust", "spray", "none", "weird"])),
                min_size=1, max_size=40))
def test_rpm_and_levels_stay_in_range(steps):
    note = EngineNote()
    for dt, speed, rpm, throttle, slip, airborne, effect in steps:
        mix = note.update(dt, rpm * 100.0, speed, throttle, slip, effect, airborne)
        assert 0.0 <= note.rpm <= 2.0 * TUNING.redline_rpm
        assert TUNING.pitch_min <= mix.engine_pitch <= TUNING.pitch_max
        for level in (mix.engine_low_volume, mix.engine_high_volume, mix.squeal_volume, mix.gravel_volume):
            assert 0.0 <= level <= 1.0


def test_pitch_is_monotonic_in_rpm():
    pitches = [rpm_to_pitch(r) for r in np.linspace(0, 10000, 500)]
    assert all(b >= a for a, b in zip(pitches, pitches[1:]))
    assert pitches[0] == TUNING.pitch_min and pitches[-1] == TUNING.pitch_max
    assert rpm_to_pitch(4500) > rpm_to_pitch(3000)


def test_engine_load_is_the_throttle_the_clutch_passes():
    assert engine_load(1.0, None) == 1.0  # a model without a clutch: the throttle
    assert engine_load(1.0, 1.0) == 1.0  # engaged
    assert engine_load(1.0, 0.0) == pytest.approx(0.45)  # pressed: revving against nothing
    assert engine_load(0.8, 0.5) == pytest.approx(0.8 * (0.45 + 0.55 * 0.5))
    assert engine_load(1.0, 1.0, wheelspin=True) == pytest.approx(0.45)  # spinning wheels unload it
    assert engine_load(0.0, 1.0) == 0.0


def test_a_pressed_clutch_sounds_lighter_at_the_same_rpm():
    loaded, free = EngineNote(), EngineNote()
    loaded.update(1.0, 5000.0, 20.0, 1.0, 0.0, "smoke", False, load=engine_load(1.0, 1.0))
    free.update(1.0, 5000.0, 20.0, 1.0, 0.0, "smoke", False, load=engine_load(1.0, 0.0))
    assert loaded.rpm == pytest.approx(free.rpm)  # same pitch ...
    assert loaded.engine_level > free.engine_level + 0.1  # ... but the engine is working


def test_throttle_makes_the_engine_louder():
    assert engine_volume(1.0, 3000) > engine_volume(0.0, 3000)
    assert engine_volume(0.0, TUNING.idle_rpm) == pytest.approx(TUNING.idle_volume)
    assert high_layer_mix(TUNING.idle_rpm) == 0.0 and high_layer_mix(TUNING.redline_rpm) == 1.0


def test_airborne_silences_squeal():
    ground, air = EngineNote(), EngineNote()
    for _ in range(60):
        ground.update(1 / 60, 5000.0, 20.0, 0.5, 0.8, "smoke", False)
        air.update(1 / 60, 5000.0, 20.0, 0.5, 0.8, "smoke", True)
    assert ground.squeal > 0.3 and air.squeal == 0.0


# ---- smoothing and effect levels --------------------------------------------------------------


def test_smoothing_is_frame_rate_independent():
    one = approach(0.0, 1.0, 7.0, 0.1)
    ten = 0.0
    for _ in range(10):
        ten = approach(ten, 1.0, 7.0, 0.01)
    assert ten == pytest.approx(one, abs=1e-9)


def test_engine_note_is_frame_rate_independent():
    coarse, fine = EngineNote(), EngineNote()
    coarse.update(0.1, 5200.0, 25.0, 0.8, 0.6, "smoke", False)
    for _ in range(10):
        fine.update(0.01, 5200.0, 25.0, 0.8, 0.6, "smoke", False)
    assert fine.rpm == pytest.approx(coarse.rpm, rel=1e-6)
    assert fine.squeal == pytest.approx(coarse.squeal, abs=1e-6)
    assert fine.engine_level == pytest.approx(coarse.engine_level, abs=1e-9)
    assert fine.mix().engine_pitch == pytest.approx(coarse.mix().engine_pitch, rel=1e-6)


def test_squeal_silent_below_threshold_and_rising_above():
    assert all(squeal_level(s) == 0.0 for s in np.linspace(0.0, TUNING.squeal_threshold, 20))
    above = [squeal_level(s) for s in np.linspace(TUNING.squeal_threshold + 0.01, 1.0, 50)]
    assert above[0] > 0.0 and above[-1] == pytest.approx(1.0)
    assert all(b > a for a, b in zip(above, above[1:]))


def test_loose_surface_hisses_instead_of_squealing():
    paved, loose = EngineNote(), EngineNote()
    for _ in range(30):
        paved.update(1 / 60, 4000.0, 15.0, 1.0, 0.7, "smoke", False)
        loose.update(1 / 60, 4000.0, 15.0, 1.0, 0.7, "dust", False)
    assert paved.squeal > 0.3 and paved.gravel == 0.0
    assert loose.gravel > 0.3 and loose.squeal == 0.0


def test_impacts_and_cooldown():
    assert impact_level(1.4, 1.5, 14.0) == 0.0
    assert 0.0 < impact_level(2.0, 1.5, 14.0) < impact_level(10.0, 1.5, 14.0) <= 1.0
    gate = Cooldown(0.25)
    assert gate.ready(0.0) and not gate.ready(0.1) and gate.ready(0.26)


def test_volumes_accept_the_settings_model_and_clamp():
    class SettingsLike:
        master_volume, engine_volume, effects_volume = 0.5, 1.7, -0.2

    assert Volumes.of(SettingsLike()) == Volumes(0.5, 1.0, 0.0)
    assert Volumes.of(Volumes(0.3, 0.4, 0.5)) == Volumes(0.3, 0.4, 0.5)


# ---- shipped WAVs and their generator ---------------------------------------------------------

WAVS = sorted(SOUNDS_DIR.glob("*.wav"))


def test_every_generated_sound_is_shipped():
    assert {p.name for p in WAVS} >= set(_gen_sounds().SOUNDS)
    assert sum(p.stat().st_size for p in WAVS) < 1.5e6


@pytest.mark.parametrize("path", WAVS, ids=lambda p: p.name)
def test_wav_format_and_loudness(path):
    params, x = _read(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44_100)
    assert math.sqrt(float(np.mean(x**2))) > 0.03
    assert 0.6 < np.max(np.abs(x)) < 0.75  # normalised to about -3 dBFS


@pytest.mark.parametrize("path", [p for p in WAVS if p.stem.endswith("_loop")], ids=lambda p: p.name)
def test_loops_join_without_a_click(path):
    _, x = _read(path)
    peak = np.max(np.abs(x))
    wrapped = np.concatenate([x[-3:], x[:3]])  # the seam, as the player hears it
    assert abs(x[-1] - x[0]) < 0.1 * peak
    # The seam's steps and curvature are no bigger than those anywhere inside the loop.
    assert np.max(np.abs(np.diff(wrapped))) <= np.max(np.abs(np.diff(x)))
    assert np.max(np.abs(np.diff(wrapped, 2))) <= np.max(np.abs(np.diff(x, 2)))


@pytest.mark.parametrize("path", [p for p in WAVS if not p.stem.endswith("_loop")], ids=lambda p: p.name)
def test_one_shots_fade_in_and_out(path):
    _, x = _read(path)
    assert abs(x[0]) < 0.01 and abs(x[-1]) < 0.01


def test_generator_is_deterministic(tmp_path):
    gen = _gen_sounds()
    first = gen.generate_all(tmp_path / "a")
    second = gen.generate_all(tmp_path / "b")
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_an_exhaust_pop_fades_with_the_square_of_its_distance():
    from game.view.audio.engine_note import pop_level

    assert pop_level(0.0, 0.8, 6.0, 60.0) == 0.8 and pop_level(6.0, 0.8, 6.0, 60.0) == 0.8  # full within near_m
    assert pop_level(12.0, 1.0, 6.0, 60.0) == pytest.approx(0.5)  # 1 / (1 + 6² / 6²)
    assert pop_level(30.0, 1.0, 6.0, 60.0) == pytest.approx(1.0 / 17.0)  # 1 / (1 + 24² / 6²)
    assert pop_level(60.0, 1.0, 6.0, 60.0) == 0.0 and pop_level(-3.0, 2.0, 6.0, 60.0) == 1.0  # silent far off; size capped


# ---- another car's engine (Tandem's opponent), heard from the player's car -------------------------------------


class FakeLoop:
    """What RivalVoice asks of a sound object, with no sound card: its volume, pitch and balance, and a count of sends."""

    def __init__(self, name: str, loop: bool) -> None:
        self.name, self.loop = name, loop
        self._v = self._p = self._b = 0.0
        self.sends = 0
        self.stopped = False

    def _set(self, attr: str, value: float) -> None:
        self.sends += 1
        setattr(self, attr, value)

    volume = property(lambda self: self._v, lambda self, v: self._set("_v", v))
    pitch = property(lambda self: self._p, lambda self, v: self._set("_p", v))
    balance = property(lambda self: self._b, lambda self, v: self._set("_b", v))

    def stop(self, destroy: bool = True) -> None:
        self.stopped = destroy


def _rival(rpm: float, x: float, z: float, throttle: float = 1.0):
    from types import SimpleNamespace

    tel = SimpleNamespace(rpm=rpm, clutch=1.0, value=lambda name: None)
    return SimpleNamespace(telemetry=tel, speed=20.0, airborne=False, x=x, z=z), SimpleNamespace(throttle=throttle)


def _voice(gain=lambda: 1.0):
    from game.view.audio.rival_voice import RivalVoice

    made = []

    def make(name, loop):
        made.append(FakeLoop(name, loop))
        return made[-1]

    return RivalVoice(gain, make=make), made


def _settle(voice, rpm: float, x: float, z: float, throttle: float = 1.0) -> None:
    state, controls = _rival(rpm, x, z, throttle)
    for _ in range(30):  # a second at 30 frames: the smoothing has settled
        voice.update(1 / 30, state, controls, 0.0, 0.0, 0.0)


def test_voice_level_falls_with_distance_and_pan_follows_the_side():
    from game.view.audio.engine_note import pan_of, voice_level

    levels = [voice_level(d, 6.0, 90.0) for d in (0.0, 6.0, 12.0, 30.0, 89.0, 90.0, 500.0)]
    assert levels[:2] == [1.0, 1.0] and levels[-2:] == [0.0, 0.0]
    assert all(a > b for a, b in zip(levels[1:5], levels[2:6]))
    assert pan_of(0.0, 0.0, 0.0, 5.0, 0.0) == pytest.approx(1.0)  # facing +z, a car at +x is on the right
    assert pan_of(0.0, 0.0, 0.0, -5.0, 0.0) == pytest.approx(-1.0)
    assert pan_of(0.0, 0.0, 0.0, 0.0, -8.0) == pytest.approx(0.0)  # straight behind: in the middle
    assert pan_of(0.0, 0.0, math.pi / 2, 0.0, -5.0) == pytest.approx(1.0)  # facing +x, a car at -z is on the right


def test_the_rivals_note_follows_its_rpm_and_its_distance():
    voice, (low, high) = _voice()
    assert low.loop and high.loop and {low.name, high.name} == {"engine_loop.wav", "engine_high_loop.wav"}
    _settle(voice, 3000.0, 0.0, -5.0)
    slow, near = voice.pitch, voice.volume
    _settle(voice, 7000.0, 0.0, -5.0)
    assert voice.pitch > slow and low.pitch == high.pitch == voice.pitch  # revving up: the loops play faster
    assert high.volume > low.volume  # the bright layer has taken over at high revs
    _settle(voice, 3000.0, 0.0, -40.0)
    assert voice.pitch == pytest.approx(slow, abs=0.01) and 0.0 < voice.volume < near / 5  # the same note forty metres back: far quieter
    _settle(voice, 3000.0, 0.0, -200.0)
    assert voice.volume == 0.0
    _settle(voice, 3000.0, 8.0, -2.0)
    assert low.balance > 0.0 and high.balance == low.balance  # off to the right of the player's car


def test_the_rivals_note_follows_the_players_gain_and_goes_with_the_scene():
    gain = [1.0]
    voice, (low, high) = _voice(lambda: gain[0])
    _settle(voice, 5000.0, 0.0, -5.0)
    assert voice.volume > 0.0
    sends = low.sends
    voice.update(1 / 30, *_rival(5000.0, 0.0, -5.0), 0.0, 0.0, 0.0)
    assert low.sends == sends  # nothing audible changed: nothing sent (a frame's cost)
    gain[0] = 0.0  # muted or paused: CarAudio re-applies its voices
    voice.apply()
    assert voice.volume == 0.0
    voice.destroy()
    assert low.stopped and high.stopped and not voice.alive
