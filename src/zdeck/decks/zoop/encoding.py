"""Zoop in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zoop_v1`, declared over
the observation dict (`spec`, the reference; docs/observations/zoop.md) and written straight from the
state (`StateEncoder`), and who a moment asks as the table shows it (`asked`). Only `zdeck.rl` imports
this module."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.decks.zoop.phases import OVER, PHASES, ZOOP_PHASES
from zdeck.decks.zoop.state import ZoopState
from zdeck.vectors import fast
from zdeck.vectors.common import hands, head, outcome
from zdeck.vectors.encoding import (
    Both,
    Card,
    Cards,
    Context,
    Custom,
    Encoder,
    Ignored,
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

COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")  # the printed three, then the `colours` option's
ANIMALS = ("rabbit", "koala", "toucan", "chameleon", "crab", "monkey", "frog", "kangaroo")
_PER_COLOUR = ("1 {} rabbit", "2 {} rabbits", "1 {} koala", "2 {} koalas", "1 {} toucan", "2 {} toucans",
               "1 {} chameleon", "1 {} crab", "2 {} monkeys", "2 {} frogs", "1 {} kangaroo", "2 {} kangaroos")
CARDS = tuple(form.format(c) for c in COLOURS for form in _PER_COLOUR) + ("wild card", "cage")
_CARD_AT = index_of(CARDS)
MOST = 6  # copies of one card: the Wild Cards


def _capturable_size(game: Game) -> int:
    return game.players + len(CARDS)


def _write_capturable(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """`{"player": p, "card": text}`: the seat (relative) one-hot, then the card one-hot."""
    if value is None:
        return
    out[at + ctx.rel(value["player"])] = 1.0
    out[at + ctx.players + _CARD_AT[value["card"]]] = 1.0


def spec(game: Game) -> Spec:
    deck = len(game.deck.full())  # type: ignore[attr-defined]  # every card of the game's colours
    return Spec("zoop_v1", "zoop", [
        *head(PHASES, rounds=1),
        *hands(CARDS, MOST, largest=deck),
        *outcome(1.0, rounds=1, per_round=(0, 1), total=(0, 1)),  # 1 for the winner
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS, MOST), Recent("pile", CARDS, 4, length_scale=50.0, longest=deck)]),
        Num("draw_size", 50.0, high=deck),
        OneOf("direction", (1, -1)),
        Ignored("last", "who put the top card down is `placer`, and what it was is the pile's top"),
        option(Num("colours", 6.0, high=6.0)),
        Card("match", CARDS),
        SeatOf("placer"),
        Num("owed", 4.0, high=20.0),
        Card("drawn", CARDS),
        OneOf("declared", ANIMALS),
        SeatOf("starter"),
        Seats("still_to_answer"),
        OneOf("discard_reason", ("everyone passes", "capture", "special round")),
        Custom("capturable", _capturable_size, _write_capturable,
               "the seat whose Special Animal it is (relative) one-hot, then the card one-hot (null: zeros)",
               seats=lambda game: [SeatBlocks(0)]),
        OneOf("end", ("emptied hand", "blocked")),
    ], notes="The card vocabulary holds all six colours the `colours` option can deal, so the vector has one size "
             "for every option. `pile`: how many of each card are down, and the last four; `still_to_answer`: "
             "who still answers, not in which order (that follows `direction`).")


def asked(state: ZoopState) -> tuple[int, ...]:
    """Who the table sees may act: the turn's seat; while a ZOOP! may be called (an animal on top, in a turn)
    anyone but who put it there, and while a Cage may capture anyone it may come from - who holds the card
    is theirs to know."""
    if state.phase == OVER:
        return ()
    g, n = state.rules, state.game.players
    zoop = state.phase in ZOOP_PHASES and g.deck.is_animal[state.pile[-1]]
    barred = -1 if state.cage is None or g.own_cage else state.cage[0]
    return tuple(p for p in range(n) if p == state.turn or (zoop and p != state.placer)
                 or (state.cage is not None and p != barred))


def turn(state: ZoopState) -> int | None:
    return None if state.phase == OVER else state.turn


def times_out(state: ZoopState) -> bool:
    return False  # someone always must act: the turn's seat


class StateEncoder(fast.StateEncoder):
    """`zoop_v1` from the state: a card is a kind index of the game's deck (its text names it in the
    vocabulary, which holds every colour), a hand a list of kinds. Every seat's vector is kept whole,
    its hand and drawn card with it: a Parallel step shows one version to every seat (one copy of the table),
    and a seat's vector is one copy, not seat 0's turned and its hand written."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        at = self.at
        deck = game.deck  # type: ignore[attr-defined]
        self.card = [_CARD_AT[text] for text in deck.texts]  # kind -> its place in the vocabulary
        self.directions, self.animals = self.one_of("direction"), self.one_of("declared")
        self.reasons, self.ends = self.one_of("discard_reason"), self.one_of("end")
        self.top, self.top_at = fast.One(self), at["top"]
        self.pile = fast.Pile(self, at["pile"], len(CARDS), self.card, 4, 50.0)
        self.draw_size, self.direction = fast.Value(self, at["draw_size"]), fast.One(self)
        self.colours, self.colours_value = fast.Value(self, at["colours"]), len(deck.colours) / 6.0
        self.match, self.match_at = fast.One(self), at["match"]
        self.placer, self.placer_at = fast.One(self), at["placer"]
        self.owed, self.declared = fast.Value(self, at["owed"]), fast.One(self)
        self.starter, self.starter_at = fast.One(self), at["starter"]
        self.queue = fast.Bits(self, at["still_to_answer"])
        self.reason, self.end = fast.One(self), fast.One(self)
        self.cage_seat, self.cage_card, self.cage_at = fast.One(self), fast.One(self), at["capturable"]
        self.hands = [fast.Hand(self, p, [at["hand"] + place for place in self.card]) for p in range(self.players)]
        self.drawn, self.drawn_at = [fast.One(self, p) for p in range(self.players)], at["drawn"]
        self.scored = fast.Since(self)  # (the outcome shows only who won, once the game is over)

    def update(self, s: ZoopState) -> None:
        card, pile = self.card, s.pile
        over = s.phase == OVER
        self.head(s.phase, None if over else s.turn, 1, 1)
        if self.scored.changed((s.winner, over)):  # (what `scores`, `round_scores` and `winners` follow from)
            self.outcome(s.scores(), s.round_scores(), over, s.winners())
        self.top.set(self.top_at + card[pile[-1]])
        self.pile.set(pile)
        self.draw_size.set(len(s.draw) / 50.0)
        self.direction.set(self.directions[s.direction])
        self.colours.set(self.colours_value)
        self.match.set(self.match_at + card[s.match])
        self.placer.set(self.placer_at + s.placer if s.placer >= 0 else -1)
        self.owed.set(s.owed / 4.0)
        self.declared.set(-1 if s.declared is None else self.animals[s.declared])
        self.starter.set(self.starter_at + s.starter if s.starter >= 0 else -1)
        queue = 0
        for seat in s.queue:
            queue |= 1 << seat
        self.queue.set(queue)
        self.reason.set(-1 if s.reason is None else self.reasons[s.reason])
        cage = s.cage
        self.cage_seat.set(-1 if cage is None else self.cage_at + cage[0])
        self.cage_card.set(-1 if cage is None else self.cage_at + self.players + card[s.match])
        self.end.set(-1 if s.end is None else self.ends[s.end])
        for p, hand in enumerate(s.hands):
            if self.hands[p].set(hand):  # (its size changes with it)
                self.sizes_at(p, len(hand))
        drawn = self.drawn_at + card[s.drawn] if s.drawn >= 0 else -1  # (shown to the turn's seat alone)
        for p, cell in enumerate(self.drawn):
            cell.set(drawn if p == s.turn else -1)
