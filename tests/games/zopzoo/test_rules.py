"""Zop Zoo rulebook scenarios, one test per rule, on hand-made tables.

Tables name cards as the deck does: white cards by animal ("owl", "giraffe",
"skunk"), black cards as "owl points", "giraffe upper", "skunk anti-minus",
"beast 1".."beast 4", "best beast", "ocean bonus", "mole 1".."mole 6", "hyena",
"raccoon", "earthworm".
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import zdeck
from zdeck import IllegalAction
from zdeck.decks.zopzoo import actions as A
from zdeck.decks.zopzoo.bots import HeuristicBot
from zdeck.decks.zopzoo.cards import (
    BLACK,
    CARDS,
    CATEGORIES,
    CATEGORY_COLOUR,
    CATEGORY_VALUE,
    WHITE,
    Kind,
    card_id,
)
from zdeck.decks.zopzoo.state import ZopZooState, aside
from zdeck.rng import Rng, Unsettled


def table(
    rows: list[list[str]],
    *,
    covers: dict[str, str] | None = None,
    bonus: list[list[str]] | None = None,
    draw: list[str] = (),  # type: ignore[assignment]
    discard: list[str] = (),  # type: ignore[assignment]
    current: int = 0,
    first: int = 0,
    phase: str = "turn",
    pending: str | None = None,
    void: list[str] = (),  # type: ignore[assignment]
    totals: list[int] | None = None,
    rest: str = "draw",
    **options: Any,
) -> ZopZooState:
    """A hand-made table. `draw` is listed top first, `discard` bottom first (top last).

    Unnamed black cards go under the draw pile (rest="draw") or under the discard pile
    (rest="discard", for a draw pile about to run out; buried Specialty cards are void).
    """
    n = len(rows)
    game = zdeck.make("zopzoo", players=n, **options)
    ids = [[card_id(x) for x in row] for row in rows]
    cover = {card_id(w): card_id(c) for w, c in (covers or {}).items()}
    bonus_ids = [[card_id(x) for x in b] for b in (bonus or [[] for _ in range(n)])]
    draw_ids = [card_id(x) for x in draw][::-1]
    discard_ids = [card_id(x) for x in discard]
    pend = card_id(pending) if pending else -1
    void_ids = [card_id(x) for x in void]
    used = {*(c for r in ids for c in r), *cover.values(), *(c for b in bonus_ids for c in b), *draw_ids, *discard_ids}
    used.add(pend)
    rest_black = [b for b in BLACK if b not in used]
    if rest == "draw":
        draw_ids = rest_black + draw_ids
    else:
        discard_ids = rest_black + discard_ids
        void_ids += [b for b in rest_black if CARDS[b].kind in (Kind.HYENA, Kind.RACCOON, Kind.EARTHWORM)]
    earlier = totals is not None or first != 0  # round one's first card is the dealer's (seat 0)
    totals = totals or [0] * n
    data = {
        **game.describe(),
        "state_version": 4,
        "version": 0,
        "rng": 7,
        "round": 2 if earlier else 1,
        "first": first,
        "current": current,
        "phase": phase,
        "pending": pend,
        "rows": ids,
        "cover": sorted([w, c] for w, c in cover.items()),
        "bonus": bonus_ids,
        "draw": draw_ids,
        "discard": discard_ids,
        "void": sorted(set(void_ids)),
        "totals": totals or [0] * n,
        "history": [totals] if earlier else [],  # one finished round won by `first` gives those totals
        "ends": [first] if earlier else [],
        "last": None,
        "dug": [],
    }
    state = game.state_from_dict(data)
    assert isinstance(state, ZopZooState)
    return state


def c(name: str) -> int:
    return card_id(name)


def row(state: ZopZooState, p: int) -> list[str]:
    return [CARDS[b].name for b in state.rows[p]]


def covered_by(state: ZopZooState, white: str) -> str | None:
    cover = state.cover.get(c(white))
    return None if cover is None else CARDS[cover].name


def top(state: ZopZooState) -> str:
    return CARDS[state.discard[-1]].name


# -- the deck ------------------------------------------------------------------------------


def test_deck_has_52_white_74_black_126_cards_and_66_illustrations() -> None:
    assert (len(WHITE), len(BLACK), len(CARDS)) == (52, 74, 126)
    assert len({card.art for card in CARDS}) == 66
    kinds = Counter(card.kind for card in CARDS)
    assert kinds[Kind.CATEGORY] == 36 and kinds[Kind.LOWER] == 10 and kinds[Kind.MINUS] == 6
    assert kinds[Kind.POINTS] == 36 and kinds[Kind.UPPER] == 10 and kinds[Kind.ANTI] == 6
    assert kinds[Kind.BEAST] == 4 and kinds[Kind.BEST_BEAST] == 1 and kinds[Kind.BONUS] == 8
    assert kinds[Kind.MOLE] == 6 and (kinds[Kind.HYENA], kinds[Kind.RACCOON], kinds[Kind.EARTHWORM]) == (1, 1, 1)


def test_deck_categories_values_and_colours() -> None:
    assert [CATEGORY_VALUE[x] for x in CATEGORIES] == [10, 15, 20, 25, 30, 35, 40, 45, 55, 60]
    assert CATEGORIES[0] == "MAMMAL" and CATEGORIES[-1] == "MYTHICAL" and 50 not in CATEGORY_VALUE.values()
    assert CATEGORY_COLOUR["MAMMAL"] == "browns" and CATEGORY_COLOUR["MYTHICAL"] == "purples"


def test_deck_card_values_and_pairs() -> None:
    minus = sorted(card.value for card in CARDS if card.kind is Kind.MINUS)
    assert minus == [-100, -100, -90, -90, -75, -75]
    assert all(card.value == 80 for card in CARDS if card.kind in (Kind.LOWER, Kind.UPPER))
    assert {card.category for card in CARDS if card.kind is Kind.UPPER} <= set(CATEGORIES)
    assert all(card.category == "" for card in CARDS if card.kind in (Kind.LOWER, Kind.MINUS, Kind.ANTI))
    bonus = {card.category for card in CARDS if card.kind is Kind.BONUS}
    assert bonus == {"OCEAN", "BIRD", "INSECT", "SEMI-AQUATIC", "HORNS", "REPTILE", "ARACHNID", "MYTHICAL"}
    assert (CARDS[c("beast 1")].value, CARDS[c("best beast")].value) == (0, 50)
    # one Category POINTS card per Category card, with the same illustration and value
    for card in CARDS:
        if card.kind is Kind.CATEGORY:
            twin = CARDS[c(card.name + " points")]
            assert (twin.art, twin.value, twin.category) == (card.art, card.value, card.category)


# -- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_deal_six_face_up_starting_cards_first_card_to_the_dealer(players: int) -> None:
    seed = 11
    state = zdeck.make("zopzoo", players=players).new_state(seed)
    assert [len(r) for r in state.rows] == [6] * players
    assert len(state.draw) == 74 and state.discard == [] and len(aside(state.rows)) == 52 - 6 * players
    white = list(WHITE)
    Rng(seed).shuffle(white)  # the state's first shuffle is the white deck; cards come off its end
    assert state.rows[0][0] == white[-1] and state.rows[1][0] == white[-2]
    assert state.current == 0 and state.legal_actions(0) == [A.DRAW]  # the dealer starts by drawing
    obs = state.observation(1)  # starting cards are face up for everyone
    assert [b for b, _ in obs["rows"][0]] == row(state, 0)


def test_later_rounds_give_the_first_card_to_the_last_winner_from_both_full_decks() -> None:
    state = table([["owl", "shark"], ["otter"]], covers={"owl": "owl points"}, draw=["otter points"], current=1)
    state.apply(1, A.DRAW)
    assert state.round() == 2 and state.round_scores() == [[0, 30]]
    assert state.first == 1 and state.current == 1 and state.actors() == (1,)
    assert [len(r) for r in state.rows] == [6, 6] and len(state.draw) == 74 and state.discard == []
    assert state.cover == {} and state.bonus == [[], []]
    assert sorted(state.location_cards()) == list(range(126))


def _clockwise_deal(white: list[int], first: int, n: int) -> list[list[int]]:
    """Rows dealt one card at a time from seat `first`, cards coming off the end of the shuffled deck."""
    return [[white[-1 - k * n - (p - first) % n] for k in range(6)] for p in range(n)]


def test_dealing_goes_clockwise_one_card_at_a_time_from_the_player_dealt_the_first_card() -> None:
    """Round one from the dealer (seat 0); a later round from the last round's winner (here p2)."""
    seed, n = 21, 3
    state = zdeck.make("zopzoo", players=n).new_state(seed)
    white = list(WHITE)
    Rng(seed).shuffle(white)
    assert state.rows == _clockwise_deal(white, 0, n) and state.rows[0][0] == white[-1]
    state = table([["owl", "shark"], ["otter"], ["frog", "yak"]], covers={"yak": "yak points"}, draw=["frog points"],
                  current=2)
    state.apply(2, A.DRAW)  # p2 completes its row and wins the round
    white = list(WHITE)
    Rng.from_state(7).shuffle(white)  # the helper's generator state; the white deck is shuffled first
    assert state.first == 2 and state.current == 2 and state.rows == _clockwise_deal(white, 2, n)


