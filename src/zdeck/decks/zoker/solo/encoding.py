"""Zoker Solo in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zoker-solo_v1`,
declared over the observation dict (`spec`, the reference; docs/observations/zoker-solo.md) and written
straight from the state (`StateEncoder`). Only `zdeck.rl` imports this module."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.decks.zoker.encoding import CARDS
from zdeck.decks.zoker.solo import moves
from zdeck.decks.zoker.solo.moves import EMPTY
from zdeck.decks.zoker.solo.state import SoloState
from zdeck.vectors import fast
from zdeck.vectors.common import head, no_hands, outcome
from zdeck.vectors.encoding import Context, Custom, Encoder, Last, Num, Spec, Vector, index_of

ROWS, COLUMNS, PILES = 3, 4, 4
_AT = index_of(CARDS)
_PILE = 2 * len(CARDS) + 1  # a pile: its cards, its cover card, its length


def _write_upper(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """Place rRcC (row-major, r1c1 first): the card's one-hot; an empty place stays zeros."""
    for r, row in enumerate(value):
        for c, card in enumerate(row):
            if card is not None:
                out[at + (r * COLUMNS + c) * len(CARDS) + _AT[card]] = 1.0


def _write_piles(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """Each pile (pile 1 first): which cards it holds, its cover (top) card one-hot, its length / 16."""
    if len(value) != PILES:
        raise ValueError(f"{len(value)} piles")
    for k, pile in enumerate(value):
        base = at + k * _PILE
        for card in pile:
            out[base + _AT[card]] = 1.0
        if pile:
            out[base + len(CARDS) + _AT[pile[-1]]] = 1.0
        out[base + 2 * len(CARDS)] = len(pile) / 16.0


def spec(game: Game) -> Spec:
    return Spec("zoker-solo_v1", "zoker-solo", [
        *head(("play", "over"), rounds=1, rounds_scale=1.0),
        *no_hands(),
        *outcome(16.0, rounds=1, per_round=(0, 64), total=(0, 64)),  # the highest pile's cards
        Num("draw_size", 64.0, high=64.0),
        Last("last"),
        Custom("upper", lambda g: ROWS * COLUMNS * len(CARDS), _write_upper,
               f"the {ROWS * COLUMNS} upper places, r1c1 first, row by row: each its card one-hot (empty: zeros)"),
        Custom("piles", lambda g: PILES * _PILE, _write_piles,
               "each of the 4 piles, pile 1 first: which cards it holds (64), its cover card one-hot (64), "
               "its length / 16", highs=lambda g: ([1.0] * (2 * len(CARDS)) + [64 / 16]) * PILES),
        Num("free_places", 12.0, high=12.0),
    ], notes="Everything lies face up but the draw pile's order. Inside a pile only the cover card's place is kept: "
             "the moves read the cover, and a pile moves whole.")


class StateEncoder(fast.StateEncoder):
    """`zoker-solo_v1` from the state: a card is its index in the deck, its place in the vocabulary."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        self.ids = fast.ActionIds(game)
        at = self.at
        self.draw_size = fast.Value(self, at["draw_size"])
        self.last, self.last_action = fast.Value(self, at["last"]), fast.One(self)
        self.actions_at = at["last"] + 1
        self.upper, self.upper_at = [fast.One(self) for _ in range(ROWS * COLUMNS)], at["upper"]
        piles = [at["piles"] + k * _PILE for k in range(PILES)]
        self.pile_cards = [fast.Counts(self, base, len(CARDS)) for base in piles]
        self.covers = [fast.One(self) for _ in piles]
        self.piles_at = piles
        self.lengths = [fast.Value(self, base + 2 * len(CARDS)) for base in piles]
        self.free_places = fast.Value(self, at["free_places"])

    def update(self, s: SoloState) -> None:
        over = not s.legal
        self.head("over" if over else "play", None if over else 0, 1, 1)
        self.outcome(s.scores(), s.round_scores(), over, s.winners())
        self.draw_size.set(len(s.deck) / 64.0)
        self.last.set(0.0 if s.last is None else 1.0)
        self.last_action.set(-1 if s.last is None else self.actions_at + self.ids.of(s.last))
        upper, places = self.upper_at, s.upper
        for place in range(len(places)):  # (by index: mypyc compiles no loop over a bytearray)
            card = places[place]
            self.upper[place].set(-1 if card == EMPTY else upper + place * len(CARDS) + card)
        for k, pile in enumerate(s.piles):
            self.pile_cards[k].set(pile)  # (each card is in the deck once: its count is 1)
            self.covers[k].set(self.piles_at[k] + len(CARDS) + pile[-1] if pile else -1)
            self.lengths[k].set(len(pile) / 16.0)
        self.free_places.set(moves.free_places(s.upper) / 12.0)
