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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from types import MappingProxyType
from typing import Any

from zdeck.bots import Bot, RandomBot
from zdeck.core import Action, Game, IllegalAction, State
from zdeck.records import TIMEOUT, Record
from zdeck.rng import Rng

_SIM_SALT = 0x5EED_B075
REACTION_SIGMA = 0.35  # spread of the log-normal reaction time around each bot's median
REFLEX_SHARE = 0.6  # a reflex call (ZOOP!, Captured!) takes this share of a considered move's time


class LazyObservation(Mapping[str, Any]):
    """An observation computed on first use: random bots never pay for one.

    It is the view of the version it was made for: read first after the state moved on,
    it would silently show a later moment, so that read is refused instead.
    """

    __slots__ = ("_data", "_player", "_state", "_version")

    def __init__(self, state: State, player: int) -> None:
        self._state, self._player, self._version = state, player, state.version
        self._data: dict[str, Any] | None = None

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            if self._state.version != self._version:
                raise RuntimeError(
                    f"observation of version {self._version} first read at version {self._state.version}: "
                    "a bot that keeps an observation must copy it with dict(observation) while it acts")
            self._data = self._state.observation(self._player)
        return self._data

    def __getitem__(self, key: str) -> Any:
        data = self._data  # (bots read several keys a move: only the first read pays for the call)
        return (self._get() if data is None else data)[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


class GameTooLong(RuntimeError):
    """A game exceeded the step limit: a rules bug (or a bot that waits forever)."""


# One table lookup draws a log-normal reaction time: 2^12 quantiles, far finer than any real
# difference in reaction. The factors are integers (millionths), so no libm difference between
# machines can reorder a race; an exact tie goes to the earlier actor in `actors()` order.
_SPREAD = tuple(
    round(1_000_000 * math.exp(REACTION_SIGMA * NormalDist().inv_cdf((i + 0.5) / 4096))) for i in range(4096)
)


_REFLEX: dict[type, bool] = {}  # action class -> its `reflex` flag


def _reflex_of(kind: type) -> bool:
    """Is this action class a reflex (`reflex = True`, such as a ZOOP! call)? Looked up once per class."""
    reflex = _REFLEX.get(kind)
    if reflex is None:
        reflex = _REFLEX[kind] = bool(getattr(kind, "reflex", False))
    return reflex


def reaction(bot: Bot, action: Action, timing: Rng) -> float:
    """A reaction time in ms: log-normal around the bot's median, shorter for a reflex than
    for a considered move."""
    median = bot.reaction_ms * (REFLEX_SHARE if _reflex_of(type(action)) else 1.0)
    return median * _SPREAD[timing.next_u64() & 4095] / 1_000_000


_NOTHING: Mapping[str, Any] = MappingProxyType({})  # for bots that declare they read no observation


def ask(bot: Bot, state: State, player: int, rng: Rng) -> Action | None:
    """The bot's choice for this seat, or None (wait). `apply` checks it like any submission."""
    legal = state.legal_actions(player)
    if not legal:
        return None
    view = state.resample_hidden(player, rng) if bot.wants_view else None
    seen_by_bot = LazyObservation(state, player) if getattr(bot, "reads_observation", True) else _NOTHING
    return bot.act(seen_by_bot, legal, rng, view=view)


class _Seat:
    """A seat's bot with what the hot loop asks of it on every move, looked up once per game."""

    __slots__ = ("act", "below", "considered_ms", "draws_here", "needs_extras", "reads", "reflex_ms", "rng",
                 "wants_view")

    def __init__(self, bot: Bot, rng: Rng) -> None:
        self.rng, self.act, self.below = rng, bot.act, rng.below
        # A plain RandomBot's choice is drawn here, as its `act` draws it: no call per move, as RLCard's
        # anchor and any rollout loop pick. A subclass may act otherwise, so it is asked.
        self.draws_here = type(bot) is RandomBot
        self.wants_view = bool(bot.wants_view)
        self.reads = bool(getattr(bot, "reads_observation", True))
        self.needs_extras = self.wants_view or self.reads
        # the same products `reaction` forms, so a race orders the same either way
        self.considered_ms = bot.reaction_ms * 1.0
        self.reflex_ms = bot.reaction_ms * REFLEX_SHARE


def _ask_with_extras(state: State, seat: _Seat, player: int, legal: list[Action]) -> Action | None:
    """`ask` for a bot that reads its observation or searches a resampled view."""
    view = state.resample_hidden(player, seat.rng) if seat.wants_view else None
    seen_by_bot = LazyObservation(state, player) if seat.reads else _NOTHING
    return seat.act(seen_by_bot, legal, seat.rng, view=view)


def _land(state: State, proposals: list[tuple[int, Action, bool]], seats: Sequence[_Seat], timing: Rng,
          actions: list[Any] | None) -> int:
    """The proposals made at one version. Several race: each is timed as `reaction` times it (inlined:
    races are frequent) and an exact tie keeps actor order. The fastest lands; the slower ones are
    submitted with the version their bots saw, for the rules to bounce, penalise or apply. Returns how
    many late ones the rules accepted but bounced: decisions (a replay must bounce them too) that left
    the version as it was."""
    if len(proposals) > 1:
        times = []
        for player, action, _ in proposals:
            reflex = _REFLEX.get(type(action))
            if reflex is None:
                reflex = _reflex_of(type(action))
            median = seats[player].reflex_ms if reflex else seats[player].considered_ms
            times.append(median * _SPREAD[timing.next_u64() & 4095] / 1_000_000)
        if len(times) == 2:  # the usual race: two proposals, no sort
            if times[1] < times[0]:
                proposals.reverse()
        else:
            proposals = [proposals[k] for k in sorted(range(len(times)), key=times.__getitem__)]  # (stable)
    seen = state.version
    player, action, listed = proposals[0]
    if listed:  # it came from this very version's legal list: no second check
        state.apply_listed(player, action)
    else:
        state.apply(player, action)
    if actions is not None:
        actions.append([player, str(action)])
    landed = 0
    for player, action, listed in proposals[1:]:
        try:
            if listed:
                state.apply_listed(player, action, seen)
            else:
                state.apply(player, action, seen=seen)
        except IllegalAction:
            continue  # the rules refuse it outright; nothing happened, nothing to record
        landed += 1
        if actions is not None:
            actions.append([player, str(action), seen])
    return landed - (state.version - seen - 1)  # (every landed one moved the version on, but a bounce)


def run(game: Game, bots: Sequence[Bot], seed: int, record: Record | None = None,
        max_steps: int = 200_000) -> tuple[State, int]:
    """One whole game; returns the final state and the number of decisions (recorded entries).

    At each moment (`state.moves()`) every actor is asked, the fastest proposal lands and the
    rest are resolved as late; if all wait, the state times out. A decision is what a record
    lists: each submission the rules accepted (bounced late ones included) or one timeout.
    Each bot's `reaction_ms` and flags are read once, when the game starts. This loop is the
    simulator's hot path, with `ask`, `reaction` and a plain RandomBot's draw inlined.
    """
    if len(bots) != game.players:
        raise ValueError(f"{game.id} has {game.players} seats but {len(bots)} bots were given")
    state = game.new_state(seed)
    for bot in bots:
        if hasattr(bot, "reset"):
            bot.reset()
    timing, *seat_rngs = Rng(seed ^ _SIM_SALT).spawn_many(1 + len(bots))
    seats = [_Seat(bot, rng) for bot, rng in zip(bots, seat_rngs)]
    actions = None if record is None else record.actions
    # Every decision but a bounced late one moves the version on by one (the kernel counts applied
    # actions, timeouts and penalties included), so the loop counts only the bounces.
    start, bounced = state.version, 0
    apply_listed = state.apply_listed
    for _ in range(max_steps):
        moment = state.moves()
        if not moment:  # nobody may act: the game is over (checked below)
            break
        if len(moment) == 1:  # one actor (a turn, most moments): nothing to order, nothing late
            player, legal = moment[0]
            if legal:
                seat = seats[player]
                if seat.draws_here:  # RandomBot.act, inlined: the choice is a listed object
                    n = len(legal)
                    action = legal[seat.below(n)] if n > 1 else legal[0]
                    apply_listed(player, action)
                    if actions is not None:
                        actions.append([player, str(action)])
                    continue
                if seat.needs_extras:
                    action = _ask_with_extras(state, seat, player, legal)
                else:
                    action = seat.act(_NOTHING, legal, seat.rng)
                if action is not None:
                    for candidate in legal:  # bots return the listed objects: identity decides, no dataclass equality
                        if candidate is action:
                            apply_listed(player, action)
                            break
                    else:
                        state.apply(player, action)  # checked: a bot's illegal choice is refused, with the reason
                    if actions is not None:
                        actions.append([player, str(action)])
                    continue
        else:
            proposals = []
            for player, legal in moment:
                if not legal:
                    continue
                seat = seats[player]
                if seat.draws_here:
                    n = len(legal)
                    action, listed = legal[seat.below(n)] if n > 1 else legal[0], True
                else:
                    if seat.needs_extras:
                        action = _ask_with_extras(state, seat, player, legal)
                    else:
                        action = seat.act(_NOTHING, legal, seat.rng)
                    if action is None:
                        continue
                    for candidate in legal:
                        if candidate is action:
                            listed = True
                            break
                    else:
                        listed = action in legal
                        if not listed and not state.is_legal(player, action):
                            # A bot's illegal choice is a bug, refused at the version it answered: were it
                            # a late one, the rules' bounce would hide it.
                            raise IllegalAction(state.explain_illegal(player, action))
                proposals.append((player, action, listed))
            if proposals:
                bounced += _land(state, proposals, seats, timing, actions)
                continue
        # Nobody proposed anything (no legal action, or every bot waits): the state times out.
        state.timeout()
        if actions is not None:
            actions.append([None, TIMEOUT])
    else:
        if state.moves():
            raise GameTooLong(f"{game.id} seed {seed}: no end after {max_steps} steps")
    if not state.is_over():
        raise RuntimeError(f"{game.id}: the game is not over but nobody may act")
    return state, state.version - start + bounced


def play(
    game: Game, bots: Sequence[Bot], seed: int, *, keep_record: bool = True, max_steps: int = 200_000
) -> tuple[State, Record | None]:
    """One whole game; returns the final state and (optionally) its record."""
    record = Record(game.id, game.players, dict(game.options), seed, [b.name for b in bots]) if keep_record else None
    state, _ = run(game, bots, seed, record, max_steps)
    if record is not None:
        record.scores = list(state.scores())
        record.winners = list(state.winners())
    return state, record


@dataclass
class Summary:
    """What a designer reads off a batch of games."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    games: int = 0
    seconds: float = 0.0
    plies: int = 0
    rounds: int = 0
    seat_wins: list[float] = field(default_factory=list)
    seat_scores: list[float] = field(default_factory=list)
    bot_wins: dict[str, float] = field(default_factory=dict)
    bot_seats: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seat_wins = self.seat_wins or [0.0] * self.players
        self.seat_scores = self.seat_scores or [0.0] * self.players

    def add(self, state: State, record: Record) -> None:
        """Count one finished game: `record.bots` names the bot of each seat."""
        self.games += 1
        self.plies += sum(1 for entry in record.actions if entry[0] is not None)  # a timeout is no one's ply
        self.rounds += state.round()
        winners = state.winners()
        for seat, score in enumerate(state.scores()):
            self.seat_scores[seat] += score
        for name in record.bots:
            self.bot_seats[name] = self.bot_seats.get(name, 0) + 1
            self.bot_wins.setdefault(name, 0.0)
        for seat in winners:  # a tie shares the win
            self.seat_wins[seat] += 1 / len(winners)
            self.bot_wins[record.bots[seat]] += 1 / len(winners)

    def as_dict(self) -> dict[str, Any]:
        g = max(self.games, 1)
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": self.bots,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "mean_plies": round(self.plies / g, 2),
            "mean_rounds": round(self.rounds / g, 2),
            "win_rate_per_seat": [round(w / g, 4) for w in self.seat_wins],
            "win_rate_per_bot": {n: round(w / self.bot_seats[n], 4) for n, w in self.bot_wins.items()},
            "mean_score_per_seat": [round(s / g, 3) for s in self.seat_scores],
        }


def seat_bots(names: Sequence[str], players: int, game_index: int, rotate: bool) -> list[str]:
    """Bot names per seat: the list repeats to fill the table; `rotate` shifts it each game."""
    if not names:
        raise ValueError("seat_bots needs at least one bot name")
    shift = game_index if rotate else 0
    return [names[(seat + shift) % len(names)] for seat in range(players)]
