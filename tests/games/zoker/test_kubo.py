"""Zoker Kubo: one scenario test per rule of the rulebook's Kubo section."""

from __future__ import annotations

from typing import Any

import pytest

import zdeck
from zdeck import IllegalAction, Outcome, Rng
from zdeck.bits import indices
from zdeck.decks.zoker.cards import DECK, Card, texts_of
from zdeck.decks.zoker.kubo.actions import DRAW, END, Place, Score
from zdeck.decks.zoker.kubo.board import FRAMES, LINE_POINTS, LINES, line_text, placeable
from zdeck.decks.zoker.kubo.board import layable as layable_on
from zdeck.decks.zoker.kubo.bots import PointsBot
from zdeck.decks.zoker.kubo.state import KuboState
from zdeck.sim import play as sim_play

C = Card.parse
CORNERS = ["blue S1", "blue S4", "blue XL1", "blue XL4"]
# Green and orange cards on the corners: they complete no line and open no place that the tests below use, but
# they take cards out of the draw pile, which after a deal holds at most 59 - 4 per player.
FILLER = ["green S1", "green S4", "green XL1", "green XL4", "orange S1", "orange S4", "orange XL1", "orange XL4"]
ZOKER = "blue S1/green M2/orange L3/red XL4"


def place(text: str) -> Place:
    return Place(C(text))


def score(text: str) -> Score:
    line = next(k for k in range(len(LINES)) if line_text(k).lower() == text.lower())
    return Score(line)


def make(players: int = 2, table: list[str] = (), hands: list[list[str]] | None = None, pile: list[str] | None = None,
         turn: int = 0, rest_to: int | None = None, **fields: Any) -> KuboState:
    """A hand-made state in the middle of `turn`'s turn (after its compulsory draw).

    Cards not named go to the draw pile, as many as a deal leaves there (59 - 4 per player), the others
    (or all, when `pile` is given) into the hand of `rest_to` (default: the last seat)."""
    options = {k: fields.pop(k) for k in ("start", "scoring", "rounds", "target") if k in fields}
    game = zdeck.make("zoker-kubo", players=players, **options)
    corners = texts_of(FRAMES[game.options["start"]].corners)
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    named = set(corners) | set(table) | {c for h in hands for c in h} | set(pile or [])
    rest = [str(c) for c in DECK if str(c) not in named]
    if pile is None:
        room = 59 - 4 * players
        pile, rest = rest[:room], rest[room:]
    hands[players - 1 if rest_to is None else rest_to] += rest
    on_table = set(corners) | set(table)
    complete = [k for k in range(len(LINES)) if {str(c) for c in LINES[k]} <= on_table]
    points = [0] * players
    if game.options["scoring"] == "auto":  # lines already complete were scored as they were laid: by the last seat
        points[players - 1] = sum(LINE_POINTS[k] for k in complete)
    data = {
        **game.describe(), "version": 0, "rng": 3, "round": 1, "phase": "turn", "turn": turn,
        "table": corners + list(table),
        "laid": 0, "several": [False] * players, "pending": [], "closing": False, "passes": 0, "points": points,
        "scored": [[players - 1, line_text(k)] for k in complete] if game.options["scoring"] == "auto" else [],
        "last": None, "totals": [0] * players, "history": [], "hands": hands, "draw_pile": pile,
    }
    data.update(fields)
    state = game.state_from_dict(data)
    assert isinstance(state, KuboState)
    return state


def hidden_texts(state: KuboState, seat: int | None) -> list[str]:
    """The cards `seat` cannot see: the other hands and the draw pile."""
    data = state.to_dict()
    return [c for p, hand in enumerate(data["hands"]) if p != seat for c in hand] + data["draw_pile"]


def new_scores(state: KuboState) -> list[dict[str, Any]]:
    """The structures scored since `make` (which scores the lines already on its table for the last seat)."""
    return [entry for entry in state.observation(None)["scored"] if entry["seat"] != state.game.players - 1]


