"""Start-up shortcuts: the cheap stack for ursina's Shader, and which entities ursina's per-frame walk needs."""

from __future__ import annotations

import inspect

from game.view.boot.fast_start import quiet_shader_stack, walks_each_frame


class _Idle:
    ignore = False
    scripts: list = []


class _Updates(_Idle):
    def update(self) -> None:
        pass


class _Listens(_Idle):
    def input(self, key: str) -> None:
        pass


class _Owned(_Updates):
    ignore = True  # its owner calls update(); ursina skips it anyway


def test_only_entities_with_per_frame_work_stay_in_the_walk() -> None:
    assert not walks_each_frame(_Idle())
    assert walks_each_frame(_Updates()) and walks_each_frame(_Listens())
    assert not walks_each_frame(_Owned())
    scripted = _Idle()
    scripted.scripts = [object()]
    assert walks_each_frame(scripted)
    assigned = _Idle()
    assigned.update = lambda: None  # an update set on the instance counts too
    assert walks_each_frame(assigned)


def _caller_file() -> str:
    """What ursina's Shader.__init__ does with the stack: the file of whoever called it."""
    stack = inspect.stack()
    return inspect.getframeinfo(stack[1][0]).filename


def test_quiet_stack_names_the_same_caller_and_restores_inspect() -> None:
    real = _caller_file()
    with quiet_shader_stack():
        quiet = _caller_file()
        assert inspect.stack is not _REAL_STACK
    assert quiet == real == __file__
    assert inspect.stack is _REAL_STACK and inspect.getframeinfo is _REAL_INFO


_REAL_STACK, _REAL_INFO = inspect.stack, inspect.getframeinfo
