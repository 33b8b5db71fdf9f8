"""Rounds end with a summary (issue 31): who went out or won the round, what each seat scored and why, in players'
words; then the table waits until the people at it are ready, or a short pause passes. Penalties say why and what
follows. On a virtual clock (`zdeck.live.clock`)."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

import zdeck
from tests.live.helpers import Nothing, Person, table
from zdeck.botspecs import default_bot
from zdeck.core import Outcome
from zdeck.live.clock import run_virtual
from zdeck.live.gamedata import table_data
from zdeck.live.room import BOTS_PAUSE_S, Room
from zdeck.live.settings import TableSettings
from zdeck.rng import Rng

# every game, with more than one round where the game has rounds
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("zipzap", 3, {"rounds": 2}),
    ("zoop", 3, {}),
    ("zopzoo", 2, {"target": 200}),
    ("zar", 3, {"hands": 2}),
    ("zoker-solo", 1, {}),
    ("zoker-memo", 2, {"deal": 8}),
    ("zoker-tiko", 2, {"rounds": 2}),
    ("zoker-kubo", 2, {"rounds": 2}),
]
ENGINE_WORDS = re.compile(r"\{|\}|\bp\d\b|\bversion\b|\bseat \d|\bNone\b|\bnull\b|_")


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_round_ends_with_a_summary_of_who_won_it_and_what_each_seat_scored_and_why(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    async def run() -> tuple[Room, Person, Person]:
        room, conns = await table(game_id, players, [], {p: default_bot(game_id) for p in range(players)}, seed=2,
                                  settings=TableSettings(speed=0.05), **options)
        while not room.state.is_over():
            await asyncio.sleep(1)
        late = Person(room, None)  # a watcher who comes once the game is over reads every round again
        room.attach(late)
        room.stop()
        return room, conns[None], late

    room, watcher, late = run_virtual(run())
    rounds = [m for _, m in watcher.events("round")]
    final = room.state.observation(None)
    assert [m["summary"]["seats"][0]["points"] for m in rounds] == [row[0] for row in final["round_scores"]]
    for number, message in enumerate(rounds, 1):
        summary = message["summary"]
        assert (message["round"], summary["round"], summary["final"]) == (number, number, number == len(rounds))
        assert summary["winners"] and summary["text"] and not ENGINE_WORDS.search(summary["text"]), summary["text"]
        for seat in summary["seats"]:
            assert re.fullmatch(r"\w+ · bot, (hard|strongest)", seat["name"]), seat["name"]  # the game's own bot: a level
            assert seat["points"] == final["round_scores"][number - 1][seat["seat"]]
            for line in seat["lines"]:
                assert line["text"] and not ENGINE_WORDS.search(line["text"]), line
            counted = [line["points"] for line in seat["lines"] if line["points"] is not None]
            if counted and game_id != "zoker-solo":  # the lines add up to what the seat scored
                assert sum(counted) == seat["points"], (game_id, seat)
        assert all(t["seat"] == s for s, t in enumerate(summary["seats"]))
    assert rounds[-1]["summary"]["leaders"] == final["winners"]
    first = next(m for _, m in late.heard if m["type"] == "state")
    assert first["summaries"] == [m["summary"] for m in rounds]
    # between rounds the table paused: nobody played, for the bots-only table's pause
    states = [(t, m) for t, m in watcher.heard if m["type"] == "state"]
    paused = [t for t, m in states if m["pause"]]
    assert bool(paused) == (len(rounds) > 1)
    if paused:
        resumed = next(t for t, m in watcher.events("resume"))
        assert round(resumed - paused[0], 6) == round(BOTS_PAUSE_S * 0.05, 6)
        assert not any(paused[0] < t < resumed for t, _ in watcher.events("action"))


def test_the_table_goes_on_once_its_people_are_ready_or_after_the_pause() -> None:
    async def run(ready: bool) -> tuple[float, float, dict[str, Any], dict[str, Any]]:
        room, conns = await table("zipzap", 3, people=[0, 1], bots={2: "greedy"}, playing=(0, 1),
                                  settings=TableSettings(speed=0.2, cover=False), rounds=2)
        ann = conns[0]
        conns[0].says_ready = conns[1].says_ready = ready
        while not ann.events("resume"):
            await asyncio.sleep(0.05)
        ended = ann.events("round")[0][0]
        pause = next(m for t, m in ann.heard if t >= ended and m["type"] == "state")["pause"]
        resumed, message = ann.events("resume")[0]
        room.stop()
        return ended, resumed, message, pause

    ended, resumed, message, pause = run_virtual(run(ready=True))
    assert pause["round"] == 1 and pause["ready"] == [] and pause["waiting"] == [0, 1]
    assert round(resumed - ended, 6) == 0.4 and message["round"] == 2  # both said ready 0.4 s after the summary
    ended, resumed, message, pause = run_virtual(run(ready=False))
    assert round(resumed - ended, 6) == round(table_data("zipzap").clock.pause * 0.2, 6)


def test_an_action_answering_the_next_round_waits_for_the_pause_to_end() -> None:
    async def run() -> None:
        room, conns = await table("zipzap", 2, people=[0], bots={1: "greedy"}, rounds=2,
                                  settings=TableSettings(speed=0.2))
        ann = conns[0]
        while room.pause is None:
            if 0 in room.state.actors():
                await room.handle(ann, json.dumps({"type": "act", "action": ann.last_state()["legal_ids"][0],
                                                   "seen": room.state.version}))
            await asyncio.sleep(0.05)
        state = ann.last_state()
        if state["legal_ids"]:
            await room.handle(ann, json.dumps({"type": "act", "action": state["legal_ids"][0],
                                               "seen": state["version"]}))
            assert ann.heard[-1][1]["type"] == "error" and "ready" in ann.heard[-1][1]["message"]
        await room.handle(ann, json.dumps({"type": "ready"}))
        assert ann.heard[-1][1] == {"type": "result", "outcome": "ready"}
        assert room.pause is None and ann.events("ready")[-1][1]["seat"] == 0
        room.stop()

    run_virtual(run())


def _penalised(game_id: str, players: int, options: dict[str, Any], wanted: Any) -> tuple[dict[str, Any], ...]:
    """Play random games until a seat may send an action `wanted(state, seat, action)` accepts; send it through a
    room with every seat a person, and return the event its sender heard and the one another seat heard."""
    game = zdeck.make(game_id, players, **options)
    rng = Rng(5)
    for seed in range(200):
        state = game.new_state(seed)
        while not state.is_over():
            found = next(((p, a) for p, legal in state.moves() for a in legal if wanted(state, p, a)), None)
            if found is not None:
                return asyncio.run(_send(state, *found))
            moves = state.moves()
            if not moves:
                state.timeout()
                continue
            player, legal = moves[rng.below(len(moves))]
            state.apply(player, legal[rng.below(len(legal))])
    raise AssertionError("no such moment in 200 games")


async def _send(state: Any, seat: int, action: Any) -> tuple[dict[str, Any], ...]:
    room = Room.new("p", state.game, {}, TableSettings(speed=100.0), Nothing(), seed=0)
    room.state = state
    conns = [Person(room, p) for p in range(state.game.players)]
    for p, conn in enumerate(conns):
        room.attach(conn)
        await room.join(["Ann", "Bob", "Cy", "Di"][p], p)
    await room.handle(conns[seat], json.dumps({"type": "act", "action": state.game.action_id(action),
                                               "seen": state.version}))
    room.stop()
    other = conns[(seat + 1) % len(conns)]
    return conns[seat].events("action")[-1][1], other.events("action")[-1][1]


def test_a_zoop_with_a_different_card_says_so_and_what_follows() -> None:
    from zdeck.decks.zoop.actions import Zoop

    def wrong(state: Any, seat: int, action: Any) -> bool:
        return isinstance(action, Zoop) and action.called and str(action.card) != state.observation(None)["top"]

    own, other = _penalised("zoop", 3, {"calls": "strict"}, wrong)
    assert own["outcome"] == other["outcome"] == Outcome.PENALISED.value and own["why"] == other["why"] == "wrong card"
    assert re.fullmatch(r"ZOOP! with a different card \(.+ is not the .+ on the pile\): it goes back to your hand and "
                        r"you draw one\.", own["reason"]), own["reason"]
    assert other["reason"].endswith(" called ZOOP! with a different card: it goes back to their hand and they draw one.")
    assert own["action"] and other["action"] is None  # the card stays its owner's secret


def test_a_missing_zar_call_says_what_was_due_and_what_follows() -> None:
    from zdeck.decks.zar.actions import Play

    def forgot(state: Any, seat: int, action: Any) -> bool:
        return isinstance(action, Play) and state.observation(None)["hand_sizes"][seat] - action.size == 1 \
            and action.call is not None and not action.call.zar

    own, other = _penalised("zar", 3, {"calls": "rulebook"}, forgot)
    assert own["why"] == "wrong call" and own["outcome"] == "penalised"
    assert own["reason"].endswith("but with one card left, ZAR must be said: the play stands and you draw a "
                                  "penalty card."), own["reason"]
    assert other["reason"].endswith(" did not say ZAR with one card left: the play stands and they draw a penalty card.")