def layable(state: KuboState, player: int = 0) -> set[str]:
    return {str(a.card) for a in state.legal_actions(player) if isinstance(a, Place)}


# -- set up --------------------------------------------------------------------------------


def test_set_up_places_the_blue_corners_and_deals_four_cards_each() -> None:
    state = zdeck.make("zoker-kubo", players=3).new_state(1)
    assert state.observation(None)["table"] == CORNERS
    # the first player has already drawn the compulsory card of their turn
    assert [h.bit_count() for h in state.hands] == [5, 4, 4]
    assert len(state.draw_pile) == 64 - 4 - 12 - 1
    assert state.actors() == (0,)


@pytest.mark.parametrize(("start", "corners"), [
    ("blue-red-S", ["blue S1", "blue S4", "red S1", "red S4"]),
    ("blue-red-4", ["blue S4", "blue XL4", "red S4", "red XL4"]),
])
def test_variant_starting_positions(start: str, corners: list[str]) -> None:
    state = zdeck.make("zoker-kubo", players=2, start=start).new_state(1)
    assert sorted(state.observation(None)["table"]) == sorted(corners)


def test_variant_start_turns_the_cube_so_layers_follow_another_quality() -> None:
    # Standing on the S layer: blue M1 goes on top of blue S1, and blue S2 / green S1 go beside it.
    state = make(start="blue-red-S", hands=[["blue M1", "blue S2", "green S1", "green M1"], []])
    assert layable(state) == {"blue M1", "blue S2", "green S1"}
    # Standing on the shape-4 layer: the next layer is shape 3.
    state = make(start="blue-red-4", hands=[["blue S3", "blue M4", "green S4", "blue S2"], []])
    assert layable(state) == {"blue S3", "blue M4", "green S4"}


def test_variant_corners_are_the_four_corners_of_the_square_so_the_cube_is_turned() -> None:
    # "place in the corners the blue S1 and S4 together with the red S1 and S4": with colour layers blue S1
    # and red S1 would share one place of the square, so only a turned cube puts the four in its corners.
    assert C("blue S1").position[:2] == C("red S1").position[:2]
    for frame in FRAMES.values():
        assert {frame.column_of[i] for i in indices(frame.corners)} == {0, 3, 12, 15}
        assert all(frame.layer_of[i] == 0 for i in indices(frame.corners))


# -- placing cards ----------------------------------------------------------------------------


def test_first_cards_go_next_to_a_corner_or_on_top_as_the_next_colour() -> None:
    hand = ["blue M1", "blue S2", "green S1", "blue M2", "blue XL3", "blue L4", "green XL4", "blue M4", "orange S1"]
    state = make(hands=[hand, ["red XL3"]])
    # blue M2 is only diagonal to a corner; orange S1 would skip the green layer.
    assert layable(state) == {"blue M1", "blue S2", "green S1", "blue XL3", "blue L4", "green XL4", "blue M4"}


def test_a_card_goes_to_its_own_place_so_blue_m1_lies_between_s1_and_xl1() -> None:
    state = make(table=["blue M1"], hands=[["blue L1", "blue M2"], []])
    assert layable(state) == {"blue L1", "blue M2"}  # both are next to blue M1's place


def test_same_colour_card_may_go_next_to_an_upper_card_leaving_an_empty_place_below() -> None:
    state = make(table=["green S1"], hands=[["green S2", "green M1"], []])
    assert layable(state) == {"green S2", "green M1"}
    state.apply(0, place("green S2"))
    assert "green S2" in state.observation(None)["table"]


def test_a_card_may_never_go_under_an_existing_card() -> None:
    state = make(table=["green S1", "green S2"], hands=[["blue S2", "orange S2"], []])
    assert layable(state) == {"orange S2"}
    with pytest.raises(IllegalAction, match="under a card"):
        state.apply(0, place("blue S2"))


