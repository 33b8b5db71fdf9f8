"""A person who leaves never freezes a table (issue 31), end to end: a real `zdeck serve` on loopback, a Zip Zap
table of two people and two bots at the medium level. Ann plays, then closes her connection mid-game: within the
time a reload takes (`AWAY_S`) a bot covers her seat, everyone is told (`covered_by`), the lobby says the table is
covered, and the game goes on for Bob (its rounds summed up). Ann reconnects with her token and has her seat back: she plays again, and
her first state brings the rounds played while she was away."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import websockets

from tests.server.conftest import ServerProcess
from zdeck.live.room import AWAY_S


class Player:
    """A person's connection that plays the first legal action of every state it may act in, after `think` s, and
    says it is ready after a round; it keeps what it hears with the time it came."""

    def __init__(self, url: str, think: float = 0.15) -> None:
        self.url, self.think = url, think
        self.heard: list[tuple[float, dict[str, Any]]] = []
        self.playing = True

    async def run(self, until: Any) -> None:
        async with websockets.connect(self.url, max_size=None) as ws:
            while not until(self):
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=0.2)
                except TimeoutError:
                    continue
                message = json.loads(text)
                self.heard.append((time.monotonic(), message))
                if message["type"] != "state" or not self.playing or message["over"]:
                    continue
                if message["pause"] and message["seat"] in message["pause"]["waiting"]:
                    await ws.send(json.dumps({"type": "ready"}))
                elif message["legal_ids"]:
                    await asyncio.sleep(self.think)
                    await ws.send(json.dumps({"type": "act", "action": message["legal_ids"][0],
                                              "seen": message["version"]}))

    def events(self, kind: str) -> list[tuple[float, dict[str, Any]]]:
        return [(t, m) for t, m in self.heard if m["type"] == "event" and m["kind"] == kind]

    def states(self) -> list[dict[str, Any]]:
        return [m for _, m in self.heard if m["type"] == "state"]


def test_a_person_who_leaves_is_covered_the_game_goes_on_and_they_get_their_seat_back(server: ServerProcess) -> None:
    room = server.post("/api/rooms", {"game": "zipzap", "players": 4, "bots": {"2": "medium", "3": "medium"},
                                      "options": {"rounds": 3, "speed": 0.2}})["room"]
    tokens = [server.post(f"/api/rooms/{room}/join", {"name": name})["token"] for name in ("Ann", "Bob")]
    urls = [f"{server.ws}/ws/rooms/{room}?token={token}" for token in tokens]
    ann, bob, ann_again = Player(urls[0]), Player(urls[1]), Player(urls[0])
    lobby: list[dict[str, Any]] = []

    def ann_leaves(me: Player) -> bool:
        return sum(1 for _, m in me.events("action") if m["seat"] == 0 and m["by"] == "person") >= 3

    def covered_a_while(me: Player) -> bool:  # covered, and the bot covering Ann has played for her
        covered = [t for t, m in me.events("standin") if m["seat"] == 0]
        return bool(covered) and any(t > covered[0] and m["seat"] == 0 and m["by"] == "standin"
                                     for t, m in me.events("action"))

    def bob_is_done(me: Player) -> bool:  # once Ann is back: when he has heard it (his messages may lag behind hers)
        if not lobby or "left" not in lobby[-1]:
            return False
        told = any(m["seat"] == 0 for _, m in me.events("handback")) or any(s["over"] for s in me.states())
        return told or time.monotonic() - lobby[-1]["back"] > 30

    async def play() -> None:
        bob_plays = asyncio.create_task(bob.run(bob_is_done))
        await ann.run(ann_leaves)
        left = time.monotonic()
        while not covered_a_while(bob):
            assert time.monotonic() - left < 30, "Ann's seat was never covered"
            await asyncio.sleep(0.1)
        lobby.append(next(r for r in server.get("/api/rooms") if r["room"] == room))
        await ann_again.run(lambda me: bool(me.states()) and (me.states()[-1]["over"] or any(
            m["seat"] == 0 and m["by"] == "person" and m["outcome"] == "applied" for _, m in me.events("action"))))
        lobby.append({"left": left, "back": time.monotonic()})
        await bob_plays

    asyncio.run(asyncio.wait_for(play(), timeout=180))
    left = lobby[1]["left"]
    when, covered = next((t, m) for t, m in bob.events("standin") if m["seat"] == 0)
    assert covered["why"] == "away" and when - left < AWAY_S + 2.0  # (the wall clock of a loaded machine)
    shown = next(m for t, m in bob.heard if t >= when and m["type"] == "state")["seats"][0]
    assert shown["covered_by"]["why"] == "away" and not shown["connected"] and shown["name"] == "Ann"
    assert (lobby[0]["table"], lobby[0]["present"], lobby[0]["covered"]) == ("covered", 1, 1)
    assert lobby[0]["label"] == "playing with 1 person; a bot covers Ann"
    played = [m for t, m in bob.events("action") if t > when and m["seat"] == 0]
    assert played and all(m["by"] == "standin" for m in played[:1]), "the game went on with Ann's seat covered"
    back = ann_again.states()[0]
    assert back["seats"][0]["covered_by"] is None and back["seats"][0]["connected"]
    assert back["summaries"] == [m["summary"] for t, m in bob.events("round") if t < ann_again.heard[0][0]]
    assert any(m["seat"] == 0 for _, m in bob.events("handback"))
    assert any(m["seat"] == 0 and m["by"] == "person" for _, m in ann_again.events("action")) or back["over"]
    assert [s["name"].split(" · ")[1] for s in bob.states()[-1]["seats"][2:]] == ["bot, medium", "bot, medium"]


def test_a_person_silent_on_their_turn_is_covered_when_their_clock_runs_out_and_ready_ends_the_pause(
        server: ServerProcess) -> None:
    """Tiko, one person and the hard bot, a 2 s turn clock: the person sits silent on their turn - a bot covers
    the seat as the clock shown (`turn_clock`) runs out, and everyone is told why ("clock"); `back` hands the seat
    back. At the end of the first round everyone gets its summary, and the person's `ready` ends the pause at once
    (the table's own pause is 15 s)."""
    room = server.post("/api/rooms", {"game": "zoker-tiko", "players": 2, "bots": {"1": "hard"},
                                      "options": {"rounds": 2, "clock": 2, "speed": 0.1}})["room"]
    token = server.post(f"/api/rooms/{room}/join", {"name": "Ann"})["token"]
    heard: list[tuple[float, dict[str, Any]]] = []

    async def receive(ws: Any, until: Any) -> dict[str, Any]:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            heard.append((time.time(), message))
            if until(message):
                return message

    async def play() -> None:
        async with websockets.connect(f"{server.ws}/ws/rooms/{room}?token={token}", max_size=None) as ws:
            mine = await receive(ws, lambda m: m["type"] == "state" and m["turn_clock"] is not None)
            assert mine["turn_clock"]["seat"] == 0 and mine["turn_clock"]["seconds"] == 2.0
            await receive(ws, lambda m: m.get("kind") == "standin")  # Ann says nothing
            await ws.send(json.dumps({"type": "back"}))
            await receive(ws, lambda m: m.get("kind") == "handback")
            while True:  # Ann plays her first card until the round ends
                message = await receive(ws, lambda m: m["type"] == "state" or m.get("kind") == "round")
                if message["type"] == "event":
                    break
                if message["legal_ids"] and not message["pause"]:
                    await ws.send(json.dumps({"type": "act", "action": message["legal_ids"][0],
                                              "seen": message["version"]}))
            paused = await receive(ws, lambda m: m["type"] == "state" and m["pause"] is not None)
            assert paused["pause"]["waiting"] == [0] and paused["pause"]["round"] == 1
            await ws.send(json.dumps({"type": "ready"}))
            await receive(ws, lambda m: m.get("kind") == "resume")

    asyncio.run(asyncio.wait_for(play(), timeout=120))
    clock = next(m for _, m in heard if m["type"] == "state" and m["turn_clock"])["turn_clock"]
    covered_at, covered = next((t, m) for t, m in heard if m.get("kind") == "standin")
    assert (covered["seat"], covered["why"], covered["level"]) == (0, "clock", "hard")
    assert clock["ends"] - 0.1 <= covered_at < clock["ends"] + 2.0  # (the wall clock of a loaded machine)
    summary = next(m for _, m in heard if m.get("kind") == "round")["summary"]
    assert summary["round"] == 1 and summary["text"] and summary["seats"][0]["name"] == "Ann"
    ready_at = next(t for t, m in heard if m.get("kind") == "ready")
    resumed_at = next(t for t, m in heard if m.get("kind") == "resume")
    assert resumed_at - ready_at < 2.0, "the pause ended when the only person at the table was ready"
