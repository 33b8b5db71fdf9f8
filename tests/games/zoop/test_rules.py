"""One scenario per rule of the Zoop rulebook (docs/rules/zoop.md), built from hand-made states."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zdeck
import zdeck.sim
from tests.games.zoop.helpers import CARD, ZOOP_HANDS, hand, make_state, texts, top
from zdeck import IllegalAction, Outcome, Rng
from zdeck.decks.zoop.actions import CAGE, DRAW, PASS, SILENT_CAGE, Discard, Play, PlayWild, Zoop
from zdeck.decks.zoop.cards import can_play_on, load_deck, shared_traits

# -- 1. Setup -----------------------------------------------------------------------------------------


def test_deck_composition_follows_the_rulebook() -> None:
    deck = zdeck.make("zoop").deck
    copies = {str(c): n for c, n in zip(deck.kinds, deck.copies)}
    for colour in ("red", "yellow", "green"):
        for animal in ("rabbit", "koala", "toucan"):
            assert copies[f"1 {colour} {animal}"] == 3 and copies[f"2 {colour} {animal}s"] == 3
        for special in ("1 {} chameleon", "1 {} crab", "2 {} monkeys", "2 {} frogs", "1 {} kangaroo", "2 {} kangaroos"):
            assert copies[special.format(colour)] == 1
    assert copies["wild card"] == 6 and copies["cage"] == 4
    assert deck.size == 82  # the rulebook's list; a published review counts 110 (see Clarifications)


def test_colours_option_scales_the_deck() -> None:
    assert zdeck.make("zoop", colours=6).deck.size == 6 * 24 + 10
    assert zdeck.make("zoop", colours=2).player_range({"colours": 2}) == (3, 5)
    with pytest.raises(ValueError):
        zdeck.make("zoop", players=6, colours=2)  # 6 hands of 8 would leave no card to turn up


@pytest.mark.parametrize(("players", "size"), [(3, 8), (6, 8), (7, 6), (8, 6)])
def test_setup_deals_eight_cards_or_six_with_seven_or_eight_players(players: int, size: int) -> None:
    state = zdeck.make("zoop", players=players).new_state(3)
    data = state.to_dict()
    assert [len(h) for h in data["hands"]] == [size] * players
    assert len(data["pile"]) == 1
    assert len(data["draw"]) == 82 - players * size - 1


def test_first_card_is_redrawn_while_it_is_a_wild_card_or_a_cage() -> None:
    game = zdeck.make("zoop", players=4)
    redrawn = 0
    for seed in range(120):
        # Replay the deal to see which card would have been turned up first.
        rng, cards = Rng(seed), game.deck.full()
        rng.shuffle(cards)
        first = game.deck.kinds[cards[-1 - 4 * 8]]
        state = game.new_state(seed)
        assert top(state) not in ("wild card", "cage")
        if not first.is_animal:
            redrawn += 1
            assert len(state.to_dict()["pile"]) == 1  # it went back into the deck, not onto the pile
    assert redrawn > 5


def test_a_special_animal_turned_up_first_has_no_effect() -> None:
    game = zdeck.make("zoop", players=4, first_player=0)
    specials = 0
    for seed in range(200):
        state = game.new_state(seed)
        if game.deck.is_special_animal[game.deck.by_text[top(state)]]:
            specials += 1
            obs = state.observation(None)
            assert (obs["turn"], obs["phase"], obs["direction"], obs["owed"]) == (0, "play", 1, 0)
            assert obs["capturable"] is None
    assert specials > 5


def test_starting_player_is_random_and_the_previous_winner_may_start() -> None:
    game = zdeck.make("zoop", players=5)
    assert {game.new_state(seed).to_dict()["turn"] for seed in range(40)} == set(range(5))
    assert {zdeck.make("zoop", players=5, first_player=3).new_state(s).to_dict()["turn"] for s in range(10)} == {3}
    with pytest.raises(ValueError):
        zdeck.make("zoop", players=3, first_player=3)


# -- 2. Playing: matching 2 of 3 characteristics -------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "card", "ok"),
    [
        # "1 red rabbit matches with 2 red rabbits, 1 rabbit of any colour, 1 red animal"
        ("1 red rabbit", "2 red rabbits", True),
        ("1 red rabbit", "1 green rabbit", True),
        ("1 red rabbit", "1 red toucan", True),
        ("1 red rabbit", "2 green rabbits", False),
        ("1 red rabbit", "2 red koalas", False),
        # "2 green toucans match with 1 green toucan, 2 toucans of any colour, 2 green animals"
        ("2 green toucans", "1 green toucan", True),
        ("2 green toucans", "2 yellow toucans", True),
        ("2 green toucans", "2 green frogs", True),
        ("2 green toucans", "1 yellow toucan", False),
        # "2 yellow monkeys match with 2 yellow animals, 2 monkeys of any colour"
        ("2 yellow monkeys", "2 yellow rabbits", True),
        ("2 yellow monkeys", "2 red monkeys", True),
        ("2 yellow monkeys", "1 yellow kangaroo", False),
        ("2 yellow monkeys", "2 green koalas", False),
    ],
)
def test_the_rulebook_matching_examples(target: str, card: str, ok: bool) -> None:
    assert can_play_on(CARD[card], CARD[target]) is ok


def test_example_one_red_rabbit_in_play() -> None:
    state = make_state(
        [["2 red rabbits", "1 yellow rabbit", "1 red koala", "2 yellow koalas", "2 green rabbits"], ["1 red koala"],
         ["1 red toucan"]],
        ["1 red rabbit"],
    )
    assert texts(state.legal_actions(0)) == ["play 1 red koala", "play 1 yellow rabbit", "play 2 red rabbits"]


def test_example_two_green_toucans_in_play() -> None:
    state = make_state(
        [["1 green toucan", "2 red toucans", "2 green koalas", "1 red toucan", "1 green rabbit"], ["2 green rabbits"],
         ["1 green toucan"]],
        ["2 green toucans"],
    )
    assert texts(state.legal_actions(0)) == ["play 1 green toucan", "play 2 green koalas", "play 2 red toucans"]


def test_example_two_yellow_monkeys_in_play() -> None:
    state = make_state(
        [["2 yellow koalas", "2 green monkeys", "1 yellow koala", "2 red rabbits"],
         ["2 yellow rabbits"], ["2 yellow toucans"]],
        ["2 yellow monkeys"],
    )
    assert texts(state.legal_actions(0)) == ["play 2 green monkeys", "play 2 yellow koalas"]


def test_a_played_card_goes_on_top_and_the_turn_passes_clockwise() -> None:
    state = make_state([["1 red koala", "2 green toucans"], ["1 red toucan"], ["1 green koala"]], ["1 red rabbit"])
    state.apply(0, Play(CARD["1 red koala"]))
    assert top(state) == "1 red koala"
    assert state.to_dict()["turn"] == 1 and hand(state, 0) == ["2 green toucans"]


def test_cannot_play_so_draw_one_and_play_it_if_possible() -> None:
    state = make_state(
        [["2 green koalas", "1 yellow toucan"], ["1 red toucan"], ["1 green koala"]], ["1 red rabbit"],
        draw_top=["1 red koala"],
    )
    assert state.legal_actions(0) == [DRAW]
    state.apply(0, DRAW)
    assert state.to_dict()["phase"] == "drawn"
    assert state.observation(0)["drawn"] == "1 red koala" and state.observation(1)["drawn"] is None
    assert state.legal_actions(0) == [Play(CARD["1 red koala"])]  # only the drawn card may be played
    state.apply(0, Play(CARD["1 red koala"]))
    assert top(state) == "1 red koala" and state.to_dict()["turn"] == 1


def test_drawn_card_that_cannot_be_played_ends_the_turn() -> None:
    state = make_state(
        [["2 green koalas"], ["1 red toucan"], ["1 green koala"]], ["1 red rabbit"], draw_top=["2 yellow toucans"]
    )
    state.apply(0, DRAW)
    assert state.to_dict()["turn"] == 1 and hand(state, 0) == ["2 green koalas", "2 yellow toucans"]
    assert top(state) == "1 red rabbit"


def test_a_player_who_can_play_may_not_draw() -> None:
    state = make_state([["1 red koala"], ["1 red toucan"], ["1 green koala"]], ["1 red rabbit"])
    with pytest.raises(IllegalAction, match="may not draw"):
        state.apply(0, DRAW)


def test_empty_draw_pile_loses_the_turn() -> None:
    state = make_state([["2 green koalas"], ["1 red toucan"], ["1 green koala"]], ["1 red rabbit"], empty_draw=True)
    assert state.legal_actions(0) == [PASS]
    state.apply(0, PASS)
    assert state.to_dict()["turn"] == 1 and not state.is_over()
    assert hand(state, 0) == ["2 green koalas"]


# -- 2.1 ZOOP! --------------------------------------------------------------------------------------------



def test_zoop_out_of_turn_with_the_exact_same_card() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"])
    assert state.actors() == (0, 2, 3)
    assert state.legal_actions(2) == [Zoop(CARD["1 red rabbit"])]
    assert state.legal_actions(1) == []  # no identical card: nothing to do out of turn
    assert state.apply(2, Zoop(CARD["1 red rabbit"])) is Outcome.APPLIED
    assert top(state) == "1 red rabbit" and hand(state, 2) == ["2 yellow koalas"]
    assert state.to_dict()["turn"] == 0  # the turn stays where it was
    assert state.to_dict()["placer"] == 2


def test_with_the_jumps_variant_play_goes_on_after_the_zooper() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"], zoop_turn="jumps")
    state.apply(2, Zoop(CARD["1 red rabbit"]))
    assert state.to_dict()["turn"] == 3 and state.observation(None)["phase"] == "play"
    assert state.legal_actions(0) == []  # player 0's turn was taken over


def test_no_zoop_at_the_start_of_ones_own_turn() -> None:
    hands = [["1 red rabbit", "2 green toucans"], *ZOOP_HANDS[1:3], ["1 green toucan"]]
    state = make_state(hands, ["1 red rabbit"])
    assert Zoop(CARD["1 red rabbit"]) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="start of one's own turn"):
        state.apply(0, Zoop(CARD["1 red rabbit"]))


def test_no_zoop_at_the_end_of_ones_own_turn() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"], placer=3, turn=0)
    assert state.legal_actions(3) == []
    with pytest.raises(IllegalAction, match="end of one's own turn"):
        state.apply(3, Zoop(CARD["1 red rabbit"]))


def test_no_zoop_during_a_special_round() -> None:
    state = make_state(
        ZOOP_HANDS, ["1 red rabbit"], phase="special", declared="koala", starter=1, turn=2, queue=[3, 0]
    )
    assert state.legal_actions(3) == []
    with pytest.raises(IllegalAction, match="Special Round"):
        state.apply(3, Zoop(CARD["1 red rabbit"]))


@pytest.mark.parametrize("calls", ["auto", "strict"])
def test_two_zoops_at_once_the_later_returns_its_card_and_draws(calls: str) -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"], draw_top=["2 red toucans"], calls=calls)
    seen = state.version
    assert state.apply(2, Zoop(CARD["1 red rabbit"])) is Outcome.APPLIED
    assert state.apply(3, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.PENALISED
    assert hand(state, 3) == ["1 green toucan", "1 red rabbit", "2 red toucans"]
    assert state.to_dict()["placer"] == 2


def test_a_zoop_landing_after_the_turn_players_card_is_a_wrong_card() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"], draw_top=["2 red toucans"])
    seen = state.version
    state.apply(0, Play(CARD["1 red koala"]))
    assert state.apply(2, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.PENALISED
    assert hand(state, 2) == ["1 red rabbit", "2 red toucans", "2 yellow koalas"]


def test_a_late_zoop_of_the_card_the_turn_player_just_laid_identically_stands() -> None:
    # Rule 2.1 penalises two out-of-turn plays at once, a wrong card or a missing call - not a ZOOP! that meets
    # an identical card played in turn: the top is still the exact same card (Clarification 9).
    state = make_state(
        [["1 red rabbit", "2 green toucans"], ["2 green koalas", "1 yellow rabbit"], ["1 red rabbit", "2 yellow koalas"],
         ["1 green toucan", "2 red toucans"]],
        ["1 red rabbit"], draw_top=["2 yellow toucans"],
    )
    seen = state.version
    state.apply(0, Play(CARD["1 red rabbit"]))  # in turn, the same card as the one under it
    assert state.apply(2, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.APPLIED
    assert hand(state, 2) == ["2 yellow koalas"] and top(state) == "1 red rabbit"
    assert (state.to_dict()["placer"], state.to_dict()["turn"]) == (2, 1)


def test_a_late_zoop_is_judged_against_the_card_now_on_the_pile() -> None:
    state = make_state(
        [["2 red rabbits", "2 green toucans"], ["1 red rabbit", "1 yellow toucan"], ["2 green rabbits", "1 red koala"],
         ["1 red rabbit", "2 yellow koalas"]],
        ["1 red rabbit"], draw_top=["2 yellow toucans"],
    )
    seen = state.version
    state.apply(0, Play(CARD["2 red rabbits"]))
    state.apply(1, Play(CARD["1 red rabbit"]))  # in turn, back to the card the ZOOP! was sent for
    assert state.apply(3, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.APPLIED


def test_a_late_zoop_on_an_unchanged_top_card_still_counts() -> None:
    state = make_state([["2 green toucans"], *ZOOP_HANDS[1:]], ["1 red rabbit"], draw_top=["2 yellow toucans"])
    seen = state.version
    state.apply(0, DRAW)  # cannot play the drawn card: the turn passes, the top card stays
    assert state.apply(2, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.APPLIED
    assert hand(state, 2) == ["2 yellow koalas"]


def test_a_late_zoop_bounces_once_it_is_the_zoopers_own_turn() -> None:
    state = make_state(
        [["2 green toucans"], ["2 green koalas", "1 red rabbit"], ["1 yellow toucan"], ["2 yellow toucans"]],
        ["1 red rabbit"], draw_top=["2 yellow koalas"],
    )
    seen = state.version
    state.apply(0, DRAW)  # unplayable: the turn passes to player 1, who had sent a ZOOP!
    assert state.apply(1, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.BOUNCED
    assert hand(state, 1) == ["1 red rabbit", "2 green koalas"]


def test_a_late_zoop_after_everyone_passes_is_a_different_card_and_is_penalised() -> None:
    # Rule 2.1: a ZOOP! with another card than the one on the pile goes back and costs a card - also when the
    # card it aimed at was just covered by a play that earned a free discard (no rule closes the window then).
    state = make_state(
        [["1 green chameleon", "2 green koalas"], ["2 yellow toucans"], ["1 red rabbit", "2 yellow koalas"]],
        ["1 red rabbit"], draw_top=["1 yellow koala"],
    )
    seen = state.version
    state.apply(0, Play(CARD["1 green chameleon"]))  # nobody can follow it: player 0 owes a free discard
    assert state.observation(None)["discard_reason"] == "everyone passes"
    assert state.apply(2, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.PENALISED
    assert hand(state, 2) == ["1 red rabbit", "1 yellow koala", "2 yellow koalas"]
    assert (state.observation(None)["phase"], state.observation(None)["turn"]) == ("discard", 0)


def test_a_late_zoop_during_a_special_round_bounces() -> None:
    # Rule 2.1: nobody may yell ZOOP! during a Special Round, so a ZOOP! overtaken by a Wild Card does nothing.
    state = make_state(
        [["wild card", "1 green rabbit", "2 green koalas"], ["2 yellow toucans"], ["1 red rabbit", "2 yellow koalas"]],
        ["1 red rabbit"], draw_top=["1 yellow koala"],
    )
    seen = state.version
    state.apply(0, PlayWild("rabbit"))
    assert state.apply(2, Zoop(CARD["1 red rabbit"]), seen=seen) is Outcome.BOUNCED
    assert hand(state, 2) == ["1 red rabbit", "2 yellow koalas"]


def test_a_zoop_nobody_can_follow_earns_the_free_discard() -> None:
    state = make_state(
        [["2 green toucans", "2 yellow toucans"], ["2 green koalas"], ["1 red rabbit", "2 yellow koalas"]],
        ["1 red rabbit"],
    )
    state.apply(2, Zoop(CARD["1 red rabbit"]))
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["discard_reason"]) == ("discard", 2, "everyone passes")
    state.apply(2, Discard(CARD["2 yellow koalas"]))
    assert state.winners() == [2]


def test_a_late_zoop_that_was_never_legal_is_refused() -> None:
    state = make_state([["2 green toucans"], *ZOOP_HANDS[1:]], ["1 red rabbit"], draw_top=["2 yellow toucans"])
    seen = state.version
    state.apply(0, DRAW)
    data = state.to_dict()
    with pytest.raises(IllegalAction, match="exact same card"):
        state.apply(2, Zoop(CARD["2 yellow koalas"]), seen=seen)  # wrong card, and calls="auto"
    assert state.to_dict() == data


def test_strict_calls_a_zoop_without_the_call_returns_the_card_and_draws() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"], draw_top=["2 red toucans"], calls="strict")
    assert Zoop(CARD["1 red rabbit"], called=False) in state.legal_actions(2)
    assert state.apply(2, Zoop(CARD["1 red rabbit"], called=False)) is Outcome.PENALISED
    assert hand(state, 2) == ["1 red rabbit", "2 red toucans", "2 yellow koalas"]
    assert top(state) == "1 red rabbit" and state.to_dict()["placer"] == -1


def test_strict_calls_a_zoop_with_a_wrong_card_returns_it_and_draws() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"], draw_top=["2 red toucans"], calls="strict")
    assert state.apply(2, Zoop(CARD["2 yellow koalas"])) is Outcome.PENALISED
    assert hand(state, 2) == ["1 red rabbit", "2 red toucans", "2 yellow koalas"]
    assert top(state) == "1 red rabbit"


def test_auto_calls_offer_only_correct_zoops() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"])
    with pytest.raises(IllegalAction, match="exact same card"):
        state.apply(2, Zoop(CARD["2 yellow koalas"]))
    assert all(a.called for a in state.game.action_table() if isinstance(a, Zoop))


def test_strict_penalties_need_a_draw_pile() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"], calls="strict", empty_draw=True)
    assert state.legal_actions(2) == [Zoop(CARD["1 red rabbit"])]


# -- 2.2 Everyone passes -------------------------------------------------------------------------------------


def test_everyone_passes_gives_a_free_discard_that_becomes_the_card_to_match() -> None:
    state = make_state(
        [["1 red koala", "2 green toucans", "wild card"], ["2 yellow toucans"], ["2 green rabbits"]], ["1 red rabbit"]
    )
    state.apply(0, Play(CARD["1 red koala"]))  # nobody else can follow a 1 red koala
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["discard_reason"]) == ("discard", 0, "everyone passes")
    # "They can discard any other card of their choice": any animal card, a Wild Card (played as one), or none.
    assert texts(state.legal_actions(0)) == ["discard 2 green toucans", "pass", "wild toucan"]
    state.apply(0, Discard(CARD["2 green toucans"]))
    assert top(state) == "2 green toucans" and state.to_dict()["turn"] == 1
    assert state.legal_actions(1) == [Play(CARD["2 yellow toucans"])]


def test_everyone_passes_the_free_discard_may_be_declined_and_the_card_stays_to_match() -> None:
    state = make_state(
        [["1 red koala", "2 green toucans"], ["2 yellow toucans"], ["2 green rabbits"]], ["1 red rabbit"],
        draw_top=["2 yellow koalas"],
    )
    state.apply(0, Play(CARD["1 red koala"]))
    assert state.apply(0, PASS) is Outcome.APPLIED
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["top"], obs["match"]) == ("play", 1, "1 red koala", "1 red koala")
    assert hand(state, 0) == ["2 green toucans"] and state.legal_actions(1) == [DRAW]


def test_everyone_passes_a_wild_card_as_the_free_discard_starts_a_special_round() -> None:
    state = make_state(
        [["1 red koala", "wild card", "2 green toucans"], ["2 yellow toucans"], ["2 green rabbits"]], ["1 red rabbit"]
    )
    state.apply(0, Play(CARD["1 red koala"]))
    state.apply(0, PlayWild("toucan"))
    obs = state.observation(None)
    assert (obs["phase"], obs["declared"], obs["turn"], obs["discard_reason"]) == ("special", "toucan", 1, None)
    assert state.legal_actions(1) == [Play(CARD["2 yellow toucans"])]


def test_a_wild_card_is_never_the_last_card_even_as_a_free_discard() -> None:
    state = make_state([["1 red koala", "wild card"], ["2 yellow toucans"], ["2 green rabbits"]], ["1 red rabbit"])
    state.apply(0, Play(CARD["1 red koala"]))  # only the Wild Card is left: no free discard to make
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"]) == ("play", 1) and hand(state, 0) == ["wild card"]


def test_a_special_animal_as_the_free_discard_has_no_effect_and_cannot_be_caged() -> None:
    state = make_state(
        [["1 red koala", "2 yellow frogs", "2 green toucans"], ["cage", "2 yellow toucans"], ["2 green rabbits"]],
        ["1 red rabbit"],
    )
    state.apply(0, Play(CARD["1 red koala"]))
    state.apply(0, Discard(CARD["2 yellow frogs"]))
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["top"], obs["capturable"]) == ("play", 1, "2 yellow frogs", None)
    assert state.actors() == (1,) and CAGE not in state.legal_actions(1)


def test_no_free_discard_when_someone_else_could_match() -> None:
    state = make_state([["1 red koala", "2 green toucans"], ["2 yellow toucans"], ["1 red toucan"]], ["1 red rabbit"])
    state.apply(0, Play(CARD["1 red koala"]))
    assert state.observation(None)["phase"] == "play" and state.to_dict()["turn"] == 1


# -- 4. Special animals --------------------------------------------------------------------------------------

FOLLOWERS = [["1 red koala", "2 red koalas"], ["1 red toucan", "2 red toucans"], ["1 red rabbit", "2 red rabbits"]]


def _after_special(card: str, players: int = 4, **kw) -> zdeck.State:
    hands = [[card, "2 green toucans"], *FOLLOWERS[: players - 1]]
    target = "1 red rabbit" if card.startswith("1") else "2 red rabbits"
    state = make_state(hands, [target], draw_top=["2 yellow toucans"], **kw)
    state.apply(0, Play(CARD[card]))
    return state


def test_monkeys_make_the_next_player_draw_at_the_start_of_their_turn() -> None:
    state = _after_special("2 red monkeys")
    obs = state.observation(None)
    assert (obs["turn"], obs["phase"], obs["owed"]) == (1, "owed", 1)
    assert state.legal_actions(1) == [DRAW]
    state.apply(1, DRAW)
    assert "2 yellow toucans" in hand(state, 1)
    assert state.observation(None)["phase"] == "play" and state.to_dict()["turn"] == 1
    assert texts(state.legal_actions(1)) == ["play 2 red koalas"]


def test_frogs_make_the_next_player_miss_a_turn() -> None:
    state = _after_special("2 red frogs")
    assert state.to_dict()["turn"] == 2 and state.observation(None)["phase"] == "play"


def test_chameleon_plays_on_any_one_animal_card_and_sets_the_colour() -> None:
    state = make_state(
        [["1 yellow chameleon", "2 red koalas"], ["1 yellow koala", "1 green koala", "2 yellow toucans"],
         ["1 yellow toucan"]],
        ["1 green toucan"],
    )
    assert Play(CARD["1 yellow chameleon"]) in state.legal_actions(0)  # no trait shared with 1 green toucan
    state.apply(0, Play(CARD["1 yellow chameleon"]))
    assert texts(state.legal_actions(1)) == ["play 1 yellow koala"]  # yellow is now the colour to match
    on_pair = make_state([["1 yellow chameleon", "2 red koalas"], ["1 red koala"], ["1 red toucan"]],
                         ["2 green toucans"])
    assert Play(CARD["1 yellow chameleon"]) not in on_pair.legal_actions(0)


def test_crab_reverses_the_order_of_play() -> None:
    state = _after_special("1 red crab")
    assert state.to_dict()["direction"] == -1 and state.to_dict()["turn"] == 3


def test_kangaroo_skips_the_next_player_and_the_one_after_draws() -> None:
    state = _after_special("1 red kangaroo")
    obs = state.observation(None)
    assert (obs["turn"], obs["phase"], obs["owed"]) == (2, "owed", 1)
    state.apply(2, DRAW)
    assert "2 yellow toucans" in hand(state, 2) and hand(state, 1) == ["1 red koala", "2 red koalas"]


def test_monkeys_draw_is_void_once_a_penalty_empties_the_draw_pile() -> None:
    state = make_state(
        [["2 red monkeys", "2 green toucans"], ["1 red koala", "2 red koalas"], ["1 red toucan", "2 red toucans"],
         ["1 red rabbit", "2 yellow koalas"]],
        ["2 red rabbits"], draw_top=["1 green rabbit"], empty_draw=True, calls="strict",
    )
    state.apply(0, Play(CARD["2 red monkeys"]))
    assert state.observation(None)["phase"] == "owed"
    state.apply(3, Zoop(CARD["2 yellow koalas"]))  # wrong card: draws the last card
    assert "1 green rabbit" in hand(state, 3)
    obs = state.observation(None)
    assert (obs["phase"], obs["owed"], obs["turn"]) == ("play", 0, 1)
    assert texts(state.legal_actions(1)) == ["play 2 red koalas"]


# -- 5. Cage -------------------------------------------------------------------------------------------------


def test_cage_captured_out_of_turn() -> None:
    # Player 0 plays Frogs (which would skip player 1); player 1, out of turn, cages them.
    state = make_state(
        [["2 red frogs", "2 green toucans"], ["cage", "1 red koala", "2 yellow koalas"], ["2 red koalas"],
         ["2 red toucans"]],
        ["2 red rabbits"], draw_top=["1 green rabbit"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    assert state.actors() == (1, 2)
    assert state.observation(3)["capturable"] == {"player": 0, "card": "2 red frogs"}
    assert state.apply(1, CAGE) is Outcome.APPLIED
    assert top(state) == "cage"
    assert hand(state, 0) == ["1 green rabbit", "2 green toucans"]  # the captured player draws one
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["discard_reason"]) == ("discard", 1, "capture")
    state.apply(1, Discard(CARD["2 yellow koalas"]))
    assert top(state) == "2 yellow koalas"
    assert state.to_dict()["turn"] == 2 and state.to_dict()["direction"] == 1  # on from the cage player


def test_the_free_discard_after_a_capture_may_be_declined_and_is_never_a_cage() -> None:
    # Clarification 16: "can then discard" - declining leaves the captured animal, under the Cage, to match;
    # a Cage cannot be the discard (nothing was just played for it to capture).
    state = make_state(
        [["2 red frogs", "2 green toucans"], ["cage", "cage", "2 yellow koalas"], ["2 red koalas"],
         ["2 red toucans"]],
        ["2 red rabbits"], draw_top=["1 green rabbit"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    state.apply(1, CAGE)
    assert texts(state.legal_actions(1)) == ["discard 2 yellow koalas", "pass"]  # the second Cage is not offered
    assert state.apply(1, PASS) is Outcome.APPLIED
    obs = state.observation(None)
    assert (obs["phase"], obs["top"], obs["match"]) == ("play", "cage", "2 red frogs")
    assert hand(state, 1) == ["2 yellow koalas", "cage"] and state.to_dict()["turn"] == 2


def test_cage_played_in_turn_by_the_player_whose_turn_it_is() -> None:
    state = make_state(
        [["2 red frogs", "2 green toucans"], ["2 red koalas"], ["cage", "2 red toucans"], ["2 red rabbits"]],
        ["2 red rabbits"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    assert state.to_dict()["turn"] == 2
    assert texts(state.legal_actions(2)) == ["cage", "play 2 red toucans"]
    state.apply(2, CAGE)
    assert state.observation(None)["phase"] == "discard" and state.to_dict()["turn"] == 2


@pytest.mark.parametrize(("variant", "direction", "after_cage"), [("cancelled", 1, 3), ("reverses", -1, 1)])
def test_captured_crab_does_not_reverse_play(variant: str, direction: int, after_cage: int) -> None:
    state = make_state(
        [["1 red crab", "2 green toucans"], ["1 red koala"], ["cage", "1 red toucan", "2 green rabbits"],
         ["1 red rabbit"]],
        ["1 red rabbit"], captured_crab=variant,
    )
    state.apply(0, Play(CARD["1 red crab"]))
    assert state.to_dict()["direction"] == -1
    state.apply(2, CAGE)
    state.apply(2, Discard(CARD["2 green rabbits"]))
    assert state.to_dict()["direction"] == direction and state.to_dict()["turn"] == after_cage


def test_a_cage_only_captures_a_special_animal_just_played() -> None:
    state = make_state(
        [["2 red frogs", "cage", "2 green toucans"], ["2 red koalas", "cage"], ["2 red toucans", "1 green koala"],
         ["2 red rabbits"]],
        ["2 red rabbits"], own_cage="others",
    )
    assert CAGE not in state.legal_actions(1)  # nothing special on top
    state.apply(0, Play(CARD["2 red frogs"]))
    assert CAGE not in state.legal_actions(0)  # the variant own_cage="others": not one's own animal
    with pytest.raises(IllegalAction, match="own_cage='others'"):
        state.apply(0, CAGE)
    state.apply(2, Play(CARD["2 red toucans"]))
    assert CAGE not in state.legal_actions(1)  # play went on: too late
    with pytest.raises(IllegalAction, match="Special Animal just played"):
        state.apply(1, CAGE)


def test_it_does_not_matter_who_plays_the_cage_even_the_animals_own_player() -> None:
    # Rule 5: "It doesn't matter who plays the Cage" - the player of the Special Animal may cage it too.
    state = make_state(
        [["2 red frogs", "cage", "2 green toucans", "1 red koala"], ["2 red koalas"], ["2 red toucans"],
         ["2 yellow rabbits"]],
        ["2 red rabbits"], draw_top=["1 green koala"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    assert CAGE in state.legal_actions(0)  # out of turn now: the turn went on to player 2 (Frogs skip 1)
    state.apply(0, CAGE)
    # Captured: the animal's player (0 here) draws one; the Frogs do not skip anybody.
    assert hand(state, 0) == ["1 green koala", "1 red koala", "2 green toucans"]
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["discard_reason"], obs["top"]) == ("discard", 0, "capture", "cage")
    state.apply(0, Discard(CARD["2 green toucans"]))
    assert state.observation(None)["turn"] == 1  # play goes on after the Cage player, same direction


def test_the_later_of_two_cages_stays_in_hand() -> None:
    state = make_state(
        [["2 red frogs", "2 green toucans"], ["cage", "2 red koalas"], ["2 red toucans"], ["cage", "2 red rabbits"]],
        ["2 red rabbits"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    seen = state.version
    state.apply(1, CAGE)
    assert state.apply(3, CAGE, seen=seen) is Outcome.BOUNCED
    assert hand(state, 3) == ["2 red rabbits", "cage"]


def test_a_late_turn_move_after_a_capture_bounces() -> None:
    state = make_state(
        [["2 red frogs", "2 green toucans"], ["cage", "2 red koalas"], ["2 red toucans"], ["2 red rabbits"]],
        ["2 red rabbits"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    seen = state.version
    state.apply(1, CAGE)
    assert state.apply(2, Play(CARD["2 red toucans"]), seen=seen) is Outcome.BOUNCED
    assert hand(state, 2) == ["2 red toucans"]


def test_strict_calls_a_cage_without_captured_returns_it_and_draws() -> None:
    state = make_state(
        [["2 red frogs", "2 green toucans"], ["cage", "2 red koalas"], ["2 red toucans"], ["2 red rabbits"]],
        ["2 red rabbits"], draw_top=["1 green rabbit"], calls="strict",
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    assert state.apply(1, SILENT_CAGE) is Outcome.PENALISED
    assert hand(state, 1) == ["1 green rabbit", "2 red koalas", "cage"]
    assert top(state) == "2 red frogs" and CAGE in state.legal_actions(1)  # still capturable, now with the call


def test_capturing_while_the_next_player_owes_a_draw_takes_the_last_card() -> None:
    state = make_state(
        [["2 red monkeys", "2 green toucans"], ["1 red koala", "2 red koalas"], ["cage", "2 red toucans"],
         ["1 red rabbit", "2 yellow koalas"]],
        ["2 red rabbits"], draw_top=["1 green rabbit"], empty_draw=True,
    )
    state.apply(0, Play(CARD["2 red monkeys"]))
    state.apply(2, CAGE)
    assert "1 green rabbit" in hand(state, 0)
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["owed"], obs["draw_size"]) == ("discard", 2, 0, 0)
    state.apply(2, Discard(CARD["2 red toucans"]))
    assert state.winners() == [2]


def test_a_cage_as_the_last_card_wins() -> None:
    state = make_state([["2 red frogs", "2 green toucans"], ["cage"], ["2 red toucans"]], ["2 red rabbits"])
    state.apply(0, Play(CARD["2 red frogs"]))
    state.apply(1, CAGE)
    assert state.is_over() and state.winners() == [1]


def test_caging_ones_own_animal_with_the_last_card_wins_before_the_captured_draw() -> None:
    # Rule 6.1: an empty hand wins at once, so the owner-capturer does not draw as the captured player.
    state = make_state([["2 red frogs", "cage"], ["2 red koalas"], ["2 red toucans"]], ["2 red rabbits"])
    state.apply(0, Play(CARD["2 red frogs"]))
    state.apply(0, CAGE)
    assert state.is_over() and state.winners() == [0] and hand(state, 0) == []


# -- 5. Wild Card and the Special Round ---------------------------------------------------------------------


def test_wild_card_needs_a_rabbit_koala_or_toucan_in_hand() -> None:
    state = make_state([["wild card", "2 red monkeys"], ["1 red koala"], ["1 red toucan"]], ["1 green rabbit"])
    assert PASS not in state.legal_actions(0) and state.legal_actions(0) == [DRAW]
    with pytest.raises(IllegalAction, match="Rabbit, Koala or Toucan"):
        state.apply(0, PlayWild("rabbit"))


def test_wild_card_is_never_the_last_card() -> None:
    state = make_state([["wild card"], ["1 red koala"], ["1 red toucan"]], ["1 green rabbit"])
    assert state.legal_actions(0) == [DRAW]


def test_a_wild_card_is_a_choice_a_player_without_a_match_may_draw_instead() -> None:
    state = make_state(
        [["wild card", "2 green koalas"], ["1 red koala"], ["1 red toucan"]], ["1 red rabbit"],
        draw_top=["2 yellow toucans"],
    )
    assert texts(state.legal_actions(0)) == ["draw", "wild koala"]
    state.apply(0, DRAW)
    assert state.to_dict()["turn"] == 1 and hand(state, 0) == ["2 green koalas", "2 yellow toucans", "wild card"]


def test_with_an_empty_draw_pile_a_wild_card_is_the_only_play_left() -> None:
    # Passing is for a player who cannot play: otherwise a held Wild Card could stall a blocked game for ever.
    state = make_state([["wild card", "2 green koalas"], ["1 red koala"], ["1 red toucan"]], ["1 red rabbit"],
                       empty_draw=True)
    assert texts(state.legal_actions(0)) == ["wild koala"]


def test_a_player_with_a_matching_card_may_still_play_a_wild_card_but_not_draw() -> None:
    state = make_state([["wild card", "1 green rabbit", "2 green koalas"], ["1 red koala"], ["1 red toucan"]],
                       ["1 red rabbit"])
    assert texts(state.legal_actions(0)) == ["play 1 green rabbit", "wild koala", "wild rabbit"]


def test_wild_card_declares_an_animal_held_or_any_with_the_free_variant() -> None:
    hands = [["wild card", "1 yellow rabbit", "2 green koalas"], ["1 red koala"], ["1 red toucan"]]
    held = make_state(hands, ["1 red toucan"])
    assert texts(held.legal_actions(0)) == ["draw", "wild koala", "wild rabbit"]
    free = make_state(hands, ["1 red toucan"], wild_rule="free")
    assert texts(free.legal_actions(0)) == ["draw", "wild koala", "wild rabbit", "wild toucan"]


def test_a_drawn_wild_card_may_be_played() -> None:
    state = make_state(
        [["2 green koalas"], ["1 red koala"], ["1 red toucan"]], ["1 red rabbit"], draw_top=["wild card"]
    )
    state.apply(0, DRAW)
    assert texts(state.legal_actions(0)) == ["pass", "wild koala"]
    kept = state.clone()
    state.apply(0, PlayWild("koala"))
    assert state.observation(None)["phase"] == "special" and state.to_dict()["turn"] == 1
    kept.apply(0, PASS)  # or kept: the turn passes, as after a card that cannot be played
    assert kept.to_dict()["turn"] == 1 and hand(kept, 0) == ["2 green koalas", "wild card"]
    assert kept.observation(0)["drawn"] is None and kept.observation(None)["phase"] == "play"


def test_a_full_special_round() -> None:
    state = make_state(
        [["wild card", "1 red rabbit", "2 green koalas"], ["2 yellow rabbits", "1 green koala"],
         ["1 green koala", "2 red koalas"], ["2 yellow rabbits", "1 yellow toucan"]],
        ["1 green toucan"], draw_top=["1 green rabbit"],
    )
    state.apply(0, PlayWild("rabbit"))
    obs = state.observation(None)
    assert (obs["phase"], obs["declared"], obs["turn"], obs["still_to_answer"]) == ("special", "rabbit", 1, [2, 3])
    # Any rabbit card, whatever its number or colour; nothing else.
    assert state.legal_actions(1) == [Play(CARD["2 yellow rabbits"])]
    state.apply(1, Play(CARD["2 yellow rabbits"]))
    assert state.legal_actions(3) == []  # holds the same card, but no ZOOP! in a Special Round
    assert state.legal_actions(2) == [DRAW]  # no rabbit: draw one and miss the turn
    state.apply(2, DRAW)
    assert "1 green rabbit" in hand(state, 2)  # the drawn rabbit is not played
    assert state.to_dict()["turn"] == 3
    state.apply(3, Play(CARD["2 yellow rabbits"]))
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["discard_reason"]) == ("discard", 0, "special round")
    # "may discard their card": a card of the declared animal, or none
    assert state.legal_actions(0) == [Discard(CARD["1 red rabbit"]), PASS]
    declined = state.clone()
    declined.apply(0, PASS)
    obs = declined.observation(None)
    assert (obs["phase"], obs["turn"], obs["match"], obs["declared"]) == ("play", 1, "2 yellow rabbits", None)
    state.apply(0, Discard(CARD["1 red rabbit"]))
    obs = state.observation(None)
    assert (obs["phase"], obs["turn"], obs["top"], obs["declared"]) == ("play", 1, "1 red rabbit", None)
    assert hand(state, 0) == ["2 green koalas"]


def test_with_the_free_wild_rule_the_round_may_end_with_any_card_even_a_wild_card() -> None:
    state = make_state(
        [["wild card", "wild card", "1 red koala", "2 green toucans"], ["2 yellow rabbits", "1 red toucan"],
         ["1 green rabbit", "2 red toucans"]],
        ["1 green toucan"], wild_rule="free", draw_top=["2 red koalas"],
    )
    state.apply(0, PlayWild("rabbit"))
    state.apply(1, Play(CARD["2 yellow rabbits"]))
    state.apply(2, Play(CARD["1 green rabbit"]))
    assert texts(state.legal_actions(0)) == ["discard 1 red koala", "discard 2 green toucans", "pass", "wild koala",
                                             "wild rabbit", "wild toucan"]
    state.apply(0, PlayWild("toucan"))  # a new Special Round
    obs = state.observation(None)
    assert (obs["phase"], obs["declared"], obs["starter"], obs["turn"]) == ("special", "toucan", 0, 1)


def test_special_round_follows_the_direction_of_play() -> None:
    state = make_state(
        [["wild card", "1 red rabbit", "2 green koalas"], ["1 green koala"], ["1 yellow koala"], ["1 red koala"]],
        ["1 green toucan"], direction=-1,
    )
    state.apply(0, PlayWild("koala"))
    assert state.to_dict()["turn"] == 3 and state.to_dict()["queue"] == [2, 1]


# -- 6. End of the game ---------------------------------------------------------------------------------------


def test_first_to_empty_their_hand_wins() -> None:
    state = make_state([["1 red koala"], ["1 red toucan"], ["1 green koala"]], ["1 red rabbit"])
    state.apply(0, Play(CARD["1 red koala"]))
    assert state.is_over() and state.winners() == [0] and state.scores() == [1.0, 0.0, 0.0]
    assert state.actors() == ()


def test_zooping_the_last_card_wins() -> None:
    state = make_state([["1 red koala"], ["1 red rabbit"], ["1 green koala"]], ["1 red rabbit"])
    state.apply(1, Zoop(CARD["1 red rabbit"]))
    assert state.winners() == [1]


BLOCKED = [["2 green koalas", "2 yellow toucans", "2 green toucans"], ["2 yellow frogs", "wild card"],
           ["2 green toucans", "2 yellow koalas"]]


def test_blocked_game_the_fewest_cards_win() -> None:
    hands = [BLOCKED[0], BLOCKED[1], [*BLOCKED[2], "2 green koalas"]]
    state = make_state(hands, ["1 red rabbit"], empty_draw=True)
    state.apply(0, PASS)
    assert state.is_over() and state.winners() == [1] and state.to_dict()["end"] == "blocked"


def test_blocked_game_tie_broken_by_fewest_special_cards() -> None:
    state = make_state(BLOCKED, ["1 red rabbit"], empty_draw=True)
    state.apply(0, PASS)
    assert state.winners() == [2]  # 2 cards and no Wild Card/Cage beats 2 cards with one


def test_blocked_game_full_tie_is_a_seeded_draw() -> None:
    hands = [BLOCKED[0], ["2 yellow frogs", "2 green kangaroos"], BLOCKED[2]]
    winners = set()
    for rng_state in range(12):
        results = set()
        for _ in range(2):
            state = make_state(hands, ["1 red rabbit"], empty_draw=True, rng=rng_state)
            state.apply(0, PASS)
            results.add(state.winners()[0])
        assert len(results) == 1  # the same seed gives the same winner
        winners |= results
    assert winners == {1, 2}


def test_game_goes_on_while_someone_can_still_play() -> None:
    hands = [BLOCKED[0], BLOCKED[1], ["2 green toucans", "1 red koala"]]
    state = make_state(hands, ["1 red rabbit"], empty_draw=True)
    state.apply(0, PASS)
    state.apply(1, PASS)
    assert not state.is_over() and state.legal_actions(2) == [Play(CARD["1 red koala"])]


# -- views, records and messages -----------------------------------------------------------------------------


def test_observation_shows_only_ones_own_hand() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"])
    obs = state.observation(1)
    assert obs["hand"] == ["1 yellow toucan", "2 green koalas"] and obs["hand_sizes"] == [2, 2, 2, 2]
    assert state.observation(None)["hand"] is None
    assert "1 red koala" not in str(obs)


def test_observations_hide_other_hands_and_the_draw_pile_order() -> None:
    game = zdeck.make("zoop", players=4)
    state = game.new_state(3)
    for _ in range(12):  # a few moves in, so piles and hands have changed
        p = state.actors()[0]
        state.apply(p, state.legal_actions(p)[0])
    data = state.to_dict()
    # Another world that differs only in what seat 0 cannot see: seat 1's and seat 2's hands swap cards with
    # the draw pile (same sizes), and the draw pile is reversed.
    other = dict(data, hands=[h[:] for h in data["hands"]], draw=data["draw"][::-1])
    for q in (1, 2):
        other["hands"][q][0], other["draw"][q] = other["draw"][q], other["hands"][q][0]
    twin = game.state_from_dict(other)
    assert twin.to_dict() != data
    assert twin.observation(0) == state.observation(0)
    assert twin.observation(None) == state.observation(None)
    obs = state.observation(0)
    assert "draw" not in obs and obs["draw_size"] == len(data["draw"])  # a count, never the order
    assert state.observation(None)["hand"] is None


def _edited(**fields: object) -> dict:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"])
    data = state.to_dict()
    data.update(fields)
    return data


@pytest.mark.parametrize("fields, message", [
    ({"phase": "owed", "owed": 0}, "'owed'"),
    ({"phase": "play", "owed": 1}, "'owed'"),
    ({"phase": "special", "declared": "koala", "starter": 0, "queue": [1, 2]}, "starter"),
    ({"phase": "special", "declared": "koala", "starter": 1, "queue": [2, 2]}, "'queue'"),
    ({"phase": "special", "declared": None, "starter": 1}, "declared"),
    ({"queue": [1]}, "'queue'"),
    ({"declared": "koala"}, "'declared'"),
    ({"phase": "discard", "reason": "capture", "resume": -1}, "'resume'"),
    ({"phase": "discard", "reason": "special round", "resume": 1, "declared": "rabbit", "starter": 0},
     "no card to discard"),
    ({"resume_owed": 1}, "'resume_owed'"),
    ({"match": "2 green koalas"}, "topmost animal"),
    ({"cage": [1, True, 0]}, "cage"),
    ({"phase": "over", "winner": -1, "end": None}, "'winner'"),
    ({"end": "blocked"}, "'end'"),
])
def test_malformed_state_dicts_are_refused_with_a_clear_message(fields: dict, message: str) -> None:
    game = zdeck.make("zoop", players=4)
    with pytest.raises(ValueError, match=message):
        game.state_from_dict(_edited(**fields))


def test_a_hand_emptied_outside_a_finished_game_is_refused() -> None:
    data = _edited()
    data["pile"] = data["hands"][0] + data["pile"][:-1] + [data["pile"][-1]]
    data["hands"][0] = []
    with pytest.raises(ValueError, match="empty hand"):
        zdeck.make("zoop", players=4).state_from_dict(data)


def test_an_owed_draw_needs_a_draw_pile() -> None:
    data = _edited(phase="owed", owed=1)
    data["pile"] = data["draw"] + data["pile"]
    data["draw"] = []
    with pytest.raises(ValueError, match="draw pile"):
        zdeck.make("zoop", players=4).state_from_dict(data)


@pytest.mark.parametrize("options", [{"calls": "auto"}, {"calls": "strict", "own_cage": "others"},
                                     {"wild_rule": "free", "zoop_turn": "jumps", "colours": 4}])
def test_is_legal_agrees_with_the_legal_actions(options: dict) -> None:
    # is_legal is a fast path for `action in legal_actions(p)`: both must answer the same for every action.
    game = zdeck.make("zoop", players=4, **options)
    table = list(game.action_table())
    copies = [dataclasses.replace(a) for a in table]  # equal to the table's actions, not the same objects
    assert all(c == a and c is not a for c, a in zip(copies, table))
    for seed in range(4):
        state, rng = game.new_state(seed), Rng(seed)
        while not state.is_over():
            for p in range(game.players):
                legal = state.legal_actions(p)
                for action in table + copies:
                    assert state.is_legal(p, action) == (action in legal), (p, str(action), state.to_dict())
            p = state.actors()[rng.below(len(state.actors()))]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.below(len(legal))])


def test_state_dict_must_hold_exactly_one_deck() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"])
    data = state.to_dict()
    data["hands"][0].append("cage")
    with pytest.raises(ValueError, match="exactly one deck"):
        state.game.state_from_dict(data)


def test_illegal_moves_say_which_rule_forbids_them() -> None:
    state = make_state(ZOOP_HANDS, ["1 red rabbit"])
    with pytest.raises(IllegalAction, match="2 of the 3 characteristics"):
        state.apply(0, Play(CARD["2 green toucans"]))
    with pytest.raises(IllegalAction, match="out of turn one may only"):
        state.apply(1, Play(CARD["2 green koalas"]))


# -- properties ------------------------------------------------------------------------------------------------

ANIMAL_CARDS = [c for c in load_deck(3).kinds if c.is_animal]


@given(st.sampled_from(ANIMAL_CARDS), st.sampled_from(ANIMAL_CARDS))
def test_matching_is_two_of_three_traits_or_a_chameleon_on_a_single(card, target) -> None:
    expected = shared_traits(card, target) >= 2 or (card.animal == "chameleon" and target.count == 1)
    assert can_play_on(card, target) is expected
    if "chameleon" not in (card.animal, target.animal):
        assert can_play_on(target, card) is expected  # without Chameleons the rule is symmetric
