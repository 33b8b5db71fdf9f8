"""Zoker Solo: one scenario per rule of the rulebook's Solo section, plus the bots."""

from __future__ import annotations

import pytest

import zdeck
from zdeck.core import IllegalAction
from zdeck.decks.zoker.cards import DECK, Card
from zdeck.decks.zoker.solo.actions import DEAL, MoveCard, MovePile
from zdeck.decks.zoker.solo.bots import GreedyBot, SolverBot
from zdeck.decks.zoker.solo.moves import EMPTY
from zdeck.decks.zoker.solo.state import SoloState
from zdeck.rng import Rng
from zdeck.sim import play

GAME = zdeck.make("zoker-solo")


def solo(upper: list[str | None], piles: list[list[str]], deck: list[str] | None = None) -> SoloState:
    """A hand-made position. `upper` is read in reading order and padded with empty places.

    `deck` names the draw pile's top cards, top first. Every card not named goes
    under them in the draw pile, or - with deck=[] - is buried under
    the first pile's cards, where it no longer matters (only cover cards play).

    Built field by field: such positions show one rule at work, but their bookkeeping (a draw
    pile of 54, say) is often one no play reaches, which state_from_dict refuses.
    """
    named = [c for c in upper if c is not None] + [c for p in piles for c in p] + (deck or [])
    rest = [str(c) for c in DECK if str(c) not in named]
    piles = [list(p) for p in piles]
    if deck == []:
        piles[0] = rest + piles[0]
        rest = []
    state = SoloState(GAME, Rng(7))  # type: ignore[arg-type]
    state.upper = [EMPTY if c is None else _idx(c) for c in list(upper) + [None] * (12 - len(upper))]
    state.piles = [[_idx(c) for c in p] for p in piles]
    state.covers = [p[-1] if p else EMPTY for p in state.piles]
    state.deck = [_idx(c) for c in rest + (deck or [])[::-1]]  # the end of the list is the top
    state.legal = state._list_moves()
    return state


def _idx(text: str) -> int:
    return Card.parse(text).index


def test_setup_deals_sixteen_face_up_as_a_square_rest_is_the_draw_pile() -> None:
    state = GAME.new_state(3)
    obs = state.observation(0)
    assert [len(row) for row in obs["upper"]] == [4, 4, 4]
    assert all(card is not None for row in obs["upper"] for card in row)
    assert [len(p) for p in obs["piles"]] == [1, 1, 1, 1]
    assert obs["draw_size"] == 48
    shown = {c for row in obs["upper"] for c in row} | {p[0] for p in obs["piles"]}
    assert len(shown) == 16


def test_shuffle_depends_on_the_seed_only() -> None:
    assert GAME.new_state(5).to_dict() == GAME.new_state(5).to_dict()
    assert GAME.new_state(5).to_dict()["upper"] != GAME.new_state(6).to_dict()["upper"]


@pytest.mark.parametrize(
    "card, cover",
    [("blue S2", "blue S1"), ("blue M1", "blue S1"), ("green S1", "blue S1")],
    ids=["same colour and size", "same colour and shape", "same size and shape"],
)
def test_a_card_moves_onto_a_compatible_card_of_the_last_row(card: str, cover: str) -> None:
    state = solo([card, "red XL4"], [[cover], ["red L3"], ["orange M2"], ["green XL3"]])
    assert MoveCard(0, 0) in state.legal_actions(0)
    state.apply(0, MoveCard(0, 0))
    assert state.observation(0)["piles"][0] == [cover, card]
    assert state.observation(0)["upper"][0][0] is None


@pytest.mark.parametrize("card", ["blue M2", "green M2"], ids=["one quality in common", "none in common"])
def test_a_card_that_is_not_compatible_may_not_move_onto_the_pile(card: str) -> None:
    state = solo([card, "red XL4"], [["blue S1"], ["red L3"], ["orange M4"], ["green XL3"]])
    assert MoveCard(0, 0) not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="compatible"):
        state.apply(0, MoveCard(0, 0))


