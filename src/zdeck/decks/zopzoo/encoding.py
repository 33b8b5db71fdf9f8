"""Zop Zoo in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zopzoo_v1`, declared
over the observation dict (`spec`, the reference; docs/observations/zopzoo.md) and written straight from
the state (`StateEncoder`). One seat acts at a time, so who a moment asks is the kernel's own answer. Only
`zdeck.rl` imports this module."""

from __future__ import annotations

from typing import Any

import numpy as np

from zdeck.core import Game
from zdeck.decks.zopzoo.cards import NAME
from zdeck.decks.zopzoo.state import DEALER, PHASES, ZopZooState
from zdeck.vectors import fast
from zdeck.vectors.common import head, no_hands, outcome
from zdeck.vectors.encoding import (
    UNBOUNDED,
    Both,
    Card,
    Cards,
    CardsBySeat,
    Context,
    Custom,
    Encoder,
    Flag,
    Last,
    Num,
    OneOf,
    Recent,
    SeatBlocks,
    SeatOf,
    Seats,
    Spec,
    Vector,
    index_of,
    option,
)

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
        *head(PHASES, rounds=UNBOUNDED),  # played to a target
        *no_hands(),
        *outcome(1000.0, rounds=UNBOUNDED, per_round=(-UNBOUNDED, UNBOUNDED), total=(-UNBOUNDED, UNBOUNDED)),
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS), Recent("pile", CARDS, 3, length_scale=50.0, longest=len(CARDS))]),
        Num("draw_size", 74.0, high=74.0),
        SeatOf("dealer"),
        Last("last"),
        SeatOf("first"),
        option(Num("target", 1000.0, high=game.options["target"])),
        option(OneOf("assist", ("auto", "manual"))),
        option(Flag("recall")),
        Custom("rows", _rows_size, _write_rows,
               f"for each seat (relative) and each of the {len(WHITE)} white cards: 1 if in the row, then what "
               f"covers it, one-hot over {', '.join(COVERS)} (`own`: its points, upper half or anti-minus card)",
               seats=lambda game: [SeatBlocks(0, len(WHITE) * _PER_WHITE, len(WHITE) * _PER_WHITE)]),
        CardsBySeat("bonus", BONUS),
        Card("drawn", CARDS),
        Num("pile_size", 20.0, high=float(len(CARDS))),
        Cards("void", CARDS),
        Seats("dug"),
        Custom("round_winners", _round_winners_size, _write_round_winners,
               "rounds won by each seat (relative) / 5, then rounds without a winner / 5", high=UNBOUNDED,
               seats=lambda game: [SeatBlocks(0)]),
    ], notes="`rows`: the order of a row is left out (a card moved in joins the end). `pile` without `recall` is "
             "its top card alone.")


class StateEncoder(fast.StateEncoder):
    """`zopzoo_v1` from the state: a card is an id of the deck (its name names it in the vocabulary); a row is a
    list of white card ids, their covers in one dict for the table."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        self.card = [_CARD_AT[name] for name in NAME]  # card id -> its place in the vocabulary
        self.white = {c: _WHITE_AT[name] for c, name in enumerate(NAME) if name in _WHITE_AT}
        bonus = {name: k for k, name in enumerate(BONUS)}
        self.bonus = {c: bonus[name] for c, name in enumerate(NAME) if name in bonus}
        self.counts = fast.Tally(len(CARDS), self.card.__getitem__)
        self.rows = fast.Memo(self._row)
        self.ids = fast.ActionIds(game)
        self.auto = self.one_of("assist")["auto" if game.options["assist"] == "auto" else "manual"]

    def _row(self, row: tuple[tuple[int, int], ...]) -> Vector:
        """A seat's row block: each white card in it, and what covers it (`_write_rows`)."""
        block = np.zeros(len(WHITE) * _PER_WHITE, dtype=np.float32)
        for white, cover in row:
            name = NAME[white]
            slot = self.white[white] * _PER_WHITE
            block[slot] = 1.0
            if cover >= 0:
                cover_name = NAME[cover]
                block[slot + 1 + (0 if cover_name == MATCHER[name] else 1 + WILDS.index(cover_name))] = 1.0
        return block

    def public(self, s: ZopZooState, out: Vector) -> None:
        at, n, card, discard = self.at, self.players, self.card, s.discard
        over = s.phase == "over"
        self.head(out, s.phase, None if over else s.current, s.round_no, None)
        self.outcome(out, s.totals, s.history, over, s.winners())
        seen = discard if s.recall else discard[-1:]
        if discard:
            out[at["top"] + card[discard[-1]]] = 1.0
        recent = at["pile"] + len(CARDS)
        if s.recall:
            out[at["pile"]:recent] = self.counts.of(discard)
        elif discard:
            out[at["pile"] + card[discard[-1]]] = 1.0
        out[recent] = len(seen) / 50.0
        slot = recent + 1
        for c in reversed(seen[-3:]):
            out[slot + card[c]] = 1.0
            slot += len(CARDS)
        out[at["draw_size"]] = len(s.draw) / 74.0
        out[at["dealer"] + DEALER] = 1.0
        if s.last is not None:
            out[at["last"] + s.last[0]] = 1.0
            out[at["last"] + n + self.ids.of(s.last[1])] = 1.0
        out[at["first"] + s.first] = 1.0
        out[at["target"]] = s.target / 1000.0
        out[self.auto] = 1.0
        if s.recall:
            out[at["recall"]] = 1.0
        rows, width, cover = at["rows"], len(WHITE) * _PER_WHITE, s.cover
        for p, row in enumerate(s.rows):
            if row:
                out[rows + p * width:rows + (p + 1) * width] = self.rows[tuple((b, cover.get(b, -1)) for b in row)]
        bonus = at["bonus"]
        for p, cards in enumerate(s.bonus):
            for c in cards:
                out[bonus + p * len(BONUS) + self.bonus[c]] += 1.0
        if s.pending >= 0:
            out[at["drawn"] + card[s.pending]] = 1.0
        out[at["pile_size"]] = len(discard) / 20.0
        void = s.void
        if void:
            for c in seen:
                if c in void:
                    out[at["void"] + card[c]] += 1.0
        for seat in s.dug:
            out[at["dug"] + seat] = 1.0
        winners = at["round_winners"]
        for winner in s.ends:
            out[winners + (n if winner < 0 else winner)] += 0.2
