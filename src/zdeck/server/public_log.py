"""What happened so far at a table, as everyone saw it: for a reload or a second device, which would otherwise
start with an empty log (docs/protocol.md, `GET /api/rooms/{room}/log`).

The room's actions are replayed from its seed (which never leaves the server) to learn each one's outcome. An
applied action is public (every seat saw its event, with its text); a card that came back or was penalised stays
its owner's secret, as in the events: only who it was and what happened to it is told.
"""

from __future__ import annotations

import asyncio
from functools import lru_cache
from typing import Any

from zdeck.core import Outcome, State
from zdeck.live.room import Room
from zdeck.records import Record, replay


async def public_log(room: Room) -> list[dict[str, Any]]:
    """The game's log so far: one entry per submission or timeout, in order. The actions are read at once (in the
    room's event loop); the replay runs in a worker thread."""
    actions = tuple(tuple(entry) for entry in room.actions)
    key = (room.game.id, room.game.players, tuple(sorted(room.game.options.items())), room.seed, actions,
           frozenset(room.covered_moves))
    return await asyncio.to_thread(_log, *key)


@lru_cache(maxsize=64)  # a page reloads a few times at most; the key holds every action, so it is never stale
def _log(game: str, players: int, options: tuple[tuple[str, Any], ...], seed: int,
         actions: tuple[tuple[Any, ...], ...], covered: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
    record = Record(game, players, dict(options), seed, actions=[list(a) for a in actions])
    made = record.make_game()
    log: list[dict[str, Any]] = []

    def told(index: int, _state: State, entry: list[Any], outcome: Outcome | None) -> None:
        if entry[0] is None:
            log.append({"kind": "timeout"})
            return
        late = len(entry) == 3
        shown = outcome is Outcome.APPLIED
        action = made.parse_action(entry[1]) if shown else None
        log.append({"kind": "action", "seat": entry[0], "outcome": outcome.value if outcome else None, "late": late,
                    "action": entry[1] if shown else None, "id": made.action_id(action) if action is not None else None,
                    "standin": index in covered})

    replay(record, told)
    return log