def test_the_card_of_an_empty_place_under_a_card_stays_in_hand_for_a_negative_point() -> None:
    state = make(table=["green S1", "green S2"], hands=[["blue S2"], ["red XL4"]], pile=[], rest_to=1)
    for _ in range(2):  # nobody lays a card with the pile used up: the round ends
        state.apply(state.turn, END)
    assert state.is_over()
    assert state.scores()[0] == -1


def test_a_card_not_in_hand_is_refused() -> None:
    state = make(hands=[["blue S2"], ["blue M1"]])
    with pytest.raises(IllegalAction, match="does not hold blue M1"):
        state.apply(0, place("blue M1"))


# -- turns and drawing --------------------------------------------------------------------------------


def test_a_turn_starts_with_one_compulsory_draw() -> None:
    state = make(hands=[["blue S2", "blue S3"], ["blue M1", "green S1"]])
    pile, held = len(state.draw_pile), state.hands[1].bit_count()
    state.apply(0, END)
    assert state.turn == 1 and state.hands[1].bit_count() == held + 1 and len(state.draw_pile) == pile - 1
    assert DRAW not in state.legal_actions(1)  # no extra draws after a turn without several cards


def test_after_laying_several_cards_a_player_may_fill_the_hand_up_to_five() -> None:
    state = make(hands=[["blue S2", "blue S3", "red XL3"], ["red XL2"]])
    state.apply(0, place("blue S2"))
    state.apply(0, place("blue S3"))
    state.apply(0, END)
    state.apply(1, END)
    assert state.hands[0].bit_count() == 2  # red XL3 + the compulsory draw
    for size in (3, 4, 5):
        assert DRAW in state.legal_actions(0)
        state.apply(0, DRAW)
        assert state.hands[0].bit_count() == size
    assert DRAW not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="up to 5"):
        state.apply(0, DRAW)


def test_after_laying_only_one_card_there_is_no_extra_draw() -> None:
    state = make(hands=[["blue S2", "red XL3"], ["red XL2"]])
    state.apply(0, place("blue S2"))
    state.apply(0, END)
    state.apply(1, END)
    assert state.hands[0].bit_count() == 2 and DRAW not in state.legal_actions(0)


def test_with_the_pile_used_up_a_turn_starts_without_a_draw() -> None:
    state = make(hands=[["blue S2"], ["red XL2"]], pile=[], rest_to=1)
    before = state.hands[1].bit_count()
    state.apply(0, END)
    assert state.turn == 1 and state.hands[1].bit_count() == before and state.draw_pile == []


def test_drawing_comes_before_laying_cards() -> None:
    state = make(hands=[["blue S2", "blue M1"], ["red XL3"]], several=[True, False])
    assert DRAW in state.legal_actions(0)
    state.apply(0, place("blue S2"))
    assert DRAW not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="before laying"):
        state.apply(0, DRAW)


def test_laying_a_card_is_not_compulsory_and_the_player_declares_the_end_of_turn() -> None:
    state = make(hands=[["blue S2"], ["blue M1"]])
    assert END in state.legal_actions(0) and place("blue S2") in state.legal_actions(0)
    state.apply(0, END)
    assert state.actors() == (1,)
    with pytest.raises(IllegalAction, match="player 1's turn"):
        state.apply(0, END)


# -- scoring ----------------------------------------------------------------------------------


def test_a_straight_scores_one_point() -> None:
    state = make(table=["blue S2"], hands=[["blue S3", "red XL3"], []])
    state.apply(0, place("blue S3"))
    assert state.points == [1, 0]
    assert state.observation(None)["scored"] == [{"seat": 0, "line": "blue S1/blue S2/blue S3/blue S4", "points": 1}]


def test_a_diagonal_in_a_layer_scores_two_points() -> None:
    state = make(table=["blue M1", "blue M2", "blue L2"], hands=[["blue L3", "red XL3"], []])
    state.apply(0, place("blue L3"))
    assert state.points == [2, 0]


