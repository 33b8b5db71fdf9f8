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
    list of white card ids, their covers in one dict for the table. Every seat's vector is kept whole:
    the rows of cards are most of the vector, and a seat's is the others' turned round."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        at, n = self.at, self.players
        self.card = [_CARD_AT[name] for name in NAME]  # card id -> its place in the vocabulary
        bonus = {name: k for k, name in enumerate(BONUS)}
        self.bonus = [bonus.get(name, -1) for name in NAME]  # card id -> its place among the bonus cards
        self.ids = fast.ActionIds(game)
        self.recall = bool(game.options["recall"])
        self.top, self.top_at = fast.One(self), at["top"]
        self.counts = fast.Counts(self, at["pile"], len(CARDS), places=self.card)  # (with `recall`)
        self.pile_top, self.pile_at = fast.One(self), at["pile"]  # (without: the top card alone)
        self.recent = [fast.One(self) for _ in range(3)]
        self.recent_at = at["pile"] + len(CARDS) + 1
        self.recent_size = fast.Value(self, self.recent_at - 1)
        self.draw_size = fast.Value(self, at["draw_size"])
        self.dealer, self.dealer_at = fast.One(self), at["dealer"]
        self.last_seat, self.last_action, self.last_at = fast.One(self), fast.One(self), at["last"]
        self.first, self.first_at = fast.One(self), at["first"]
        self.target, self.assist = fast.Value(self, at["target"]), fast.One(self)
        self.auto = self.one_of("assist")["auto" if game.options["assist"] == "auto" else "manual"]
        self.recall_flag = fast.Value(self, at["recall"])
        self.rows = Rows(self, at["rows"])
        self.bonuses = [fast.Counts(self, at["bonus"] + p * len(BONUS), len(BONUS), places=self.bonus)
                        for p in range(n)]
        self.drawn, self.drawn_at = fast.One(self), at["drawn"]
        self.pile_size = fast.Value(self, at["pile_size"])
        self.void, self.void_at = fast.Spots(self), at["void"]
        self.dug = fast.Bits(self, at["dug"])
        self.round_winners = RoundWinners(self, at["round_winners"], n + 1)
        self.fifths = _fifths(64)
        self.scored = fast.Since(self)

    def update(self, s: ZopZooState) -> None:
        n, card, discard = self.players, self.card, s.discard
        over = s.phase == "over"
        self.head(s.phase, None if over else s.current, s.round_no, None)
        if self.scored.changed(fast.scores_key(s.totals, s.history, over)):  # (they move at a round's end)
            self.outcome(s.totals, s.history, over, s.winners())
        seen = discard if self.recall else discard[-1:]
        self.top.set(self.top_at + card[discard[-1]] if discard else -1)
        if self.recall:
            self.counts.set(discard)
        else:
            self.pile_top.set(self.pile_at + card[discard[-1]] if discard else -1)
        self.recent_size.set(len(seen) / 50.0)
        slot = self.recent_at
        for k in range(3):
            self.recent[k].set(slot + card[seen[-1 - k]] if k < len(seen) else -1)
            slot += len(CARDS)
        self.draw_size.set(len(s.draw) / 74.0)
        self.dealer.set(self.dealer_at + DEALER)
        last = s.last
        self.last_seat.set(-1 if last is None else self.last_at + last[0])
        self.last_action.set(-1 if last is None else self.last_at + n + self.ids.of(last[1]))
        self.first.set(self.first_at + s.first)
        self.target.set(s.target / 1000.0)
        self.assist.set(self.auto)
        self.recall_flag.set(1.0 if s.recall else 0.0)
        self.rows.set(s.rows, s.cover)
        for p, cards in enumerate(s.bonus):
            self.bonuses[p].set(cards)
        self.drawn.set(self.drawn_at + card[s.pending] if s.pending >= 0 else -1)
        self.pile_size.set(len(discard) / 20.0)
        void: dict[int, float] = {}
        for c in s.void:
            if c in seen:  # (each card of the deck is one card: it is seen once at most)
                place = self.void_at + card[c]
                void[place] = void.get(place, 0.0) + 1.0
        self.void.set(void)
        dug = 0
        for seat in s.dug:
            dug |= 1 << seat
        self.dug.set(dug)
        if len(s.ends) != self.round_winners.ends:  # (a list of the rounds' winners: it grows at a round's end)
            won = [0] * (n + 1)
            for winner in s.ends:
                won[n if winner < 0 else winner] += 1
            fifths = self.fifths if max(won) < len(self.fifths) else _fifths(max(won) + 1)
            self.round_winners.set([fifths[k] for k in won])
            self.round_winners.ends = len(s.ends)


