"""The ZAR heuristic bot: each of its habits, and that it beats random play."""

from __future__ import annotations

import zdeck
from tests.games.zar.helpers import game, k, play, scenario
from zdeck import RandomBot, Rng
from zdeck.decks.zar.actions import DRAW
from zdeck.decks.zar.bots import ZarHeuristicBot
from zdeck.decks.zar.state import ZarState
from zdeck.sim import play as sim_play


def choose(state: ZarState, seat: int) -> object:
    return ZarHeuristicBot().act(state.observation(seat), state.legal_actions(seat), Rng(7))


def test_registered() -> None:
    assert "heuristic" in zdeck.bot_names("zar")
    assert zdeck.make_bot("zar", "heuristic").name == "heuristic"


def test_matches_whenever_it_can_and_waits_otherwise() -> None:
    g = game(4, half_decks=3)
    s = scenario(
        g, {2: ["Blue Sun", "Blue Sun", "Red Moon", "Red Star"], 3: ["Red Moon", "Yellow Star"]}, ["Blue Sun"], owner=0
    )
    assert choose(s, 2) == play("Blue Sun", 2)  # the biggest match
    t = scenario(g, {2: ["Red Moon", "Red Star"]}, ["Blue Sun"], owner=0)
    assert t.legal_actions(2) == [] and 2 not in t.actors()


def test_holds_wasps_to_answer_wasps() -> None:
    g = game(3)
    s = scenario(
        g,
        {1: ["Blue Wasp", "Blue Moon", "Red Star", "Red Moon", "Yellow Star"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
    )
    assert choose(s, 1) == play("Blue Moon")
    w = scenario(
        g, {1: ["Red Wasp", "Blue Moon", "Red Star", "Red Moon", "Yellow Star"]}, ["Blue Wasp"], owner=0, stack=2
    )
    assert choose(w, 1) == play("Red Wasp")


def test_keeps_power_cards_and_chameleons_for_late() -> None:
    g = game(3, chameleons=1)
    s = scenario(
        g,
        {1: ["Winged Dragon", "Chameleon", "Blue Moon", "Red Star", "Red Moon", "Yellow Star"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
    )
    assert choose(s, 1) == play("Blue Moon")
    late = scenario(g, {1: ["Winged Dragon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    assert choose(late, 1).card == k("Winged Dragon")


def test_declares_what_it_holds_most_of() -> None:
    g = game(3)
    s = scenario(
        g,
        {1: ["Front-view Peacock", "Yellow Star", "Yellow Moon", "Red Cloud"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
    )
    assert choose(s, 1) == play("Front-view Peacock", declare="Yellow")
    d = scenario(
        g, {1: ["Unwinged Dragon", "Yellow Star", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=0, matchable=False
    )
    assert choose(d, 1) == play("Unwinged Dragon", declare="Stars")


def test_makes_the_right_strict_call() -> None:
    g = game(4, calls="strict", half_decks=3)
    s = scenario(g, {0: ["Red Star"], 2: ["Blue Sun", "Blue Sun", "Red Moon"]}, ["Blue Sun"], owner=0)
    action = choose(s, 2)
    assert str(action) == "ZAR'CH-DOUBLE: 2 Blue Sun"
    s.apply(2, action)
    assert s.penalties[2] == 0


def test_draws_when_it_must() -> None:
    g = game(3)
    s = scenario(g, {1: ["Red Moon", "Yellow Star"]}, ["Blue Sun"], owner=0, matchable=False)
    assert choose(s, 1) == DRAW


def test_beats_random_players() -> None:
    g = zdeck.make("zar", 3, half_decks=3, chameleons=2, target=40)
    wins = 0
    for seed in range(12):
        seat = seed % 3
        bots = [RandomBot() for _ in range(3)]
        bots[seat] = ZarHeuristicBot()
        final, _ = sim_play(g, bots, seed, keep_record=False)
        wins += seat in final.winners()
    assert wins >= 6  # a random seat would win about 4 of 12
