"""What one game tells a designer: the figures every game gives, and the hook for a game's own.

Everything here is read through the kernel contract as the game is played: each decision's player,
typed action and `Outcome` (from `sim.run`'s `watch`), and the final state. A game names figures of its
own (Zaps played, ZOOP!s, how a round ended) in an optional `metrics.py` in its folder, found by
`zdeck.registry.game_metrics`: it exports `METRICS = {"game-id": Factory}`, where a factory makes one
`GameFigures` per game (see `docs/writing-a-game.md`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from zdeck.asking import REACTION_SIGMA, REFLEX_SHARE, is_reflex
from zdeck.core import Action, Game, Outcome, State
from zdeck.records import Record

if TYPE_CHECKING:
    from zdeck.bots import Bot

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
_MEAN_FACTOR = math.exp(REACTION_SIGMA ** 2 / 2)  # the mean of the log-normal reaction time over its median
TENTHS = 10  # the branching factor over the course of a game: its mean in each tenth of the decisions


class GameLog:
    """A `sim.Watch` that counts what every game has: decisions, turns, timeouts and races lost, and
    passes each decision on to the game's own figures, if it has any, and to a `Study`, if the batch asks
    for the designer's figures."""

    __slots__ = ("bounced", "decisions", "last", "late_applied", "own", "penalised", "study", "timeouts", "turns")

    def __init__(self, own: GameFigures | None = None, study: Study | None = None) -> None:
        self.own, self.study = own, study
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
        if self.study is not None:
            self.study.step(state, player, action, outcome, late)