def test_deal_a_row_of_six_minus_cards_wins_at_once() -> None:
    """A freak deal whose starting cards all show (minus) POINTS: that player wins without a turn."""

    class Rigged:  # stands in for the state's generator: puts the six Minus cards on the first player's deals
        state = 5
        rigged = False

        def shuffle_lazily(self, items: list[int]) -> Unsettled:
            if len(items) == 52 and not self.rigged:  # only the next deal: later rounds are dealt as dealt
                self.rigged = True
                minus = [w for w in items if CARDS[w].kind is Kind.MINUS]
                others = [w for w in items if CARDS[w].kind is not Kind.MINUS]
                items[:] = others[:40] + [x for pair in zip(others[40:], minus) for x in pair]
            return Unsettled(0, 0)  # nothing left to settle: the order is as set here

        def shuffle(self, items: list[int]) -> None:
            self.shuffle_lazily(items)

    state = table([["owl"], ["shark"]], draw=["owl points"], target=10_000)
    state.rng = Rigged()  # type: ignore[assignment]
    state.apply(0, A.DRAW)  # p0 wins round 1 and gets round 2's first card
    assert state.round() == 3 and state.round_scores()[1] == [-530, 0] and state.round_scores()[1][0] < 0


def test_lucky_cut_is_not_an_action() -> None:
    game = zdeck.make("zopzoo", players=3)
    assert not any("cut" in str(a) for a in game.action_table())


# -- a turn --------------------------------------------------------------------------------


def test_draw_pile_match_continues_the_turn() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["owl points", "otter points"])
    state.apply(0, A.DRAW)
    assert covered_by(state, "owl") == "owl points"
    assert state.current == 0 and state.phase == "again" and state.legal_actions(0) == [A.DRAW]


def test_draw_pile_miss_is_discarded_and_the_turn_passes() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["otter points"])
    state.apply(0, A.DRAW)
    assert top(state) == "otter points" and state.current == 1
    assert state.legal_actions(1) == [A.TAKE]  # the discard is available to the next player


