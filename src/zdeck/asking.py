"""How a bot is asked, and how fast it answers: the model every client of the bots shares.

`ask` gives a bot what its seat may see (a `LazyObservation`, a re-dealt `view` for a search) and
returns its choice. `reaction` and `race_order` time the answers with a seeded log-normal model
around each bot's median, so a race (several seats answering one version) is ordered the same in
the simulator, the search's rollouts, an RL environment and a live table.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from statistics import NormalDist
from types import MappingProxyType
from typing import Any, Final, Protocol

from zdeck.bots import Bot
from zdeck.core import Action, State
from zdeck.observing import LazyObservation as LazyObservation  # noqa: PLC0414 - re-exported: its clients import it here
from zdeck.rng import Rng

REACTION_SIGMA: Final = 0.35  # spread of the log-normal reaction time around each bot's median
REFLEX_SHARE: Final = 0.6  # a reflex call (ZOOP!, Captured!) takes this share of a considered move's time


# One table lookup draws a log-normal reaction time: 2^12 quantiles, far finer than any real
# difference in reaction. The factors are integers (millionths), so no libm difference between
# machines can reorder a race; an exact tie goes to the earlier actor in `actors()` order.
_SPREAD: Final = tuple(
    round(1_000_000 * math.exp(REACTION_SIGMA * NormalDist().inv_cdf((i + 0.5) / 4096))) for i in range(4096)
)


# Action class -> is it a reflex (such as a ZOOP! call)? A game's actions module lists its reflex action classes
# in `REFLEXES` (a frozenset). Read once per class (`_learn`); after that a plain dict look-up (a race times
# every proposal).
_REFLEX: Final[dict[type, bool]] = {}


def _learn(kind: type) -> bool:
    reflex = _REFLEX[kind] = kind in getattr(sys.modules.get(kind.__module__), "REFLEXES", ())
    return reflex


def is_reflex(action: Action) -> bool:
    """Is this action a reflex call, timed at REFLEX_SHARE of a considered move?"""
    reflex = _REFLEX.get(type(action))
    return _learn(type(action)) if reflex is None else reflex


def reaction(bot: Bot, action: Action, timing: Rng) -> float:
    """A reaction time in ms: log-normal around the bot's median, shorter for a reflex than
    for a considered move."""
    median = bot.reaction_ms * (REFLEX_SHARE if is_reflex(action) else 1.0)
    return median * _SPREAD[timing.next_u64() & 4095] / 1_000_000


class Racer(Protocol):
    """What a race reads of a seat: its median reaction times in ms, for a considered move and a reflex."""

    considered_ms: float
    reflex_ms: float


class Reflexes:
    """A `Racer` for a seat whose median reaction time is `reaction_ms` (an RL agent's, say): the same
    products the simulator forms for a bot, so a race orders the same either way."""

    __slots__ = ("considered_ms", "reflex_ms")

    def __init__(self, reaction_ms: float) -> None:
        self.considered_ms = reaction_ms * 1.0
        self.reflex_ms = reaction_ms * REFLEX_SHARE


def race_order(proposals: list[tuple[int, Action, bool]], racers: Sequence[Racer],
               timing: Rng) -> list[tuple[int, Action, bool]]:
    """Proposals made at one version, fastest first, as the simulator orders them: one reaction time
    drawn from `timing` per proposal, in the order given (log-normal around the proposer's median in
    `racers`, indexed by seat; a reflex action at REFLEX_SHARE of it); an exact tie keeps that order.
    With a single proposal nothing is drawn. Each proposal is (seat, action, taken from its legal list)."""
    return fastest_first(proposals, racers, timing) if len(proposals) > 1 else list(proposals)


def fastest_first(proposals: list[tuple[int, Action, bool]], seats: Sequence[Racer],
          timing: Rng) -> list[tuple[int, Action, bool]]:
    """The proposals fastest first, each timed as `reaction` times it; an exact tie keeps actor order."""
    times = []
    for player, action, _ in proposals:
        reflex = _REFLEX.get(type(action))
        if reflex is None:
            reflex = _learn(type(action))
        median = seats[player].reflex_ms if reflex else seats[player].considered_ms
        times.append(median * _SPREAD[timing.next_u64() & 4095] / 1_000_000)
    if len(times) == 2:  # the usual race: two proposals, no sort
        return proposals[::-1] if times[1] < times[0] else proposals
    return [proposals[k] for k in sorted(range(len(times)), key=times.__getitem__)]  # (stable)


NO_OBSERVATION: Final[Mapping[str, Any]] = MappingProxyType({})  # for bots that declare they read no observation


def ask(bot: Bot, state: State, player: int, rng: Rng) -> Action | None:
    """The bot's choice for this seat, or None (wait). `apply` checks it like any submission."""
    legal = state.legal_actions(player)
    if not legal:
        return None
    view = state.resample_hidden(player, rng, recall=bool(getattr(bot, "recalls", False))) if bot.wants_view else None
    seen_by_bot = LazyObservation(state, player) if getattr(bot, "reads_observation", True) else NO_OBSERVATION
    return bot.act(seen_by_bot, legal, rng, view=view)
