"""The heuristic bot: what it chooses in the rulebook's situations, and whole games of it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
import zdeck.sim
from tests.games.zoop.helpers import CARD, ZOOP_HANDS, make_state
from zdeck import Rng
from zdeck.decks.zoop.actions import CAGE, Play, PlayWild, Zoop
from zdeck.decks.zoop.bots import HeuristicBot


def _bot_choice(state: zdeck.State, player: int) -> object:
    return HeuristicBot().act(state.observation(player), state.legal_actions(player), Rng(1))


def test_heuristic_bot_cages_opponents_special_animals_and_zoops() -> None:
    state = make_state(
        [["2 red frogs", "2 green toucans"], ["cage", "2 red koalas"], ["2 red toucans"], ["2 red rabbits"]],
        ["2 red rabbits"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    assert _bot_choice(state, 1) == CAGE
    zoop = make_state(ZOOP_HANDS, ["1 red rabbit"])
    assert _bot_choice(zoop, 2) == Zoop(CARD["1 red rabbit"])
    assert _bot_choice(zoop, 1) is None  # nothing to do out of turn: it waits


def test_heuristic_bot_keeps_its_cage_for_opponents_animals() -> None:
    state = make_state(
        [["2 red frogs", "cage", "2 green toucans"], ["2 red koalas"], ["2 red toucans"], ["2 yellow rabbits"]],
        ["2 red rabbits"],
    )
    state.apply(0, Play(CARD["2 red frogs"]))
    assert CAGE in state.legal_actions(0) and _bot_choice(state, 0) is None  # its own animal: it waits


def test_heuristic_bot_sheds_pairs_early() -> None:
    state = make_state([["1 red koala", "2 red rabbits", "2 green toucans"], ["1 red toucan", "2 red toucans"],
                        ["1 green koala", "2 green rabbits"]], ["1 red rabbit"])
    assert _bot_choice(state, 0) == Play(CARD["2 red rabbits"])


def test_heuristic_bot_plays_a_wild_card_when_it_holds_the_most_of_an_animal() -> None:
    # Most koala cards are already in the discard pile and the bot holds the rest but one: the others must draw.
    pile = ["1 red koala", "1 red koala", "1 yellow koala", "1 yellow koala", "1 yellow koala", "1 green koala",
            "2 red koalas", "2 red koalas", "2 red koalas", "2 yellow koalas", "2 yellow koalas", "2 yellow koalas",
            "2 green koalas", "2 green koalas", "1 red toucan"]
    state = make_state(
        [["wild card", "1 green koala", "1 green koala", "1 red koala", "2 green toucans"], ["1 red toucan"],
         ["2 red toucans"]],
        pile,
    )
    assert _bot_choice(state, 0) == PlayWild("koala")


def test_heuristic_bots_finish_a_strict_game_without_penalties() -> None:
    game = zdeck.make("zoop", players=5, calls="strict")
    bots = [HeuristicBot(300 + 100 * i) for i in range(5)]
    final, record = zdeck.sim.play(game, bots, seed=7)
    assert final.is_over()
    assert all("silent" not in entry[1] for entry in record.actions if entry[0] is not None)
    if final.to_dict()["end"] == "emptied hand":
        assert final.to_dict()["hands"][final.winners()[0]] == []



@settings(max_examples=25, deadline=None)
@given(st.integers(3, 8), st.integers(0, 2**32), st.sampled_from(["auto", "strict"]))
def test_heuristic_games_end_with_one_winner_and_keep_every_card(players: int, seed: int, calls: str) -> None:
    game = zdeck.make("zoop", players=players, calls=calls)
    final, _ = zdeck.sim.play(game, [HeuristicBot(300 + 70 * i) for i in range(players)], seed, keep_record=False)
    data = final.to_dict()
    assert len(final.winners()) == 1 and sum(final.scores()) == 1.0
    assert sum(len(h) for h in data["hands"]) + len(data["draw"]) + len(data["pile"]) == game.deck.size
