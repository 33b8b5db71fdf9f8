"""What one game tells a designer: the figures every game gives, and the hook for a game's own.

Everything here is read through the kernel contract as the game is played: each decision's player,
typed action and `Outcome` (from `sim.run`'s `watch`), and the final state. A game names figures of its
own (Zaps played, ZOOP!s, how a round ended) in an optional `metrics.py` in its folder, found by
`zdeck.registry.game_metrics`: it exports `METRICS = {"game-id": Factory}`, where a factory makes one
`GameFigures` per game (see `docs/writing-a-game.md`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from zdeck.core import Action, Outcome, State
from zdeck.records import Record

Value = float | int | bool  # a bool is an event that happened in the game or not: read as a rate


class GameFigures(Protocol):
    """A game's own figures for one game, fed with every decision and then the final state.

    `FIGURES` names each figure with a sentence a designer reads in the report; `ENDS` lists those that say
    how a game or round ended (a fallback rule, a cap): the report shows them beside the unfinished games.
    A figure is a number per game (a mean and a distribution are shown) or a bool (shown as the share of
    games in which it was true); an `ENDS` figure that is a count is shown as a share of rounds.
    """

    FIGURES: ClassVar[dict[str, str]]
    ENDS: ClassVar[tuple[str, ...]]

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        """One decision, after it was applied (a timeout: player, action and outcome None)."""

    def finish(self, state: State) -> dict[str, Value]:
        """Every figure of `FIGURES`, read at the end of a finished game."""


_BOUNCED, _PENALISED = Outcome.BOUNCED, Outcome.PENALISED


class GameLog:
    """A `sim.Watch` that counts what every game has: decisions, turns, timeouts and races lost, and
    passes each decision on to the game's own figures, if it has any."""

    __slots__ = ("bounced", "decisions", "last", "late_applied", "own", "penalised", "timeouts", "turns")

    def __init__(self, own: GameFigures | None = None) -> None:
        self.own = own
        self.decisions = self.timeouts = self.turns = 0
        self.bounced = self.penalised = self.late_applied = 0
        self.last: int | None = None

    def __call__(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
                 late: bool) -> None:
        self.decisions += 1
        if player is None:
            self.timeouts += 1
        elif outcome is _BOUNCED:
            self.bounced += 1  # a card that came back: it changed nothing, not even whose move it was
        else:
            if outcome is _PENALISED:
                self.penalised += 1
            elif late:
                self.late_applied += 1
            if player != self.last:  # a turn: a run of decisions that took effect by one seat
                self.turns += 1
                self.last = player
        if self.own is not None:
            self.own.step(state, player, action, outcome, late)


@dataclass
class GameResult:
    """One game of a batch as the workers send it back: small, picklable, no state and no bots."""

    index: int
    seed: int
    lineup: tuple[str, ...]  # the bot of each seat
    finished: bool
    scores: list[float]
    winners: list[int]
    rounds: int
    round_scores: list[list[float]]
    decisions: int = 0
    timeouts: int = 0
    turns: int = 0
    bounced: int = 0
    penalised: int = 0
    late_applied: int = 0
    figures: dict[str, Value] = field(default_factory=dict)
    record: Record | None = None  # the game's record, when the batch keeps records

    @property
    def plies(self) -> int:
        """Decisions made by a seat: a timeout is nobody's."""
        return self.decisions - self.timeouts

    @classmethod
    def of(cls, index: int, seed: int, lineup: Sequence[str], state: State, log: GameLog,
           finished: bool) -> GameResult:
        figures = log.own.finish(state) if finished and log.own is not None else {}
        return cls(index, seed, tuple(lineup), finished, list(state.scores()), list(state.winners()),
                   state.round(), [list(r) for r in state.round_scores()], log.decisions, log.timeouts, log.turns,
                   log.bounced, log.penalised, log.late_applied, dict(figures))


# -- figures read off one finished game ----------------------------------------------------------------------

def ranks(scores: Sequence[float], winners: Sequence[int], order: str) -> list[float]:
    """Each seat's place (1 = best): the winners first, then by score in the game's order; a tie shares
    the mean of the places it covers, so the places always add up to 1 + 2 + ... + n."""
    sign = -1.0 if order == "higher" else 1.0
    keys = [(0 if seat in winners else 1, sign * score) for seat, score in enumerate(scores)]
    places = []
    for key in keys:
        better = sum(1 for other in keys if other < key)
        same = sum(1 for other in keys if other == key)
        places.append(better + (same + 1) / 2)
    return places


def margin(scores: Sequence[float], winners: Sequence[int]) -> float | None:
    """How far the winners finished ahead of the best of the rest, in the rulebook's points (0 on a tie
    for the win); None when every seat won or there is one seat."""
    rest = [s for seat, s in enumerate(scores) if seat not in winners]
    if not rest or not winners:
        return None
    won = scores[winners[0]]
    return min(abs(won - s) for s in rest)


def standings(round_scores: Sequence[Sequence[float]], scores: Sequence[float]) -> list[list[float]] | None:
    """The match totals after each round - or None where the totals are not the sum of the rounds (a
    match counted in games won): then who led when cannot be told from the rounds."""
    if not round_scores:
        return None
    totals = [0.0] * len(scores)
    after: list[list[float]] = []
    for row in round_scores:
        totals = [t + s for t, s in zip(totals, row)]
        after.append(totals)
    if any(abs(t - s) > 1e-6 for t, s in zip(totals, scores)):
        return None
    return after


def _leaders(totals: Sequence[float], order: str) -> set[int]:
    best = max(totals) if order == "higher" else min(totals)
    return {seat for seat, total in enumerate(totals) if total == best}


def lead_changes(after: Sequence[Sequence[float]], order: str) -> int:
    """How often the lead passed to another seat between rounds: the sole leader is replaced by another
    sole leader (a tie keeps the lead where it was until someone is ahead alone)."""
    leader, changes = None, 0
    for totals in after:
        top = _leaders(totals, order)
        if len(top) == 1:
            (now,) = top
            if leader is not None and now != leader:
                changes += 1
            leader = now
    return changes


def clear_at(after: Sequence[Sequence[float]], winners: Sequence[int], order: str) -> float | None:
    """How early the winner was clear: the share of the match's rounds played when a final winner took a
    lead (alone or shared) that they kept to the end. 1.0: only the last round decided it."""
    if len(after) < 2 or not winners:
        return None
    first = len(after)
    for r in range(len(after) - 1, -1, -1):
        if _leaders(after[r], order) & set(winners):
            first = r + 1
        else:
            break
    return first / len(after)


def drama(result: GameResult, order: str) -> dict[str, float | None]:
    """The decisiveness figures of one finished game."""
    after = standings(result.round_scores, result.scores)
    several = after is not None and len(after) > 1
    return {
        "margin": margin(result.scores, result.winners),
        "lead_changes": lead_changes(after, order) if several and after is not None else None,
        "clear_at": clear_at(after, result.winners, order) if after is not None else None,
    }


def describe(factory: Callable[[], GameFigures] | None) -> tuple[dict[str, str], tuple[str, ...]]:
    """A game's own figure names with their sentences, and which of them are ends (from its factory)."""
    if factory is None:
        return {}, ()
    return dict(getattr(factory, "FIGURES", {})), tuple(getattr(factory, "ENDS", ()))
