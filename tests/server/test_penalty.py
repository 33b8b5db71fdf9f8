"""A person's action the rules penalise: its sender hears `penalised` and which card it was; the others
hear that a penalty happened, and see what the rules show of it (a card drawn), never the cards."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import receive_until, state_of
from tests.server.test_hidden import strings


def test_a_silent_zoop_is_penalised_and_only_its_sender_hears_which_card(client: TestClient) -> None:
    # Zoop with calls=strict offers a ZOOP! without the call ("silent zoop <card>") to the seats out of turn
    # from the first card (every deal of 2,000 tried): the rules punish it - the card goes back to the hand
    # and its owner draws one.
    room = client.post("/api/rooms", json={"game": "zoop", "players": 3, "options": {"calls": "strict"}}).json()
    tokens = [client.post(f"/api/rooms/{room['room']}/join", json={"name": name}).json()["token"]
              for name in ("Ann", "Bob", "Cy")]
    sockets = [client.websocket_connect(f"/ws/rooms/{room['room']}?token={token}") for token in tokens]
    with sockets[0] as s0, sockets[1] as s1, sockets[2] as s2:
        ws = [s0, s1, s2]
        states = [state_of(w) for w in ws]
        seat = next(p for p, s in enumerate(states) if any(a.startswith("silent zoop ") for a in s["legal"]))
        silent = next(a for a in states[seat]["legal"] if a.startswith("silent zoop "))
        version = states[seat]["version"]
        ws[seat].send_text(json.dumps({"type": "act", "action": silent, "seen": version, "id": "z"}))
        answer, before = receive_until(ws[seat], lambda m: m["type"] in ("result", "error"))
        assert answer == {"type": "result", "outcome": "penalised", "version": version + 1, "id": "z"}
        own = next(m for m in before if m["type"] == "event" and m["kind"] == "action")
        assert (own["action"], own["outcome"], own["late"]) == (silent, "penalised", False)
        assert own["why"] == "no call"
        assert own["reason"] == "ZOOP! without calling it: it goes back to your hand and you draw one."
        hand_sizes = states[seat]["observation"]["hand_sizes"]
        for other in (p for p in range(3) if p != seat):
            event, _ = receive_until(ws[other], lambda m: m["type"] == "event" and m["kind"] == "action")
            assert (event["seat"], event["outcome"], event["action"], event["id"]) == (seat, "penalised", None, None)
            assert event["why"] == "no call" and silent.removeprefix("silent zoop ") not in json.dumps(event)
            assert event["reason"] == f"{['Ann', 'Bob', 'Cy'][seat]} played out of turn without calling ZOOP!: it goes " \
                                      "back to their hand and they draw one."
            shown, _ = receive_until(ws[other], lambda m: m["type"] == "state" and m["version"] == version + 1)
            sizes = shown["observation"]["hand_sizes"]
            assert sizes[seat] == hand_sizes[seat] + 1  # what the rules show: the penalised seat drew a card
            _hides_the_hand(client, room["room"], seat, other, [event, shown])


def _hides_the_hand(client: TestClient, room_id: str, seat: int, other: int, messages: list[dict[str, Any]]) -> None:
    """No card that `seat` holds and `other` cannot see (the silent ZOOP!'s card among them, back in the
    hand) appears in what `other` was sent."""
    state = client.app.state.hub.rooms[room_id].state  # type: ignore[attr-defined]
    hidden = set(state.observation(seat)["hand"]) - strings(state.observation(other))
    said = "\n".join(strings(messages))
    for secret in hidden:
        assert not re.search(rf"(?<![\w]){re.escape(secret)}(?![\w])", said), (secret, messages)
