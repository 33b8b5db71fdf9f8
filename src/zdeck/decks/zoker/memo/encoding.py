"""Zoker Memo in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zoker-memo_v1`,
declared over the observation dict (`spec`, the reference; docs/observations/zoker-memo.md) and written
straight from the state (`StateEncoder`). Turns go round the table, so who a moment asks is the kernel's
own answer. Only `zdeck.rl` imports this module."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.decks.zoker.encoding import CARDS
from zdeck.decks.zoker.memo.pairs import EMPTY
from zdeck.decks.zoker.memo.state import MemoState
from zdeck.vectors import fast
from zdeck.vectors.common import head, no_hands, outcome
from zdeck.vectors.encoding import (
    UNBOUNDED,
    CardsBySeat,
    Context,
    Custom,
    Encoder,
    Last,
    Num,
    OneOf,
    SeatBlocks,
    SeatOf,
    Spec,
    Vector,
    index_of,
    option,
)

PLACES = 64  # the table never holds more places than the deck has cards
_AT = index_of(CARDS)
_STATES = {None: 0, "down": 1}  # a place's state: earned (null), face down, or (else) a card face up


def _write_table(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """Per place (1 first): earned / face down / face up one-hot; then the face-up cards' one-hot."""
    if len(value) > PLACES:
        raise ValueError(f"{len(value)} places")
    for place, entry in enumerate(value):
        state = _STATES.get(entry, 2)
        out[at + place * 3 + state] = 1.0
        if state == 2:
            out[at + PLACES * 3 + _AT[entry]] = 1.0


def _write_seen(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """Per place: the card remembered there one-hot, then its flip number / 100 (null: zeros)."""
    for place, entry in enumerate(value):
        if entry is not None:
            card, flip = entry
            base = at + place * (len(CARDS) + 1)
            out[base + _AT[card]] = 1.0
            out[base + len(CARDS)] = flip / 100.0


def _write_place(value: Any, out: Vector, at: int, ctx: Context) -> None:
    if value is not None:
        out[at + value - 1] = 1.0


def _write_last_turn(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """The seat (relative), each of the two places one-hot, each of the two cards one-hot, taken."""
    if value is None:
        return
    out[at + ctx.rel(value["seat"])] = 1.0
    base = at + ctx.players
    for k, place in enumerate(value["places"]):
        out[base + k * PLACES + place - 1] = 1.0
    base += 2 * PLACES
    for k, card in enumerate(value["cards"]):
        out[base + k * len(CARDS) + _AT[card]] = 1.0
    out[base + 2 * len(CARDS)] = 1.0 if value["taken"] else 0.0


def spec(game: Game) -> Spec:
    return Spec("zoker-memo_v1", "zoker-memo", [
        *head(("first", "second", "over"), rounds=1, rounds_scale=1.0),
        *no_hands(),
        *outcome(16.0, rounds=1, per_round=(0, 64), total=(0, 64)),  # the cards each has collected
        Num("draw_size", 64.0, high=64.0),
        SeatOf("dealer"),
        Last("last"),
        option(OneOf("pair_rule", ("two", "one"))),
        Custom("table", lambda g: PLACES * 3 + len(CARDS), _write_table,
               f"for each of {PLACES} places (place 1 first; places past the table's end stay zeros): earned, "
               "face down or face up, one-hot; then the face-up cards' one-hot"),
        Custom("face_up", lambda g: PLACES, _write_place, "the place turned first this turn, one-hot (null: zeros)"),
        Custom("seen", lambda g: PLACES * (len(CARDS) + 1), _write_seen,
               f"for each of {PLACES} places: the card last seen there one-hot, then its flip number / 100 "
               "(never seen: zeros)", highs=lambda g: ([1.0] * len(CARDS) + [UNBOUNDED]) * PLACES),
        Num("flips", 100.0),  # (cards turned so far: no rule bounds them)
        Custom("last_turn", lambda g: g.players + 2 * PLACES + 2 * len(CARDS) + 1, _write_last_turn,
               "the seat (relative) one-hot, its two places one-hot each, its two cards one-hot each, 1 if taken "
               "(null: zeros)", seats=lambda g: [SeatBlocks(0)]),
        CardsBySeat("collected", CARDS),
    ], notes="Memo hides nothing but the cards never turned: a card appears only once it has been face up. "
             "`collected` keeps who earned each card, not in which order.")


class StateEncoder(fast.StateEncoder):
    """`zoker-memo_v1` from the state: a card is its index in the deck (its place in the vocabulary), and the
    action that turns place p has id p."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        self.rule = self.one_of("pair_rule")[game.options["pair_rule"]]
        self.collected = [fast.Tally(len(CARDS), int) for _ in range(game.players)]

    def public(self, s: MemoState, out: Vector) -> None:
        at, n, up, table = self.at, self.players, s.up, s.table
        over = s.over
        self.head(out, "over" if over else ("first" if up == EMPTY else "second"), None if over else s.turn, 1, 1)
        self.outcome(out, s.scores(), s.round_scores(), over, s.winners())
        out[at["draw_size"]] = len(s.deck) / 64.0
        out[at["dealer"] + n - 1] = 1.0
        last = s.last
        if up != EMPTY:
            out[at["last"] + s.turn] = 1.0
            out[at["last"] + n + up] = 1.0
            out[at["face_up"] + up] = 1.0
        elif last is not None:
            out[at["last"] + last[0]] = 1.0
            out[at["last"] + n + last[3]] = 1.0
        out[self.rule] = 1.0
        places, faces, seen, seen_at = at["table"], at["table"] + 3 * PLACES, at["seen"], s.seen_at
        for place, card in enumerate(table):
            if card == EMPTY:
                out[places] = 1.0
            else:
                if place == up:
                    out[places + 2] = 1.0
                    out[faces + card] = 1.0
                else:
                    out[places + 1] = 1.0
                if seen_at[place] >= 0:
                    out[seen + card] = 1.0
                    out[seen + len(CARDS)] = seen_at[place] / 100.0
            places += 3
            seen += len(CARDS) + 1
        out[at["flips"]] = s.flips / 100.0
        if last is not None:
            who, place_a, card_a, place_b, card_b, taken = last
            base = at["last_turn"]
            out[base + who] = 1.0
            base += n
            out[base + place_a] = 1.0
            out[base + PLACES + place_b] = 1.0
            base += 2 * PLACES
            out[base + card_a] = 1.0
            out[base + len(CARDS) + card_b] = 1.0
            out[base + 2 * len(CARDS)] = 1.0 if taken else 0.0
        collected = at["collected"]
        for p, cards in enumerate(s.won):
            if cards:
                out[collected + p * len(CARDS):collected + (p + 1) * len(CARDS)] = self.collected[p].of(cards)
