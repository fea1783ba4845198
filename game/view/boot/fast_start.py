"""Start-up shortcuts around ursina: shaders without a stack walk, and no per-frame walk over idle entities."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace


@contextmanager
def quiet_shader_stack() -> Iterator[None]:
    """While inside, inspect.stack() is cheap: ursina's Shader() calls it only to learn its caller's file name.

    A real inspect.stack() reads the source of every frame on the stack (~30 ms per shader here); ursina
    builds 16 shaders on import. Only the caller's frame and file name are handed back.
    """
    real_stack, real_info = inspect.stack, inspect.getframeinfo

    def stack(context: int = 1) -> list:
        frame = sys._getframe(1)  # the Shader.__init__ that asked
        return [(frame,), (frame.f_back,)]

    def getframeinfo(frame, context: int = 1):
        return SimpleNamespace(filename=frame.f_code.co_filename, lineno=frame.f_lineno, function=frame.f_code.co_name,
                               code_context=None, index=None)

    inspect.stack, inspect.getframeinfo = stack, getframeinfo
    try:
        yield
    finally:
        inspect.stack, inspect.getframeinfo = real_stack, real_info


def walks_each_frame(entity) -> bool:
    """Whether ursina's per-frame walk has anything to do for this entity (update, input or scripts)."""
    if getattr(entity, "ignore", False):
        return False  # driven by its owner (skidmarks, particles, car models): ursina skips it anyway
    if getattr(entity, "scripts", None):
        return True
    return any(callable(getattr(entity, name, None)) for name in ("update", "input", "text_input"))


def prune_idle_entities() -> int:
    """Drop entities that have no per-frame work from ursina's walk list (they still draw); returns how many."""
    from ursina import scene

    keep = [e for e in scene.entities if walks_each_frame(e)]
    dropped = len(scene.entities) - len(keep)
    scene.entities[:] = keep
    return dropped
