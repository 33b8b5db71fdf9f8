"""Zop Zoo: `zopzoo_v1` (docs/observations/zopzoo.md)."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.rl.encoding import (
    Both,
    Card,
    Cards,
    CardsBySeat,
    Context,
    Custom,
    Flag,
    Last,
    Num,
    OneOf,
    Recent,
    SeatOf,
    Seats,
    Spec,
    Vector,
    index_of,
)
from zdeck.rl.encodings.common import head, no_hands, outcome

CATEGORY = ("aardvark", "badger", "gorilla", "sloth", "panda", "octopus", "shark", "jellyfish", "seahorse", "owl",
            "flamingo", "toucan", "peacock", "bumblebee", "ladybug", "dragonfly", "grasshopper", "otter", "beaver",
            "hippo", "frog", "rhino", "ibex", "yak", "iguana", "chameleon", "tortoise", "kangaroo", "koala", "wombat",
            "tarantula", "scorpion", "black widow", "dragon", "unicorn", "phoenix")
LOWER = ("giraffe", "whale", "ostrich", "praying mantis", "platypus", "moose", "crocodile", "tasmanian devil",
         "wolf spider", "griffin")
MINUS = ("skunk", "vulture", "rat", "cockroach", "mosquito", "leech")
WHITE = CATEGORY + LOWER + MINUS
WILDS = ("beast 1", "beast 2", "beast 3", "beast 4", "best beast")
BONUS = ("ocean bonus", "bird bonus", "insect bonus", "semi-aquatic bonus", "horns bonus", "reptile bonus",
         "arachnid bonus", "mythical bonus")
MATCHER = {**{a: f"{a} points" for a in CATEGORY}, **{a: f"{a} upper" for a in LOWER},
           **{a: f"{a} anti-minus" for a in MINUS}}
BLACK = (tuple(MATCHER.values()) + WILDS + BONUS + tuple(f"mole {n}" for n in range(1, 7))
         + ("hyena", "raccoon", "earthworm"))
CARDS = WHITE + BLACK
COVERS = ("own", *WILDS)  # what may cover a white card: its own matcher, or a wild
_WHITE_AT, _CARD_AT = index_of(WHITE), index_of(CARDS)
_PER_WHITE = 1 + len(COVERS)


def _rows_size(game: Game) -> int:
    return game.players * len(WHITE) * _PER_WHITE


def _write_rows(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """For each seat (relative), for each white card: in the row, then what covers it (its own matcher or a wild)."""
    for seat, row in enumerate(value):
        base = at + ctx.rel(seat) * len(WHITE) * _PER_WHITE
        for white, cover in row:
            slot = base + _WHITE_AT[white] * _PER_WHITE
            out[slot] = 1.0
            if cover is None:
                continue
            kind = 0 if cover == MATCHER[white] else 1 + WILDS.index(cover)  # ValueError: an unknown cover
            out[slot + 1 + kind] = 1.0


def _round_winners_size(game: Game) -> int:
    return game.players + 1


def _write_round_winners(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """Rounds won by each seat (relative) / 5, then rounds without a winner (the black deck ran out) / 5."""
    for winner in value:
        out[at + (ctx.players if winner is None else ctx.rel(winner))] += 0.2


def spec(game: Game) -> Spec:
    return Spec("zopzoo_v1", "zopzoo", [
        *head(("turn", "again", "wild", "mole", "special", "match", "chain", "over")),
        *no_hands(),
        *outcome(1000.0),
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS), Recent("pile", CARDS, 3, length_scale=50.0)]),
        Num("draw_size", 74.0, high=74.0),
        SeatOf("dealer"),
        Last("last"),
        SeatOf("first"),
        Num("target", 1000.0),
        OneOf("assist", ("auto", "manual")),
        Flag("recall"),
        Custom("rows", _rows_size, _write_rows,
               f"for each seat (relative) and each of the {len(WHITE)} white cards: 1 if in the row, then what "
               f"covers it, one-hot over {', '.join(COVERS)} (`own`: its points, upper half or anti-minus card)"),
        CardsBySeat("bonus", BONUS),
        Card("pending", CARDS),
        Num("pile_size", 20.0, high=float(len(CARDS))),
        Cards("void", CARDS),
        Seats("dug"),
        Custom("round_winners", _round_winners_size, _write_round_winners,
               "rounds won by each seat (relative) / 5, then rounds without a winner / 5", high=1e6),
    ], notes="`rows`: the order of a row is left out (a card moved in joins the end). `pile` without `recall` is "
             "its top card alone.")
