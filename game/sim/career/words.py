"""The Sideways Cup's round and place wording, for every screen and `sideways career` (pure): one table each, the rest derived."""

from __future__ import annotations

from game.sim.career.event import QUALIFYING_ROUND, ROUNDS

ROUND_NAMES = {"quarter": "Quarter-final", "semi": "Semi-final", "final": "Final"}  # one battle of a round
ROUND_TITLES = {r: n if r == "final" else f"{n}s" for r, n in ROUND_NAMES.items()}  # a round as a whole: "Quarter-finals"
ROUND_HEADS = tuple(ROUND_TITLES[r].upper() for r in ROUNDS)  # the bracket's column heads: "QUARTER-FINALS", ...
# where an attempt ended, by the round it ended in ("winner": it won the final)
PLACE_NAMES = {"winner": "Won the cup", "final": "Lost the final", **{r: f"Out in the {ROUND_TITLES[r].lower()}" for r in ("semi", "quarter")}}


def _lower_first(text: str) -> str:
    """The text with its first letter in lower case."""
    return text[:1].lower() + text[1:]


def round_word(rnd: str, default: str) -> str:
    """A battle of the round in lower case, as in 'Drive the semi-final' (default for a round that is not one)."""
    return _lower_first(ROUND_NAMES[rnd]) if rnd in ROUND_NAMES else default


def round_next(rnd: str) -> str:
    """What an attempt drives next: 'your semi-final is next', 'the qualifying run is next' (else the round as given)."""
    if rnd == QUALIFYING_ROUND:
        return "the qualifying run is next"
    return f"your {round_word(rnd, '')} is next" if rnd in ROUND_NAMES else rnd


def place_line(place: str, default: str) -> str:
    """Where an attempt ended, mid-sentence: 'you won the cup', 'out in the semi-finals' (default for no such place)."""
    if place not in PLACE_NAMES:
        return default
    return ("you " if place in ("winner", "final") else "") + _lower_first(PLACE_NAMES[place])


def out_in(battles_won: int) -> str:
    """Where the player went out having won this many battles: 'Out in the quarter-finals', ..., 'Lost the final'."""
    return PLACE_NAMES[ROUNDS[battles_won]] if 0 <= battles_won < len(ROUNDS) else "Out"


def cup_won() -> str:
    """The player's line once the cup is won: 'You won the cup'."""
    line = place_line("winner", "")
    return line[:1].upper() + line[1:]