def test_a_diagonal_in_a_vertical_layer_scores_two_points_too() -> None:
    # The size-S wall of the cube: blue S1, green S2, orange S3, red S4 run corner to corner.
    table = ["blue S2", "blue S3", "green S3", "orange S3", "green S4", "orange S4", "red S4"]
    state = make(table=table, hands=[["green S2", "red XL3"], ["red XL2"]])
    state.apply(0, place("green S2"))
    assert new_scores(state) == [{"seat": 0, "line": "blue S1/green S2/orange S3/red S4", "points": 2}]


def test_a_vertical_straight_through_the_colour_layers_scores_one_point() -> None:
    state = make(table=["blue S2", "green S2", "orange S2"], hands=[["red S2", "red XL3"], []])
    state.apply(0, place("red S2"))
    assert state.observation(None)["scored"] == [{"seat": 0, "line": "blue S2/green S2/orange S2/red S2", "points": 1}]


def test_one_card_may_complete_several_structures() -> None:
    state = make(table=["blue S2", "blue M1", "blue L1", "blue M2"], hands=[["blue S3", "red XL3"], ["red XL2"]])
    state.apply(0, place("blue S3"))  # straight S1..S4 only
    assert state.points[0] == 1
    state = make(table=["blue S2", "blue S3", "blue M1", "blue L1", "blue M3", "blue L4"],
                 hands=[["blue M2", "red XL3"], ["red XL2"]])
    state.apply(0, place("blue M2"))  # row M1..M4? no (M4 missing); column S2..XL2? no (L2 missing)
    assert new_scores(state) == []
    state = make(table=["blue S2", "blue S3", "blue M1", "blue L1", "blue M3", "blue M4", "blue L3"],
                 hands=[["blue M2", "red XL3"], ["red XL2"]])
    state.apply(0, place("blue M2"))  # the row M1..M4 (1) and the diagonal S1/M2/L3/XL4 (2)
    assert state.points[0] == 3


def test_a_zoker_scores_twelve_and_ends_the_game_at_once() -> None:
    state = make(table=["green S1", "green M1", "green M2", "orange M2", "orange L2", "orange L3", "red L3",
                        "red XL3", "blue XL3", "green XL3", "orange XL3", "green XL4", "orange XL4"],
                 hands=[["red XL4", "red S1", "blue M1"], ["red S2"]])
    assert "red XL4" in layable(state)
    before = state.points[1]
    state.apply(0, place("red XL4"))
    assert state.is_over()
    assert {"seat": 0, "line": ZOKER, "points": 12} in state.observation(None)["scored"]
    # the Zoker, the colour straight blue/green/orange/red XL4, and two cards left in hand
    assert state.scores()[0] == 12 + 1 - 2
    assert state.scores()[1] == before - state.hands[1].bit_count()


def test_claim_scoring_the_player_must_announce_a_structure() -> None:
    state = make(table=["blue S2"], hands=[["blue S3", "red XL3"], ["red XL2"]], scoring="claim")
    state.apply(0, place("blue S3"))
    assert state.points == [0, 0]
    assert score("blue S1/blue S2/blue S3/blue S4") in state.legal_actions(0)
    state.apply(0, score("blue S1/blue S2/blue S3/blue S4"))
    assert state.points == [1, 0]
    state.apply(0, END)
    assert state.phase == "turn" and state.turn == 1  # nothing left to shout for


def test_claim_scoring_others_shout_score_for_an_unnoticed_structure_when_the_turn_ends() -> None:
    state = make(players=3, table=["blue S2"], hands=[["blue S3", "red XL3"], ["red XL2"], ["red XL1"]],
                 scoring="claim")
    state.apply(0, place("blue S3"))
    state.apply(0, END)
    assert state.actors() == (1, 2)
    line = score("blue S1/blue S2/blue S3/blue S4")
    assert state.legal_actions(1) == [line] and state.legal_actions(0) == []
    seen = state.version
    assert state.apply(2, line) is Outcome.APPLIED
    assert state.points == [0, 0, 1]
    assert state.apply(1, line, seen=seen) is Outcome.BOUNCED  # too late: already claimed
    assert state.points == [0, 0, 1] and state.turn == 1


