"""The Gymnasium env: one agent at one seat, zdeck bots at the others."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from zdeck import asking
from zdeck.bots import Bot
from zdeck.botspecs import bot_names, default_bot, make_bot
from zdeck.core import Action, State
from zdeck.rl import rewards
from zdeck.rl.base import DEFAULT_REACTION_MS, ENCODING, RENDER_MODES, Table, check_seed
from zdeck.rl.referee import WAIT, Referee

Step = tuple[dict[str, Any], float, bool, bool, dict[str, Any]]
MAX_SKIPPED = 100  # games in a row over before the agent is asked: a reset gives up, saying why


class ZdeckSingle(gymnasium.Env[dict[str, Any], np.int64]):
    """A zdeck game for one learner (`zdeck.rl.single_agent`). See docs/rl.md.

    The agent plays `seat`; the other seats are zdeck bots (`opponents`: one name for all, or one per
    other seat in seat order; default: the game's strongest bot). Between the agent's moments the bots
    play on, racing on the simulator's model; in a moment where the agent and bots are asked together,
    the bots choose at the very version the agent saw, and the race decides who lands.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012  # (Gymnasium declares it an instance variable)

    def __init__(self, game_id: str, players: int | None = None, *, opponents: str | Sequence[str] | None = None,
                 seat: int = 0, reward: str | rewards.RewardFn | None = None, illegal: str = "lose",
                 illegal_reward: float = -1.0, reaction_ms: float = DEFAULT_REACTION_MS, max_moments: int = 20_000,
                 render_mode: str | None = None, encoding: str = ENCODING, **options: Any) -> None:
        self.table = Table(game_id, players, reward=reward, illegal=illegal, illegal_reward=illegal_reward,
                           reaction_ms=reaction_ms, max_moments=max_moments, render_mode=render_mode,
                           encoding=encoding, **options)
        n = self.table.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat={str(seat)[:60]!r} is not a seat of this game (0..{n - 1})")
        self.seat, self.render_mode = seat, render_mode
        self.bots = _bots(game_id, opponents, n - 1)
        self.observation_space = self.table.observation_space
        self.action_space = self.table.action_space
        self._others = [p for p in range(n) if p != seat]
        self._done = True  # until reset

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any],
                                                                                                   dict[str, Any]]:
        """A new game in which the agent has something to do.

        A seed given is the game's own (the game `zdeck.sim.run` plays with it); without one, the game's
        seed is drawn from the env's generator, Gymnasium's `np_random` (seeded by the last seed given).
        The bots play until the agent is asked; a game that ends (or reaches `max_moments`) before that -
        at six to eight seats an opponent may go out before the agent's first turn - is put aside and the
        next game started with a seed drawn from `np_random`: `info["skipped"]` lists the seeds put aside.
        """
        if seed is not None:
            check_seed(seed)
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63)) if seed is None else int(seed)
        skipped: list[int] = []
        while not self._start(game_seed):
            skipped.append(game_seed)
            if len(skipped) >= MAX_SKIPPED:
                raise RuntimeError(f"{len(skipped)} games in a row ended before seat {self.seat} was asked "
                                   f"(seeds {skipped[:3]}...): is max_moments={self.table.max_moments} too small?")
            game_seed = int(self.np_random.integers(2**63))
        self._done = False
        return self.table.observe(self.seat), ({"skipped": skipped} if skipped else {})

    def _start(self, game_seed: int) -> bool:
        """Deal the game `game_seed` and let the bots play up to the agent's first moment: False if there is none."""
        medians = list(self.table.reaction_ms)
        for p, bot in zip(self._others, self.bots):
            medians[p] = bot.reaction_ms
            if hasattr(bot, "reset"):
                bot.reset()
        referee = self.table.start_game(game_seed, medians)
        self._play_bots(referee)
        return self._agent_asked(referee) and not self.table.truncated()

    def step(self, action: Any) -> Step:
        reward, terminated, truncated, info = self.advance(action)
        return self.table.observe(self.seat), reward, terminated, truncated, info

    def advance(self, action: Any) -> tuple[float, bool, bool, dict[str, Any]]:
        """`step` but for the observation (the vector env writes it where it wants it: `Table.observe_into`)."""
        referee = self.table.referee
        if self._done or referee is None or referee.moment is None:
            raise RuntimeError("the episode is over (or never started): call reset()")
        action_id = self.table.decode(action)
        reason = self.table.refusal(self.seat, action_id)
        if reason is not None:
            self._done = True
            return self.table.illegal_rewards([self.seat])[self.seat], True, False, {"illegal": reason}
        choices = {p: self._bot_choice(referee, p) for p in referee.moment.asked if p != self.seat}
        choices[self.seat] = self.table.choice(action_id)
        landing = next(landing for seat, landing in referee.land(choices) if seat == self.seat)
        info = {"landing": landing.info()}
        self._play_bots(referee)
        if referee.moment is None:
            self._done = True
            return self.table.final_rewards()[self.seat], True, False, info
        self._done = self.table.truncated()
        return 0.0, False, self._done, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids now, as booleans (what maskable learners such as sb3-contrib's MaskablePPO ask)."""
        return self.table.mask(self.seat).astype(bool)

    def _play_bots(self, referee: Referee) -> None:
        """Let the bots play until the agent has something to do, the game ends or `max_moments` is reached. (A
        moment that asks the agent with nothing to play - a race it has no card for - is waited through.)"""
        while not self._agent_asked(referee) and referee.moment is not None and not self.table.truncated():
            referee.land({p: self._bot_choice(referee, p) for p in referee.moment.asked if p != self.seat})

    def _agent_asked(self, referee: Referee) -> bool:
        moment = referee.moment
        return moment is not None and bool(moment.legal.get(self.seat))

    def _bot_choice(self, referee: Referee, seat: int) -> Action | None:
        bot = self.bots[self._others.index(seat)]
        state: State = referee.state
        choice = asking.ask(bot, state, seat, referee.seat_rngs[seat])
        choice = WAIT if choice is None else choice
        why = referee.check(seat, choice)
        if why is not None:  # a bot's mistake is a bug in the bot, never the agent's loss
            raise RuntimeError(f"bot {bot.name!r} at seat {seat} chose {choice}: {why}")
        return choice

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        """Nothing to release: the env holds no window, file or process."""


def _bots(game_id: str, opponents: str | Sequence[str] | None, count: int) -> list[Bot]:
    """The bots of the other seats, by name (validated: an unknown name says which exist)."""
    if opponents is None:
        names = [default_bot(game_id)] * count
    elif isinstance(opponents, str):
        names = [opponents] * count
    else:
        names = list(opponents)
        if len(names) != count:
            raise ValueError(f"opponents: {count} bot name(s) for the other seats, not {len(names)}; "
                             f"bots of {game_id}: {', '.join(bot_names(game_id))}")
    return [make_bot(game_id, name) for name in names]
