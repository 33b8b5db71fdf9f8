"""Bot specs with parameters: `ismcts`, `ismcts:iters=2000,c=0.7`, `ismcts:ms=200,rollout=greedy`."""

from __future__ import annotations

import pytest

import zdeck
from zdeck.botspecs import default_bot, make_bot, split_bot_specs
from zdeck.search import ISMCTS


def test_every_game_offers_ismcts_after_its_own_bots_and_keeps_its_default() -> None:
    for game_id in zdeck.games():
        names = zdeck.bot_names(game_id)
        assert names[0] == "random" and names[-1] == "ismcts", game_id
        assert default_bot(game_id) not in ("ismcts", "random") or len(names) == 2, game_id
        bot = make_bot(game_id, "ismcts")
        assert isinstance(bot, ISMCTS) and bot.wants_view and bot.name == "ismcts"


def test_a_spec_sets_budget_exploration_rollout_and_horizon_and_names_the_bot() -> None:
    bot = make_bot("zipzap", "ismcts:iters=2000,c=0.5,rollout=greedy,horizon=game")
    assert isinstance(bot, ISMCTS)
    assert (bot.iters, bot.ms, bot.c, bot.horizon, bot.rollout_name) == (2000, None, 0.5, "game", "greedy")
    assert bot.name == "ismcts:iters=2000,c=0.5,rollout=greedy,horizon=game"
    timed = make_bot("zar", "ismcts:ms=150")
    assert isinstance(timed, ISMCTS) and (timed.iters, timed.ms) == (None, 150.0)  # time alone bounds it
    both = make_bot("zar", "ismcts:ms=150,iters=10")
    assert isinstance(both, ISMCTS) and (both.iters, both.ms) == (10, 150.0)  # whichever ends first
    assert isinstance(bot, ISMCTS) and bot.recalls, "a search keeps every card its seat was shown, by default"
    forgetful = make_bot("zopzoo", "ismcts:recall=false")
    assert isinstance(forgetful, ISMCTS) and not forgetful.recalls


@pytest.mark.parametrize(("spec", "says"), [
    ("ismcts:iters=0", "iters must be at least 1"),
    ("ismcts:iters=many", "iters='many' is not a whole number"),
    ("ismcts:ms=-5", "ms must be above 0"),
    ("ismcts:c=-1", "c must be 0 or more"),
    ("ismcts:depth=3", "unknown parameter 'depth'; ismcts takes iters, ms, c, rollout, horizon, cutoff, eval, lean, nodes, root, follow, recall"),
    ("ismcts:recall=yes", "recall='yes' is not 'true' (default"),
    ("ismcts:cutoff=-2", "cutoff must be 0 or more moves"),
    ("ismcts:eval=luck", "eval must be one of 'score', 'cards', 'gain'"),
    ("ismcts:iters", "'iters' is not key=value"),
    ("ismcts:iters=5,iters=6", "iters is given twice"),
    ("ismcts:rollout=solver", "rollout='solver' is not a bot of this game; choose random, greedy"),
    ("ismcts:rollout=ismcts", "rollout='ismcts' is not a bot of this game"),
    ("ismcts:horizon=round", "horizon must be 'game' or 'hand'"),
    ("greedy:iters=5", "bot 'greedy' takes no parameters"),
    ("alphazero", "unknown bot 'alphazero' for zipzap; choose from random, greedy, ismcts"),
])
def test_a_bad_spec_is_refused_with_what_was_wrong(spec: str, says: str) -> None:
    with pytest.raises(ValueError) as info:
        make_bot("zipzap", spec)
    assert says in str(info.value)


def test_specs_split_at_commas_that_start_a_new_bot() -> None:
    assert split_bot_specs("greedy,ismcts:iters=500,c=0.5,random") == ["greedy", "ismcts:iters=500,c=0.5", "random"]
    assert split_bot_specs(" ismcts:ms=200 , greedy ,") == ["ismcts:ms=200", "greedy"]
    assert split_bot_specs("a=1,greedy") == ["a=1", "greedy"]  # nothing to continue: left for make_bot to refuse


def test_ismcts_alone_means_the_settings_measured_for_the_game_and_a_spec_overrides_them() -> None:
    from zdeck.search.spec import tuned

    assert all(tuned(game_id) for game_id in zdeck.games())  # every game has a measured setting (docs/bots.md, Strength)
    zar = make_bot("zar", "ismcts")
    assert isinstance(zar, ISMCTS) and (zar.iters, zar.rollout_name) == (400, "heuristic")
    plain = make_bot("zar", "ismcts:rollout=random,iters=50")
    assert isinstance(plain, ISMCTS) and (plain.iters, plain.rollout_name) == (50, "random")
    memo = make_bot("zoker-memo", "ismcts")  # rolled out by perfect memory, a hundred iterations fit the budget
    assert isinstance(memo, ISMCTS)
    assert (memo.iters, memo.rollout_name, memo.root, memo.lean, memo.follow, memo.cutoff) == (100, "perfect", "paired", 2, 1, None)