def test_claim_scoring_an_unclaimed_structure_is_lost_after_the_turn_even_a_zoker() -> None:
    state = make(table=["green S1", "green M1", "green M2", "orange M2", "orange L2", "orange L3", "red L3",
                        "red XL3", "blue XL3", "green XL3", "orange XL3", "green XL4", "orange XL4"],
                 hands=[["red XL4", "red S1"], ["red S2"]], scoring="claim")
    state.apply(0, place("red XL4"))
    assert not state.is_over()  # a Zoker ends the game only when claimed
    state.apply(0, END)
    assert state.phase == "shout"
    state.timeout()  # nobody noticed
    assert state.phase == "turn" and state.turn == 1 and state.points == [0, 0]
    assert state.observation(None)["pending"] == []


def test_claim_scoring_a_shout_after_the_table_stopped_waiting_has_no_influence() -> None:
    # "If nobody takes notice ... immediately after the end of the turn, then it does not have any influence
    # later on": a shout sent during the shout phase but landing after the timeout bounces.
    state = make(players=3, table=["blue S2"], hands=[["blue S3", "red XL3"], ["red XL2"], ["red XL1"]],
                 scoring="claim")
    state.apply(0, place("blue S3"))
    state.apply(0, END)
    seen = state.version
    state.timeout()
    assert state.apply(2, score("blue S1/blue S2/blue S3/blue S4"), seen=seen) is Outcome.BOUNCED
    assert state.points == [0, 0, 0] and state.turn == 1
    with pytest.raises(IllegalAction, match="not a structure"):
        state.apply(2, score(ZOKER), seen=seen)


def test_claim_scoring_a_shouted_zoker_ends_the_game() -> None:
    state = make(table=["green S1", "green M1", "green M2", "orange M2", "orange L2", "orange L3", "red L3",
                        "red XL3", "blue XL3", "green XL3", "orange XL3", "green XL4", "orange XL4"],
                 hands=[["red XL4", "red S1"], ["red S2"]], scoring="claim")
    state.apply(0, place("red XL4"))
    state.apply(0, END)
    state.apply(1, score(ZOKER))
    assert state.is_over()
    assert state.scores() == [-1, 12 - 1]


# -- the end of the game --------------------------------------------------------------------------------


def test_the_game_ends_when_a_player_lays_all_cards() -> None:
    state = make(table=FILLER, hands=[["blue S2", "blue M1"], ["red XL2", "red XL1", "red L1"]])
    state.apply(0, place("blue S2"))
    assert not state.is_over()
    state.apply(0, place("blue M1"))
    assert state.is_over()
    assert state.scores() == [0, -3]
    assert state.winners() == [0]


def test_claim_scoring_a_player_who_lays_the_last_card_may_still_announce() -> None:
    state = make(table=["blue S2", *FILLER], hands=[["blue S3"], ["red XL2"]], scoring="claim")
    state.apply(0, place("blue S3"))
    assert state.legal_actions(0) == [score("blue S1/blue S2/blue S3/blue S4"), END]
    state.apply(0, score("blue S1/blue S2/blue S3/blue S4"))
    state.apply(0, END)
    assert state.is_over() and state.scores() == [1, -1]


def test_the_game_ends_when_every_place_has_its_red_card() -> None:
    # Every card on the table but red XL4 and four green cards, whose places lie under orange cards (one of
    # each Zoker, or the table would hold a Zoker).
    held = ["red XL4", "green M2", "green M3", "green L2", "green L3"]
    table = [str(c) for c in DECK if str(c) not in held + CORNERS]
    state = make(table=table, hands=[["red XL4", "green M2"], ["green M3", "green L2", "green L3"]], pile=[])
    assert not state.is_over()
    before = state.points[1]
    state.apply(0, place("red XL4"))
    assert state.is_over()  # no place is open any more, although player 0 still holds green M2
    # red XL1..XL4, red S4..XL4, blue/green/orange/red XL4 (1 each), and the diagonals through red XL4 of the
    # red layer, the XL wall and the shape-4 wall (2 each); green M2 left in hand (-1)
    assert state.scores() == [3 * 1 + 3 * 2 - 1, before - 3]


