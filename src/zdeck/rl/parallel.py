"""The PettingZoo Parallel env: every actor of a moment answers at once."""

from __future__ import annotations

from collections.abc import Sequence
from types import MethodType
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from zdeck.rl import rewards
from zdeck.rl.base import DEFAULT_REACTION_MS, ENCODING, RENDER_MODES, Table, agent_name
from zdeck.rl.steps import ParallelSteps, Step, landing_info


class ZdeckParallel(ParallelEnv):  # type: ignore[misc]  # (pettingzoo ships no type information)
    """A zdeck game as a PettingZoo Parallel env (`zdeck.rl.parallel_env`). See docs/rl.md.

    Every step is one moment: the seats asked (those the table shows may act: the turn's seat, or
    everyone a race is open to; one with nothing to play may only wait) give their actions together (an
    agent that is not asked has an all-zero mask, and whatever it sends is not read), and the referee
    lands them - a race by the seeded reaction-time model. Every live agent gets its observation after
    every step.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4, "name": "zdeck"}  # noqa: RUF012

    def __init__(self, game_id: str, players: int | None = None, *, reward: str | rewards.RewardFn | None = None,
                 illegal: str = "lose", illegal_reward: float = -1.0,
                 reaction_ms: float | Sequence[float] = DEFAULT_REACTION_MS, max_moments: int = 20_000,
                 render_mode: str | None = None, encoding: str = ENCODING, **options: Any) -> None:
        self.table = Table(game_id, players, reward=reward, illegal=illegal, illegal_reward=illegal_reward,
                           reaction_ms=reaction_ms, max_moments=max_moments, render_mode=render_mode,
                           encoding=encoding, **options)
        self.render_mode = render_mode
        # Named by game and encoding version (`zipzap_v1`), as PettingZoo's classic envs are (`connect_four_v3`).
        self.metadata = {**type(self).metadata, "name": self.table.name}
        self.state_space = self.table.state_space
        self.possible_agents = [agent_name(p) for p in range(self.table.game.players)]
        self._seat = {name: p for p, name in enumerate(self.possible_agents)}
        # What a legal step does, compiled (zdeck.rl.steps): the landing, PettingZoo's five dicts, every agent's rows;
        # the live agents are kept there (`agents` below).
        self._steps = ParallelSteps(self.possible_agents, self.table.encoder, self.table.actions,
                                    self.table.max_moments, self.table.final_rewards)

    @property
    def agents(self) -> list[str]:
        """PettingZoo's live agents (kept by the env's `zdeck.rl.steps.ParallelSteps`)."""
        return self._steps.agents

    @agents.setter
    def agents(self, agents: list[str]) -> None:
        self._steps.agents = agents

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._steps.referee = self.table.start(seed)
        self.agents = list(self.possible_agents)
        if type(self) is ZdeckParallel:  # (a subclass's own `step`, if it has one, stays its own)
            # Once reset, `step` is the compiled method itself: a legal step then runs no Python frame of this env;
            # anything else falls back to `step` below.
            self._steps.fallback = MethodType(ZdeckParallel.step, self)
            self.step = self._steps.play  # type: ignore[method-assign]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> Step:
        referee = self.table.referee
        stepped = self._steps.step(referee, actions)  # (usually: every asked seat's legal int id, the step whole)
        if stepped is not None:
            return stepped
        if referee is None or not self.agents:
            raise RuntimeError("the game is over (or never started): call reset()")
        chosen = self._chosen(actions)
        table, names = self.table, self.possible_agents
        offenders = {seat: why for seat, action_id in chosen.items()
                     if (why := table.refusal(seat, action_id)) is not None}  # (raises in illegal="raise" mode)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if offenders:
            for seat, why in offenders.items():
                infos[names[seat]] = {"illegal": why}
            return self._steps.finish(referee, table.illegal_rewards(list(offenders)), infos, False)
        for seat, landing in referee.land({seat: table.choice(action_id) for seat, action_id in chosen.items()}):
            infos[names[seat]] = landing_info(landing)
        return self._steps.after(referee, infos)

    def _chosen(self, actions: dict[str, Any]) -> dict[int, int]:
        """The asked seats' action ids; every id is checked to be one of the env's, asked or not."""
        if not isinstance(actions, dict):
            raise ValueError(f"step takes a dict from agent to action id, not {type(actions).__name__}")  # noqa: TRY004
        seat_of = self._seat
        unknown = [a for a in actions if a not in seat_of]
        if unknown:
            raise ValueError(f"no such agent(s): {', '.join(map(str, unknown))[:80]}")
        decode = self.table.decode
        ids = {seat_of[a]: decode(action) for a, action in actions.items()}
        moment = self.table.referee.moment if self.table.referee else None
        asked = moment.asked if moment else ()
        missing = [agent_name(p) for p in asked if p not in ids]
        if missing:
            raise ValueError(f"asked now but given no action: {', '.join(missing)}")
        return {p: ids[p] for p in asked}

    def _observations(self) -> dict[str, Any]:
        return self._steps.observations(self.table._live(), self.agents)

    def state(self) -> Any:
        """Every seat's vector end to end (`state_space`): docs/rl.md, "State for centralised critics"."""
        return self.table.state()

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        """Nothing to release: the env holds no window, file or process."""
