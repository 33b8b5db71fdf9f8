"""GET /api/games/{id}/cards: every game's card faces, for its players and options, and bad requests refused."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import zdeck


@pytest.mark.parametrize("game_id", zdeck.games())
def test_cards_serves_the_games_card_faces(client: TestClient, game_id: str) -> None:
    response = client.get(f"/api/games/{game_id}/cards")
    assert response.status_code == 200, response.text
    assert response.json() == zdeck.make(game_id).card_faces()
    assert list(response.json()) == list(zdeck.make(game_id).card_faces()), "the deck's order is kept"


def test_cards_follow_the_players_and_options_in_the_query(client: TestClient) -> None:
    zoop = client.get("/api/games/zoop/cards", params={"players": 5, "colours": 5}).json()
    assert zoop == zdeck.make("zoop", players=5, colours=5).card_faces()
    assert zoop["1 purple rabbit"]["colour"] == "purple" and "1 orange rabbit" not in zoop
    zar = client.get("/api/games/zar/cards?chameleons=1&scoring=count").json()
    assert zar["Chameleon"]["points"] == 1 and zar["Winged Dragon"]["points"] == 1
    assert "Chameleon" not in client.get("/api/games/zar/cards").json()
    wins = client.get("/api/games/zipzap/cards?scoring=wins&rounds=null").json()
    assert wins["red 4"]["points"] is None and wins["red 4"]["number"] == 4


def test_an_unknown_game_is_a_404_naming_the_known_ones(client: TestClient) -> None:
    response = client.get("/api/games/poker/cards")
    assert response.status_code == 404
    assert response.json()["detail"] == f"no game 'poker'; known games: {', '.join(zdeck.games())}"


@pytest.mark.parametrize(("query", "says"), [
    ("players=9", "this game takes 2 to 6"),
    ("players=two", "players must be an integer"),
    ("scoring=points", "choose one of 'cards', 'wins'"),
    ("colour=1", "unknown option(s) colour; allowed: rounds, scoring"),
    ("rounds=" + "9" * 5000, "rounds="),
])
def test_bad_queries_are_refused_naming_what_is_allowed(client: TestClient, query: str, says: str) -> None:
    response = client.get(f"/api/games/zipzap/cards?{query}")
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert says in detail and len(detail) < 300, detail
