"""What the AEC and Parallel envs do at every step, in native classes compiled with the engine (zdeck.compiled).

PettingZoo's env classes (`zdeck.rl.aec.ZdeckAEC`, `zdeck.rl.parallel.ZdeckParallel`) must subclass PettingZoo's
own, which are plain Python; the work of a step - who is selected, the seats of the moment still to choose, their
legal ids and masks, landing the choices through the referee, the infos, rewards, terminations and truncations
PettingZoo's API reads - lives here, in classes those envs forward to, so that a legal step runs as C rather than
as some hundred Python bytecodes (bench/rl_env_parts.py: "rest"). What a step hands out is never changed
afterwards: an observation, a mask and an info are made afresh for each step (a user may keep them), and a dict
of PettingZoo's API is changed in place only as PettingZoo's own envs change theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from zdeck.core import Action, State
from zdeck.rl.referee import WAIT, Landing, Moment, Referee
from zdeck.vectors import fast

Mask = npt.NDArray[np.int8]
NONE: Final[list[int]] = []  # the ids of a seat not asked (never changed)


class Encodes(Protocol):
    """A game's observation encoder (`zdeck.vectors.fast.StateEncoder`; bench/rl_env_parts.py puts a constant one
    in its place to time the rest)."""

    def encode(self, state: State, seat: int) -> npt.NDArray[np.float32]: ...


def landing_info(landing: Landing) -> dict[str, Any]:
    """A seat's info after a moment it was asked in (docs/rl.md, "Infos")."""
    return {"landing": {"outcome": landing.outcome, "action": landing.action, "first": landing.first}}