def test_discard_pile_match_must_be_taken_with_every_match_revealed_under_it() -> None:
    state = table([["owl"], ["otter", "shark", "frog"]], discard=["frog points", "owl points", "shark points", "otter points"])
    state.current = 1
    assert state.legal_actions(1) == [A.TAKE]  # must take: drawing instead is not allowed
    state.apply(1, A.TAKE)
    assert covered_by(state, "otter") == "otter points" and covered_by(state, "shark") == "shark points"
    assert covered_by(state, "frog") is None and top(state) == "owl points"  # the chain stops at a non-match
    assert state.current == 0  # taking from the discard pile ends the turn: no draw


def test_one_pile_or_the_other_never_both() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["owl points"], draw=["shark points"])
    before = len(state.draw)
    state.apply(0, A.TAKE)
    assert state.current == 1 and covered_by(state, "shark") is None and len(state.draw) == before
    with pytest.raises(IllegalAction, match="p1's turn"):
        state.apply(0, A.DRAW)


def test_illegal_actions_say_which_rule_forbids_them() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["owl points"])
    with pytest.raises(IllegalAction, match="must take it"):
        state.apply(0, A.DRAW)
    state = table([["owl", "shark"], ["otter"]], draw=["owl points"])
    state.apply(0, A.DRAW)
    with pytest.raises(IllegalAction, match="draw again"):
        state.apply(0, A.TAKE)


def test_category_names_do_not_match_only_the_same_animal_does() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["flamingo points"])  # both BIRD
    state.apply(0, A.DRAW)
    assert covered_by(state, "owl") is None and top(state) == "flamingo points" and state.current == 1


def test_connect_cards_join_an_upper_half_to_its_lower_half() -> None:
    state = table([["giraffe", "shark"], ["otter"]], draw=["giraffe upper", "whale upper"])
    state.apply(0, A.DRAW)
    assert covered_by(state, "giraffe") == "giraffe upper" and state.phase == "again"
    state.apply(0, A.DRAW)
    assert top(state) == "whale upper" and state.current == 1


# -- must-take and the assist option ---------------------------------------------------------


def test_manual_assist_lets_a_player_overlook_a_match() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["owl points"], assist="manual")
    state.apply(0, A.DRAW)
    assert state.legal_actions(0) == [A.PLACE, A.DISCARD]
    state.apply(0, A.DISCARD)  # overlooked: it is discarded like a miss
    assert top(state) == "owl points" and covered_by(state, "owl") is None and state.current == 1


def test_manual_assist_discard_top_may_be_passed_up_and_chain_stopped() -> None:
    state = table([["owl", "shark", "frog"], ["otter"]], discard=["shark points", "owl points"], assist="manual")
    assert state.legal_actions(0) == [A.DRAW, A.TAKE]
    state.apply(0, A.TAKE)
    assert state.phase == "chain" and state.legal_actions(0) == [A.TAKE, A.STOP]
    state.apply(0, A.STOP)
    assert state.current == 1 and top(state) == "shark points"


def test_an_overlooked_card_comes_back_only_with_a_mole() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["owl points", "tarantula points"], draw=["mole 1", "frog points"],
                  assist="manual")
    assert state.legal_actions(0) == [A.DRAW]  # the buried owl cannot be taken from the discard pile
    state.apply(0, A.DRAW)
    assert state.phase == "mole" and state.legal_actions(0) == [A.DIG, A.DISCARD]
    state.apply(0, A.DIG)
    assert covered_by(state, "owl") == "owl points" and top(state) == "mole 1" and state.phase == "again"


def test_auto_assist_never_lets_a_match_slip() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["owl points"])
    state.apply(0, A.DRAW)  # placed by the engine: no place-or-overlook decision
    assert covered_by(state, "owl") == "owl points" and state.phase == "again"
    assert A.PLACE not in state.legal_actions(0) and A.DISCARD not in state.legal_actions(0)


# -- wild cards ------------------------------------------------------------------------------


def test_beast_covers_any_uncovered_card_of_the_players_choice_and_the_turn_continues() -> None:
    state = table([["owl", "giraffe", "skunk", "shark"], ["otter"]], covers={"shark": "shark points"},
                  draw=["beast 1"])
    state.apply(0, A.DRAW)
    assert state.phase == "wild"
    assert set(state.legal_actions(0)) == {A.Cover(c("owl")), A.Cover(c("giraffe")), A.Cover(c("skunk"))}
    state.apply(0, A.Cover(c("owl")))
    assert covered_by(state, "owl") == "beast 1" and state.phase == "again" and state.current == 0


def test_a_wild_card_is_final_the_match_no_longer_fits() -> None:
    state = table([["owl", "shark"], ["otter"]], covers={"owl": "best beast"}, draw=["owl points"])
    state.apply(0, A.DRAW)
    assert covered_by(state, "owl") == "best beast" and top(state) == "owl points" and state.current == 1


def test_wild_card_values_count_for_the_winner() -> None:
    state = table([["owl", "shark", "frog"], ["otter"]], covers={"shark": "shark points", "frog": "beast 2"},
                  draw=["best beast"])
    state.apply(0, A.DRAW)
    state.apply(0, A.Cover(c("owl")))
    assert state.round_scores() == [[50 + 15 + 0, 0]] and state.first == 0


def test_wild_cards_are_never_overlooked_even_with_manual_assist() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["beast 4"], assist="manual")
    state.apply(0, A.DRAW)
    assert state.legal_actions(0) == [A.Cover(c("owl")), A.Cover(c("shark"))]  # no discard: it must cover


# -- side bonus cards ---------------------------------------------------------------------------


def test_side_bonus_is_taken_when_a_card_lists_its_category_and_the_draw_continues() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["ocean bonus"])
    state.apply(0, A.DRAW)
    assert state.bonus[0] == [c("ocean bonus")] and state.phase == "again"


