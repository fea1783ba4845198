"""The car's sound: engine layers, tyre squeal, gravel hiss and impact one-shots on ursina Audio."""

from __future__ import annotations

from pathlib import Path

from panda3d.core import AudioSound, Filename
from ursina import Audio

from game.paths import ASSETS_DIR
from game.sim.mathx import clamp01
from game.view.audio.engine_note import Cooldown, EngineNote, EngineTuning, Mix, Volumes, impact_level, pop_level

SOUNDS_DIR = ASSETS_DIR / "sounds"
WALL_HIT_MIN_MPS = 1.5  # softer wall contacts make no thud
WALL_HIT_FULL_MPS = 14.0  # impact speed for a full-volume thud
WALL_HIT_REPEAT_S = 0.25  # scraping along a wall must not machine-gun thuds
LANDING_MIN_MPS = 1.0  # vertical speed below which a landing is silent
LANDING_FULL_MPS = 9.0
LANDING_REPEAT_S = 0.2
POP_NEAR_M = 6.0  # an AI car's exhaust pop is at full level this close to the player's car ...
POP_FAR_M = 60.0  # ... and silent from this far
POP_VOICES = 3  # pops that can ring at once (a chained double or triple pop, or two cars)

__all__ = ["CarAudio", "load_clip", "play_ui", "SOUNDS_DIR"]


def load_clip(name: str, sounds_dir: Path = SOUNDS_DIR) -> AudioSound | None:
    """Load a sound from assets/sounds by file name; None (with a warning) if the file is missing."""
    path = sounds_dir / name
    if not path.is_file():
        print(f"warning: missing sound {path}")
        return None
    # ursina's Audio looks names up by globbing its asset folder; a loaded clip avoids that entirely.
    import builtins

    return builtins.base.loader.loadSfx(Filename.fromOsSpecific(str(path)))  # type: ignore[attr-defined]


def _make_audio(name: str, loop: bool) -> Audio | None:
    """A silent ursina Audio for one sound file: loops start playing at once, one-shots wait."""
    clip = load_clip(name)
    if clip is None:
        return None
    return Audio(clip, loop=loop, autoplay=loop, volume=0.0)


def play_ui(name: str = "ui_click.wav", volume: float = 1.0) -> None:
    """Fire-and-forget a menu sound ("ui_click.wav" or "ui_confirm.wav") at volume 0..1."""
    clip = load_clip(name)
    if clip is not None:
        Audio(clip, volume=max(0.0, min(1.0, volume)), auto_destroy=True)


