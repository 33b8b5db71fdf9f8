"""Bots: objects that pick an action from what one seat may see.

A bot gets the seat's observation (a read-only Mapping, built on first use: copy it
with `dict(observation)` to keep it past this call) and legal actions (never the state). A bot
that searches sets `wants_view = True` and also receives `view`: a copy of the
state with everything hidden from its seat re-dealt at random
(`State.resample_hidden`), so it cannot cheat. `None` means "wait" - in a race
the bot holds back; the simulator then lets the others act or times out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from zdeck.core import Action, State
from zdeck.rng import Rng


class Bot(Protocol):
    name: str
    reaction_ms: float  # median reaction time in races (the simulator's model)
    wants_view: bool  # give me a resampled state (`view`) to search
    # Optional `reads_observation = False`: the simulator then skips building the observation.
    # Optional `recalls = True` (with `wants_view`): the view keeps every card the seat was shown, also one its
    # observation no longer shows (`State.resample_hidden(recall=True)`): a player who forgets no card.
    # Optional `reset()`: called before each game, for bots that carry a plan or memory between moves.
    # Optional `searches = True`: a decision may take tens of ms or more (a search); the server asks such
    # a bot in a worker thread, off its event loop.

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None: ...


class BotBase:
    """The head most bots share: a `name` and a median `reaction_ms` set by the class (an
    instance may be given its own: `GreedyBot(reaction_ms=300)`), and no resampled view."""

    name: str
    reaction_ms: float
    wants_view = False

    def __init__(self, reaction_ms: float | None = None) -> None:
        if reaction_ms is not None:
            self.reaction_ms = reaction_ms


class RandomBot(BotBase):
    """Uniform over legal actions; never waits. (A lone legal action costs no draw.)

    The simulator makes this very draw itself for a plain RandomBot (not a subclass), to save a
    call per move: a change to `act` must be made there too (a test plays both ways)."""

    name = "random"
    reaction_ms = 700.0
    reads_observation = False

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        n = len(legal_actions)
        if n > 1:
            return legal_actions[rng.below(n)]
        return legal_actions[0] if n else None


BotFactory = Callable[[], Bot]