@pytest.mark.parametrize(
    ("cards", "covers", "lists"),
    [
        (["octopus"], {}, True),  # a Category card
        (["octopus"], {"octopus": "octopus points"}, True),  # a Category POINTS card
        (["whale"], {"whale": "whale upper"}, True),  # an Upper Half lists the category
        (["whale"], {}, False),  # a Lower Half lists none
        (["skunk"], {"skunk": "skunk anti-minus"}, False),  # Minus / ANTI-Minus list none
        (["octopus"], {"octopus": "beast 3"}, False),  # a wild card hides the category it covers
    ],
)
def test_side_bonus_needs_a_card_listing_the_category(cards: list[str], covers: dict[str, str], lists: bool) -> None:
    state = table([cards + ["owl"], ["otter"]], covers=covers, draw=["ocean bonus"])
    state.apply(0, A.DRAW)
    assert (state.bonus[0] == [c("ocean bonus")]) is lists
    assert (state.current == 0) is lists


def test_side_bonus_from_the_discard_pile_ends_the_turn_and_scores_win_or_lose() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], covers={"frog": "frog points"},
                  discard=["bird bonus"], draw=["otter points"])
    state.apply(0, A.TAKE)
    assert state.bonus[0] == [c("bird bonus")] and state.current == 1
    state.apply(1, A.DRAW)  # p1 wins the round; p0 still scores the bonus
    assert state.round_scores() == [[20, 60]]


def test_side_bonus_cards_can_be_given_and_switched_too() -> None:
    give = table([["owl", "shark"], ["otter"]], bonus=[["bird bonus"], []], draw=["hyena"])
    give.apply(0, A.DRAW)
    assert give.legal_actions(0) == [A.Give(c("bird bonus"), 1)]
    give.apply(0, A.Give(c("bird bonus"), 1))
    assert give.bonus == [[], [c("bird bonus")]]
    switch = table([["owl", "shark"], ["otter", "frog"]], covers={"frog": "frog points"}, bonus=[["bird bonus"], []],
                   draw=["earthworm"])
    switch.apply(0, A.DRAW)
    switch.apply(0, A.Switch(c("bird bonus"), c("frog")))
    assert switch.bonus == [[], [c("bird bonus")]] and row(switch, 0) == ["owl", "shark", "frog"]


# -- MOLE cards -----------------------------------------------------------------------------------


def test_mole_digs_points_upper_anti_minus_and_bonus_but_never_specialty_cards() -> None:
    state = table(
        [["owl", "giraffe", "skunk", "frog", "octopus"], ["otter"]],
        discard=["owl points", "hyena", "giraffe upper", "tarantula points", "skunk anti-minus", "ocean bonus", "mole 1"],
        void=["hyena"],
        draw=["frog points"],
    )
    assert state.legal_actions(0) == [A.DRAW, A.DIG]
    state.apply(0, A.DIG)
    assert covered_by(state, "owl") == "owl points" and covered_by(state, "giraffe") == "giraffe upper"
    assert covered_by(state, "skunk") == "skunk anti-minus" and state.bonus[0] == [c("ocean bonus")]
    assert [CARDS[x].name for x in state.discard] == ["hyena", "tarantula points", "mole 1"]
    assert state.current == 1  # a MOLE used from the discard pile ends the turn


def test_mole_dig_finds_a_bonus_made_possible_by_a_retrieved_upper_half() -> None:
    state = table([["whale", "owl"], ["otter"]], discard=["ocean bonus", "whale upper", "tarantula points"],
                  draw=["mole 2"])
    state.apply(0, A.DRAW)
    state.apply(0, A.DIG)
    assert covered_by(state, "whale") == "whale upper" and state.bonus[0] == [c("ocean bonus")]


def test_mole_on_the_discard_pile_is_reused_until_someone_draws_instead() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], discard=["otter points", "owl points", "tarantula points", "mole 3"],
                  draw=["scorpion points"])
    state.apply(0, A.DIG)
    assert top(state) == "mole 3" and state.current == 1
    assert state.legal_actions(1) == [A.DRAW, A.DIG]
    state.apply(1, A.DIG)  # p1 reuses the same MOLE
    assert covered_by(state, "otter") == "otter points" and top(state) == "mole 3" and state.current == 0
    assert state.legal_actions(0) == [A.DRAW]  # nothing left for p0 to dig
    state.apply(0, A.DRAW)  # p0's miss covers the MOLE
    assert top(state) == "scorpion points"


def test_mole_drawn_digs_and_the_turn_continues_or_is_discarded() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["owl points", "tarantula points"], draw=["mole 4"])
    state.apply(0, A.DRAW)
    state.apply(0, A.DIG)
    assert covered_by(state, "owl") == "owl points" and top(state) == "mole 4" and state.phase == "again"
    state = table([["owl", "shark"], ["otter"]], discard=["owl points", "tarantula points"], draw=["mole 4"])
    state.apply(0, A.DRAW)
    state.apply(0, A.DISCARD)  # not using it: it goes on the discard pile and the turn ends
    assert top(state) == "mole 4" and state.current == 1


def test_mole_with_nothing_to_dig_is_simply_discarded_by_a_player_who_recalls_the_pile() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["tarantula points"], draw=["mole 5"], recall=True)
    state.apply(0, A.DRAW)
    assert top(state) == "mole 5" and state.current == 1 and state.legal_actions(1) == [A.DRAW]


def test_mole_without_recall_digs_blind_and_a_fruitless_dig_ends_the_turn() -> None:
    """Seeing only the top of the discard pile, a player cannot know what a MOLE would find: it may dig
    whenever there is a pile to search. Finding nothing, the drawn MOLE is discarded and the turn ends."""
    state = table([["owl", "shark"], ["otter"]], discard=["tarantula points"], draw=["mole 5", "scorpion points"])
    state.apply(0, A.DRAW)
    assert state.phase == "mole" and state.legal_actions(0) == [A.DIG, A.DISCARD]
    state.apply(0, A.DIG)
    assert top(state) == "mole 5" and state.current == 1 and state.dug == (0,)
    assert state.legal_actions(1) == [A.DRAW, A.DIG]  # p1 has not searched under this MOLE yet
    state.apply(1, A.DIG)
    assert state.current == 0 and state.dug == (0, 1) and state.legal_actions(0) == [A.DRAW]