class CarAudio:
    """Owns the car's Audio objects and turns the car's state each frame into their pitch and volume."""

    def __init__(self, volumes: Volumes | None = None, tuning: EngineTuning = EngineTuning()) -> None:
        self.note = EngineNote(tuning)
        self.volumes = Volumes.of(volumes) if volumes is not None else Volumes()
        self.muted = False
        self.paused = False
        self._clock_s = 0.0
        self._wall_gate = Cooldown(WALL_HIT_REPEAT_S)
        self._landing_gate = Cooldown(LANDING_REPEAT_S)
        self._engine_low = _make_audio("engine_loop.wav", loop=True)
        self._engine_high = _make_audio("engine_high_loop.wav", loop=True)
        self._squeal = _make_audio("tyre_squeal_loop.wav", loop=True)
        self._gravel = _make_audio("skid_gravel_loop.wav", loop=True)
        self._thud = _make_audio("wall_thud.wav", loop=False)
        self._thump = _make_audio("landing_thump.wav", loop=False)
        self._pops = [a for a in (_make_audio("exhaust_pop.wav", loop=False) for _ in range(POP_VOICES)) if a is not None]
        self._next_pop = 0
        self.voices: list = []  # other cars' engines (RivalVoice) that follow this one's gain: muted, paused, volumes
        self._apply(self.note.mix())

    def update(self, dt: float, rpm: float | None, speed_mps: float, throttle: float, slip: float,
               surface_effect: str, airborne: bool, load: float | None = None) -> None:
        """Advance the engine note (toward the model's rpm and load) and effects by dt seconds of frame time and apply them."""
        self._clock_s += max(dt, 0.0)
        self._apply(self.note.update(dt, rpm, speed_mps, throttle, slip, surface_effect, airborne, load))

    def on_wall_hit(self, impact_speed_mps: float) -> None:
        """Thud scaled by impact speed; soft touches and rapid repeats are ignored."""
        level = impact_level(impact_speed_mps, WALL_HIT_MIN_MPS, WALL_HIT_FULL_MPS)
        if level > 0.0 and self._wall_gate.ready(self._clock_s):
            self._fire(self._thud, level, pitch=1.08 - 0.16 * level)  # harder hits sound heavier

    def on_landed(self, vertical_speed_mps: float) -> None:
        """Suspension thump scaled by the landing's vertical speed."""
        level = impact_level(vertical_speed_mps, LANDING_MIN_MPS, LANDING_FULL_MPS)
        if level > 0.0 and self._landing_gate.ready(self._clock_s):
            self._fire(self._thump, level, pitch=1.05 - 0.1 * level)

    def on_exhaust_pop(self, distance_m: float, size: float) -> float:
        """An AI car's exhaust pop distance_m from the player's car; size 0..1 (a bigger flame is louder). Returns the
        level it was played at (0: too far, muted or paused)."""
        level = pop_level(distance_m, size, POP_NEAR_M, POP_FAR_M)
        if level <= 0.0 or not self._pops or self._gain(self.volumes.effects) <= 0.0:
            return 0.0
        voice = self._pops[self._next_pop % len(self._pops)]  # the oldest voice is cut off first
        self._next_pop += 1
        self._fire(voice, level, pitch=1.12 - 0.24 * clamp01(size))  # a bigger flame, a deeper bang
        return level

    def set_volumes(self, volumes: object) -> None:
        """Take new player volumes: a Volumes, or the settings model (master_volume, engine_volume, ...)."""
        self.volumes = Volumes.of(volumes)
        self._apply_all()

    def toggle_mute(self) -> bool:
        """Mute or unmute all car sound; returns the new muted state."""
        self.muted = not self.muted
        self._apply_all()
        return self.muted

    def set_paused(self, paused: bool) -> None:
        """Silence the loops while the game is paused (update is not called then), restore after."""
        self.paused = paused
        self._apply_all()

    def engine_gain(self) -> float:
        """The player's engine channel gain now (0 while muted or paused): other cars' engines are heard through it."""
        return self._gain(self.volumes.engine)

    def destroy(self) -> None:
        """Stop and destroy every Audio this object owns."""
        for audio in self._all():
            audio.stop(destroy=True)
        self._engine_low = self._engine_high = self._squeal = self._gravel = self._thud = self._thump = None
        self._pops = []

    def _all(self) -> list[Audio]:
        """Every live Audio."""
        sounds = (self._engine_low, self._engine_high, self._squeal, self._gravel, self._thud, self._thump, *self._pops)
        return [a for a in sounds if a is not None]

    def _apply_all(self) -> None:
        """This car's mix and every other engine's, after a change of gain."""
        self._apply(self.note.mix())
        for voice in self.voices:
            voice.apply()

    def _gain(self, channel: float) -> float:
        """Player gain for a channel volume, zero while muted or paused."""
        return 0.0 if self.muted or self.paused else self.volumes.master * channel

    def _apply(self, mix: Mix) -> None:
        """Push one frame's mix into the Audio objects."""
        engine, effects = self._gain(self.volumes.engine), self._gain(self.volumes.effects)
        for audio, volume, pitch in (
            (self._engine_low, mix.engine_low_volume * engine, mix.engine_pitch),
            (self._engine_high, mix.engine_high_volume * engine, mix.engine_pitch),
            (self._squeal, mix.squeal_volume * effects, mix.squeal_pitch),
            (self._gravel, mix.gravel_volume * effects, mix.gravel_pitch),
        ):
            if audio is not None:
                audio.volume = volume
                audio.pitch = pitch
        if effects <= 0.0:  # muting also cuts a thud or pop that is still ringing
            for audio in (self._thud, self._thump, *self._pops):
                if audio is not None:
                    audio.volume = 0.0

    def _fire(self, audio: Audio | None, level: float, pitch: float) -> None:
        """Restart a one-shot at this level."""
        gain = self._gain(self.volumes.effects)
        if audio is None or gain <= 0.0:
            return
        audio.volume = level * gain
        audio.pitch = pitch
        audio.play()
