"""A name from a board server is shown as one short inert line, markup and all, as written."""

from pathlib import Path

from game.net.names import display_name


def test_names_show_as_written_on_one_line():
    assert display_name("<scale:9> Keiichi") == "<scale:9> Keiichi"  # markup is never read on screen: shown as written
    assert display_name("K\x1b[31m\nnext\u202eline") == "K\\x1b[31m\\nnext\\u202eline"
    assert display_name("x" * 200) == "x" * 29 + "..."
    assert display_name(None) == "?"


def test_the_client_loads_without_the_engine_or_the_server():
    """game.net runs on a worker thread of the game and in `sideways board`: importing it (everything it imports, through
    game.content included) loads neither ursina/Panda3D nor the server's libraries (an extra a player need not install)."""
    import subprocess
    import sys

    code = ("import sys, game.net.submit, game.net.names; print(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'ursina', 'panda3d', 'direct', 'fastapi', 'sqlalchemy', 'uvicorn', 'procrastinate'} | "
            "{m for m in sys.modules if m.startswith('game.server')}))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout
    assert out == "[]\n"
