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
    vocabulary, which holds every colour), a hand a list of kinds."""

    PRIVATE: tuple[str, ...] = ("hand", "drawn")

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        deck = game.deck  # type: ignore[attr-defined]
        self.card = [_CARD_AT[text] for text in deck.texts]  # kind -> its place in the vocabulary
        self.counts = fast.Tally(len(CARDS), self.card.__getitem__)
        self.directions, self.animals = self.one_of("direction"), self.one_of("declared")
        self.reasons, self.ends = self.one_of("discard_reason"), self.one_of("end")
        self.colours = len(deck.colours) / 6.0

    def public(self, s: ZoopState, out: Vector) -> None:
        at, n, card, pile = self.at, self.players, self.card, s.pile
        over = s.phase == OVER
        self.head(out, s.phase, None if over else s.turn, 1, 1)
        self.sizes(out, [len(hand) for hand in s.hands])
        self.outcome(out, s.scores(), s.round_scores(), over, s.winners())
        top = card[pile[-1]]
        out[at["top"] + top] = 1.0
        recent = at["pile"] + len(CARDS)
        out[at["pile"]:recent] = self.counts.of(pile)
        out[recent] = len(pile) / 50.0
        slot = recent + 1
        for kind in reversed(pile[-4:]):
            out[slot + card[kind]] = 1.0
            slot += len(CARDS)
        out[at["draw_size"]] = len(s.draw) / 50.0
        out[self.directions[s.direction]] = 1.0
        out[at["colours"]] = self.colours
        out[at["match"] + card[s.match]] = 1.0
        if s.placer >= 0:
            out[at["placer"] + s.placer] = 1.0
        out[at["owed"]] = s.owed / 4.0
        if s.declared is not None:
            out[self.animals[s.declared]] = 1.0
        if s.starter >= 0:
            out[at["starter"] + s.starter] = 1.0
        for seat in s.queue:
            out[at["still_to_answer"] + seat] = 1.0
        if s.reason is not None:
            out[self.reasons[s.reason]] = 1.0
        if s.cage is not None:
            out[at["capturable"] + s.cage[0]] = 1.0
            out[at["capturable"] + n + card[s.match]] = 1.0
        if s.end is not None:
            out[self.ends[s.end]] = 1.0

    def private(self, s: ZoopState, seat: int, out: Vector) -> None:
        hand, card = self.at["hand"], self.card
        for kind in s.hands[seat]:
            out[hand + card[kind]] += 1.0
        if s.drawn >= 0 and seat == s.turn:
            out[self.at["drawn"] + card[s.drawn]] = 1.0