def test_stalemate_with_the_pile_used_up_ends_the_game() -> None:
    state = make(players=3, hands=[["blue S2"], ["blue S3"], ["blue M1"]], pile=[], rest_to=2)
    for p in range(3):
        state.apply(p, END)
    assert state.is_over()


def test_invented_stalemate_rule_counts_only_turns_without_a_card_and_with_the_pile_used_up() -> None:
    # Laying is never compulsory, so with the pile used up the players could end turns for ever; the
    # engine's assumption: a full circle of such turns ends the game. A card laid starts the count again.
    state = make(players=3, hands=[["blue S2", "blue S3"], ["blue M1"], ["blue L1"]], pile=[], rest_to=2)
    state.apply(0, END)
    state.apply(1, END)
    state.apply(2, END)
    assert state.is_over() and state.scores()[:2] == [-2, -1]
    state = make(players=3, hands=[["blue S2", "blue S3"], ["blue M1"], ["blue L1"]], pile=[], rest_to=2)
    state.apply(0, END)
    state.apply(1, END)
    state.apply(2, place("blue L1"))
    state.apply(2, END)
    assert not state.is_over() and state.passes == 0
    # While the pile still has cards every turn draws one, so the game is finite without the rule.
    state = make(players=2, hands=[["blue S2"], ["blue M1"]], pile=["red XL1", "red XL2", "red XL3"], rest_to=1)
    for _ in range(3):  # three turns, each followed by a draw: the pile is used up but nothing counts yet
        state.apply(state.turn, END)
    assert not state.is_over() and state.draw_pile == [] and state.passes == 0
    state.apply(state.turn, END)
    assert not state.is_over() and state.passes == 1
    state.apply(state.turn, END)
    assert state.is_over()


def test_rounds_are_added_up() -> None:
    state = make(table=FILLER, hands=[["blue S2"], ["red XL3", "red XL2"]], rounds=2)
    state.apply(0, place("blue S2"))
    assert state.round() == 2 and state.round_scores() == [[0, -2]]
    assert state.turn == 1  # the next round starts one seat further on
    assert state.observation(None)["table"] == CORNERS
    assert state.scores() == [0, -2]


def test_a_target_score_ends_the_match_early() -> None:
    state = make(table=["blue S2", *FILLER], hands=[["blue S3"], ["red XL2"]], rounds=5, target=1)
    state.apply(0, place("blue S3"))
    assert state.is_over() and state.round() == 1 and state.scores() == [1, -1]


def test_a_match_to_a_target_plays_rounds_until_someone_reaches_it() -> None:
    # "The players may agree to play ... until someone reaches a certain winning score."
    game = zdeck.make("zoker-kubo", players=2, target=12)
    assert game.options["rounds"] == 100  # the bound that keeps such a match finite
    for seed in range(3):
        final, _ = sim_play(game, [PointsBot(), PointsBot()], seed)
        totals = [0, 0]
        for points in final.round_scores()[:-1]:
            totals = [t + p for t, p in zip(totals, points)]
            assert max(totals) < 12
        assert max(final.scores()) >= 12 and final.round() == len(final.round_scores())
    assert zdeck.make("zoker-kubo", players=2).options["rounds"] == 1


# -- views and bots -------------------------------------------------------------------------------------


def test_observation_shows_the_table_and_own_hand_but_no_other_hand() -> None:
    state = zdeck.make("zoker-kubo", players=3).new_state(4)
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["hand"] == state.to_dict()["hands"][seat]
        hidden = hidden_texts(state, seat)
        assert not any(f"'{c}'" in repr(obs) for c in hidden)
    assert state.observation(None)["hand"] is None


