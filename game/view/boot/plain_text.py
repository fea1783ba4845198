"""Every text on screen shows its string as written: ursina's `<...>` markup is never read from it."""

from __future__ import annotations

# ursina's Text reads `<scale:2>`, `<rgb(1,0,0)>`, `<hsb(..)>`, `<image:..>` and colour names between `<` and `>` as markup:
# a car named `<scale:big> Kart` in a player's cars.json raised ValueError on the main menu, `<hsb(1)>` a TypeError,
# `<scale:nan>` broke the text's transform, and an unknown tag silently vanished from the name. Sideways draws no
# markup at all, so Text's tag delimiters are made empty: its parser compares one character at a time with them, and
# no character equals "", so nothing is ever taken for a tag. The tag path still lays out each line on its own, so
# centred multi-line notices stay centred (Text's use_tags=False would draw them as one left-aligned block).
NO_TAG = ""


def draw_text_as_written() -> None:
    """Make every ursina Text created from now on (Buttons' labels included) show its string verbatim; idempotent."""
    from ursina import Text

    init = Text.__init__
    if getattr(init, "as_written", False):
        return

    def __init__(self, text="", start_tag=NO_TAG, end_tag=NO_TAG, *args, **kwargs):  # noqa: N807 (ursina's signature)
        init(self, text, start_tag, end_tag, *args, **kwargs)

    __init__.as_written = True
    __init__.__doc__ = init.__doc__
    Text.__init__ = __init__
