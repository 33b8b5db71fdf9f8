"""The PettingZoo AEC env: one agent acts at a time, every actor of a moment is asked in turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from zdeck.rl import rewards
from zdeck.rl.base import DEFAULT_REACTION_MS, ENCODING, RENDER_MODES, Table, agent_name
from zdeck.rl.steps import AecSteps, Agents


def _forwarded(name: str) -> property:
    """One of PettingZoo's AEC attributes, kept by the env's `AecSteps` (read and set there)."""

    def get(env: ZdeckAEC) -> Any:
        return getattr(env._steps, name)

    def put(env: ZdeckAEC, value: Any) -> None:
        setattr(env._steps, name, value)

    return property(get, put, doc=f"PettingZoo's `{name}` (kept by the env's `zdeck.rl.steps.AecSteps`)")


class ZdeckAEC(AECEnv):  # type: ignore[misc]  # (pettingzoo ships no type information)
    """A zdeck game as a PettingZoo AEC env (`zdeck.rl.env`). See docs/rl.md.

    At each moment the seats asked (those the table shows may act: the turn's seat, or everyone a race
    is open to) are selected one after the other, in seat order; each sees the same version of the
    table, and no choice is landed before all have chosen. Then the referee lands them (a race by the
    seeded reaction-time model) and the next moment's first seat is selected. Which seats are selected
    never depends on cards a seat cannot see: a seat asked with nothing to play may only wait.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4, "name": "zdeck",  # noqa: RUF012
                                         "is_parallelizable": True}  # "name": each instance's own

    def __init__(self, game_id: str, players: int | None = None, *, reward: str | rewards.RewardFn | None = None,
                 illegal: str = "lose", illegal_reward: float = -1.0,
                 reaction_ms: float | Sequence[float] = DEFAULT_REACTION_MS, max_moments: int = 20_000,
                 render_mode: str | None = None, encoding: str = ENCODING, **options: Any) -> None:
        super().__init__()
        self.table = Table(game_id, players, reward=reward, illegal=illegal, illegal_reward=illegal_reward,
                           reaction_ms=reaction_ms, max_moments=max_moments, render_mode=render_mode,
                           encoding=encoding, **options)
        self.render_mode = render_mode
        # Named by game and encoding version (`zipzap_v1`), as PettingZoo's classic envs are (`connect_four_v3`).
        self.metadata = {**type(self).metadata, "name": self.table.name}
        self.state_space = self.table.state_space
        self.possible_agents = [agent_name(p) for p in range(self.table.game.players)]
        # The game in play and PettingZoo's per-agent dicts live in a compiled object (zdeck.rl.steps) that a legal
        # step runs in; this class forwards to it (the attributes below are its own).
        self._steps = AecSteps(self.possible_agents, self.table.encoder, self.table.actions, self.table.max_moments,
                               self.table.final_rewards)

    agents = _forwarded("agents")
    agent_selection = _forwarded("agent_selection")
    rewards = _forwarded("rewards")
    _cumulative_rewards = _forwarded("_cumulative_rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._steps.reset(self.table.start(seed))

    def observe(self, agent: str) -> dict[str, Any]:
        return self._steps.observe(agent)

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        return self._steps.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Agents:
        """PettingZoo's `agent_iter()` (compiled: `zdeck.rl.steps.Agents`)."""
        return Agents(self._steps, max_iter, False)

    def seat_of(self, agent: str) -> int:
        return self._steps.seat_of[agent]

    def steps_straight(self, action: Any) -> bool:
        """Is `action` a legal id (an int) of the agent selected, alive: one every wrapper passes straight on?"""
        return self._steps.straight(action)

    def step(self, action: Any) -> None:
        steps = self._steps
        if steps.step(action):  # (usually: a legal int id of the agent selected)
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat, table = steps.seat_of[agent], self.table
        action = table.decode(action)
        reason = table.refusal(seat, action)  # raises in illegal="raise" mode, before anything changed
        # Every reward before the end is 0, so the cumulative rewards stay 0 until `end` gives the final ones.
        if reason is not None:
            steps.end(table.illegal_rewards([seat]))
            self.infos[agent] = {"illegal": reason}
            return
        steps.choose(action)

    def state(self) -> Any:
        """Every seat's vector end to end (`state_space`): docs/rl.md, "State for centralised critics"."""
        return self.table.state()

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        """Nothing to release: the env holds no window, file or process."""