def test_mole_without_recall_on_an_empty_discard_pile_is_simply_discarded() -> None:
    state = table([["owl", "shark"], ["otter"]], draw=["mole 5", "scorpion points"])
    state.apply(0, A.DRAW)
    assert top(state) == "mole 5" and state.current == 1 and state.legal_actions(1) == [A.DRAW]


def test_mole_on_top_is_dug_with_once_per_seat_until_the_top_changes() -> None:
    """A second dig by the same seat would search a pile that only lost cards since, for an unchanged row."""
    state = table([["owl", "shark"], ["otter", "frog"]], discard=["tarantula points", "mole 3"],
                  draw=["scorpion points", "iguana points"])
    state.apply(0, A.DIG)
    state.apply(1, A.DIG)
    assert state.legal_actions(0) == [A.DRAW] and state.observation(0)["dug"] == [0, 1]
    state.apply(0, A.DRAW)  # the miss covers the MOLE: a new top, nobody has dug with it
    assert state.dug == () and state.observation(1)["dug"] == []


# -- specialty cards ------------------------------------------------------------------------------


def test_hyena_gives_a_minus_card_away_and_the_drawn_card_turn_continues() -> None:  # the rulebook's giving example
    state = table([["skunk", "owl"], ["otter"]], draw=["hyena"])
    state.apply(0, A.DRAW)
    assert state.phase == "special" and state.legal_actions(0) == [A.Give(c("skunk"), 1)]
    state.apply(0, A.Give(c("skunk"), 1))
    assert row(state, 0) == ["owl"] and row(state, 1) == ["otter", "skunk"]
    assert top(state) == "hyena" and c("hyena") in state.void and state.phase == "again"


def test_raccoon_takes_a_side_bonus_card() -> None:  # the rulebook's taking example
    state = table([["owl"], ["otter"]], bonus=[[], ["ocean bonus"]], draw=["raccoon"])
    state.apply(0, A.DRAW)
    assert state.legal_actions(0) == [A.Steal(c("ocean bonus"))]
    state.apply(0, A.Steal(c("ocean bonus")))
    assert state.bonus == [[c("ocean bonus")], []] and state.phase == "again"


def test_earthworm_switches_a_beast_for_connected_cards_moving_covers_together() -> None:  # the switching example
    state = table([["owl", "shark"], ["giraffe", "otter"]], covers={"owl": "beast 1", "giraffe": "giraffe upper"},
                  draw=["earthworm"])
    state.apply(0, A.DRAW)
    assert state.legal_actions(0) == [A.Switch(c("owl"), c("giraffe"))]
    state.apply(0, A.Switch(c("owl"), c("giraffe")))
    assert row(state, 0) == ["shark", "giraffe"] and row(state, 1) == ["otter", "owl"]
    assert covered_by(state, "giraffe") == "giraffe upper" and covered_by(state, "owl") == "beast 1"
    assert state.tally(0, True) == 80 and state.tally(1, True) == 0


def test_specialty_targets_are_only_points_cards() -> None:
    state = table([["owl", "skunk"], ["otter", "shark", "frog"]], covers={"shark": "shark points"},
                  bonus=[[], ["bird bonus"]], draw=["raccoon"])
    state.apply(0, A.DRAW)
    assert set(state.legal_actions(0)) == {A.Steal(c("shark")), A.Steal(c("bird bonus"))}


def test_specialty_on_the_discard_pile_must_be_used_then_the_turn_ends_and_it_is_spent() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], covers={"frog": "frog points"}, discard=["raccoon"],
                  draw=["tarantula points"])
    assert state.legal_actions(0) == [A.Steal(c("frog"))]  # must use it: drawing is not allowed
    with pytest.raises(IllegalAction, match="Specialty"):
        state.apply(0, A.DRAW)
    state.apply(0, A.Steal(c("frog")))
    assert row(state, 0) == ["owl", "shark", "frog"] and state.current == 1 and top(state) == "raccoon"
    assert state.legal_actions(1) == [A.DRAW]  # single use: p1 cannot use it again


def test_unusable_specialty_is_discarded_for_the_next_player() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], covers={"frog": "frog points"}, draw=["hyena"])
    state.apply(0, A.DRAW)  # p0 has no POINTS card to give
    assert top(state) == "hyena" and state.current == 1 and c("hyena") not in state.void
    assert state.legal_actions(1) == [A.Give(c("frog"), 0)]


def test_one_pile_or_the_other_a_specialty_left_on_top_cannot_be_used_after_drawing() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], discard=["hyena"], draw=["owl points", "tarantula points"])
    assert state.legal_actions(0) == [A.DRAW]  # no POINTS card yet: p0 cannot use the hyena, so draws
    state.apply(0, A.DRAW)  # the owl now shows POINTS, but p0 has chosen the draw pile
    assert state.phase == "again" and state.legal_actions(0) == [A.DRAW]
    state.apply(0, A.DRAW)  # the miss buries the hyena
    assert top(state) == "tarantula points" and c("hyena") in state.void


def test_buried_specialty_is_void_even_when_uncovered_again() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], draw=["raccoon", "owl points"])
    state.apply(0, A.DRAW)  # nobody else holds POINTS: the raccoon goes on the discard pile
    assert top(state) == "raccoon" and state.current == 1 and state.legal_actions(1) == [A.DRAW]
    state.apply(1, A.DRAW)  # p1 misses the owl: it buries the raccoon
    assert c("raccoon") in state.void and state.current == 0
    state.apply(0, A.TAKE)  # p0 must take its owl, uncovering the raccoon
    assert top(state) == "raccoon" and state.current == 1
    assert state.units(0) == [c("owl")]  # p1 could now take p0's owl with a live raccoon...
    assert state.legal_actions(1) == [A.DRAW]  # ... but this one is void


