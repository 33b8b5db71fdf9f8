"""An observation computed only when a bot reads it: what `zdeck.asking.ask` and the simulator give a bot.

Apart from `zdeck.asking` (compiled with the engine) because it is a `Mapping`: mypyc builds no class on an
abstract base class of the standard library, so this one stays a plain Python class.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from zdeck.core import State


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