def test_cards_move_from_any_upper_row_in_any_order() -> None:
    # The top-row card may move although the rows below it are full.
    state = solo(["blue S2", "red XL4", "red XL3", "red XL2", "red L4", "red L3", "red L2", "red L1",
                  "orange XL4", "orange XL3", "orange XL2", "orange XL1"],
                 [["blue S1"], ["green M3"], ["green M1"], ["green L2"]])
    assert state.is_legal(0, MoveCard(0, 0))
    state.apply(0, MoveCard(0, 0))
    assert state.observation(0)["scores"] == [2.0]


def test_piles_grow_and_the_cover_is_the_last_card_moved() -> None:
    state = solo(["blue S2", "blue S3"], [["blue S1"], ["red L3"], ["orange M4"], ["green XL3"]])
    state.apply(0, MoveCard(0, 0))
    state.apply(0, MoveCard(1, 0))  # blue S3 onto the new cover blue S2
    assert state.observation(0)["piles"][0] == ["blue S1", "blue S2", "blue S3"]
    assert state.scores() == [3.0]


def test_a_pile_moves_onto_a_pile_whose_cover_is_compatible() -> None:
    state = solo(["red XL4"], [["blue S1", "blue S2"], ["green M2", "green S2"], ["orange M4"], ["green XL3"]])
    assert MovePile(0, 1) in state.legal_actions(0) and MovePile(1, 0) in state.legal_actions(0)
    state.apply(0, MovePile(0, 1))
    piles = state.observation(0)["piles"]
    assert piles[0] == [] and piles[1] == ["green M2", "green S2", "blue S1", "blue S2"]
    assert state.scores() == [4.0]


def test_piles_with_incompatible_covers_do_not_move() -> None:
    state = solo(["red XL4"], [["blue S1"], ["green M2"], ["orange L3"], ["red M4"]])
    assert not any(isinstance(a, MovePile) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="not compatible"):
        state.apply(0, MovePile(0, 1))


def test_a_pile_does_not_move_into_an_empty_place() -> None:
    state = solo(["red XL4"], [["blue S1"], ["blue S2"], ["orange L3"], ["red M4"]])
    state.apply(0, MovePile(0, 1))
    with pytest.raises(IllegalAction, match="empty place"):
        state.apply(0, MovePile(1, 0))


def test_any_card_may_go_to_an_empty_place_of_the_last_row() -> None:
    state = solo(["red XL4", "green S1"], [["blue S1"], ["blue S2"], ["orange L3"], ["red M1"]])
    state.apply(0, MovePile(0, 1))
    assert state.is_legal(0, MoveCard(0, 0))  # red XL4 has nothing in common with the others
    state.apply(0, MoveCard(0, 0))
    assert state.observation(0)["piles"][0] == ["red XL4"]


def test_new_cards_are_dealt_once_the_upper_rows_have_room_for_four() -> None:
    eight = ["red XL4", "red XL3", "red XL2", "red XL1", "red L4", "red L3", "red L2", "red L1"]
    state = solo([*eight, "blue S2"], [["blue S1"], ["green M3"], ["green M1"], ["green L2"]],
                 deck=["orange S1", "orange S2", "orange S3", "orange S4", "orange M1"])
    assert state.observation(0)["free_places"] == 3
    assert DEAL not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="room for four"):
        state.apply(0, DEAL)
    state.apply(0, MoveCard(8, 0))
    assert DEAL in state.legal_actions(0)
    before = state.observation(0)["draw_size"]
    state.apply(0, DEAL)
    obs = state.observation(0)
    assert obs["free_places"] == 0 and obs["draw_size"] == before - 4
    # Four cards from the top of the draw pile fill the empty places in reading order.
    assert obs["upper"][2] == ["orange S1", "orange S2", "orange S3", "orange S4"]


def test_with_room_for_eight_the_player_may_deal_twice() -> None:
    state = solo(["red XL4", "red XL3", "red XL2", "red XL1"], [["blue S1"], ["green M3"], ["green M1"], ["green L2"]])
    state.apply(0, DEAL)
    assert DEAL in state.legal_actions(0)
    state.apply(0, DEAL)
    assert state.observation(0)["free_places"] == 0


def test_dealing_is_not_forced() -> None:
    state = solo(["blue S2"], [["blue S1"], ["green M3"], ["green M1"], ["green L2"]])
    assert {MoveCard(0, 0), DEAL} <= set(state.legal_actions(0))
    state.apply(0, MoveCard(0, 0))
    assert not state.is_over()