class Probe:
    """A seat's bot, seen through: it acts exactly as the bot (same draws, same answers) and tells the
    `Study` how many legal actions the seat had each time it was asked."""

    def __init__(self, bot: Bot, study: Study) -> None:
        self._bot, self._study = bot, study

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], *args: Any, **kwargs: Any) -> Any:
        self._study.asked(len(legal_actions))
        return self._bot.act(observation, legal_actions, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # name, reaction_ms, wants_view, reset, ...: the bot's own
        return getattr(self._bot, name)


def _default_standing(observation: Mapping[str, Any], order: str) -> list[float] | None:
    scores = observation.get("scores")
    if not scores:
        return None
    return [float(s) if order == "higher" else -float(s) for s in scores]


def cards_to_go(observation: Mapping[str, Any]) -> list[float] | None:
    """The standing in a game won by emptying one's hand: fewer cards is better (a metrics `standing`)."""
    sizes = observation.get("hand_sizes")
    return None if sizes is None else [-float(h) for h in sizes]


class Study:
    """The designer's figures of one game, read through the kernel contract as it is played: the legal
    actions of each decision (through `Probe`s), each decision's action face, the spectator's observation
    after it, and the bots' reaction times.

    - position: the reference seat of each hand (the observation key the game names in `REFERENCE`: its
      dealer, its starter), read when the hand starts;
    - branching: legal actions per decision, over the course of the game, and the forced decisions;
    - usage: how often each action kind, card kind, card effect and call took effect;
    - duration: the expected time of each decision that took effect in turn, from the reaction-time model;
    - within the round: changes of the sole leader by the game's `standing`, the longest stretch with no
      seat improving on its best standing of the round, repeated public positions, and for games won by
      emptying one's hand the cards the others held when the round was won.
    """

    def __init__(self, game: Game, reaction_ms: Sequence[float], facts: GameFacts) -> None:
        self.game, self.facts = game, facts
        self.faces = game.action_faces()
        self.cards = game.card_faces()
        self.considered = [ms * _MEAN_FACTOR for ms in reaction_ms]
        self.pending: list[int] = []  # legal counts of the seats asked at the moment being played
        self.legal_counts: list[int] = []
        self.forced = 0
        self.usage: dict[str, int] = {}
        self.ms = 0.0
        self.openers: list[int] = []
        self.round = 0
        self.before: list[float] | None = None  # the standing before the decision just made
        self.best: list[float] | None = None  # each seat's best standing this round
        self.leader: int | None = None
        self.lead_changes = 0
        self.since_progress = self.stall = 0
        self.seen: set[int] = set()
        self.moments = self.repeats = 0
        self.hand_winners: list[list[int]] = []
        self.runner_up: list[float] = []
        self.cards_left: list[float] = []

    def start(self, state: State) -> None:
        """The game's first moment, before any decision."""
        self._look(state.observation(None), first=True)

    def asked(self, legal: int) -> None:
        self.pending.append(legal)

    def step(self, state: State, player: int | None, action: Action | None, outcome: Outcome | None,
             late: bool) -> None:
        if not late:  # the moment the asked seats were asked at is played: its decisions are counted
            if len(self.pending) == 1 and self.pending[0] == 1 and player is not None:
                self.forced += 1  # the only seat asked had one legal action, and took it
            self.legal_counts += self.pending
            self.pending = []
            if player is None:
                self.ms += max(self.considered, default=0.0)  # everyone at the table chose to wait
            elif outcome is not _BOUNCED:
                self.ms += self.considered[player] * (REFLEX_SHARE if is_reflex(action) else 1.0)
        if outcome is _BOUNCED:
            return  # a card that came back changed nothing on the table
        if action is not None:
            self._use(action)
        self._look(state.observation(None), first=False)

    def _use(self, action: Action) -> None:
        face = self.faces[self.game.action_id(action)]
        keys = [f"kind:{face['kind']}"]
        if face.get("call"):
            keys.append(f"call:{face['call']}")
        named = [face["card"]] if face.get("card") else list(face.get("cards") or ())
        for card in dict.fromkeys(named):
            card_face = self.cards.get(card, {})
            if card_face.get("kind"):
                keys.append(f"card:{card_face['kind']}")
            if card_face.get("effect"):
                keys.append(f"effect:{card_face['effect']}")
        for key in dict.fromkeys(keys):
            self.usage[key] = self.usage.get(key, 0) + 1

    def _look(self, observation: Mapping[str, Any], first: bool) -> None:
        """The public table after a decision: a new hand's reference seat, the within-round standing, and
        whether this public position was seen before."""
        self.moments += 1
        key = hash(repr([v for k, v in observation.items() if k != "last"]))
        if key in self.seen:
            self.repeats += 1
        else:
            self.seen.add(key)
        hand = observation.get("round", 1)
        standing = self.facts.standing(observation)
        new_hand = first or (hand != self.round and not observation.get("over"))
        if not first and (hand != self.round or observation.get("over")) and self.before is not None:
            self._hand_won(observation)  # (`before` is None once over: a late decision after the end ends nothing)
        if new_hand:
            self.round = hand
            self.openers.append(self.facts.opener(observation))
            self.best, self.leader, self.since_progress, self.seen = standing, self._sole_leader(standing), 0, {key}
        elif standing is not None and self.best is not None:
            improved = [max(b, s) for b, s in zip(self.best, standing)]
            self.since_progress = 0 if improved != self.best else self.since_progress + 1
            self.stall = max(self.stall, self.since_progress)
            self.best = improved
            leader = self._sole_leader(standing)
            if leader is not None:
                if self.leader is not None and leader != self.leader:
                    self.lead_changes += 1
                self.leader = leader
        self.before = standing if not observation.get("over") else None

    def _hand_won(self, after: Mapping[str, Any]) -> None:
        """A hand just ended: who won it and, for a game won by emptying one's hand, the cards the others held
        (read before the winning decision, since the next hand is dealt at once)."""
        if not after.get("round_scores"):
            return
        winners = self.facts.hand_winners(after)
        self.hand_winners.append(winners)
        if not self.facts.shedding or self.before is None or not winners:
            return
        others = [-s for seat, s in enumerate(self.before) if seat not in winners]
        if others:
            self.runner_up.append(min(others))
            self.cards_left.append(sum(others))

    @staticmethod
    def _sole_leader(standing: Sequence[float] | None) -> int | None:
        if not standing:
            return None
        top = max(standing)
        leaders = [seat for seat, s in enumerate(standing) if s == top]
        return leaders[0] if len(leaders) == 1 else None

    def finish(self) -> dict[str, Any]:
        counts = self.legal_counts
        profile: list[float] = []
        if counts:
            for k in range(TENTHS):
                part = counts[k * len(counts) // TENTHS:(k + 1) * len(counts) // TENTHS]
                profile.append(sum(part) / len(part) if part else math.nan)
        return {"openers": list(self.openers), "hand_winners": [list(w) for w in self.hand_winners], "asks": len(counts), "choices": sum(counts), "forced": self.forced,
                "profile": profile, "usage": dict(self.usage), "minutes": self.ms / 60_000,
                "repeats": self.repeats, "moments": self.moments, "stall": self.stall,
                "round_lead_changes": self.lead_changes, "runner_up": list(self.runner_up),
                "cards_left": list(self.cards_left)}


@dataclass(frozen=True)
class GameFacts:
    """What a study needs to know of a game beyond the kernel contract, from the hooks of its metrics
    class (all optional; see docs/writing-a-game.md):

    - `REFERENCE`: the observation key whose seat, when a hand starts, positions are counted from - the
      dealer (`"dealer"`), the round's first player (`"turn"`, Zop Zoo's `"first"`); by default the dealer
      where the observation names one, else whoever has the turn;
    - `SHEDDING`: a hand is won by emptying one's hand (the standing is then the cards left);
    - `standing(observation)`: each seat's standing within the round, higher is better (default: the
      match totals in the game's order, or cards to go for a shedding game);
    - `hand_winners(observation)`: who won the hand just ended (default: the best score of the hand);
    - `OFF`: {figure: predicate on the options} - the figure's rule is switched off under these options.
    """

    order: str
    reference: str | None
    shedding: bool
    standing_hook: Callable[[Mapping[str, Any]], list[float] | None] | None
    winners_hook: Callable[[Mapping[str, Any]], list[int]] | None
    off: dict[str, Callable[[dict[str, Any]], bool]]

    @classmethod
    def of(cls, game: Game, factory: Callable[[], GameFigures] | None) -> GameFacts:
        return cls(game.score_order, getattr(factory, "REFERENCE", None), bool(getattr(factory, "SHEDDING", False)),
                   getattr(factory, "standing", None), getattr(factory, "hand_winners", None),
                   dict(getattr(factory, "OFF", {})))

    def opener(self, observation: Mapping[str, Any]) -> int:
        """The reference seat of the hand this observation starts."""
        key = self.reference or ("dealer" if observation.get("dealer") is not None else "turn")
        seat = observation.get(key)
        return seat if isinstance(seat, int) else 0

    def reference_name(self, observation: Mapping[str, Any]) -> str:
        key = self.reference or ("dealer" if observation.get("dealer") is not None else "turn")
        return {"turn": "starter", "first": "first player"}.get(key, key)

    def standing(self, observation: Mapping[str, Any]) -> list[float] | None:
        if self.standing_hook is not None:
            return self.standing_hook(observation)
        if self.shedding:
            return cards_to_go(observation)
        return _default_standing(observation, self.order)

    def hand_winners(self, observation: Mapping[str, Any]) -> list[int]:
        """Who won the hand that just ended, from the observation right after it: the game's `hand_winners`
        hook, or the seats with the best score of the last of `round_scores` (ties share); [] for a hand
        nobody won."""
        if self.winners_hook is not None:
            return self.winners_hook(observation)
        last = observation["round_scores"][-1]
        best = max(last) if self.order == "higher" else min(last)
        return [seat for seat, score in enumerate(last) if score == best]

    def switched_off(self, options: dict[str, Any]) -> set[str]:
        """The figures whose rule these options switch off."""
        return {name for name, off in self.off.items() if off(options)}


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
    study: dict[str, Any] = field(default_factory=dict)  # the designer's figures (`Study.finish`), when asked
    record: Record | None = None  # the game's record, when the batch keeps records

    @property
    def plies(self) -> int:
        """Decisions made by a seat: a timeout is nobody's."""
        return self.decisions - self.timeouts

    @classmethod
    def of(cls, index: int, seed: int, lineup: Sequence[str], state: State, log: GameLog,
           finished: bool) -> GameResult:
        figures = log.own.finish(state) if finished and log.own is not None else {}
        study = log.study.finish() if log.study is not None else {}
        return cls(index, seed, tuple(lineup), finished, list(state.scores()), list(state.winners()),
                   state.round(), [list(r) for r in state.round_scores()], log.decisions, log.timeouts, log.turns,
                   log.bounced, log.penalised, log.late_applied, dict(figures), study)


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
