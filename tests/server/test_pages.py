"""The pages' side of the server: action faces by game and options, rules pages, a room's shareable link,
and the legal action ids in the state message."""

from __future__ import annotations

from fastapi.testclient import TestClient

import zdeck
from tests.server.helpers import state_of


def test_action_faces_follow_the_games_options(client: TestClient) -> None:
    plain = client.get("/api/games/zar/actions").json()
    spoken = client.get("/api/games/zar/actions", params={"calls": "rulebook"}).json()
    assert len(plain["faces"]) == zdeck.make("zar").num_distinct_actions()
    assert len(spoken["faces"]) == zdeck.make("zar", calls="rulebook").num_distinct_actions() > len(plain["faces"])
    assert spoken["options"]["calls"] == "rulebook"
    five = client.get("/api/games/zopzoo/actions", params={"players": 5}).json()
    assert five["players"] == 5 and len(five["faces"]) == zdeck.make("zopzoo", 5).num_distinct_actions()


def test_action_faces_refuse_bad_games_and_options_naming_what_is_wrong(client: TestClient) -> None:
    unknown = client.get("/api/games/nope/actions")
    assert unknown.status_code == 404 and "known games" in unknown.json()["detail"]
    answer = client.get("/api/games/zar/actions", params={"calls": "loud"})
    assert answer.status_code == 422 and "choose one of" in answer.json()["detail"]
    assert "unknown option" in client.get("/api/games/zar/actions", params={"colour": "1"}).json()["detail"]
    assert "players" in client.get("/api/games/zar/actions", params={"players": "99"}).json()["detail"]


def test_rules_pages_render_markdown_with_links_between_them(client: TestClient) -> None:
    page = client.get("/rules/zoker-kubo")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<h1>Zoker Kubo" in page.text and "<table>" in page.text and 'href="/rules/zoker-deck"' in page.text
    assert "Clarifications" in page.text
    for game_id in zdeck.games():
        assert client.get(f"/rules/{game_id}").status_code == 200
    assert client.get("/rules/zoker-deck").status_code == 200
    assert client.get("/rules/nope").status_code == 404
    assert client.get("/rules/..%2Fobservations").status_code == 404


def test_a_rooms_link_serves_the_page(client: TestClient) -> None:
    made = client.post("/api/rooms", json={"game": "zipzap", "players": 2, "bots": {"1": "greedy"}}).json()
    page = client.get(f"/rooms/{made['room']}")
    assert page.status_code == 200 and "/static/app.js" in page.text


def test_state_messages_send_the_id_of_each_legal_action(client: TestClient) -> None:
    made = client.post("/api/rooms", json={"game": "zoker-tiko", "players": 2, "bots": {"1": "random"},
                                           "options": {"speed": 50}}).json()
    token = client.post(f"/api/rooms/{made['room']}/join", json={"name": "Ann"}).json()["token"]
    game = zdeck.make("zoker-tiko", 2)
    with client.websocket_connect(f"/ws/rooms/{made['room']}?token={token}") as ws:
        for _ in range(40):
            state = state_of(ws)
            if state["legal"]:
                break
        assert state["legal"] and len(state["legal_ids"]) == len(state["legal"])
        for text, ident in zip(state["legal"], state["legal_ids"], strict=True):
            assert str(game.action_from_id(ident)) == text
            assert game.action_faces()[ident]["card"] in state["observation"]["hand"]