def test_the_game_ends_when_no_card_or_pile_can_move_though_cards_remain_in_the_deck() -> None:
    # Nine upper cards (room for three only), none compatible with a cover, no two covers compatible.
    nine = ["blue M1", "blue M4", "blue L3", "green S1", "green S4", "orange S1", "orange M2", "red S3", "red XL3"]
    state = solo(nine, [["blue S1", "blue S2"], ["green M3"], ["red L1"], ["orange XL4"]])
    assert state.is_over() and state.actors() == () and state.legal_actions(0) == []
    assert state.observation(0)["draw_size"] > 0
    assert state.scores() == [2.0] and state.winners() == [0]
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, DEAL)


def test_the_game_ends_when_all_cards_are_dealt_and_nothing_moves() -> None:
    state = solo(["blue M1", "green S4"], [["blue S2"], ["green M3"], ["red L1"], ["orange XL4"]], deck=[])
    assert state.observation(0)["draw_size"] == 0
    assert state.is_over()
    assert state.scores() == [float(64 - 2 - 3)]  # every other card is buried in the first pile


def test_the_score_is_the_height_of_the_highest_pile() -> None:
    state = solo(["red XL4"], [["blue S1", "blue S2", "blue S3"], ["green M3"], ["blue L2", "blue M2"], ["red L1"]])
    assert state.scores() == [3.0]


def test_illegal_messages_name_the_rule() -> None:
    state = solo(["red XL4"], [["blue S1"], ["green M3"], ["blue L2"], ["orange XL1"]])
    assert "empty" in state.explain_illegal(0, MoveCard(5, 0))
    assert "compatible" in state.explain_illegal(0, MoveCard(0, 0))
    assert "single player" in state.explain_illegal(1, MoveCard(0, 0))


def test_malformed_dicts_are_refused_with_a_reason() -> None:
    data = GAME.new_state(1).to_dict()
    data["deck"] = data["deck"][:-1]
    with pytest.raises(ValueError, match="deck: 47 cards"):
        GAME.state_from_dict(data)
    data = GAME.new_state(1).to_dict()
    data["upper"] = data["upper"][:5]
    with pytest.raises(ValueError, match="upper"):
        GAME.state_from_dict(data)


# -- bots -----------------------------------------------------------------------------------


def _best_final(state: SoloState, memo: dict[str, float]) -> float:
    """Exhaustive optimum through the engine's own API (tiny end games only)."""
    key = repr((state.upper, state.piles))
    if key not in memo:
        if state.is_over():
            memo[key] = state.scores()[0]
        else:
            best = 0.0
            for action in state.legal_actions(0):
                twin = state.clone()
                twin.apply(0, action)
                best = max(best, _best_final(twin, memo))
            memo[key] = best
    return memo[key]


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_plays_an_emptied_deck_end_game_perfectly(seed: int) -> None:
    rng = Rng(seed)
    cards = [str(c) for c in DECK]
    rng.shuffle(cards)
    upper, covers = cards[:5], cards[5:9]
    piles = [[c] * 1 for c in covers]
    state = solo(upper, piles, deck=[])
    best = _best_final(state.clone(), {})
    bot = SolverBot()
    while not state.is_over():
        state.apply(0, bot.act(state.observation(0), state.legal_actions(0), Rng(0)))
    assert state.scores()[0] == best


def test_the_bots_deal_as_soon_as_they_may() -> None:
    state = solo(["blue S2"], [["blue S1"], ["green M3"], ["green M1"], ["green L2"]])
    for bot in (GreedyBot(), SolverBot()):
        assert bot.act(state.observation(0), state.legal_actions(0), Rng(1)) == DEAL


def test_the_solver_beats_the_greedy_bot_and_is_deterministic() -> None:
    first, record = play(GAME, [SolverBot()], 0)
    greedy = play(GAME, [GreedyBot()], 0)[0].scores()[0]
    assert first.scores()[0] >= greedy + 5
    assert play(GAME, [SolverBot()], 0)[1].to_json() == record.to_json()  # type: ignore[union-attr]


