"""What one seat (or a spectator) of a live table may see and do: the `state` message of
docs/protocol.md, built from public facts and the seat's own view only.

Nothing here may depend on another seat's hidden cards. In particular no message says which
other seats may act now: in a race that set is "who holds a card that follows", in Zoop and ZAR
"who holds the identical card" or "a Cage". A seat learns whether *it* may act (its own `legal`),
whose turn it is where the rules give one (the observation's `turn`), what the table is doing
(the observation's `phase`: a race or a call window open to everyone), and who acted (events).
tests/server/test_leaks.py holds every message to this: re-deal the other seats' hidden cards
and a seat's messages must not change.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from zdeck.live.sized_cache import SizedCache

if TYPE_CHECKING:
    from zdeck.core import Game
    from zdeck.live.room import Room

PROTOCOL = 2  # docs/protocol.md: bumped when a change is not one old clients can ignore


def state_message(room: Room, seat: int | None) -> dict[str, Any]:
    """The `state` message for `seat` (None: a spectator)."""
    state, started = room.state, room.started
    over = state.is_over()
    # the room may ask who acts (`actors`); only this seat's own answer leaves it
    listed = state.legal_actions(seat) if started and seat is not None and seat in state.actors() else []
    return {
        "type": "state", "protocol": PROTOCOL, "room": room.id, "game": room.game.id, "title": room.game.title,
        "options": dict(room.game.options), "settings": room.settings.as_dict(), "number": room.number,
        "status": room.status, "version": state.version, "seat": seat, "observation": state.observation(seat),
        "legal": [str(a) for a in listed], "legal_ids": [room.game.action_id(a) for a in listed],
        "seats": [s.public(room.game.id) for s in room.seats], "over": over,
        "scores": list(state.scores()) if over else None, "winners": list(state.winners()) if over else None,
        "pause": room.pause_info(), "turn_clock": room.turn_clock(), "table_status": room.presence()["table"],
    }


# The table texts kept for the next connection, within this size in all: the biggest a server allows (20,000
# actions: ZAR with 16 half decks and 10 Chameleons) is about 7 MB, a usual one a few KB.
TABLES_KEPT_BYTES = 32 * 1024 * 1024
_TABLES: SizedCache[str] = SizedCache()


def table_text(game: Game) -> str:
    """What the first `state` message of a connection adds, as JSON text to splice in: the game's action
    texts and faces by action id, and its card faces. The same for every seat and moment: it hides nothing.
    A big table takes a tenth of a second or two to describe: a server asks for it in a worker thread first
    (`zdeck.server.app`), and the connection finds it kept."""
    key = json.dumps(game.describe(), sort_keys=True)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES.put(key, _table_text(key), TABLES_KEPT_BYTES)
    return found


def _table_text(described: str) -> str:
    """Encoded face by face (in a worker thread, the event loop gets its turns in between), from a game of its
    own: the faces it keeps go with it, not with the room's game."""
    from zdeck.registry import make

    head = json.loads(described)
    game = make(head["game"], head["players"], **head["options"])
    texts = json.dumps([str(game.action_from_id(i)) for i in range(game.num_distinct_actions())],
                       separators=(",", ":"))
    faces = ",".join(json.dumps(face, separators=(",", ":")) for face in game.action_faces())
    cards = json.dumps(game.card_faces(), separators=(",", ":"))
    return f'{{"texts":{texts},"faces":[{faces}],"cards":{cards}}}'
