"""PettingZoo's three classic wrappers, with the attributes every step reads taken straight from the bare env.

`zdeck.rl.env()` wraps as PettingZoo's classic envs do: `OrderEnforcingWrapper(AssertOutOfBoundsWrapper(
TerminateIllegalWrapper(raw_env)))`. Those wrappers find `agent_selection`, `terminations`, `infos`, ... through
a `__getattr__` per wrapper, and the out-of-bounds check asks the action space; measured, that plumbing cost
an AEC step more than the game and the env together (bench/rl_env.py, docs/rl.md "Speed"). These subclasses -
instances of PettingZoo's own classes, behaving as they do - read those attributes off the bare env at once and
check an int id in range without the space.
"""

from __future__ import annotations

from types import MethodType
from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from zdeck.rl.steps import Agents


class _Bare:
    """An attribute of the bare env, read through no wrapper; before `reset()` the order-enforcing wrapper's
    AttributeError, as PettingZoo's `__getattr__` gives it."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, wrapper: Any, owner: type | None = None) -> Any:
        if wrapper is None:
            return self
        if not wrapper.__dict__.get("_has_reset", True):  # (getattr would ask PettingZoo's `__getattr__`, which raises)
            raise AttributeError(f"{self.name} cannot be accessed before reset")
        return getattr(wrapper._steps, self.name)  # (the bare env's own, as its properties read them)


class _Direct:
    agent_selection = _Bare()
    agents = _Bare()
    terminations = _Bare()
    truncations = _Bare()
    rewards = _Bare()
    infos = _Bare()
    _cumulative_rewards = _Bare()

    def _keep_bare(self, env: AECEnv) -> None:
        self._bare = env.unwrapped
        self._steps = self._bare._steps  # (zdeck.rl.steps.AecSteps: where a legal step runs)


class TerminateIllegalWrapper(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's wrapper keeps each observation to read the last mask when the agent steps; the bare env says
    what the agent may do now (the same mask), so a legal step goes straight through and anything else takes
    PettingZoo's own path."""

    def __init__(self, env: AECEnv, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._keep_bare(env)

    def observe(self, agent: Any) -> Any:
        return self.env.observe(agent)

    def step(self, action: Any) -> None:
        if not self._terminated and self._bare.steps_straight(action):
            self.env.step(action)
            return
        wrappers.TerminateIllegalWrapper.observe(self, self._bare.agent_selection)  # (the mask PettingZoo's step reads)
        super().step(action)


class AssertOutOfBoundsWrapper(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._keep_bare(env)
        self._ids = env.unwrapped.table.actions + 1  # every agent's space: Discrete(ids)

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._ids:  # in the space, as `Discrete.contains` would say
            self.env.step(action)
        else:
            super().step(action)


class OrderEnforcingWrapper(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """The outermost wrapper: once reset, a legal id of the agent selected - which the two wrappers inside pass
    straight on - goes to the bare env at once, `last()` and `agent_iter()` read the bare env; anything else
    takes PettingZoo's own path through every wrapper."""

    def __init__(self, env: AECEnv) -> None:
        self._keep_bare(env)  # (first: PettingZoo's `__init__` sets `_has_updated`, kept by the bare env's steps)
        super().__init__(env)

    @property
    def _has_updated(self) -> bool:
        """PettingZoo's "stepped or reset since `agent_iter` gave an agent", kept where a legal step sets it."""
        return bool(self._steps.updated)

    @_has_updated.setter
    def _has_updated(self, value: bool) -> None:
        self._steps.updated = value

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options=options)
        if type(self) is OrderEnforcingWrapper:  # (a subclass's own `last`/`step`, if it has them, stay its own)
            # Once reset, `last` and `step` are the compiled methods themselves: a legal step then runs no Python
            # frame of this wrapper (~4% of a Zop Zoo step); anything else falls back to `step` below.
            self._steps.fallback = MethodType(OrderEnforcingWrapper.step, self)
            self.last, self.step = self._steps.last, self._steps.play  # type: ignore[method-assign]

    def step(self, action: Any) -> None:
        if self._has_reset:
            if self._steps.step(action):  # (taken, or nothing changed)
                return
            if action is None and self._dead():  # PettingZoo's step of an ended agent, which every wrapper passes on
                self._has_updated = True
                self._bare.step(None)
                return
        super().step(action)

    def _dead(self) -> bool:
        steps = self._steps
        agent, terminations = steps.agent_selection, steps.terminations
        return agent in terminations and bool(terminations[agent] or steps.truncations[agent])

    def observe(self, agent: Any) -> Any:
        """The bare env's observation, once reset (the two wrappers inside only pass it on)."""
        if not self._has_reset:
            wrappers.OrderEnforcingWrapper.observe(self, agent)  # (PettingZoo's error)
        return self._steps.observe(agent)

    def last(self, observe: bool = True) -> Any:
        if not self._has_reset:
            return super().last(observe)  # (PettingZoo's error)
        return self._steps.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """PettingZoo's order-enforcing iterator (compiled: `zdeck.rl.steps.Agents`)."""
        if not self._has_reset:
            return super().agent_iter(max_iter)  # (PettingZoo's error)
        return Agents(self._steps, max_iter, True)

    def __str__(self) -> str:
        return str(self.env)  # the env's name, as PettingZoo's own wrapper prints it
