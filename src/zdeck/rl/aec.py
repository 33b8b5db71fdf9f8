"""The PettingZoo AEC env: one agent acts at a time, every actor of a moment is asked in turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from zdeck.core import Action
from zdeck.rl import rewards
from zdeck.rl.base import DEFAULT_REACTION_MS, ENCODING, NONE, RENDER_MODES, Table, agent_name


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
        self._seat = {name: p for p, name in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]
        self._pending: list[int] = []  # the seats of this moment still to choose, the selected one first
        self._ids = NONE  # the legal ids of the seat selected while it is to choose ([] once nobody is)
        self._choices: dict[int, Action | None] = {}
        self._informed: list[str] = []  # the agents whose info holds the last moment's landing

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.start(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._informed = []
        self._next_moment()

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(self._seat[agent])

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last`, the selected seat's legal ids at hand for its mask."""
        agent = self.agent_selection
        observation = None
        if observe:
            observation = self.table.observe(self._seat[agent], self._ids if self._pending else None)
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def seat_of(self, agent: str) -> int:
        return self._seat[agent]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat, table = self._seat[agent], self.table
        if type(action) is not int or not self._pending or action not in self._ids:  # (usually a legal int id)
            action = table.decode(action)
            reason = table.refusal(seat, action)  # raises in illegal="raise" mode, before anything changed
            # Every reward before the end is 0, so the cumulative rewards stay 0 until `_end` gives the final ones.
            if reason is not None:
                self._end(table.illegal_rewards([seat]))
                self.infos[agent] = {"illegal": reason}
                return
        self._choices[seat] = table.choice(action)
        pending = self._pending
        pending.pop(0)
        if not pending:
            self._land()
        if pending:
            self._select(pending[0])

    def _select(self, seat: int) -> None:
        self.agent_selection = self.possible_agents[seat]
        self._ids = self.table.legal_ids(seat)

    def steps_straight(self, action: Any) -> bool:
        """Is `action` a legal id (an int) of the agent selected, alive: one every wrapper passes straight on?"""
        if type(action) is not int or not self._pending or action not in self._ids:
            return False
        agent = self.agent_selection
        return not (self.terminations[agent] or self.truncations[agent])

    def _land(self) -> None:
        referee = self.table.referee
        assert referee is not None
        landings = referee.land(self._choices)
        infos, names = self.infos, self.possible_agents
        for agent in self._informed:
            infos[agent] = {}
        informed = self._informed = []
        for seat, landing in landings:
            name = names[seat]
            informed.append(name)
            infos[name] = {"landing": landing.info()}
        if referee.moment is None:
            self._end(self.table.final_rewards())
        elif referee.moments >= self.table.max_moments:
            self.truncations = dict.fromkeys(self.agents, True)
            self._pending, self._ids = [], NONE
        else:
            self._next_moment()

    def _next_moment(self) -> None:
        referee = self.table.referee
        assert referee is not None
        self._choices = {}
        moment = referee.moment
        if moment is None:  # (a game that is over before anyone acts)
            self._end(self.table.final_rewards())
            return
        self._pending = list(moment.asked)
        self._select(moment.asked[0])

    def _end(self, final: list[float]) -> None:
        self.rewards = {agent: final[self._seat[agent]] for agent in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self._pending, self._ids = [], NONE
        self._accumulate_rewards()

    def state(self) -> Any:
        """Every seat's vector end to end (`state_space`): docs/rl.md, "State for centralised critics"."""
        return self.table.state()

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        """Nothing to release: the env holds no window, file or process."""