def test_mole_never_retrieves_a_specialty_card() -> None:
    state = table([["owl", "frog", "shark"], ["otter"]], covers={"frog": "frog points"},
                  discard=["raccoon", "owl points", "mole 1"],
                  void=["raccoon"])
    state.apply(0, A.DIG)
    assert [CARDS[x].name for x in state.discard] == ["raccoon", "mole 1"] and state.bonus[0] == []


def test_a_specialty_card_is_single_use_the_next_player_cannot_reuse_it() -> None:
    state = table([["owl", "shark"], ["otter", "frog"], ["ibex", "yak"]], covers={"frog": "frog points"},
                  draw=["raccoon"])
    state.apply(0, A.DRAW)
    state.apply(0, A.Steal(c("frog")))  # used from the draw pile: discarded spent
    assert top(state) == "raccoon" and c("raccoon") in state.void
    state.phase, state.current = "turn", 1  # were the spent raccoon still on top at p1's turn...
    assert state.legal_actions(1) == [A.DRAW]  # ...p1 could not take p0's frog back: one-time use only
    state = table([["owl", "shark"], ["otter", "frog"], ["ibex", "yak"]], covers={"frog": "frog points"},
                  discard=["raccoon"])
    state.apply(0, A.Steal(c("frog")))  # used from the top of the discard pile: it stays there, spent
    assert top(state) == "raccoon" and state.current == 1 and state.legal_actions(1) == [A.DRAW]


def test_a_next_player_who_cannot_use_a_discarded_specialty_draws_and_it_is_buried() -> None:
    state = table([["owl", "shark"], ["otter", "frog"], ["ibex", "yak"]], covers={"owl": "owl points"},
                  draw=["hyena", "tarantula points"], current=2)
    state.apply(2, A.DRAW)  # p2 has no POINTS card: the hyena goes on the discard pile for p0
    assert state.current == 0 and state.legal_actions(0) == [A.Give(c("owl"), 1), A.Give(c("owl"), 2)]
    state = table([["owl", "shark"], ["otter", "frog"], ["ibex", "yak"]], draw=["hyena", "tarantula points"],
                  current=2)
    state.apply(2, A.DRAW)  # nobody holds POINTS: the hyena waits on top
    assert top(state) == "hyena" and state.legal_actions(0) == [A.DRAW]  # p0 cannot use it, so draws instead
    state.apply(0, A.DRAW)
    assert top(state) == "tarantula points" and c("hyena") in state.void  # buried: void


# -- the seven outcomes of a Minus card -----------------------------------------------------------


def _minus_outcome(outcome: str) -> tuple[ZopZooState, int]:
    """Play one of the rulebook's seven outcomes for p0's skunk (-75); return the state and p0's seat score."""
    base = {"covers": {"owl": "owl points"}, "bonus": None}
    if outcome == "anti-minus":
        state = table([["skunk", "owl", "shark"], ["otter"]], draw=["skunk anti-minus", "shark points"], **base)
        state.apply(0, A.DRAW)
        state.apply(0, A.DRAW)  # and p0 wins: +75
        return state, state.round_scores()[0][0]
    if outcome in ("beast", "best beast"):
        card = "beast 1" if outcome == "beast" else "best beast"
        state = table([["skunk", "owl", "shark"], ["otter"]], draw=[card], **base)
        state.apply(0, A.DRAW)
        state.apply(0, A.Cover(c("skunk")))
        return state, state.tally(0, True)
    if outcome == "hyena":
        state = table([["skunk", "owl", "shark"], ["otter"]], draw=["hyena"], **base)
        state.apply(0, A.DRAW)
        state.apply(0, A.Give(c("skunk"), 1))
        return state, state.tally(0, True)
    if outcome == "raccoon":
        state = table([["skunk", "owl", "shark"], ["otter"]], draw=["raccoon"], current=1, **base)
        state.apply(1, A.DRAW)
        state.apply(1, A.Steal(c("skunk")))
        return state, state.tally(0, True)
    if outcome == "earthworm":
        state = table([["skunk", "owl", "shark"], ["otter", "frog"]], draw=["earthworm"], current=1,
                      covers={"owl": "owl points", "frog": "frog points"})
        state.apply(1, A.DRAW)
        state.apply(1, A.Switch(c("frog"), c("skunk")))
        return state, state.tally(0, True)
    state = table([["skunk", "owl", "shark"], ["otter"]], draw=["otter points"], current=1, **base)  # stuck
    state.apply(1, A.DRAW)
    return state, state.round_scores()[0][0]


@pytest.mark.parametrize(
    ("outcome", "p0_score", "skunk_owner"),
    [
        ("anti-minus", 75 + 20 + 15, None),  # covered by its ANTI-Minus card: positive for the winner
        ("beast", 0 + 20, 0),  # a BEAST makes it 0
        ("best beast", 50 + 20, 0),  # the BEST BEAST makes it 50
        ("hyena", 20, 1),  # given away
        ("raccoon", 20, 1),  # taken by another player
        ("earthworm", 20 + 30, 1),  # switched for the other player's frog
        ("stuck", -75, None),  # stuck with it at the round's end
    ],
)
def test_minus_card_seven_outcomes(outcome: str, p0_score: int, skunk_owner: int | None) -> None:
    state, score = _minus_outcome(outcome)
    assert score == p0_score
    if skunk_owner is not None:
        assert c("skunk") in state.rows[skunk_owner]


def test_minus_card_already_shows_points_and_need_not_be_matched() -> None:
    state = table([["skunk", "owl"], ["otter"]], draw=["owl points"])
    state.apply(0, A.DRAW)
    assert state.round_scores() == [[20 - 75, 0]]  # the winner can end with a negative tally


