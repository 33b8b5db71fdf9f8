"""A reset never hands back a game in which the agent cannot act (issue 33, part 1).

The single-agent env lets the bots play up to the agent's first moment; a game that ends (or reaches
`max_moments`) before it is put aside and the next one dealt (`info["skipped"]`). The property is tried
over seeds, player counts, seats and opponents for every game, and on the seed that crashed a training run."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import zdeck
import zdeck.rl
from zdeck.botspecs import bot_names
from zdeck.registry import game_class

GAMES = zdeck.games()
OPPONENTS = {game: [b for b in bot_names(game) if b != "ismcts"] for game in GAMES}  # (a search bot is slow)


def _players(game_id: str, draw: st.DrawFn) -> int:
    low, high = game_class(game_id)(None).player_range(game_class(game_id)(None).options)
    return draw(st.integers(low, min(high, 8)))


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, int, str, int, int]:
    game_id = draw(st.sampled_from(GAMES))
    players = _players(game_id, draw)
    return (game_id, players, draw(st.sampled_from(OPPONENTS[game_id])), draw(st.integers(0, players - 1)),
            draw(st.integers(0, 2**63 - 1)))


def _asked_after_reset(game_id: str, players: int, opponents: str, seat: int, seed: int) -> dict[str, object]:
    env = zdeck.rl.single_agent(game_id, players, opponents=opponents, seat=seat)
    obs, info = env.reset(seed=seed)
    mask = obs["action_mask"]
    assert mask.any(), f"{game_id} {players}p seat {seat} vs {opponents}, seed {seed}: nothing to do after reset"
    assert np.array_equal(mask.astype(bool), env.action_masks())
    env.step(int(np.flatnonzero(mask)[0]))  # and the first step is taken
    return info


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
@example(("zoop", 8, "heuristic", 0, 8708139552400293983))  # the reset that crashed a training run (issue 33)
def test_a_single_agent_reset_always_asks_the_agent(table: tuple[str, int, str, int, int]) -> None:
    _asked_after_reset(*table)


def test_a_game_over_before_the_agent_is_asked_is_put_aside_and_the_next_one_dealt() -> None:
    info = _asked_after_reset("zoop", 8, "heuristic", 0, 8708139552400293983)
    assert info["skipped"] == [8708139552400293983]
    again = zdeck.rl.single_agent("zoop", 8, opponents="heuristic")
    first, _ = again.reset(seed=8708139552400293983)
    second, _ = zdeck.rl.single_agent("zoop", 8, opponents="heuristic").reset(seed=8708139552400293983)
    assert np.array_equal(first["observation"], second["observation"])  # the next game is the seed's own choice


def test_a_table_that_never_reaches_the_agent_is_refused_with_the_reason() -> None:
    env = zdeck.rl.single_agent("zoker-tiko", 4, opponents="random", seat=3, max_moments=1)
    with pytest.raises(RuntimeError, match="ended before seat 3 was asked.*max_moments=1"):
        env.reset(seed=1)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**63 - 1), st.data())
def test_a_multi_agent_reset_asks_someone_with_something_to_do(game_id: str, seed: int, data: st.DataObject) -> None:
    players = _players(game_id, data.draw)
    aec = zdeck.rl.env(game_id, players)
    aec.reset(seed=seed)
    assert aec.observe(aec.agent_selection)["action_mask"].any() and not any(aec.terminations.values())
    par = zdeck.rl.parallel_env(game_id, players)
    obs, _ = par.reset(seed=seed)
    assert any(o["action_mask"][:-1].any() for o in obs.values())