def test_observations_never_show_another_hand_or_the_pile_during_a_whole_game() -> None:
    state = zdeck.make("zoker-kubo", players=3, scoring="claim").new_state(8)
    rng = Rng(8)
    while not state.is_over():
        for seat in (0, 1, 2, None):
            text = repr(state.observation(seat))
            hidden = hidden_texts(state, seat)
            assert not any(f"'{c}'" in text for c in hidden)
        actors = state.actors()
        if len(actors) > 1 and rng.below(2):
            state.timeout()
            continue
        player = rng.choice(actors)
        state.apply(player, rng.choice(state.legal_actions(player)))


def test_malformed_dicts_are_refused_with_a_reason() -> None:
    state = make(hands=[["blue S2"], ["blue M1"]])
    data = state.to_dict()
    with pytest.raises(ValueError, match="64 cards"):
        state.game.state_from_dict({**data, "draw_pile": data["draw_pile"][1:]})
    with pytest.raises(ValueError, match="phase"):
        state.game.state_from_dict({**data, "phase": "dancing"})
    with pytest.raises(ValueError, match="line of the cube"):
        state.game.state_from_dict({**data, "pending": ["blue S1/red XL4"]})
    with pytest.raises(ValueError):
        state.game.state_from_dict({k: v for k, v in data.items() if k != "several"})


def test_points_bot_takes_points() -> None:
    state = make(table=["blue S2"], hands=[["blue S3", "blue M1"], []])
    assert PointsBot().act(state.observation(0), state.legal_actions(0), Rng(1)) == place("blue S3")


def test_points_bot_does_not_open_a_zoker_for_others() -> None:
    # The Zoker blue XL1/green L2/orange M3/red S4 lacks only red S4, whose place is not reachable yet.
    # Laying red S3 next to it would let the next player lay red S4 for 12 points.
    table = ["blue S2", "green S2", "orange S2", "red S2", "blue L1", "blue L2", "green L2", "blue M4", "blue M3",
             "green M3", "orange M3"]
    state = make(table=table, hands=[["red S3", "blue M1"], ["red XL3"]])
    assert layable(state) == {"red S3", "blue M1"}
    choice = PointsBot().act(state.observation(0), state.legal_actions(0), Rng(1))
    assert choice == place("blue M1")
    red_s4 = C("red S4").index
    assert not placeable(state.frame, state.placed, red_s4)
    state.apply(0, place("red S3"))
    assert placeable(state.frame, state.placed, red_s4)  # the danger the bot avoided


def test_points_bot_shouts_for_missed_structures() -> None:
    state = make(players=3, table=["blue S2"], hands=[["blue S3", "red XL3"], ["red XL2"], ["red XL1"]],
                 scoring="claim")
    state.apply(0, place("blue S3"))
    state.apply(0, END)
    assert PointsBot().act(state.observation(1), state.legal_actions(1), Rng(1)) == score(
        "blue S1/blue S2/blue S3/blue S4")


def test_points_bot_beats_random_bots() -> None:
    game = zdeck.make("zoker-kubo", players=2)
    wins = sum(
        sim_play(game, [PointsBot(), zdeck.RandomBot()], seed, keep_record=False)[0].winners() == [0]
        for seed in range(30))
    assert wins >= 17


def test_the_layable_cards_kept_as_the_table_grows_agree_with_trying_every_card() -> None:
    """The state updates its mask of layable cards at each card laid; and it is empty exactly when every
    place holds its top-layer card (end condition c)."""
    for start in FRAMES:
        for seed in range(4):
            state = zdeck.make("zoker-kubo", players=2, start=start).new_state(seed)
            rng = Rng(seed)
            while not state.is_over():
                brute = sum(1 << i for i in range(64) if placeable(state.frame, state.placed, i))
                assert state.layable == brute == layable_on(state.frame, state.placed)
                top_missing = any(state.frame.above[i] < 0 and not state.placed >> i & 1 for i in range(64))
                assert bool(brute) == top_missing
                player = state.actors()[0]
                moves = state.legal_actions(player)
                places = [a for a in moves if isinstance(a, Place)]
                state.apply(player, rng.choice(places) if places and rng.below(5) else rng.choice(moves))