# -- round end and game end ----------------------------------------------------------------------------


def test_round_winner_scores_everything_others_only_minus_and_bonus() -> None:
    state = table(
        [["owl", "giraffe", "skunk", "rat"], ["otter", "leech", "frog", "octopus", "whale"]],
        covers={"giraffe": "giraffe upper", "skunk": "beast 1", "rat": "rat anti-minus",
                "frog": "frog points", "octopus": "best beast", "whale": "whale upper"},
        bonus=[["bird bonus"], ["ocean bonus"]],
        draw=["owl points"],
    )
    state.apply(0, A.DRAW)
    assert state.round_scores() == [[20 + 80 + 0 + 90 + 20, -100 + 15]]
    assert state.scores() == [210, -85] and state.first == 0


def test_anti_minus_points_count_only_for_the_round_winner() -> None:
    state = table([["owl", "shark"], ["otter", "skunk", "rat"]],
                  covers={"shark": "shark points", "skunk": "skunk anti-minus"}, draw=["owl points"])
    state.apply(0, A.DRAW)  # p0 wins; p1's covered skunk (+75) counts nothing, its uncovered rat -90
    assert state.round_scores() == [[35, -90]]


def test_black_deck_running_out_everyone_scores_everything_highest_starts_next() -> None:
    state = table(
        [["owl", "skunk", "shark"], ["giraffe", "frog", "leech"]],
        covers={"owl": "owl points", "giraffe": "giraffe upper", "leech": "leech anti-minus"},
        bonus=[["bird bonus"], []],
        draw=["tarantula points"],
        discard=["scorpion points"],
        rest="discard",
        current=0,
    )
    state.apply(0, A.DRAW)  # the last black card: a miss, and the deck is empty
    assert state.round_scores() == [[20 - 75 + 20, 80 + 100]]
    assert state.round() == 2 and state.first == 1 and state.current == 1


def test_the_last_black_card_drawn_is_still_used_before_the_round_ends() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], covers={"frog": "frog points"}, draw=["raccoon"],
                  discard=["scorpion points"], rest="discard")
    state.apply(0, A.DRAW)  # the draw pile is now empty, but the raccoon must be used first
    assert state.draw == [] and state.phase == "special" and state.round() == 1
    state.apply(0, A.Steal(c("frog")))
    assert state.round() == 2 and state.round_scores() == [[30, 0]] and state.first == 0


def test_deck_runs_out_on_a_match_ends_the_round_too() -> None:
    state = table([["owl", "shark"], ["otter", "frog"]], covers={"frog": "frog points"}, draw=["owl points"],
                  discard=["scorpion points"], rest="discard")
    state.apply(0, A.DRAW)
    assert state.round_scores() == [[20, 30]] and state.first == 1


def test_deck_out_tie_goes_to_the_first_in_seating_order_from_this_rounds_first_player() -> None:
    state = table([["owl", "shark"], ["flamingo", "frog"], ["otter"]], covers={"owl": "owl points", "flamingo": "flamingo points"},
                  draw=["scorpion points"], discard=["tarantula points"], rest="discard", first=1, current=1)
    state.apply(1, A.DRAW)
    assert state.round_scores()[-1] == [20, 20, 0] and state.first == 1


@pytest.mark.parametrize(("players", "target"), [(2, 800), (3, 800), (4, 800), (5, 800), (6, 800)])
def test_default_target_by_player_count(players: int, target: int) -> None:
    assert zdeck.make("zopzoo", players=players).options["target"] == target


def test_two_player_1000_point_option_and_bad_targets() -> None:
    assert zdeck.make("zopzoo", players=2, target=1000).options["target"] == 1000
    for bad in (0, -5, "800", True):
        with pytest.raises(ValueError):
            zdeck.make("zopzoo", players=2, target=bad)
    with pytest.raises(ValueError):
        zdeck.make("zopzoo", players=7)


def test_game_ends_when_a_player_reaches_the_target() -> None:
    state = table([["owl", "shark"], ["otter"]], covers={"shark": "shark points"}, draw=["owl points"],
                  totals=[770, 790])
    state.apply(0, A.DRAW)
    assert state.is_over() and state.actors() == () and state.scores() == [805, 790] and state.winners() == [0]


def test_game_end_highest_total_wins_when_several_pass_the_target() -> None:
    state = table([["owl", "shark"], ["otter"]], covers={"shark": "shark points"}, bonus=[[], ["mythical bonus"]],
                  draw=["owl points"], totals=[770, 790])
    state.apply(0, A.DRAW)
    assert state.scores() == [805, 850] and state.winners() == [1]


def test_two_player_game_to_1000_goes_on_past_800() -> None:
    state = table([["owl", "shark"], ["otter"]], covers={"shark": "shark points"}, draw=["owl points"],
                  totals=[790, 0], target=1000)
    state.apply(0, A.DRAW)
    assert state.scores() == [825, 0] and not state.is_over() and state.round() == 3


def test_game_goes_on_below_the_target() -> None:
    state = table([["owl", "shark"], ["otter"]], covers={"shark": "shark points"}, draw=["owl points"], totals=[700, 0])
    state.apply(0, A.DRAW)
    assert not state.is_over() and state.winners() == [] and state.round() == 3


# -- state round trip and validation ------------------------------------------------------------------


