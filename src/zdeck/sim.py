"""Plays bots against each other, races included.

At every moment each actor's bot is asked. With one proposal it is applied. With
several, a seeded per-bot reaction-time model orders them: the fastest lands,
the others are submitted with the version their bot saw and resolved by the
rules as late (bounced or penalised). If every actor waits, the state's timeout
rule applies. The whole game follows from the seed: the game's own Rng deals,
and a separate Rng derived from the same seed drives the bots and reaction times.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from zdeck.asking import NO_OBSERVATION, REFLEX_SHARE, LazyObservation, Racer, fastest_first
from zdeck.bots import Bot, RandomBot
from zdeck.botspecs import make_bot
from zdeck.compiled import mypyc_attr
from zdeck.core import Action, Game, IllegalAction, Outcome, State, is_listed
from zdeck.records import TIMEOUT, Record
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.batch.figures import GameResult

_SIM_SALT: Final = 0x5EED_B075



Watch = Callable[[State, int | None, Action | None, Outcome | None, bool], None]
"""Called after every decision `run` makes: (state, player, action, outcome, late). `late` is True for a
race submission resolved against the version its sender saw (its outcome may be BOUNCED or PENALISED);
a timeout comes as (state, None, None, None, False). It must not change the state."""


@mypyc_attr(native_class=False)  # (mypyc builds no native subclass of RuntimeError: a plain Python class)
class GameTooLong(RuntimeError):
    """A game exceeded the step limit: a rules bug, a bot that waits forever, or a table that can
    stall (ZAR's penalty draws). It holds the unfinished state and, from `play`, its record so far."""

    def __init__(self, message: str, state: State | None = None, record: Record | None = None) -> None:
        super().__init__(message)
        self.state, self.record = state, record


def generators(seed: int, seats: int) -> tuple[Rng, list[Rng]]:
    """The simulator's generators for a game seeded `seed`: the race timing generator and one per seat
    (its bot's). Derived from the seed apart from the game's own Rng, so chance in the rules and in the
    players never share draws."""
    timing, *per_seat = Rng(seed ^ _SIM_SALT).spawn_many(1 + seats)
    return timing, per_seat


class _Seat:
    """A seat's bot with what the hot loop asks of it on every move, looked up once per game."""

    __slots__ = ("act", "considered_ms", "draws_here", "needs_extras", "reads", "recalls", "reflex_ms",
                 "rng", "wants_view")

    def __init__(self, bot: Bot, rng: Rng) -> None:
        self.rng, self.act = rng, bot.act
        # A plain RandomBot's choice is drawn here, as its `act` draws it, with no call per move: the one
        # inlining kept, +7% decisions/s in random self-play (bench/throughput.py; the others paid < 3%).
        # A subclass may act otherwise, so it is asked.
        self.draws_here = type(bot) is RandomBot
        self.wants_view = bool(bot.wants_view)
        self.recalls = self.wants_view and bool(getattr(bot, "recalls", False))  # (only a view reads it)
        self.reads = bool(getattr(bot, "reads_observation", True))
        self.needs_extras = self.wants_view or self.reads
        # the same products `reaction` forms, so a race orders the same either way
        self.considered_ms = bot.reaction_ms * 1.0
        self.reflex_ms = bot.reaction_ms * REFLEX_SHARE


def _land(state: State, proposals: list[tuple[int, Action, bool]], seats: Sequence[Racer], timing: Rng,
          actions: list[Any] | None, watch: Watch | None) -> int:
    """The proposals made at one version, fastest first (`fastest_first`). The fastest lands; the slower ones
    are submitted with the version their bots saw, for the rules to bounce, penalise or apply. Returns
    how many late ones the rules accepted but bounced: decisions (a replay must bounce them too) that
    left the version as it was."""
    if len(proposals) > 1:
        proposals = fastest_first(proposals, seats, timing)
    seen = state.version
    player, action, listed = proposals[0]
    if listed:  # it came from this very version's legal list: no second check
        outcome = state.apply_listed(player, action)
    else:
        outcome = state.apply(player, action)
    if actions is not None:
        actions.append([player, str(action)])
    if watch is not None:
        watch(state, player, action, outcome, False)
    landed = 0
    for player, action, listed in proposals[1:]:
        try:
            if listed:
                outcome = state.apply_listed(player, action, seen)
            else:
                outcome = state.apply(player, action, seen=seen)
        except IllegalAction:
            continue  # the rules refuse it outright; nothing happened, nothing to record
        landed += 1
        if actions is not None:
            actions.append([player, str(action), seen])
        if watch is not None:
            watch(state, player, action, outcome, True)
    return landed - (state.version - seen - 1)  # (every landed one moved the version on, but a bounce)


def run(game: Game, bots: Sequence[Bot], seed: int, record: Record | None = None,
        max_steps: int = 200_000, watch: Watch | None = None) -> tuple[State, int]:
    """One whole game; returns the final state and the number of decisions (recorded entries).

    At each moment (`state.moves()`) every actor is asked, the fastest proposal lands and the
    rest are resolved as late; if all wait, the state times out. A decision is what a record
    lists: each submission the rules accepted (bounced late ones included) or one timeout.
    Each bot's `reaction_ms` and flags are read once, when the game starts. GameTooLong (holding
    the unfinished state) when `max_steps` moments pass without an end. `watch`, if given, sees every
    decision as it is made (see `Watch`): how a batch counts races lost, ZOOP!s or Zaps without a record.
    """
    state, seats, timing = _start(game, bots, seed)
    actions = None if record is None else record.actions
    # Every decision but a bounced late one moves the version on by one (the kernel counts applied
    # actions, timeouts and penalties included), so the loop counts only the bounces.
    start, bounced = state.version, 0
    for _ in range(max_steps):
        moment = state.moves()
        if not moment:  # nobody may act: the game is over (checked below)
            break
        if len(moment) == 1:  # one actor (a turn, most moments): nothing to order, nothing late
            player, legal = moment[0]
            if legal and _turn(state, seats[player], player, legal, actions, watch):
                continue
        else:
            proposals = _proposals(state, moment, seats)
            if proposals:
                bounced += _land(state, proposals, seats, timing, actions, watch)
                continue
        # Nobody proposed anything (no legal action, or every bot waits): the state times out.
        state.timeout()
        if actions is not None:
            actions.append([None, TIMEOUT])
        if watch is not None:
            watch(state, None, None, None, False)
    else:
        if state.moves():
            raise GameTooLong(f"{game.id} seed {seed}: no end after {max_steps} steps", state)
    if not state.is_over():
        raise RuntimeError(f"{game.id}: the game is not over but nobody may act")
    return state, state.version - start + bounced


def _start(game: Game, bots: Sequence[Bot], seed: int) -> tuple[State, list[_Seat], Rng]:
    """The new state, each seat's bot (reset) with its own generator, and the race timing generator."""
    if len(bots) != game.players:
        raise ValueError(f"{game.id} has {game.players} seats but {len(bots)} bots were given")
    state = game.new_state(seed)
    for bot in bots:
        if hasattr(bot, "reset"):
            bot.reset()
    timing, seat_rngs = generators(seed, len(bots))
    return state, [_Seat(bot, rng) for bot, rng in zip(bots, seat_rngs)], timing


def _turn(state: State, seat: _Seat, player: int, legal: list[Action], actions: list[Any] | None,
          watch: Watch | None) -> bool:
    """A lone actor's move, applied and recorded; False when its bot waits."""
    if seat.draws_here:  # RandomBot.act, inlined (see _Seat): the choice is a listed object
        n = len(legal)
        action = legal[seat.rng.below(n)] if n > 1 else legal[0]
        outcome = state.apply_listed(player, action)
    else:
        action = _ask_seat(state, seat, player, legal)
        if action is None:
            return False
        if is_listed(action, legal):
            outcome = state.apply_listed(player, action)
        else:
            outcome = state.apply(player, action)  # checked: a bot's illegal choice is refused, with the reason
    if actions is not None:
        actions.append([player, str(action)])
    if watch is not None:
        watch(state, player, action, outcome, False)
    return True


def _proposals(state: State, moment: list[tuple[int, list[Action]]],
               seats: Sequence[_Seat]) -> list[tuple[int, Action, bool]]:
    """Every racer's choice at this version, as (player, action, taken from its legal list)."""
    proposals = []
    for player, legal in moment:
        if not legal:
            continue
        seat = seats[player]
        if seat.draws_here:
            n = len(legal)
            proposals.append((player, legal[seat.rng.below(n)] if n > 1 else legal[0], True))
            continue
        action = _ask_seat(state, seat, player, legal)
        if action is None:
            continue
        listed = is_listed(action, legal)
        if not listed and not state.is_legal(player, action):
            # A bot's illegal choice is a bug, refused at the version it answered: were it a late
            # one, the rules' bounce would hide it.
            raise IllegalAction(state.explain_illegal(player, action))
        proposals.append((player, action, listed))
    return proposals


def _ask_seat(state: State, seat: _Seat, player: int, legal: list[Action]) -> Action | None:
    """`ask`, with what the seat's bot reads looked up once per game."""
    if not seat.needs_extras:
        return seat.act(NO_OBSERVATION, legal, seat.rng)
    view = state.resample_hidden(player, seat.rng, recall=seat.recalls) if seat.wants_view else None
    seen_by_bot = LazyObservation(state, player) if seat.reads else NO_OBSERVATION
    return seat.act(seen_by_bot, legal, seat.rng, view=view)


def play(
    game: Game, bots: Sequence[Bot], seed: int, *, keep_record: bool = True, max_steps: int = 200_000
) -> tuple[State, Record | None]:
    """One whole game; returns the final state and (optionally) its record. GameTooLong holds the
    unfinished state and its record so far."""
    record = Record(game.id, game.players, dict(game.options), seed, [b.name for b in bots]) if keep_record else None
    try:
        state, _ = run(game, bots, seed, record, max_steps)
    except GameTooLong as exc:
        exc.record = record
        raise
    if record is not None:
        record.scores = list(state.scores())
        record.winners = list(state.winners())
    return state, record


@dataclass
class Spread:
    """Running mean, standard deviation and range of some numbers (Welford's update: no list kept)."""

    count: int = 0
    mean: float = 0.0
    _squares: float = 0.0
    low: float = math.inf
    high: float = -math.inf

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._squares += delta * (value - self.mean)
        self.low, self.high = min(self.low, value), max(self.high, value)

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two numbers)."""
        return math.sqrt(self._squares / (self.count - 1)) if self.count > 1 else 0.0

    def as_dict(self) -> dict[str, float]:
        return {"mean": round(self.mean, 3), "sd": round(self.sd, 3), "min": self.low, "max": self.high}


@dataclass
class Summary:
    """What a designer reads off a batch of games: rates and scores over the finished games, and
    how many did not finish within the step limit."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    score_order: str = "higher"  # the game's `Game.score_order`: are higher or lower scores better
    games: int = 0  # finished games: every rate and mean is over these
    seconds: float = 0.0
    plies: int = 0
    rounds: int = 0
    seat_wins: list[float] = field(default_factory=list)
    seat_scores: list[float] = field(default_factory=list)
    bot_wins: dict[str, float] = field(default_factory=dict)
    bot_seats: dict[str, int] = field(default_factory=dict)
    bot_scores: dict[str, Spread] = field(default_factory=dict)
    unfinished_seeds: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.seat_wins = self.seat_wins or [0.0] * self.players
        self.seat_scores = self.seat_scores or [0.0] * self.players

    def add(self, state: State, record: Record) -> None:
        """Count one finished game: `record.bots` names the bot of each seat."""
        plies = sum(1 for entry in record.actions if entry[0] is not None)  # a timeout is no one's ply
        self._count(record.bots, state.scores(), state.winners(), plies, state.round())

    def add_result(self, result: GameResult) -> None:
        """Count one game of a batch (`zdeck.batch`): a finished one in the figures, else by its seed."""
        if result.finished:
            self._count(result.lineup, result.scores, result.winners, result.plies, result.rounds)
        else:
            self.add_unfinished(result.seed)

    def _count(self, bots: Sequence[str], scores: Sequence[float], winners: Sequence[int], plies: int,
               rounds: int) -> None:
        self.games += 1
        self.plies += plies
        self.rounds += rounds
        for seat, (name, score) in enumerate(zip(bots, scores)):
            self.seat_scores[seat] += score
            self.bot_seats[name] = self.bot_seats.get(name, 0) + 1
            self.bot_wins.setdefault(name, 0.0)
            self.bot_scores.setdefault(name, Spread()).add(score)
        for seat in winners:  # a tie shares the win
            self.seat_wins[seat] += 1 / len(winners)
            self.bot_wins[bots[seat]] += 1 / len(winners)

    def add_unfinished(self, seed: int) -> None:
        """Count a game stopped at the step limit: it is in no rate, but reported by its seed."""
        self.unfinished_seeds.append(seed)

    def as_dict(self) -> dict[str, Any]:
        g = max(self.games, 1)
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": self.bots,
            "score_order": self.score_order,
            "games": self.games,
            "unfinished": len(self.unfinished_seeds),
            "unfinished_seeds": self.unfinished_seeds,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "mean_plies": round(self.plies / g, 2),
            "mean_rounds": round(self.rounds / g, 2),
            "win_rate_per_seat": [round(w / g, 4) for w in self.seat_wins],
            "win_rate_per_bot": {n: round(w / self.bot_seats[n], 4) for n, w in self.bot_wins.items()},
            "mean_score_per_seat": [round(s / g, 3) for s in self.seat_scores],
            "score_per_bot": {n: spread.as_dict() for n, spread in self.bot_scores.items()},
        }


