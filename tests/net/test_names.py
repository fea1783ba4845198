"""A name from a board server is shown as one short inert line, markup and all, as written."""

from game.net.names import display_name


def test_names_show_as_written_on_one_line():
    assert display_name("<scale:9> Keiichi") == "<scale:9> Keiichi"  # markup is never read on screen: shown as written
    assert display_name("K\x1b[31m\nnext\u202eline") == "K\\x1b[31m\\nnext\\u202eline"
    assert display_name("x" * 200) == "x" * 29 + "..."
    assert display_name(None) == "?"
