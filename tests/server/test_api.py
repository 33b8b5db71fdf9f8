"""The REST half: every endpoint, and each bad input answered with a message naming what is allowed."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

import zdeck
from zdeck.records import Record, replay


def make_room(client: TestClient, **body: object) -> str:
    response = client.post("/api/rooms", json={"game": "zipzap", "players": 2, **body})
    assert response.status_code == 201, response.text
    return str(response.json()["room"])


def test_games_lists_every_game_with_players_options_and_bots(client: TestClient) -> None:
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert sorted(listed) == zdeck.games()
    zoop = listed["zoop"]
    assert (zoop["min_players"], zoop["max_players"]) == (3, 8)
    assert zoop["bots"] == zdeck.bot_names("zoop")
    assert zoop["default_bot"] == "heuristic" and listed["zoker-memo"]["default_bot"] == "perfect"
    calls = next(o for o in zoop["options"] if o["name"] == "calls")
    assert calls == {"name": "calls", "default": "auto", "choices": ["auto", "strict"], "doc": calls["doc"],
                     "scope": "game", "min": None, "max": None}
    assert {o["name"] for o in zoop["options"] if o["scope"] == "table"} == {"clock", "race", "cover", "speed"}


def test_openapi_page_serves_the_rest_half(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/rooms", "/api/rooms/{room_id}", "/api/rooms/{room_id}/join",
            "/api/rooms/{room_id}/record"} <= set(paths)
    assert client.get("/docs").status_code == 200


def test_lobby_page_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "zdeck" in page.text and "/static/app.js" in page.text
    for path in ("/static/app.js", "/static/cards.js", "/static/table-kit.js", "/static/default-table.js",
                 "/games/zipzap/table.js"):  # a game's drawing is served from its folder (docs/browser.md)
        script = client.get(path)
        assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert client.get("/static/style.css").status_code == 200


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "nope"}, "known games: zar, zipzap"),
    ({"game": "zipzap", "players": 9}, "this game takes 2 to 6"),
    ({"game": "zipzap", "players": "two"}, "players"),
    ({"game": "zipzap", "options": {"scoring": "points"}}, "choose one of 'cards', 'wins'"),
    ({"game": "zipzap", "options": {"colour": 1}}, "unknown option(s) colour; allowed: rounds, scoring"),
    ({"game": "zipzap", "options": {"speed": -1}}, "speed=-1 is not allowed"),
    ({"game": "zipzap", "options": {"idle": "soon"}}, "idle='soon' is not allowed"),
    ({"game": "zipzap", "options": {"clock": 1}}, "clock=1 is not allowed: seconds from 2 to 600"),
    ({"game": "zipzap", "options": {"race": 0}}, "race=0 is not allowed: seconds from 1 to 60"),
    ({"game": "zipzap", "options": {"cover": "yes"}}, "cover='yes' is not allowed: true or false"),
    ({"game": "zipzap", "bots": {"1": "genius"}}, "choose a level (easy, medium, hard, strongest) or a bot: random, greedy"),
    ({"game": "zipzap", "players": 2, "bots": {"5": "random"}}, "not a seat of this table (0..1)"),
    ({"game": "zipzap", "bots": {"first": "random"}}, "not a seat"),
])
def test_bad_rooms_are_refused_naming_what_is_allowed(client: TestClient, body: dict[str, object], says: str) -> None:
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 422
    assert says in json.dumps(response.json()["detail"])


def test_room_lifecycle_over_rest(client: TestClient) -> None:
    room = make_room(client, bots={"1": "greedy"})
    listed = {r["room"]: r for r in client.get("/api/rooms").json()}
    assert listed[room]["status"] == "waiting" and listed[room]["seats_open"] == 1
    joined = client.post(f"/api/rooms/{room}/join", json={"name": "  Ann  "}).json()
    assert joined["seat"] == 0 and len(joined["token"]) >= 32
    assert set(joined["token"]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    info = client.get(f"/api/rooms/{room}").json()
    assert info["status"] == "playing" and info["seats"][0]["name"] == "Ann" and info["seats"][1]["kind"] == "bot"
    assert "token" not in json.dumps(info) and joined["token"] not in json.dumps(info)


def test_join_errors(client: TestClient) -> None:
    room = make_room(client, players=3, bots={"1": "greedy"})
    assert client.post("/api/rooms/nope/join", json={"name": "Ann"}).status_code == 404
    assert client.post(f"/api/rooms/{room}/join", json={"name": ""}).status_code == 422
    assert client.post(f"/api/rooms/{room}/join", json={"name": "x" * 41}).status_code == 422
    assert client.post(f"/api/rooms/{room}/join", json={}).status_code == 422
    bot_seat = client.post(f"/api/rooms/{room}/join", json={"name": "Ann", "seat": 1})
    assert bot_seat.status_code == 409 and "open seats: 0, 2" in bot_seat.json()["detail"]
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Ann", "seat": 7}).status_code == 422
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Ann", "seat": 2}).json()["seat"] == 2
    taken = client.post(f"/api/rooms/{room}/join", json={"name": "Bob", "seat": 2})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Bob"}).json()["seat"] == 0
    full = client.post(f"/api/rooms/{room}/join", json={"name": "Cy"})
    assert full.status_code == 409 and "no open seat" in full.json()["detail"]


def test_unknown_rooms_are_404(client: TestClient) -> None:
    assert client.get("/api/rooms/nope").status_code == 404
    assert client.get("/api/rooms/../etc").status_code == 404
    assert client.get("/api/rooms/nope/record").status_code == 404


def test_record_is_refused_until_the_game_is_over_then_replays(client: TestClient) -> None:
    room = make_room(client, players=2, options={"speed": 0.0, "rounds": 1})
    refused = client.get(f"/api/rooms/{room}/record")
    assert refused.status_code == 409 and "not over" in refused.json()["detail"]
    bots_only = make_room(client, players=3, bots={"0": "greedy", "1": "random", "2": "greedy"},
                          options={"speed": 0.0, "rounds": 1})
    for _ in range(400):
        if client.get(f"/api/rooms/{bots_only}").json()["over"]:
            break
        import time

        time.sleep(0.02)
    response = client.get(f"/api/rooms/{bots_only}/record")
    assert response.status_code == 200 and response.text.endswith("\n")
    record = Record.from_json(response.text)
    state = replay(record)
    assert state.is_over() and record.bots == ["greedy", "random", "greedy"]
    assert bots_only not in {r["room"] for r in client.get("/api/rooms").json()}  # over: no longer listed
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.sweep() >= 1 and bots_only not in hub.rooms  # a finished room nobody watches leaves memory ...
    assert client.get(f"/api/rooms/{bots_only}/record").text == response.text  # ... and is read back on demand


def test_a_room_survives_the_app(db_url: str) -> None:
    from zdeck.server import create_app

    with TestClient(create_app(db_url)) as first:
        room = make_room(first, bots={"1": "greedy"})
        token = first.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    with TestClient(create_app(db_url)) as second:
        info = second.get(f"/api/rooms/{room}").json()
        assert info["status"] == "playing" and info["seats"][0]["name"] == "Ann"
        with second.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
            assert ws.receive_json()["seat"] == 0