@dataclass
class Played:
    """One game of a batch: its index and seed, the final (or, unfinished, the last) state and its record."""

    index: int
    seed: int
    state: State
    record: Record
    finished: bool


def play_batch(game: Game, names: Sequence[str], count: int, seed: int = 0, rotate: bool = False,
               max_steps: int = 200_000) -> Iterator[Played]:
    """`count` games with seeds seed, seed+1, ...: the bots named (see `seat_bots`) made anew for each.
    A game that does not end within `max_steps` is yielded unfinished and the batch goes on."""
    for index in range(count):
        bots = [make_bot(game.id, name) for name in seat_bots(names, game.players, index, rotate)]
        try:
            state, record = play(game, bots, seed + index, max_steps=max_steps)
        except GameTooLong as exc:
            assert exc.state is not None and exc.record is not None
            yield Played(index, seed + index, exc.state, exc.record, False)
            continue
        assert record is not None
        yield Played(index, seed + index, state, record, True)


def seat_bots(names: Sequence[str], players: int, game_index: int, rotate: bool) -> list[str]:
    """Bot names per seat: the list repeats to fill the table; `rotate` shifts it each game."""
    if not names:
        raise ValueError("seat_bots needs at least one bot name")
    shift = game_index if rotate else 0
    return [names[(seat + shift) % len(names)] for seat in range(players)]