class Rows(fast.Cell):
    """Every seat's row (`_write_rows`): for each white card in it a 1, and a 1 at what covers it. A turn
    changes a row by a card or a cover, if at all: the rows and covers are compared with copies of those last
    written (a row's cards are small ints: an identity each), and a row that changed, or every row when a cover
    did, is walked: it is kept as a mask of its white cards' slots and the card covering each slot, so only what
    changed is written, without a scan of a list."""

    def __init__(self, encoder: fast.StateEncoder, at: int) -> None:
        super().__init__(encoder)
        self.slot = [_WHITE_AT.get(name, -1) for name in NAME]  # card id -> its white card's slot (-1: black)
        if sorted(k for k in self.slot if k >= 0) != list(range(len(WHITE))):
            raise ValueError("zopzoo_v1: a white card's slot is not one card's")
        # slot * cards + covering card -> the cover's place among COVERS (-1: a cover no rule allows)
        self.cards = len(NAME)
        self.kind = [-1] * (len(WHITE) * self.cards)
        for w, name in enumerate(NAME):
            if name in _WHITE_AT:
                for c, cover in enumerate(NAME):
                    if cover == MATCHER[name] or cover in WILDS:
                        self.kind[self.slot[w] * self.cards + c] = 0 if cover == MATCHER[name] else 1 + WILDS.index(cover)
        self.at, self.width = at, len(WHITE) * _PER_WHITE
        self.held: list[int] = []  # per seat: the slots of its row's white cards, as last written (bit k: slot k)
        self.covers: list[list[int]] = []  # per seat, per slot: the card covering it as last written (-1: none)
        self.rows: list[list[int]] = []  # copies of the rows last written
        self.cover: dict[int, int] = {}  # a copy of the covers last written

    def forget(self) -> None:
        self.held, self.covers, self.rows, self.cover = [], [], [], {}

    def set(self, rows: list[list[int]], cover: dict[int, int]) -> None:
        if len(self.held) != len(rows):
            self.held, self.covers = [0] * len(rows), [[-1] * len(WHITE) for _ in rows]
            self.rows = [[] for _ in rows]
        covered = cover != self.cover
        slots = self.slot
        for p, row in enumerate(rows):
            if not covered and row == self.rows[p]:
                continue
            self.rows[p] = list(row)
            held, covers, now = self.held[p], self.covers[p], 0
            for white in row:
                slot = slots[white]
                now |= 1 << slot
                covering = cover.get(white, -1)
                if not held >> slot & 1:
                    self._card(p, slot, covering, 1.0)
                    covers[slot] = covering
                elif covering != covers[slot]:
                    self._cover(p, slot, covers[slot], 0.0)
                    self._cover(p, slot, covering, 1.0)
                    covers[slot] = covering
            gone = held & ~now
            while gone:  # (white cards moved out of the row)
                low = gone & -gone
                slot = low.bit_length() - 1
                self._card(p, slot, covers[slot], 0.0)
                covers[slot] = -1
                gone ^= low
            self.held[p] = now
        if covered:
            self.cover = dict(cover)

    def _card(self, p: int, slot: int, covering: int, value: float) -> None:
        """A white card put in seat p's row (1.0) or taken out (0.0), with what covers it."""
        self.encoder.put(self.at + p * self.width + slot * _PER_WHITE, value)
        self._cover(p, slot, covering, value)

    def _cover(self, p: int, slot: int, covering: int, value: float) -> None:
        if covering >= 0:
            kind = self.kind[slot * self.cards + covering]
            if kind < 0:
                raise ValueError(f"zopzoo_v1: {NAME[covering]} cannot cover a white card")
            self.encoder.put(self.at + p * self.width + slot * _PER_WHITE + 1 + kind, value)


class RoundWinners(fast.Values):
    """`round_winners`, with how many rounds it was last written from (-1: from none: the vector was cleared)."""

    def __init__(self, encoder: fast.StateEncoder, place: int, size: int) -> None:
        super().__init__(encoder, place, size)
        self.ends = -1

    def forget(self) -> None:
        super().forget()
        self.ends = -1


def _fifths(most: int) -> list[float]:
    """k rounds won as the reference writes them (0.2 added k times in float32), for k < most."""
    acc, out = np.zeros(1, dtype=np.float32), [0.0]
    for _ in range(1, most):
        acc[0] += 0.2
        out.append(float(acc[0]))
    return out
