"""Another car's engine, heard from the player's car: its own note from its own rpm and throttle, as loud as its
distance allows and panned to where it is (Tandem's opponent).

The note is the player's engine sound (the same two loops and EngineNote), driven by the other car's sim state: its
model's rpm, its controller's throttle and its clutch. Placing it is a level and a pan on plain ursina Audio, as the
AI cars' exhaust pops are (car_audio.CarAudio.on_exhaust_pop), not Panda3D's 3D audio manager: the listener is the
player's car, which the sound of every other car already measures from. Each frame costs a few multiplications and
at most six calls into the sound objects (none when nothing changed audibly). Without a sound device the clips are
Panda3D's null sounds and all of it runs silent.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.view.audio.engine_note import EngineNote, EngineTuning, Mix, engine_load, pan_of, voice_level

NEAR_M = 6.0  # the other engine is heard at its full level this close to the player's car (a tandem's door-to-bumper) ...
FAR_M = 90.0  # ... falling with the square of the distance past it, and silent from this far
LEVEL = 0.7  # its full level against the player's own engine (1): the player's car is the one under the listener
PAN = 0.35  # ursina's balance (-0.5..0.5) for a car hard to one side: never all in one ear, the camera sits behind
EPSILON = 0.004  # a change smaller than this in a level, pitch or pan is not sent to the sound object (inaudible)


class RivalVoice:
    """One other car's engine: `update(dt, state, controls, listener)` once a frame, `apply()` when the player's gain
    changes (mute, pause, volumes), `destroy()` with the car."""

    def __init__(self, gain: Callable[[], float], tuning: EngineTuning = EngineTuning(), make=None) -> None:
        """gain(): the player's engine channel gain now (0 muted or paused); make(name, loop): a sound object (ursina
        Audio by default; tests hand in stand-ins)."""
        if make is None:
            from game.view.audio.car_audio import _make_audio as make
        self.note = EngineNote(tuning)
        self.gain = gain
        self.level = 0.0  # the distance's share of its level (0..1)
        self.pan = 0.0  # -1 left .. +1 right of the player's car
        self._low = make("engine_loop.wav", True)
        self._high = make("engine_high_loop.wav", True)
        self._mix: Mix = self.note.mix()
        self._sent: dict[str, float] = {}  # what each sound object was last told (volume0, volume1, pitch, balance)
        self.apply()

    def update(self, dt: float, state, controls, listener_x: float, listener_z: float, listener_heading: float) -> None:
        """Follow the car's engine (its telemetry's rpm and clutch, its controls' throttle) and where it is from the
        listener (the player's car: its position and heading); dt: the frame's time."""
        tel = state.telemetry
        throttle = controls.throttle if controls is not None else 0.0
        load = engine_load(throttle, tel.clutch, bool(tel.value("wheelspin")))
        self._mix = self.note.update(dt, tel.rpm, state.speed, throttle, 0.0, "", state.airborne, load)
        self.level = voice_level(math.hypot(state.x - listener_x, state.z - listener_z), NEAR_M, FAR_M)
        self.pan = pan_of(listener_x, listener_z, listener_heading, state.x, state.z)
        self.apply()

    def apply(self) -> None:
        """Push the current levels, pitch and pan into the sound objects (only what changed audibly; the pitch and pan
        of both loops together, so they never drift apart)."""
        gain = self.gain() * self.level * LEVEL
        mix = self._mix
        loops = [a for a in (self._low, self._high) if a is not None]
        volumes = (mix.engine_low_volume * gain, mix.engine_high_volume * gain)
        for i, audio in enumerate((self._low, self._high)):
            v, last = volumes[i], self._sent.get(f"volume{i}")
            if audio is not None and (last is None or abs(v - last) >= EPSILON or (v == 0.0 and last != 0.0)):
                audio.volume = self._sent[f"volume{i}"] = v
        for key, value in (("pitch", mix.engine_pitch), ("balance", self.pan * PAN)):
            last = self._sent.get(key)
            if last is None or abs(value - last) >= EPSILON:
                for audio in loops:
                    setattr(audio, key, value)
                self._sent[key] = value

    @property
    def volume(self) -> float:
        """What the two loops play at together now (after the player's gain, the distance and the crossfade)."""
        return sum(a.volume for a in (self._low, self._high) if a is not None)

    @property
    def pitch(self) -> float:
        """The loops' playback rate as last sent (follows the car's rpm)."""
        return self._sent.get("pitch", self._mix.engine_pitch)

    def destroy(self) -> None:
        """Stop and destroy both loops."""
        for audio in (self._low, self._high):
            if audio is not None:
                audio.stop(destroy=True)
        self._low = self._high = None
        self._sent = {}

    @property
    def alive(self) -> bool:
        """Whether it still owns its sound objects."""
        return self._low is not None or self._high is not None
