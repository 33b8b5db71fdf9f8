"""Zoker Kubo in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zoker-kubo_v1`,
declared over the observation dict (`spec`, the reference; docs/observations/zoker-kubo.md) and written
straight from the state (`StateEncoder`). Who may act never depends on a hand (a shout is open to every
other seat), so who a moment asks is the kernel's own answer. Only `zdeck.rl` imports this module."""

from __future__ import annotations

from typing import Any

from zdeck.bits import indices
from zdeck.core import Game
from zdeck.decks.zoker.encoding import CARDS
from zdeck.decks.zoker.kubo.board import LINE_POINTS, LINE_TEXTS
from zdeck.decks.zoker.kubo.state import SHOUT, TURN, KuboState
from zdeck.vectors import fast
from zdeck.vectors.common import hands, head, match, outcome
from zdeck.vectors.encoding import (
    Cards,
    Context,
    Custom,
    Encoder,
    Flag,
    Last,
    Num,
    OneOf,
    PerSeat,
    SeatBlocks,
    SeatOf,
    Spec,
    Vector,
    index_of,
    option,
)


def lines(game: Game) -> tuple[str, ...]:
    """Every line of the cube, as the game's `score <line>` actions name them (in action-table order)."""
    return tuple(text[6:] for text in map(str, game.action_table()) if text.startswith("score "))


def _scored(line_at: dict[str, int]) -> Custom:
    def write(value: Any, out: Vector, at: int, ctx: Context) -> None:
        for entry in value:
            out[at + line_at[entry["line"]] * ctx.players + ctx.rel(entry["seat"])] = 1.0

    return Custom("scored", lambda game: len(line_at) * game.players, write,
                  f"for each of the {len(line_at)} lines (action-table order), the seat that scored it this round "
                  "(relative) one-hot; the points follow from the line",
                  seats=lambda game: [SeatBlocks(k * game.players) for k in range(len(line_at))])


def spec(game: Game) -> Spec:
    every, rounds = lines(game), game.options["rounds"]  # (played to a target: within a bound the game sets)
    # A round's points: every line's (at most), less a card for each left in hand (a turn begins with a draw, and
    # a seat may end it laying nothing: a hand may grow to the whole deck).
    per_round = (-len(CARDS), sum(LINE_POINTS))
    return Spec("zoker-kubo_v1", "zoker-kubo", [
        *head(("turn", "shout", "over"), rounds=rounds),
        *hands(CARDS, largest=len(CARDS)),
        *outcome(20.0, rounds=rounds, per_round=per_round, total=match(rounds, per_round)),
        Num("draw_size", 64.0, high=64.0),
        SeatOf("dealer"),
        Last("last"),
        option(OneOf("start", ("blue-corners", "blue-red-S", "blue-red-4"))),
        option(OneOf("scoring", ("auto", "claim"))),
        option(Num("target", 100.0, high=max(game.options["target"], 1))),  # (0: played to a number of rounds)
        Cards("table", CARDS),
        SeatOf("missed_by"),
        Flag("may_draw"),
        Num("laid", 10.0, high=64.0),
        PerSeat("several", high=1.0),
        Cards("pending", every),
        Flag("closing"),
        Num("passes", 5.0, high=game.players),  # a full circle of passes ends the round
        PerSeat("points", 20.0, low=per_round[0], high=per_round[1]),
        _scored(index_of(every)),
    ], notes="The lines of the cube are named as the game's `score` actions name them, so `pending` and `scored` "
             "follow the action table.")


def times_out(state: KuboState) -> bool:
    """Everyone may let a shout's window lapse (the missed lines no longer count); a turn may not be waited out."""
    return state.phase == SHOUT


class StateEncoder(fast.StateEncoder):
    """`zoker-kubo_v1` from the state: hands and the table are bitmasks of card indices (a card's index is its
    place in the vocabulary), and a line's id names it as the game's `score` actions do."""

    PRIVATE: tuple[str, ...] = ("hand",)

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        options = game.options
        self.rounds = None if options["target"] else options["rounds"]
        self.target = options["target"]
        self.fixed = self.one_of("scoring")[options["scoring"]]
        self.starts = self.one_of("start")
        every = index_of(lines(game))
        self.line = [every[text] for text in LINE_TEXTS]  # line id -> its place in `pending` and `scored`
        self.ids = fast.ActionIds(game)

    def public(self, s: KuboState, out: Vector) -> None:
        at, n = self.at, self.players
        self.head(out, s.phase, s.turn if s.phase == TURN else None, s.round_no, self.rounds)
        self.sizes(out, [hand.bit_count() for hand in s.hands])
        self.outcome(out, s.totals, s.history, s.phase == "over", s.winners())
        out[at["draw_size"]] = len(s.draw_pile) / 64.0
        out[at["dealer"] + s.dealer()] = 1.0
        if s.last is not None:
            out[at["last"] + s.last[0]] = 1.0
            out[at["last"] + n + self.ids.of(s.last[1])] = 1.0
        out[self.starts[s.frame.name]] = 1.0
        out[self.fixed] = 1.0
        if self.target is not None:
            out[at["target"]] = self.target / 100.0
        table = at["table"]
        for card in indices(s.placed):
            out[table + card] = 1.0
        if s.phase == SHOUT:
            out[at["missed_by"] + s.turn] = 1.0
        if s.may_draw(s.turn):
            out[at["may_draw"]] = 1.0
        out[at["laid"]] = s.laid / 10.0
        for k, several in enumerate(s.several, at["several"]):
            out[k] = float(several)
        for line in s.pending:
            out[at["pending"] + self.line[line]] += 1.0
        if s.closing:
            out[at["closing"]] = 1.0
        out[at["passes"]] = s.passes / 5.0
        for k, points in enumerate(s.points, at["points"]):
            out[k] = points / 20.0
        for seat, line in s.scored:
            out[at["scored"] + self.line[line] * n + seat] = 1.0

    def private(self, s: KuboState, seat: int, out: Vector) -> None:
        hand = self.at["hand"]
        for card in indices(s.hands[seat]):
            out[hand + card] = 1.0