class AecSteps:
    """The AEC env's game in play, as PettingZoo's API shows it (`agents`, `agent_selection`, `rewards`,
    `_cumulative_rewards`, `terminations`, `truncations`, `infos`: the env's attributes are these), and its legal
    steps. At each moment the asked seats are selected one after the other in seat order; once all have chosen,
    the referee lands their choices and the next moment's first seat is selected."""

    def __init__(self, names: list[str], encoder: Encodes, actions: int, max_moments: int,
                 final: Callable[[], list[float]]) -> None:
        self.names = names
        self.seat_of = {name: p for p, name in enumerate(names)}
        self.encoder = encoder
        self.wait_id = actions  # the env's own action: hold back this moment
        self.blank: Mask = np.zeros(actions + 1, dtype=np.int8)
        self.table: tuple[Action, ...] = ()  # id -> action (the referee's `ActionIds.table`)
        self.max_moments = max_moments
        self.final = final  # the final rewards, by seat, of a game that is over
        self.referee: Referee | None = None
        self.agents: list[str] = []
        self.agent_selection = names[0]
        self.rewards: dict[str, Any] = {}
        self._cumulative_rewards: dict[str, Any] = {}
        self.terminations: dict[str, Any] = {}
        self.truncations: dict[str, Any] = {}
        self.infos: dict[str, Any] = {}
        self.pending: list[int] = []  # the seats of this moment still to choose, the selected one first
        self.legal: list[int] = NONE  # the selected seat's legal ids while it is to choose ([] once nobody is)
        self.choices: dict[int, Action | None] = {}  # this moment's, by seat
        self.informed: list[str] = []  # the agents whose info holds the last moment's landing
        self.updated = True  # stepped or reset since `agent_iter` last gave an agent (PettingZoo's `_has_updated`)
        self.fallback: Callable[[object], None] | None = None  # `play`'s way for anything but a legal id

    def reset(self, referee: Referee) -> None:
        """A new game: every agent in it, nothing rewarded or ended, nobody informed; the first moment asked."""
        assert referee.ids is not None, "the AEC env's referee lists the moments' legal ids"
        self.referee, self.table = referee, referee.ids.table
        agents = self.agents = list(self.names)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {agent: {} for agent in agents}
        self.informed = []
        self.updated = True
        self._next_moment()

    # -- what an agent sees ------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation vector and action mask (fresh arrays)."""
        return self.observe_seat(self.seat_of[agent])

    def observe_seat(self, seat: int) -> dict[str, Any]:
        referee = self.referee
        if referee is None:
            raise RuntimeError("call reset() before using the env")
        moment = referee.moment
        ids = NONE if moment is None else moment.ids.get(seat, NONE)
        return {"observation": self.encoder.encode(referee.state, seat), "action_mask": fast.mask(self.blank, ids)}

    def last(self, observe: bool = True) -> tuple[dict[str, Any] | None, Any, Any, Any, Any]:
        """PettingZoo's `last()`: the selected agent's observation, cumulative reward, termination, truncation, info."""
        agent = self.agent_selection
        observation = self.observe_seat(self.seat_of[agent]) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    # -- a step -------------------------------------------------------------------------------------
    def straight(self, action: object) -> bool:
        """Is `action` a legal id (an int) of the agent selected, alive: one every wrapper passes straight on?"""
        if type(action) is not int or not self.pending or action not in self.legal:
            return False
        agent = self.agent_selection
        return not (self.terminations[agent] or self.truncations[agent])

    def step(self, action: object) -> bool:
        """Take `action` if it is a legal id (an int) of the agent selected, alive, and say so; else change nothing
        and say no (the env's own `step` then decodes it, or refuses it, or steps a dead agent)."""
        if not self.straight(action):
            return False
        assert isinstance(action, int)
        self.choose(action)
        self.updated = True
        return True

    def play(self, action: object) -> None:
        """The wrapped env's `step` once reset (`zdeck.rl.wrappers`): a legal id of the agent selected taken here,
        anything else handed to `fallback` (PettingZoo's wrappers' own path, which a dead step also takes)."""
        if not self.step(action):
            assert self.fallback is not None, "play() is the wrapped env's step: it sets `fallback`"
            self.fallback(action)

    def choose(self, action_id: int) -> None:
        """The selected seat chooses this id (a legal one); the last seat of the moment to choose lands them all."""
        seat = self.pending.pop(0)
        self.choices[seat] = WAIT if action_id == self.wait_id else self.table[action_id]
        if self.pending:
            self._select(self.pending[0])
        else:
            self._land()

    def _select(self, seat: int) -> None:
        self.agent_selection = self.names[seat]
        moment = self.referee.moment if self.referee is not None else None
        assert moment is not None
        self.legal = moment.ids[seat]

    def _land(self) -> None:
        referee, moment = self.referee, self.referee.moment if self.referee is not None else None
        assert referee is not None and moment is not None  # (a local: `referee.moment` is read again once landed)
        asked = moment.asked
        if len(asked) == 1:
            landings = referee.land_one(asked[0], self.choices.get(asked[0]))
        else:
            landings = referee.land(self.choices)
        infos, names = self.infos, self.names
        now = [names[seat] for seat, _ in landings]
        for agent in self.informed:
            if agent not in now:
                infos[agent] = {}
        for seat, landing in landings:
            infos[names[seat]] = landing_info(landing)
        self.informed = now
        if referee.moment is None:
            self.end(self.final())
        elif referee.moments >= self.max_moments:
            self.truncations = dict.fromkeys(self.agents, True)
            self.pending, self.legal = [], NONE
        else:
            self._next_moment()

    def _next_moment(self) -> None:
        referee = self.referee
        assert referee is not None
        self.choices = {}
        moment = referee.moment
        if moment is None:  # (a game that is over before anyone acts)
            self.end(self.final())
            return
        self.pending = list(moment.asked)
        self._select(moment.asked[0])

    def end(self, final: list[float]) -> None:
        """The game is over: these rewards (by seat), every agent terminated."""
        seat_of = self.seat_of
        self.rewards = {agent: final[seat_of[agent]] for agent in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self.pending, self.legal = [], NONE
        cumulative = self._cumulative_rewards
        for agent, reward in self.rewards.items():  # (PettingZoo's `_accumulate_rewards`)
            cumulative[agent] += reward


class Agents:
    """`agent_iter()`'s iterator over an AEC env's game: the agent selected, while any agent is in the game, at most
    `max_iter` times; `ordered` (PettingZoo's order-enforcing wrapper) also asserts the env was stepped or reset
    between two agents, as PettingZoo's own iterator does."""

    def __init__(self, steps: AecSteps, max_iter: int, ordered: bool) -> None:
        self.steps, self.left, self.ordered = steps, max_iter, ordered

    def __iter__(self) -> Agents:
        return self

    def __next__(self) -> str:
        steps = self.steps
        if not steps.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        if self.ordered:
            if not steps.updated:
                raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
            steps.updated = False
        return steps.agent_selection


Step = tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any], dict[str, dict[str, Any]]]