def test_actions_from_outside_the_table_are_refused_not_crashing() -> None:
    state = GAME.new_state(2)
    for action in (MoveCard(12, 0), MoveCard(0, 4), MovePile(0, 7), "deal"):
        with pytest.raises(IllegalAction):
            state.apply(0, action)  # type: ignore[arg-type]


def test_the_registry_offers_the_solo_bots_strongest_first() -> None:
    assert zdeck.bot_names("zoker-solo") == ["random", "solver", "greedy", "ismcts"]  # measured: docs/rules/zoker-solo.md
    assert zdeck.make_bot("zoker-solo", "solver").name == "solver"


def test_a_bad_field_is_named_in_the_refusal() -> None:
    data = GAME.new_state(1).to_dict()
    data["piles"][2] = ["purple XL9"]
    with pytest.raises(ValueError, match=r"piles\[2\]\[0\]"):
        GAME.state_from_dict(data)
    data = GAME.new_state(1).to_dict()
    del data["deck"]
    with pytest.raises(ValueError, match="lacks 'deck'"):
        GAME.state_from_dict(data)


def test_the_observation_shows_the_table_and_hides_the_draw_pile() -> None:
    """Hidden information: every card on the table by name, the draw pile only as a count."""
    state = GAME.new_state(9)
    rng = Rng(9)
    while not state.is_over():
        obs = state.observation(0)
        shown = {c for row in obs["upper"] for c in row if c is not None} | {c for p in obs["piles"] for c in p}
        assert shown == {str(DECK[c]) for c in state.upper if c != EMPTY} | {str(DECK[c]) for p in state.piles for c in p}
        assert not shown & {str(DECK[c]) for c in state.deck} and obs["draw_size"] == len(state.deck)
        assert str(state.rng.state) not in repr(obs)
        state.apply(0, rng.choice(state.legal_actions(0)))


def test_the_score_in_the_observation_is_the_players_score() -> None:
    state = solo(["red XL4"], [["blue S1", "blue S2", "blue S3"], ["green M3"], ["blue L2", "blue M2"], ["red L1"]])
    obs = state.observation(0)
    assert obs["scores"] == [3.0] and GAME.score_order == "higher"
    assert obs["turn"] == 0 and obs["phase"] == "play" and obs["winners"] == [] and obs["round_scores"] == []
    state = solo(["blue M1", "green S4"], [["blue S2"], ["green M3"], ["red L1"], ["orange XL4"]], deck=[])
    obs = state.observation(None)
    assert obs["turn"] is None and obs["phase"] == "over" and obs["winners"] == [0]
    assert obs["scores"] == [59.0] and obs["round_scores"] == [[59.0]]


def test_a_resample_deals_other_cards_than_the_real_game_next() -> None:
    """A search that plays a determinised copy past the next deal must not see the true deal."""
    real = GAME.new_state(12)
    while DEAL not in real.legal_actions(0):  # (moves to the first point where a deal is allowed)
        real.apply(0, real.legal_actions(0)[0])
    copies = [real.resample_hidden(0, Rng(seed)) for seed in range(5)]
    assert all(copy.observation(0) == real.observation(0) for copy in copies)
    real.apply(0, DEAL)
    for copy in copies:
        copy.apply(0, DEAL)
        assert copy.observation(0)["upper"] != real.observation(0)["upper"]
        unseen = [sorted(d["deck"] + [c for c in d["upper"] if c]) for d in (copy.to_dict(), real.to_dict())]
        assert unseen[0] == unseen[1]  # the same cards, dealt in another order


def test_a_resample_owes_nothing_to_the_draw_piles_true_order() -> None:
    """Two states alike but for the order of the draw pile resample alike from the same rng: the copy
    shuffles the pile from card order, so a search cannot read the true order back from its copies."""
    real = GAME.new_state(5)
    data = real.to_dict()
    data["deck"] = data["deck"][::-1]  # the same view, the pile in another order
    other = GAME.read_state(data)
    assert other.observation(0) == real.observation(0)
    for seed in range(3):
        one, two = real.resample_hidden(0, Rng(seed)), other.resample_hidden(0, Rng(seed))
        assert one.to_dict() == two.to_dict()
