"""One scenario per ZAR rule; every worked example of the extended rules and its FAQ answer.

Seats are 0-based: the rulebook's "Player 1" is seat 0.
"""

from __future__ import annotations

from collections import Counter

import pytest

import zdeck
from tests.games.zar.helpers import game, k, play, scenario, spoken
from zdeck import IllegalAction, Outcome, RandomBot
from zdeck.decks.zar.actions import DRAW, PASS, Call
from zdeck.decks.zar.cards import CHAMELEON, IS_POWER, KINDS, PLAIN_KINDS, deal_size, full_deck, points_table
from zdeck.sim import run

# -- the deck ------------------------------------------------------------------------------


def test_deck_has_31_distinct_cards_per_half_deck_plus_a_blank() -> None:
    categories = Counter(kind.category for kind in KINDS)
    assert categories == {"symbol": 18, "command": 9, "power": 4, "chameleon": 1}
    assert len({kind.name for kind in KINDS}) == 32


@pytest.mark.parametrize("half_decks", [2, 3, 4, 7])
def test_n_half_decks_hold_n_copies_of_every_card(half_decks: int) -> None:
    deck = Counter(full_deck(half_decks, chameleons=1))
    assert all(deck[card] == half_decks for card in range(PLAIN_KINDS))
    assert deck[CHAMELEON] == 1
    assert sum(deck.values()) == 31 * half_decks + 1


def test_winged_and_unwinged_dragons_are_different_cards() -> None:
    g = game(3)
    s = scenario(
        g,
        {0: ["Red Sun"], 1: ["Unwinged Dragon", "Blue Moon", "Red Star"], 2: ["Winged Dragon", "Blue Star"]},
        ["Blue Sun", "Winged Dragon"],
        declared="Suns",
        owner=0,
        turn=2,
    )
    assert s.actors() == (2,)  # seat 1's Unwinged Dragon does not match the Winged one
    s.turn = 1
    assert [str(a) for a in s.legal_actions(2)] == [
        f"Winged Dragon declare {d}"
        for d in ("Clouds", "Galaxies", "Lightning Bolts", "Moons", "Stars", "Suns", "Crabs", "Frogs", "Wasps")
    ]
    s.apply(1, play("Unwinged Dragon", declare="Moons"))  # in turn: a plain Power play, not a match
    assert s.sizes[0] == 1 and spoken(s) == "MOONS"


def test_front_view_and_side_view_peacocks_are_different_cards() -> None:
    g = game(3)
    s = scenario(
        g,
        {0: ["Red Sun"], 1: ["Blue Moon"], 2: ["Side-view Peacock", "Blue Star"]},
        ["Blue Sun", "Front-view Peacock"],
        declared="Red",
        owner=0,
        turn=1,
    )
    assert 2 not in s.actors()  # a Side-view Peacock does not match a Front-view one


# -- starting a hand ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players,half_decks,cap,size",
    [
        (2, 2, False, 8),
        (4, 2, False, 6),
        (7, 2, False, 3),
        (9, 2, False, 3),
        (2, 2, True, 7),
        (2, 3, False, 10),
        (5, 3, False, 10),
        (6, 4, False, 9),
        (12, 3, False, 3),
        (14, 5, False, 3),
        (4, 4, True, 7),
    ],
)
def test_deal_size(players: int, half_decks: int, cap: bool, size: int) -> None:
    assert deal_size(players, half_decks, cap) == size
    g = zdeck.make("zar", players, half_decks=half_decks, seven_card_cap=cap)
    s = g.new_state(3)
    assert s.sizes == [size] * players


def test_player_ranges() -> None:
    assert zdeck.make("zar", 9).players == 9
    with pytest.raises(ValueError):
        zdeck.make("zar", 10)
    assert zdeck.make("zar", 14, half_decks=3).players == 14
    with pytest.raises(ValueError):
        zdeck.make("zar", 15, half_decks=4)
    with pytest.raises(ValueError):
        zdeck.make("zar", 3, chameleons=3)  # only one blank card per half deck
    with pytest.raises(ValueError):
        zdeck.make("zar", 3, hands=None, target=None)


def test_first_card_is_never_a_power_card() -> None:
    g = game(4, half_decks=3, chameleons=3)
    for seed in range(60):
        s = g.new_state(seed)
        assert not IS_POWER[s.pile[-1]] and s.pile[-1] != CHAMELEON


def _seed_with_first(g: zdeck.Game, command: str) -> object:
    for seed in range(500):
        s = g.new_state(seed)
        if KINDS[s.pile[-1]].name.endswith(command):
            return s
    raise AssertionError(f"no seed starts with a {command}")


def test_first_card_counts_as_the_dealers_and_play_goes_on_from_the_dealer() -> None:
    s = next(t for t in map(game(4).new_state, range(50)) if KINDS[t.pile[-1]].category == "symbol")
    assert s.dealer == 0 and s.owner == 0 and s.count == 1 and s.matchable
    assert s.turn == 1 and s.direction == 1 and s.stack == 0


def test_first_card_crab_reverses_the_direction() -> None:
    s = _seed_with_first(game(4), "Crab")
    assert s.direction == -1 and s.turn == 3  # play goes on counter-clockwise from the dealer


def test_first_card_frog_skips_and_wasp_makes_the_next_player_draw() -> None:
    frog = _seed_with_first(game(4), "Frog")
    assert frog.turn == 2
    wasp = _seed_with_first(game(4), "Wasp")
    assert wasp.turn == 1 and wasp.stack == 2


def test_first_card_can_be_matched_and_the_dealer_draws() -> None:
    g = game(4)
    s = scenario(
        g,
        {0: ["Blue Star", "Red Moon", "Red Star"], 2: ["Blue Sun", "Red Sun", "Red Star"]},
        ["Blue Sun"],
        owner=0,
        dealer=0,
    )
    assert s.turn == 1 and 2 in s.actors()
    s.apply(2, play("Blue Sun"))
    assert s.sizes[0] == 4 and s.turn == 3 and spoken(s) == "MATCH"