class ParallelSteps:
    """The Parallel env's game in play (`referee`, set at each reset), its live agents (`agents`: the env's attribute
    is this) and its legal steps, whole: every seat asked at this moment gives its id together, the referee lands
    them, and every live agent is shown the next moment - every seat's vector in one block (`encode_all`) and every
    mask in another, each agent handed its rows (views: fresh blocks at every step, never written again) - with
    PettingZoo's four other dicts."""

    def __init__(self, names: list[str], encoder: fast.StateEncoder, actions: int, max_moments: int,
                 final: Callable[[], list[float]]) -> None:
        self.names = names
        self.seat_of = {name: p for p, name in enumerate(names)}
        self.encoder = encoder
        self.wait_id = actions
        self.width = actions + 1  # a mask's length: every id of the env's, the wait's last
        self.zeros_bytes = bytes(len(names) * self.width)  # every seat's mask, before the ids
        self.mask_shape, self.mask_type = (len(names), self.width), np.dtype(np.int8)  # (made once, not per step)
        self.max_moments = max_moments
        self.final = final  # the final rewards, by seat, of a game that is over
        self.referee: Referee | None = None
        self.agents: list[str] = []
        # What a step in play returns for rewards, terminations and truncations, copied (a dict's copy is one C call;
        # a comprehension hashes and inserts every key anew)
        self.zeros: dict[str, Any] = {name: 0.0 for name in names}
        self.falses: dict[str, Any] = {name: False for name in names}
        self.fallback: Callable[[object], Step] | None = None  # `play`'s way for anything but a legal step

    def play(self, actions: object) -> Step:
        """The env's `step` once reset (`zdeck.rl.parallel`): a legal step of `referee` taken here, anything else
        handed to `fallback` (the env class's own `step`, which says what is wrong, decodes numpy ids, refuses, or
        says the game is over)."""
        stepped = self.step(self.referee, actions)
        if stepped is not None:
            return stepped
        assert self.fallback is not None, "play() is the env's step: it sets `fallback`"
        return self.fallback(actions)

    def step(self, referee: Referee | None, actions: object) -> Step | None:
        """The step's return when every asked seat gave an int id it may choose now (the usual case); None, having
        changed nothing, for anything else (the env's own `step` then says what is wrong, decodes numpy ids,
        refuses, or says the game is over)."""
        if referee is None or not self.agents:
            return None
        infos = self.land(referee, self.agents, actions)
        return None if infos is None else self.after(referee, infos)

    def land(self, referee: Referee, agents: list[str], actions: object) -> dict[str, dict[str, Any]] | None:
        """Land the asked seats' ids (`actions`: agent -> id) when every one is an int id the seat may choose now,
        and return every live agent's info; None, having changed nothing, for anything else."""
        moment = referee.moment
        if moment is None or type(actions) is not dict:
            return None
        assert isinstance(actions, dict)
        seat_of, table = self.seat_of, referee.ids
        assert table is not None
        choices: dict[int, Action | None] = {}
        proposer, proposals = -1, 0
        for agent, action in actions.items():
            seat = seat_of.get(agent, -1)
            if seat < 0 or type(action) is not int:
                return None
            assert isinstance(action, int)
            ids = moment.ids.get(seat)
            if ids is None:  # (not asked: whatever it sends is not read, if it is an id of the env)
                if not 0 <= action <= self.wait_id:
                    return None
                continue
            if action not in ids:
                return None
            if action == self.wait_id:
                choices[seat] = WAIT
            else:
                choices[seat] = table.table[action]
                proposer, proposals = seat, proposals + 1
        asked = moment.asked
        if len(choices) < len(asked):
            return None  # (an asked seat gave no action)
        if len(asked) == 1:
            landings = referee.land_one(asked[0], choices[asked[0]])
        elif proposals == 1:  # (the usual race: one proposal, the others wait)
            landings = referee.land_alone(proposer, choices[proposer])
        else:
            landings = referee.land(choices)
        names = self.names
        if len(agents) == len(names):  # (every agent in play: each seat's info made once, in seat order)
            landed: list[Landing | None] = [None] * len(names)
            for seat, landing in landings:
                landed[seat] = landing
            return {name: {} if landing is None else landing_info(landing) for name, landing in zip(names, landed)}
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        for seat, landing in landings:
            infos[names[seat]] = landing_info(landing)
        return infos

    def after(self, referee: Referee, infos: dict[str, dict[str, Any]]) -> Step:
        """The step's return once the moment landed: the game goes on, is over, or is cut at `max_moments`."""
        agents = self.agents
        if referee.moment is None:
            return self.finish(referee, self.final(), infos, False)
        if referee.moments >= self.max_moments:
            return self.finish(referee, [0.0] * len(self.names), infos, True)
        if len(agents) == len(self.names):  # (every agent: the game in play)
            return self.observations(referee, agents), self.zeros.copy(), self.falses.copy(), self.falses.copy(), infos
        return (self.observations(referee, agents), {agent: 0.0 for agent in agents},
                {agent: False for agent in agents}, {agent: False for agent in agents}, infos)

    def finish(self, referee: Referee, final: list[float], infos: dict[str, dict[str, Any]], truncated: bool) -> Step:
        """The last step's return (every live agent's last observation and its reward, `final` by seat), after
        which no agent is live."""
        live, seat_of = self.agents, self.seat_of
        observations = self.observations(referee, live)
        self.agents = []
        return (observations, {agent: final[seat_of[agent]] for agent in live},
                {agent: not truncated for agent in live}, {agent: truncated for agent in live}, infos)

    def observations(self, referee: Referee, agents: list[str]) -> dict[str, Any]:
        """Every live agent's observation and mask: its rows of one block of vectors and one of masks (fresh)."""
        names, width = self.names, self.width
        players = len(names)
        vectors = self.encoder.encode_all(referee.state)
        # The masks are marked in a fresh bytearray, then wrapped as one numpy block (which holds the bytearray and
        # is its only holder): a bytearray's item store is a C call, a numpy array's goes through numpy's indexing
        # (~2x dearer an id), and the block costs about what a copy of a zero block does.
        marks = bytearray(self.zeros_bytes)
        moment = referee.moment
        if moment is not None:
            for seat, ids in moment.ids.items():
                at = seat * width
                for i in ids:
                    marks[at + i] = 1
        masks = np.ndarray(self.mask_shape, self.mask_type, marks)
        seen: dict[str, Any] = {}
        if len(agents) == players:  # (every agent, in seat order: the game in play)
            # Every row at once by iterating both blocks together, stopped by `range` before numpy's IndexError
            # (whose formatted message costs more than the rows): cheaper than indexing each row.
            for seat, vector_row, mask_row in zip(range(players), vectors, masks):
                seen[names[seat]] = {"observation": vector_row, "action_mask": mask_row}
            return seen
        seat_of = self.seat_of
        for agent in agents:
            seat = seat_of[agent]
            seen[agent] = {"observation": vectors[seat], "action_mask": masks[seat]}
        return seen


def moment_ids(moment: Moment | None, seat: int) -> list[int]:
    """The ids `seat` may choose at this moment ([] when it is not asked or the game is over)."""
    return NONE if moment is None else moment.ids.get(seat, NONE)