def test_state_dict_rejects_a_duplicated_card_or_wrong_cover() -> None:
    state = table([["owl"], ["otter"]], draw=["owl points"])
    data = state.to_dict()
    game = state.game
    broken = {**data, "draw": data["draw"] + [data["draw"][0]]}
    with pytest.raises(ValueError, match="exactly once"):
        game.state_from_dict(broken)
    bad_cover = {**data, "cover": [[c("owl"), c("otter points")]], "draw": [x for x in data["draw"] if x != c("otter points")]}
    with pytest.raises(ValueError, match="cannot cover"):
        game.state_from_dict(bad_cover)
    wrong_pending = {**data, "phase": "wild", "pending": data["draw"][-1], "draw": data["draw"][:-1]}
    assert CARDS[data["draw"][-1]].kind not in (Kind.BEAST, Kind.BEST_BEAST)
    with pytest.raises(ValueError, match="cannot be pending"):
        game.state_from_dict(wrong_pending)
    with pytest.raises(ValueError, match="exactly once"):
        game.state_from_dict({**data, "draw": [*data["draw"], c("gorilla")]})  # a white card set aside
    with pytest.raises(ValueError):
        game.state_from_dict({**data, "rows": "nope"})
    with pytest.raises(ValueError):
        game.state_from_dict({k: v for k, v in data.items() if k != "discard"})


def test_observation_hides_only_the_draw_pile_order() -> None:
    state = zdeck.make("zopzoo", players=3).new_state(4)
    obs = state.observation(2)
    assert obs["draw_size"] == 74 and "draw" not in obs and obs["seat"] == 2
    assert obs["rows"] == state.observation(None)["rows"]


# -- the heuristic bot -------------------------------------------------------------------------------------


def _bot_choice(state: ZopZooState, p: int) -> Any:
    return HeuristicBot().act(state.observation(p), state.legal_actions(p), Rng(1))


def test_bot_covers_the_lowest_value_card_with_a_beast() -> None:
    state = table([["unicorn", "aardvark", "giraffe", "skunk"], ["otter", "owl"]], draw=["beast 1"])
    state.apply(0, A.DRAW)
    assert _bot_choice(state, 0) == A.Cover(c("aardvark"))


def test_bot_covers_a_minus_card_late_in_the_round() -> None:
    state = table([["unicorn", "aardvark", "skunk"], ["otter", "owl"]], covers={"owl": "owl points"}, draw=["beast 1"])
    state.apply(0, A.DRAW)
    assert _bot_choice(state, 0) == A.Cover(c("skunk"))  # p1 is one card from winning


@pytest.mark.parametrize(("recall", "covered"), [(True, "shark"), (False, "aardvark")])
def test_bot_prefers_covering_a_card_whose_match_it_sees_buried(recall: bool, covered: str) -> None:
    state = table([["shark", "aardvark", "skunk", "giraffe"], ["otter", "owl"]], discard=["shark points", "tarantula points"],
                  draw=["beast 1"], recall=recall)
    state.apply(0, A.DRAW)
    assert _bot_choice(state, 0) == A.Cover(c(covered))  # 15 * 0.3 < 10; without recall it cannot see the shark


def test_bot_specialty_targets_by_value() -> None:
    give = table([["skunk", "owl", "shark"], ["otter"], ["frog"]], covers={"owl": "owl points"}, draw=["hyena"],
                 totals=[0, 50, 10])
    give.apply(0, A.DRAW)
    assert _bot_choice(give, 0) == A.Give(c("skunk"), 1)  # lowest POINTS card, to the leader
    take = table([["owl"], ["otter", "frog", "giraffe"]], covers={"frog": "frog points", "giraffe": "giraffe upper"},
                 bonus=[[], ["ocean bonus"]], draw=["raccoon"])
    take.apply(0, A.DRAW)
    assert _bot_choice(take, 0) == A.Steal(c("giraffe"))
    switch = table([["owl", "shark", "skunk"], ["otter", "frog", "giraffe"]],
                   covers={"shark": "beast 1", "frog": "frog points", "giraffe": "giraffe upper"}, draw=["earthworm"])
    switch.apply(0, A.DRAW)
    assert _bot_choice(switch, 0) == A.Switch(c("skunk"), c("giraffe"))


def test_bot_uses_a_mole_when_its_missed_cards_are_buried_and_never_overlooks() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["owl points", "tarantula points", "mole 1"], assist="manual",
                  recall=True)
    assert _bot_choice(state, 0) == A.DIG
    state = table([["owl", "shark"], ["otter"]], discard=["owl points"], assist="manual")
    assert _bot_choice(state, 0) == A.TAKE


def test_bot_digs_blind_when_it_expects_a_missing_card_under_the_mole() -> None:
    """Two missing cards, 72 of the 73 unseen black cards buried under the MOLE: a dig should find one
    (2 * 72 / 73 >= 1); with one of the 72 buried, a draw is the better chance."""
    many = table([["owl", "shark"], ["otter"]], discard=["mole 1"], rest="discard", draw=["scorpion points"])
    assert many.legal_actions(0) == [A.DRAW, A.DIG] and _bot_choice(many, 0) == A.DIG
    few = table([["owl", "shark"], ["otter"]], discard=["tarantula points", "mole 1"], draw=["scorpion points"])
    assert few.legal_actions(0) == [A.DRAW, A.DIG] and _bot_choice(few, 0) == A.DRAW


def test_bot_digs_with_a_drawn_mole_without_recall() -> None:
    state = table([["owl", "shark"], ["otter"]], discard=["tarantula points"], draw=["mole 2", "scorpion points"])
    state.apply(0, A.DRAW)
    assert _bot_choice(state, 0) == A.DIG  # declining ends the turn as a fruitless dig would


def test_heuristic_bot_beats_random_over_whole_games() -> None:
    from zdeck.sim import play

    game = zdeck.make("zopzoo", players=2, target=400)
    wins = 0
    for seed in range(12):
        bots = [HeuristicBot(), zdeck.RandomBot()] if seed % 2 == 0 else [zdeck.RandomBot(), HeuristicBot()]
        final, _ = play(game, bots, seed, keep_record=False)
        wins += (seed % 2) in final.winners()
    assert wins >= 7