def test_winner_of_a_hand_deals_the_next() -> None:
    g = game(3, hands=2)
    s = scenario(
        g,
        {0: ["Blue Star", "Red Star"], 1: ["Blue Moon"], 2: ["Yellow Star", "Yellow Moon"]},
        ["Blue Sun"],
        owner=0,
        turn=1,
        matchable=False,
    )
    s.apply(1, play("Blue Moon"))  # seat 1 goes out; nobody holds a Blue Moon
    assert s.history == [[2, 0, 2]] and s.hand_no == 2 and s.dealer == 1 and s.hand_winner == 1
    assert s.owner == 1 and s.sizes == [7, 7, 7]


# -- playing in turn ------------------------------------------------------------------------------


def test_turn_play_follows_colour_or_symbol() -> None:
    g = game(3)
    s = scenario(g, {1: ["Blue Moon", "Red Sun", "Red Moon", "Yellow Frog"]}, ["Blue Sun"], owner=0, matchable=False)
    assert sorted(str(a) for a in s.legal_actions(1)) == ["Blue Moon", "Red Sun"]
    with pytest.raises(IllegalAction, match="follows neither"):
        s.apply(1, play("Red Moon"))


def test_command_creatures_follow_as_symbols() -> None:
    g = game(3)
    s = scenario(g, {1: ["Red Frog", "Yellow Crab", "Blue Moon"]}, ["Blue Frog"], owner=0, matchable=False, turn=1)
    assert sorted(str(a) for a in s.legal_actions(1)) == ["Blue Moon", "Red Frog"]


