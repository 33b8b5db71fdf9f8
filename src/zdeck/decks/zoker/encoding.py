"""What the four Zoker games' RL encodings share (`zdeck.rl`, docs/rl.md): the deck's card vocabulary."""

from __future__ import annotations

COLOURS, SIZES, SHAPES = ("blue", "green", "orange", "red"), ("S", "M", "L", "XL"), ("1", "2", "3", "4")
# The Zoker deck, weakest first: a card's place here is its index in the state (`Card.index`).
CARDS = tuple(f"{c} {s}{n}" for c in COLOURS for s in SIZES for n in SHAPES)
