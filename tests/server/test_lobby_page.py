"""The page the server sends paints something before (and without) its script (issue 36): the lobby with the
games, each with its rules page; a room's link with a line saying the table is opening. (The browser's view
of it, with and without JavaScript, is tests/browser/test_first_paint.py.)"""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

import zdeck


def test_the_lobby_is_sent_with_every_game_and_its_rules(client: TestClient) -> None:
    page = client.get("/").text
    assert '<section id="lobby">' in page  # shown, not waiting for the script to show it
    listed = re.findall(r'<li class="game"><h3>(.*?)</h3>', page)
    assert [html.unescape(t) for t in listed] == [zdeck.game_class(g).title for g in zdeck.games()]
    for game_id in zdeck.games():
        assert f'<a href="/rules/{game_id}">Rules</a>' in page
    assert "<noscript>" in page and "needs JavaScript" in page and 'id="loading" class="muted" hidden' in page
    # the bots by level, in players' words: no engine bot name (random, greedy, ismcts ...) on the page
    alone = [g for g in zdeck.games() if zdeck.game_class(g).max_players == 1]
    assert page.count("bots to play against: easy, medium, hard") == len(zdeck.games()) - len(alone)
    assert page.count("bots to compare your score with: easy, medium, hard") == len(alone) == 1
    assert not re.search(r"\b(greedy|ismcts|cheap-winner)\b", page)


def test_a_rooms_link_is_sent_saying_the_table_is_opening(client: TestClient) -> None:
    page = client.get("/rooms/abc").text
    assert '<p id="loading" class="muted">Opening the table' in page and '<section id="lobby" hidden>' in page
