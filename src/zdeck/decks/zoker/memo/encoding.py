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
    action that turns place p has id p. Every seat's vector is kept whole: a table of 64 places seen by
    two or three seats is copied faster than turned round."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        at, n = self.at, game.players
        self.rule = self.one_of("pair_rule")[game.options["pair_rule"]]
        self.draw_size, self.dealer = fast.Value(self, at["draw_size"]), fast.One(self)
        self.dealer_at = at["dealer"] + n - 1
        self.last_seat, self.last_action, self.last_at = fast.One(self), fast.One(self), at["last"]
        self.face_up, self.face_up_at = fast.One(self), at["face_up"]
        self.pair_rule = fast.One(self)
        self.table = Table(self)
        self.flips = fast.Value(self, at["flips"])
        self.last_turn_at = at["last_turn"]
        self.turn_who, self.place_a, self.place_b = fast.One(self), fast.One(self), fast.One(self)
        self.card_a, self.card_b = fast.One(self), fast.One(self)
        self.taken = fast.Value(self, at["last_turn"] + n + 2 * PLACES + 2 * len(CARDS))
        self.collected = [fast.Counts(self, at["collected"] + p * len(CARDS), len(CARDS)) for p in range(n)]

    def update(self, s: MemoState) -> None:
        n, up = self.players, s.up
        over = s.over
        self.head("over" if over else ("first" if up == EMPTY else "second"), None if over else s.turn, 1, 1)
        self.outcome(s.scores(), s.round_scores(), over, s.winners())
        self.draw_size.set(len(s.deck) / 64.0)
        self.dealer.set(self.dealer_at)
        last, at = s.last, self.last_at
        if up != EMPTY:
            self.last_seat.set(at + s.turn)
            self.last_action.set(at + n + up)
            self.face_up.set(self.face_up_at + up)
        else:
            self.last_seat.set(-1 if last is None else at + last[0])
            self.last_action.set(-1 if last is None else at + n + last[3])
            self.face_up.set(-1)
        self.pair_rule.set(self.rule)
        self.table.set(s.table, s.seen_at, up)
        self.flips.set(s.flips / 100.0)
        base = self.last_turn_at
        if last is None:
            for cell in (self.turn_who, self.place_a, self.place_b, self.card_a, self.card_b):
                cell.set(-1)
            self.taken.set(0.0)
        else:
            who, place_a, card_a, place_b, card_b, taken = last
            self.turn_who.set(base + who)
            self.place_a.set(base + n + place_a)
            self.place_b.set(base + n + PLACES + place_b)
            self.card_a.set(base + n + 2 * PLACES + card_a)
            self.card_b.set(base + n + 2 * PLACES + len(CARDS) + card_b)
            self.taken.set(1.0 if taken else 0.0)
        for p, cards in enumerate(s.won):
            self.collected[p].set(cards)


class Table(fast.Cell):
    """The places on the table: each one's state (empty, face down, face up) one-hot, the face-up card, and
    what was seen at each place (its card, and the flip it was seen at / 100). A turn changes a place or two of
    up to 64, so the places are compared with what was last written and only those that changed are touched."""

    def __init__(self, encoder: fast.StateEncoder) -> None:
        super().__init__(encoder)
        at = encoder.at
        self.states = [fast.One(encoder) for _ in range(PLACES)]
        self.seen = [fast.One(encoder) for _ in range(PLACES)]
        self.seen_at = [fast.Value(encoder, at["seen"] + place * (len(CARDS) + 1) + len(CARDS))
                        for place in range(PLACES)]
        self.face = fast.One(encoder)
        self.places, self.faces, self.seen_from = at["table"], at["table"] + 3 * PLACES, at["seen"]
        # What each place showed when last written: its card, the flip it was seen at, 2 face up / 1 face down
        # (-2: nothing written there).
        self.cards: list[int] = []
        self.whens: list[int] = []
        self.ups: list[int] = []

    def forget(self) -> None:
        self.cards, self.whens, self.ups = [], [], []

    def set(self, table: list[int], seen_at: list[int], up: int) -> None:
        cards, whens, ups = self.cards, self.whens, self.ups
        if len(cards) != len(table):  # (a table of another size: the places it lacks are cleared)
            for place in range(len(table), len(cards)):
                self.states[place].set(-1)
                self.seen[place].set(-1)
                self.seen_at[place].set(0.0)
            cards, whens, ups = self.cards, self.whens, self.ups = [-2] * len(table), [-2] * len(table), [-2] * len(table)
        for place in range(len(table)):
            card, when, face = table[place], seen_at[place], 2 if place == up else 1
            if card == cards[place] and when == whens[place] and face == ups[place]:
                continue
            cards[place], whens[place], ups[place] = card, when, face
            self.states[place].set(self.places + 3 * place + (0 if card == EMPTY else face))
            seen = card != EMPTY and when >= 0
            self.seen[place].set(self.seen_from + place * (len(CARDS) + 1) + card if seen else -1)
            self.seen_at[place].set(when / 100.0 if seen else 0.0)
        self.face.set(self.faces + table[up] if up != EMPTY and table[up] != EMPTY else -1)