def test_power_card_goes_on_anything_and_its_declaration_sets_what_follows() -> None:
    g = game(3)
    s = scenario(
        g,
        {1: ["Front-view Peacock", "Red Moon"], 2: ["Yellow Sun", "Red Cloud", "Yellow Moon"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
    )
    assert len([a for a in s.legal_actions(1) if a.card == k("Front-view Peacock")]) == 3  # one per colour
    s.apply(1, play("Front-view Peacock", declare="Yellow"))
    assert s.turn == 2 and sorted(str(a) for a in s.legal_actions(2)) == ["Yellow Moon", "Yellow Sun"]
    t = scenario(
        g,
        {1: ["Winged Dragon", "Red Moon"], 2: ["Yellow Sun", "Red Moon", "Blue Star"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
    )
    t.apply(1, play("Winged Dragon", declare="Moons"))
    assert [str(a) for a in t.legal_actions(2)] == ["Red Moon"]
    assert t.observation(2)["declared"] == "Moons"


def test_a_dragon_may_declare_a_creature_and_command_cards_follow_it() -> None:
    """Clarifications 2 and 3: a Command card's creature is its symbol for following, so a Dragon, which
    declares the next symbol, may name a creature - and then any card of that creature follows."""
    g = game(3)
    s = scenario(
        g,
        {1: ["Unwinged Dragon", "Red Moon"], 2: ["Yellow Frog", "Red Frog", "Blue Sun", "Red Wasp"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
    )
    assert "Unwinged Dragon declare Frogs" in [str(a) for a in s.legal_actions(1)]
    s.apply(1, play("Unwinged Dragon", declare="Frogs"))
    assert s.observation(2)["declared"] == "Frogs"
    assert sorted(str(a) for a in s.legal_actions(2)) == ["Red Frog", "Yellow Frog"]


def test_draw_only_when_unable_then_play_the_drawn_card_or_pass() -> None:
    g = game(3)
    s = scenario(g, {1: ["Red Moon", "Yellow Star"]}, ["Blue Sun"], owner=0, matchable=False, draw_next=["Blue Moon"])
    assert s.legal_actions(1) == [DRAW]
    s.apply(1, DRAW)
    assert s.phase == "drawn" and s.observation(1)["drawn"] == "Blue Moon"
    assert s.observation(2)["drawn"] is None
    assert [str(a) for a in s.legal_actions(1)] == ["Blue Moon", "pass"]
    s.apply(1, PASS)
    assert s.turn == 2 and s.sizes[1] == 3
    able = scenario(g, {1: ["Blue Moon"]}, ["Blue Sun"], owner=0, matchable=False)
    with pytest.raises(IllegalAction, match="only when you cannot play"):
        able.apply(1, DRAW)


def test_an_unplayable_drawn_card_is_kept() -> None:
    g = game(3)
    s = scenario(g, {1: ["Red Moon", "Yellow Star"]}, ["Blue Sun"], owner=0, matchable=False, draw_next=["Red Cloud"])
    s.apply(1, DRAW)
    assert s.legal_actions(1) == [PASS]


# -- multiple plays -----------------------------------------------------------------------------------


def test_a_double_is_one_play_of_two_identical_cards() -> None:
    g = game(3)
    s = scenario(g, {1: ["Blue Moon", "Blue Moon", "Red Moon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    assert "2 Blue Moon" in [str(a) for a in s.legal_actions(1)]
    s.apply(1, play("Blue Moon", 2))
    assert s.sizes[1] == 2 and spoken(s) == "DOUBLE" and s.pile[-2:] == [k("Blue Moon")] * 2


def test_triples_and_quads_with_more_half_decks() -> None:
    g = game(3, half_decks=4)
    s = scenario(g, {1: ["Blue Moon"] * 4 + ["Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    texts = [str(a) for a in s.legal_actions(1)]
    assert {"Blue Moon", "2 Blue Moon", "3 Blue Moon", "4 Blue Moon"} <= set(texts)
    s.apply(1, play("Blue Moon", 4))
    assert spoken(s) == "ZAR'QUAD"  # a quad that leaves one card


@pytest.mark.parametrize("crabs,direction", [(1, -1), (2, 1), (3, -1)])
def test_an_odd_number_of_crabs_reverses(crabs: int, direction: int) -> None:
    g = game(5, half_decks=3)
    s = scenario(g, {1: ["Blue Crab"] * crabs + ["Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    s.apply(1, play("Blue Crab", crabs))
    assert s.direction == direction and s.turn == (1 + direction) % 5


@pytest.mark.parametrize("frogs", [1, 2, 3])
def test_n_frogs_skip_n_players(frogs: int) -> None:
    g = game(6, half_decks=3)
    s = scenario(g, {1: ["Blue Frog"] * frogs + ["Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    s.apply(1, play("Blue Frog", frogs))
    assert s.turn == (1 + 1 + frogs) % 6


@pytest.mark.parametrize("wasps", [1, 2, 3])
def test_n_wasps_draw_2n(wasps: int) -> None:
    g = game(3, half_decks=3)
    s = scenario(
        g,
        {1: ["Blue Wasp"] * wasps + ["Red Star"], 2: ["Red Moon", "Yellow Star"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
    )
    s.apply(1, play("Blue Wasp", wasps))
    assert s.stack == 2 * wasps and s.legal_actions(2) == [DRAW]
    s.apply(2, DRAW)
    assert s.sizes[2] == 2 + 2 * wasps and s.turn == 0 and s.stack == 0


def test_wasps_stack_and_only_a_wasp_answers_a_wasp() -> None:
    g = game(3)
    s = scenario(
        g, {1: ["Red Wasp", "Blue Moon", "Winged Dragon"], 2: ["Red Star", "Red Moon"]}, ["Blue Wasp"], owner=0, stack=2
    )
    assert [str(a) for a in s.legal_actions(1)] == ["Red Wasp"]  # no Blue Moon, no Dragon on a pending draw
    s.apply(1, play("Red Wasp"))
    assert s.stack == 4 and spoken(s) == ""
    s.apply(2, DRAW)
    assert s.sizes[2] == 6


# -- matching ------------------------------------------------------------------------------------------


def test_match_out_of_turn_matched_player_draws_and_play_proceeds_from_the_matcher() -> None:
    g = game(5)
    s = scenario(
        g, {0: ["Red Star"], 3: ["Blue Sun", "Red Moon", "Yellow Moon"]}, ["Blue Sun"], owner=0, draw_next=["Red Sun"]
    )
    assert s.turn == 1 and set(s.actors()) == {1, 3}
    s.apply(3, play("Blue Sun"))
    assert s.hands[0][k("Red Sun")] == 1 and s.sizes[0] == 2
    assert s.turn == 4 and spoken(s) == "MATCH"  # players 1..3 lost their turn


def test_a_double_played_as_a_match() -> None:
    g3 = game(4, half_decks=3)
    s = scenario(g3, {2: ["Blue Star", "Blue Star", "Red Moon", "Red Star"]}, ["Blue Star"], owner=0)
    s.apply(2, play("Blue Star", 2))
    assert spoken(s) == "MATCH-DOUBLE" and s.sizes[0] == 3 and s.count == 3 and s.turn == 3


def test_a_match_on_a_match_and_each_match_draws_exactly_one() -> None:
    g = game(4, half_decks=3)
    s = scenario(
        g,
        {1: ["Red Sun", "Red Moon", "Red Star"], 2: ["Red Sun", "Blue Moon"], 3: ["Blue Star", "Blue Moon"]},
        ["Red Sun"],
        owner=0,
    )
    before = list(s.sizes)
    s.apply(2, play("Red Sun"))
    s.apply(1, play("Red Sun"))
    assert s.sizes[0] == before[0] + 1 and s.sizes[2] == before[2] - 1 + 1 and s.sizes[1] == before[1] - 1
    assert spoken(s) == "MATCH" and s.owner == 1 and s.turn == 2


@pytest.mark.parametrize(
    "group,run,mine,expected",
    [
        (2, 1, 1, "DOUBLE"),  # a match on a match (mine): yourself -> DOUBLE
        (2, 2, 1, "TRIPLE"),  # a match on a double: yourself -> TRIPLE
        (3, 3, 1, "QUAD"),  # a match on a triple: yourself -> QUAD
        (1, 1, 2, "TRIPLE"),  # a double as a match: yourself -> TRIPLE
        (1, 1, 3, "QUAD"),  # a triple as a match: yourself -> QUAD
    ],
)
def test_declaration_table_matching_yourself(group: int, run: int, mine: int, expected: str) -> None:
    g = game(4, half_decks=6)
    s = scenario(
        g,
        {0: ["Blue Star", "Red Moon"], 2: ["Blue Sun"] * mine + ["Red Star", "Red Moon"]},
        ["Blue Sun"] * group,
        owner=2,
        count=group,
        run=run,
    )
    before = list(s.sizes)
    s.apply(2, play("Blue Sun", mine))
    assert spoken(s) == expected
    assert s.sizes[0] == before[0] and s.sizes[2] == before[2] - mine  # matching yourself: nobody draws
    assert s.run == run + mine and s.count == group + mine


@pytest.mark.parametrize("mine,expected", [(1, "MATCH"), (2, "MATCH-DOUBLE"), (3, "MATCH-TRIPLE")])
def test_declaration_table_matching_someone_else(mine: int, expected: str) -> None:
    g = game(4, half_decks=6)
    s = scenario(
        g,
        {0: ["Blue Star", "Red Moon"], 2: ["Blue Sun"] * mine + ["Red Star", "Red Moon"]},
        ["Blue Sun", "Blue Sun"],
        owner=1,
        count=2,
        run=1,
    )
    s.apply(2, play("Blue Sun", mine))
    assert spoken(s) == expected and s.count == 2 + mine and s.run == mine


def test_worked_example_frog_matched_by_a_double_and_again() -> None:
    """Player 1 plays a Frog; player 4 matches with a double; player 2 matches player 4."""
    g = game(4, half_decks=4)
    s = scenario(
        g,
        {
            0: ["Blue Frog", "Red Moon", "Red Star"],
            1: ["Blue Frog", "Yellow Moon", "Yellow Star"],
            2: ["Red Sun", "Yellow Sun"],
            3: ["Blue Frog", "Blue Frog", "Red Cloud", "Yellow Cloud"],
        },
        ["Blue Sun"],
        owner=3,
        matchable=False,
        turn=0,
        draw_next=["Blue Star", "Red Galaxy"],
    )
    s.apply(0, play("Blue Frog"))
    s.apply(3, play("Blue Frog", 2))
    assert spoken(s) == "MATCH-DOUBLE"
    assert s.hands[0][k("Blue Star")] == 1 and s.sizes[0] == 3  # player 1 drew first
    s.apply(1, play("Blue Frog"))
    assert spoken(s) == "MATCH"
    assert s.hands[3][k("Red Galaxy")] == 1 and s.sizes[3] == 3  # then player 4
    assert s.count == 4 and s.owner == 1
    assert s.turn == 2  # a quad skip from player 2 passes players 3, 4, 1 and 2: player 3 plays


def test_drawing_for_a_match_does_not_stop_further_matching() -> None:
    g = game(3, half_decks=3)
    s = scenario(
        g,
        {0: ["Red Moon"], 1: ["Blue Sun", "Red Star"], 2: ["Yellow Star", "Yellow Moon"]},
        ["Blue Sun"],
        owner=2,
        draw_next=["Blue Sun"],
    )
    s.apply(1, play("Blue Sun"))  # seat 2 draws the third Blue Sun...
    assert s.hands[2][k("Blue Sun")] == 1
    s.apply(2, play("Blue Sun"))  # ...and matches right back
    assert spoken(s) == "MATCH" and s.owner == 2 and s.sizes[1] == 2


def test_the_moment_to_match_ends_when_the_turn_player_draws() -> None:
    g = game(3)
    s = scenario(
        g, {1: ["Red Moon", "Yellow Star"], 2: ["Blue Sun", "Red Star"]}, ["Blue Sun"], owner=0, draw_next=["Red Cloud"]
    )
    assert 2 in s.actors()
    s.apply(1, DRAW)
    assert s.actors() == (1,) and s.legal_actions(2) == []


# -- going out, Last Card / ZAR -----------------------------------------------------------------------


def test_matching_a_last_card_makes_its_player_draw_and_the_hand_goes_on() -> None:
    g = game(3)
    s = scenario(
        g, {1: ["Blue Moon"], 2: ["Blue Moon", "Red Star", "Red Sun"]}, ["Blue Sun"], owner=0, matchable=False, turn=1
    )
    s.apply(1, play("Blue Moon"))
    assert s.phase == "out" and s.actors() == (2,)
    s.apply(2, play("Blue Moon"))
    assert s.sizes[1] == 1 and s.phase == "play" and not s.history and s.turn == 0


def test_a_late_match_on_a_last_card_lands_only_without_a_chameleon() -> None:
    """Sent before the last card landed, a match still counts - but a Chameleon never rides once someone is out."""
    g = game(3, chameleons=1)
    s = scenario(
        g, {1: ["Blue Moon"], 2: ["Blue Moon", "Chameleon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False, turn=1
    )
    s.apply(1, play("Blue Moon"))
    assert s.phase == "out"
    before = s.to_dict()
    assert s.apply(2, play("Blue Moon", 1, 1), seen=s.version - 1) is Outcome.BOUNCED
    assert s.to_dict() == before
    assert s.apply(2, play("Blue Moon"), seen=s.version - 1) is Outcome.APPLIED
    assert s.sizes[1] == 1 and s.phase == "play"


def test_an_unmatched_last_card_wins_the_hand() -> None:
    g = game(3)
    s = scenario(
        g, {1: ["Blue Moon"], 2: ["Blue Moon", "Red Star", "Red Sun"]}, ["Blue Sun"], owner=0, matchable=False, turn=1
    )
    s.apply(1, play("Blue Moon"))
    s.timeout()  # nobody matched in time
    assert s.is_over() and s.history == [[2, 0, 3]] and s.winners() == [1]


def test_timeout_is_refused_when_the_turn_player_must_act() -> None:
    s = game(3).new_state(1)
    with pytest.raises(IllegalAction):
        s.timeout()


def test_last_card_is_called_zar() -> None:
    g = game(3)
    s = scenario(g, {1: ["Blue Moon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    s.apply(1, play("Blue Moon"))
    assert spoken(s) == "ZAR"


# -- strict calls ---------------------------------------------------------------------------------------


def test_strict_right_call_costs_nothing_and_missing_zar_draws_one() -> None:
    g = game(3, calls="strict")
    s = scenario(g, {1: ["Blue Moon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    assert sorted(str(a) for a in s.legal_actions(1)) == [
        "Blue Moon",
        "MATCH: Blue Moon",
        "ZAR'CH: Blue Moon",
        "ZAR: Blue Moon",
    ]
    t = s.clone()
    assert t.apply(1, g.parse_action("zar: blue moon")) is Outcome.APPLIED and t.sizes[1] == 1
    assert s.apply(1, g.parse_action("Blue Moon")) is Outcome.PENALISED  # forgot "ZAR" ("Last Card")
    assert s.sizes[1] == 2 and s.penalties[1] == 1
    assert g.parse_action("Last Card: Blue Moon") == g.parse_action("ZAR: Blue Moon")


def test_strict_wrong_or_missing_match_call_draws_one() -> None:
    g = game(3, calls="strict", half_decks=3)
    s = scenario(g, {0: ["Red Star"], 2: ["Blue Sun", "Blue Sun", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=0)
    calls = sorted(a.spoken() for a in s.legal_actions(2) if a.size == 2)
    assert calls == ["DOUBLE", "MATCH-DOUBLE", "ZAR'BLE", "ZAR'CH-DOUBLE"]
    right = s.clone()
    right.apply(2, g.parse_action("MATCH-DOUBLE: 2 Blue Sun"))
    assert right.sizes[2] == 2 and right.penalties[2] == 0
    s.apply(2, g.parse_action("DOUBLE: 2 Blue Sun"))  # matched someone but did not say MATCH
    assert s.sizes[2] == 3 and s.penalties[2] == 1


def test_strict_matching_yourself_must_be_called_double_not_match() -> None:
    g = game(3, calls="strict", half_decks=3)
    s = scenario(g, {2: ["Blue Sun", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=2)
    assert sorted(a.spoken() for a in s.legal_actions(2) if a.card == k("Blue Sun")) == [
        "",
        "DOUBLE",
        "MATCH",
        "MATCH-DOUBLE",
        "ZAR",
        "ZAR'BLE",
        "ZAR'CH",
        "ZAR'CH-DOUBLE",
    ]
    s.apply(2, g.parse_action("MATCH: Blue Sun"))
    assert s.penalties[2] == 1


def test_strict_only_a_missing_call_is_penalised_words_not_due_cost_nothing() -> None:
    """Base rule "Last Card": the penalty is for forgetting. Saying ZAR or MATCH when it is not due leaves
    nothing out, and no rule punishes it or makes the card play illegal: it is applied, free."""
    g = game(3, calls="strict")
    s = scenario(g, {1: ["Blue Moon", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=0, matchable=False)
    for text in ("ZAR: Blue Moon", "MATCH: Blue Moon", "ZAR'CH: Blue Moon"):
        t = s.clone()
        assert t.apply(1, g.parse_action(text)) is Outcome.APPLIED
        assert t.sizes[1] == 2 and t.penalties[1] == 0 and spoken(t) == ""
    # a size word naming no multiple on the table is not a call about this play
    with pytest.raises(IllegalAction):
        s.apply(1, g.parse_action("DOUBLE: Blue Moon"))
    assert s.sizes[1] == 3


def test_strict_wrong_size_is_penalised() -> None:
    """Declaration table: a double on your own single is called TRIPLE; calling it DOUBLE names the wrong size."""
    g = game(3, calls="strict", half_decks=3)
    s = scenario(g, {2: ["Blue Sun", "Blue Sun", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=2)
    t = s.clone()
    assert t.apply(2, g.parse_action("TRIPLE: 2 Blue Sun")) is Outcome.APPLIED and t.penalties[2] == 0
    assert s.apply(2, g.parse_action("DOUBLE: 2 Blue Sun")) is Outcome.PENALISED
    assert s.penalties[2] == 1 and s.sizes[2] == 3


def test_rulebook_calls_punish_only_a_forgotten_zar() -> None:
    """Base rule "Last Card": "if you forget and are caught, you draw one" - the one penalty the rules name.
    Under calls="rulebook" a match not called MATCH, or a size named wrong, costs nothing."""
    g = game(3, calls="rulebook", half_decks=3)
    s = scenario(g, {1: ["Blue Moon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False)
    forgot = s.clone()
    assert forgot.apply(1, g.parse_action("Blue Moon")) is Outcome.PENALISED and forgot.penalties[1] == 1
    assert forgot.sizes[1] == 2
    assert s.apply(1, g.parse_action("Last Card: Blue Moon")) is Outcome.APPLIED and s.penalties[1] == 0
    match = scenario(g, {0: ["Red Star"], 2: ["Blue Sun", "Blue Sun", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=0)
    assert match.apply(2, g.parse_action("DOUBLE: 2 Blue Sun")) is Outcome.APPLIED  # MATCH-DOUBLE was due
    own = scenario(g, {2: ["Blue Sun", "Blue Sun", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=2)
    assert own.apply(2, g.parse_action("DOUBLE: 2 Blue Sun")) is Outcome.APPLIED  # TRIPLE was due
    assert match.penalties == own.penalties == [0, 0, 0]


def test_strict_zarch_triple_blue() -> None:
    g = game(4, calls="strict", half_decks=4)
    s = scenario(
        g,
        {0: ["Red Star"], 2: ["Front-view Peacock"] * 3 + ["Red Moon"]},
        ["Blue Sun", "Front-view Peacock"],
        declared="Red",
        owner=0,
    )
    action = g.parse_action("ZAR'CH-TRIPLE-BLUE: 3 Front-view Peacock declare Blue")
    assert action in s.legal_actions(2)
    assert s.apply(2, action) is Outcome.APPLIED
    assert s.penalties[2] == 0 and s.sizes[2] == 1 and spoken(s) == "ZAR'CH-TRIPLE-BLUE"
    assert s.observation(3)["declared"] == "Blue"


def test_auto_calls_spell_zarquad_moons() -> None:
    g = game(4, half_decks=4)
    s = scenario(g, {1: ["Winged Dragon"] * 4 + ["Red Moon"]}, ["Blue Sun"], owner=0, matchable=False)
    s.apply(1, play("Winged Dragon", 4, declare="Moons"))
    assert spoken(s) == "ZAR'QUAD-MOONS"


# -- the Chameleon ------------------------------------------------------------------------------------------


def test_chameleon_is_a_power_card_worth_6_with_no_colour_or_symbol() -> None:
    chameleon = KINDS[CHAMELEON]
    assert chameleon.colour == -1 and chameleon.symbol == -1
    assert points_table("standard")[CHAMELEON] == 6


def test_chameleon_played_on_a_card_becomes_it_and_is_a_match() -> None:
    g = game(4, chameleons=1)
    s = scenario(g, {0: ["Red Star"], 1: ["Chameleon", "Red Moon", "Red Star"]}, ["Blue Sun"], owner=0)
    s.apply(1, play("Blue Sun", 0, 1))
    assert s.pile[-1] == CHAMELEON and s.pile_as[-1] == k("Blue Sun")
    assert spoken(s) == "MATCH" and s.sizes[0] == 2


def test_chameleon_only_in_turn_unless_matching_a_chameleon() -> None:
    g = game(4, chameleons=2)
    s = scenario(g, {2: ["Chameleon", "Red Moon"], 3: ["Chameleon", "Red Star", "Red Moon"]}, ["Blue Sun"], owner=0)
    assert 2 not in s.actors() and 3 not in s.actors()
    g3 = game(4, chameleons=3, half_decks=3)
    with pytest.raises(IllegalAction, match="only in turn"):
        s.apply(2, play("Blue Sun", 0, 1))
    t = scenario(
        g3,
        {2: ["Chameleon", "Red Moon"], 3: ["Chameleon", "Red Star", "Red Moon"]},
        ["Blue Sun", "Chameleon"],
        pile_as=["Blue Sun", "Blue Sun"],
        owner=0,
    )
    assert 2 in t.actors() and 3 in t.actors()
    t.apply(3, play("Blue Sun", 0, 1))
    assert spoken(t) == "MATCH" and t.pile_as[-1] == k("Blue Sun")


def test_chameleon_on_a_chameleon_copies_the_last_printed_card() -> None:
    g = game(3, chameleons=2)
    s = scenario(
        g,
        {1: ["Chameleon", "Red Moon"]},
        ["Red Sun", "Yellow Moon", "Chameleon"],
        pile_as=["Red Sun", "Yellow Moon", "Yellow Moon"],
        owner=0,
        matchable=False,
    )
    assert [str(a) for a in s.legal_actions(1) if not a.real] == ["Chameleon as Yellow Moon"]


def test_chameleon_as_a_copy_of_a_card_in_hand_must_be_a_legal_multiple() -> None:
    g = game(3, chameleons=2)
    s = scenario(g, {1: ["Chameleon", "Red Moon", "Yellow Star"]}, ["Blue Moon"], owner=0, matchable=False)
    texts = [str(a) for a in s.legal_actions(1)]
    assert "Red Moon + Chameleon (Chameleon on top)" in texts and "Red Moon + Chameleon (Red Moon on top)" in texts
    assert not any("Yellow Star" in t for t in texts)  # a double of Yellow Stars does not follow a Blue Moon
    s.apply(1, play("Red Moon", 1, 1, top=True))
    assert spoken(s) == "ZAR'BLE" and s.pile_as[-2:] == [k("Red Moon")] * 2


def test_chameleon_as_a_peacock_or_dragon_declares() -> None:
    g = game(3, chameleons=1)
    s = scenario(
        g,
        {0: ["Red Star"], 1: ["Chameleon", "Red Moon", "Red Star"]},
        ["Blue Sun", "Side-view Peacock"],
        declared="Blue",
        owner=0,
    )
    options = [str(a) for a in s.legal_actions(1) if a.chameleons]
    assert options == [f"Chameleon as Side-view Peacock declare {c}" for c in ("Blue", "Red", "Yellow")]
    s.apply(1, play("Side-view Peacock", 0, 1, declare="Red"))
    assert spoken(s) == "MATCH-RED" and s.observation(2)["declared"] == "Red"


def test_chameleon_cannot_resume_a_hand_after_a_player_went_out() -> None:
    g = game(3, chameleons=2)
    s = scenario(
        g, {1: ["Blue Moon"], 2: ["Chameleon", "Blue Moon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False, turn=1
    )
    s.apply(1, play("Blue Moon"))
    assert [str(a) for a in s.legal_actions(2)] == ["Blue Moon"]  # no Chameleon, not even beside it
    lone = scenario(g, {1: ["Blue Moon"], 2: ["Chameleon", "Red Star"]}, ["Blue Sun"], owner=0, matchable=False, turn=1)
    lone.apply(1, play("Blue Moon"))
    assert lone.history and lone.hand_winner == 1  # nobody could resume: the hand is over at once


def test_chameleon_can_resume_a_hand_as_a_match_on_a_chameleon() -> None:
    g = game(3, chameleons=2)
    s = scenario(g, {1: ["Chameleon"], 2: ["Chameleon", "Red Star"]}, ["Blue Sun"], owner=0, turn=1)
    s.apply(1, play("Blue Sun", 0, 1))  # seat 1 goes out with a Chameleon
    assert s.phase == "out" and s.actors() == (2,)
    s.apply(2, play("Blue Sun", 0, 1))
    assert s.sizes[1] == 1 and s.phase == "play"


def test_chameleon_example_1_blue_sun() -> None:
    """P1 Blue Sun; P2 Chameleon (MATCH); P1 Chameleon (MATCH): both draw, P2 faces a virtual Blue Sun."""
    g = game(4, chameleons=2)
    s = scenario(
        g,
        {
            0: ["Blue Sun", "Chameleon", "Red Moon"],
            1: ["Chameleon", "Red Star", "Yellow Star"],
            2: ["Blue Sun", "Yellow Moon"],
            3: ["Red Cloud", "Yellow Cloud"],
        },
        ["Red Sun"],
        owner=3,
        matchable=False,
        turn=0,
    )
    s.apply(0, play("Blue Sun"))
    s.apply(1, play("Blue Sun", 0, 1))
    assert spoken(s) == "MATCH" and s.sizes[0] == 3
    s.apply(0, play("Blue Sun", 0, 1))
    assert spoken(s) == "MATCH" and s.sizes[1] == 3
    assert s.turn == 1 and s.pile_as[-1] == k("Blue Sun") and s.pile[-1] == CHAMELEON
    assert 2 in s.actors()
    s.apply(2, play("Blue Sun"))  # someone matches first with the other Blue Sun
    assert s.sizes[0] == 3 and s.turn == 3


@pytest.mark.parametrize("chameleon_on_top", [True, False])
def test_chameleon_example_2_quad_draw_10(chameleon_on_top: bool) -> None:
    """P2 Blue Wasp; P3 2 Red Wasps + 2 Chameleons: P4 draws 10 unless a Wasp or Chameleon answers."""
    g = game(4, half_decks=3, chameleons=3)
    s = scenario(
        g,
        {
            0: ["Red Wasp", "Chameleon", "Yellow Star"],
            1: ["Blue Wasp", "Red Star", "Red Moon"],
            2: ["Red Wasp", "Red Wasp", "Chameleon", "Chameleon", "Yellow Moon"],
            3: ["Yellow Sun", "Red Cloud"],
        },
        ["Blue Sun"],
        owner=0,
        matchable=False,
        turn=1,
    )
    s.apply(1, play("Blue Wasp"))
    s.apply(2, play("Red Wasp", 2, 2, top=chameleon_on_top))
    assert spoken(s) == "ZAR'QUAD" and s.stack == 10 and s.turn == 3
    assert s.legal_actions(3) == [DRAW]
    seat0 = {str(a) for a in s.legal_actions(0)}
    assert "Red Wasp" in seat0
    assert ("Chameleon as Red Wasp" in seat0) == chameleon_on_top
    s.apply(3, DRAW)
    assert s.sizes[3] == 12


def test_chameleon_example_2_answered_by_a_chameleon_in_turn() -> None:
    g = game(4, half_decks=3, chameleons=3)
    s = scenario(
        g, {2: ["Red Star", "Red Moon"], 3: ["Chameleon", "Yellow Sun"]}, ["Red Wasp"] * 2, owner=2, count=2, stack=6
    )
    assert [str(a) for a in s.legal_actions(3)] == ["Chameleon as Red Wasp"]
    s.apply(3, play("Red Wasp", 0, 1))
    assert s.stack == 8 and s.sizes[2] == 3 and s.turn == 0


def test_chameleon_faq_dealer_cannot_play_a_lone_chameleon_but_can_make_a_triple() -> None:
    g = game(4, chameleons=1)
    s = scenario(g, {0: ["Chameleon", "Blue Star", "Yellow Star", "Red Moon"]}, ["Blue Star"], owner=0, dealer=0)
    assert s.turn == 1
    texts = {str(a) for a in s.legal_actions(0)}
    assert "Chameleon as Blue Star" not in texts
    assert texts == {
        "Blue Star",
        "Blue Star + Chameleon (Blue Star on top)",
        "Blue Star + Chameleon (Chameleon on top)",
    }
    s.apply(0, play("Blue Star", 1, 1))
    assert spoken(s) == "TRIPLE" and s.count == 3 and s.sizes[0] == 2


# -- scoring, the end -------------------------------------------------------------------------------------------


def test_hand_scores_count_the_cards_left_and_lowest_total_wins() -> None:
    g = game(3, hands=1, chameleons=1)
    s = scenario(
        g,
        {0: ["Winged Dragon", "Chameleon"], 1: ["Blue Moon"], 2: ["Red Frog", "Red Star"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
        turn=1,
    )
    s.apply(1, play("Blue Moon"))
    assert s.is_over() and s.history == [[11, 0, 4]] and s.scores() == [11.0, 0.0, 4.0] and s.winners() == [1]
    assert s.round_scores() == [[11.0, 0.0, 4.0]]


def test_count_scoring_table() -> None:
    g = game(3, hands=1, scoring="count")
    s = scenario(
        g,
        {1: ["Blue Moon"], 2: ["Red Frog", "Red Star", "Winged Dragon"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
        turn=1,
    )
    s.apply(1, play("Blue Moon"))
    assert s.history == [[2, 0, 3]]


def test_game_ends_when_someone_reaches_the_target() -> None:
    g = zdeck.make("zar", 3, target=5)
    s = scenario(
        g,
        {1: ["Blue Moon"], 2: ["Red Frog", "Red Star", "Winged Dragon"]},
        ["Blue Sun"],
        owner=0,
        matchable=False,
        turn=1,
    )
    s.apply(1, play("Blue Moon"))
    assert s.is_over() and s.totals == [2, 0, 9]
    t = scenario(zdeck.make("zar", 3, target=50), {1: ["Blue Moon"]}, ["Blue Sun"], owner=0, matchable=False, turn=1)
    t.apply(1, play("Blue Moon"))
    assert not t.is_over() and t.hand_no == 2


def test_blocked_hand_ends_when_nobody_can_play_or_draw() -> None:
    g = game(2)
    s = scenario(
        g, {0: ["Red Moon"], 1: ["Yellow Star", "Yellow Moon"]}, ["Blue Sun"], owner=1, matchable=False, turn=0
    )
    s.drawpile = []
    s.apply(0, DRAW)
    assert s.turn == 1 and s.idle == 1
    s.apply(1, DRAW)
    assert s.is_over() and s.history == [[1, 2]] and s.hand_winner == 0


def test_empty_drawpile_is_refilled_from_the_playpile_under_its_top() -> None:
    g = game(2)
    s = scenario(
        g,
        {0: ["Red Moon"], 1: ["Yellow Star", "Yellow Moon"]},
        ["Red Sun", "Blue Star", "Blue Sun"],
        owner=1,
        matchable=False,
        turn=0,
    )
    s.drawpile = []
    s.apply(0, DRAW)
    assert s.pile == [k("Blue Sun")] and s.sizes[0] == 2 and len(s.drawpile) == 1


# -- races and late submissions ----------------------------------------------------------------------------------


def test_late_match_lands_on_the_first_match() -> None:
    g = game(4, half_decks=3)
    s = scenario(g, {2: ["Blue Sun", "Red Star"], 3: ["Blue Sun", "Red Moon"]}, ["Blue Sun"], owner=0)
    seen = s.version
    s.apply(2, play("Blue Sun"))
    assert s.apply(3, play("Blue Sun"), seen=seen) is Outcome.APPLIED
    assert s.sizes[2] == 2 and s.owner == 3 and s.count == 3


def test_late_turn_play_bounces_when_a_match_took_the_turn() -> None:
    g = game(4)
    s = scenario(g, {1: ["Blue Moon", "Red Star"], 2: ["Blue Sun", "Red Moon"]}, ["Blue Sun"], owner=0)
    seen = s.version
    s.apply(2, play("Blue Sun"))
    before = s.to_dict()
    assert s.apply(1, play("Blue Moon"), seen=seen) is Outcome.BOUNCED
    assert s.to_dict() == before


def test_late_play_of_cards_not_held_is_refused() -> None:
    g = game(4)
    s = scenario(g, {2: ["Blue Sun", "Red Moon"]}, ["Blue Sun"], owner=0)
    seen = s.version
    s.apply(2, play("Blue Sun"))
    with pytest.raises(IllegalAction):
        s.apply(3, play("Blue Sun"), seen=seen)


def test_late_wrong_call_is_penalised() -> None:
    g = game(4, calls="strict", half_decks=3)
    s = scenario(g, {2: ["Blue Sun", "Red Star"], 3: ["Blue Sun", "Red Moon"]}, ["Blue Sun"], owner=0)
    seen = s.version
    s.apply(2, g.parse_action("MATCH: Blue Sun"))
    assert s.apply(3, g.parse_action("Blue Sun"), seen=seen) is Outcome.PENALISED
    assert s.penalties[3] == 1


# -- views --------------------------------------------------------------------------------------------------


def test_observation_hides_other_hands_and_the_drawpile() -> None:
    s = game(4, chameleons=1).new_state(2)
    obs = s.observation(1)
    assert obs["hand"] and len(obs["hand"]) == s.sizes[1]
    assert "hands" not in obs and "drawpile" not in obs and s.observation(None)["hand"] is None
    assert obs["hand_sizes"] == s.sizes and obs["draw_size"] == len(s.drawpile)


def test_malformed_state_dicts_are_refused_with_value_error() -> None:
    g = game(3)
    data = g.new_state(1).to_dict()
    for broken in (
        {**data, "hands": data["hands"][:2]},
        {**data, "pile": []},
        {**data, "drawpile": data["drawpile"][1:]},
        {**data, "phase": "nap"},
        {**data, "direction": 0},
        {k_: v for k_, v in data.items() if k_ != "stack"},
        {**data, "hands": [[-1] * 32] * 3},
    ):
        with pytest.raises(ValueError):
            g.state_from_dict(broken)


def test_impossible_moments_are_refused_with_value_error() -> None:
    """Field combinations no game reaches (which would leave nobody able to act) are refused."""
    g = game(4, half_decks=3, chameleons=2)
    data = g.new_state(0).to_dict()
    for edit in (
        {"phase": "out"},  # the owner still holds cards
        {"phase": "over"},  # a finished game with an open group and a turn
        {"phase": "drawn"},  # a draw closes the group
        {"run": 0},
        {"run": 2, "count": 1},
        {"stack": 4, "matchable": False},
        {"hand_winner": 4},
        {"last": {"seat": -2, "action": "draw"}},
    ):
        with pytest.raises(ValueError):
            g.state_from_dict({**data, **edit})


@pytest.mark.parametrize(
    "key",
    [
        "hands",
        "drawpile",
        "pile",
        "pile_as",
        "declared",
        "direction",
        "owner",
        "count",
        "run",
        "matchable",
        "stack",
        "turn",
        "phase",
        "drawn",
        "idle",
        "dealer",
        "hand_no",
        "totals",
        "history",
        "hand_winner",
        "last",
        "call",
        "penalties",
        "rng",
        "version",
    ],
)
def test_any_junk_field_is_refused_with_value_error_or_plays_on(key: str) -> None:
    g = game(4, half_decks=3, chameleons=2)
    data = g.new_state(3).to_dict()
    for junk in (None, "x", -1, 99, 1.5, [], {}, [1], True, [[1]], 10**30):
        try:
            s = g.state_from_dict({**data, key: junk})
        except ValueError:
            continue
        for _ in range(30):  # accepted: it must be a playable state
            if s.is_over():
                break
            actor = s.actors()[0]
            s.apply(actor, s.legal_actions(actor)[0])


def test_only_the_drawer_sees_the_card_drawn() -> None:
    g = game(3)
    s = scenario(g, {1: ["Red Moon", "Yellow Star"]}, ["Blue Sun"], owner=0, matchable=False, draw_next=["Red Sun"])
    s.apply(1, DRAW)
    assert s.observation(1)["drawn"] == "Red Sun" and "Red Sun" in s.observation(1)["hand"]
    for seat in (0, 2, None):
        view = s.observation(seat)
        assert view["drawn"] is None and "Red Sun" not in str({**view, "pile": None})
        assert view["hand_sizes"][1] == 3


def test_observation_does_not_change_when_hidden_cards_are_rearranged() -> None:
    """Seat 1 sees neither the other hands nor the Drawpile's order: swapping them changes nothing it sees."""
    g = game(4, half_decks=3, chameleons=2)
    s = g.new_state(5)
    data = s.to_dict()
    swapped = {
        **data,
        "drawpile": data["drawpile"][::-1],
        "hands": [data["hands"][2], data["hands"][1], data["hands"][0], data["hands"][3]],
    }
    assert sum(data["hands"][0]) == sum(data["hands"][2])  # a fresh deal: equal hands, so the swap is legal
    t = g.state_from_dict(swapped)
    assert t.observation(1) == s.observation(1)
    assert t.observation(0) != s.observation(0)
    obs = s.observation(1)
    assert set(obs) >= {"hand", "hand_sizes", "draw_size"} and "drawpile" not in obs and "hands" not in obs
    text = str(obs)
    for q in (0, 2, 3):  # no list of another seat's cards anywhere in the view
        assert str(s.hands[q]) not in text


def test_same_seed_same_deal() -> None:
    g = game(5, half_decks=3, chameleons=2)
    assert g.new_state(42).to_dict() == g.new_state(42).to_dict()
    assert g.new_state(42).to_dict() != g.new_state(43).to_dict()


def test_call_words() -> None:
    assert Call(True, True, 3).words("Blue") == "ZAR'CH-TRIPLE-BLUE"
    assert Call(True, False, 4).words("Moons") == "ZAR'QUAD-MOONS"
    assert Call(True, False, 3).words() == "ZAR'PLE"
    assert Call(True, False, 2).words() == "ZAR'BLE"
    assert Call(True, True, 1).words() == "ZAR'CH"
    assert Call(False, True, 2).words() == "MATCH-DOUBLE"
    assert Call(False, False, 1).words() == ""


def test_a_big_multideck_table_with_rulebook_calls_ends() -> None:
    """Issue: 13 players, 16 half decks, calls=strict and random callers drew penalty cards for ever. With the
    rulebook's one penalty (a forgotten ZAR) random callers no longer outpace their shedding: the game ends."""
    g = zdeck.make("zar", 13, half_decks=16, seven_card_cap=True, scoring="count", target=50, calls="rulebook")
    final, steps = run(g, [RandomBot() for _ in range(13)], 15, max_steps=30_000)
    assert final.is_over() and steps < 30_000
