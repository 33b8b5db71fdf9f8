"""Races in the envs: every actor is asked, the seeded reaction-time model of the simulator decides
who lands, waiting is offered where the moment allows it, and the game is the simulator's own."""

from __future__ import annotations

import numpy as np
import pytest

import zdeck
import zdeck.rl
from tests.rl.helpers import seat_of
from zdeck import asking, sim
from zdeck.bots import RandomBot
from zdeck.botspecs import make_bot

RACY = [("zipzap", 4, {"rounds": 2}), ("zoop", 4, {}), ("zar", 3, {"hands": 1}), ("zoker-kubo", 3, {"scoring": "claim"})]
RACY_IDS = [g for g, _, _ in RACY]


@pytest.mark.parametrize(("game_id", "players", "options"), RACY, ids=RACY_IDS)
def test_aec_agents_choosing_as_random_bots_play_the_simulators_game(game_id: str, players: int,
                                                                     options: dict[str, object]) -> None:
    """Agents that draw what a RandomBot draws (same generators, same 700 ms median) end in the state
    `sim.run` reaches with RandomBots: same deals, same races, same late submissions resolved."""
    seed = 11
    env = zdeck.rl.env(game_id, players, **options)
    env.reset(seed=seed)
    _, seat_rngs = sim.generators(seed, players)
    for agent in env.agent_iter():
        _, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = seat_of(agent)
        legal = env.table.referee.state.legal_actions(seat)
        if not legal:  # asked in a race it holds nothing for: a random bot is not asked there, it waits
            env.step(env.table.wait_id)
            continue
        choice = legal[seat_rngs[seat].below(len(legal))] if len(legal) > 1 else legal[0]
        env.step(env.table.game.action_id(choice))
    game = zdeck.make(game_id, players, **options)
    final, _ = sim.run(game, [RandomBot() for _ in range(players)], seed)
    assert env.table.referee.state.to_dict() == final.to_dict()


@pytest.mark.parametrize(("game_id", "players", "options"), RACY, ids=RACY_IDS)
def test_single_agent_env_playing_as_the_heuristic_bot_plays_the_simulators_game(game_id: str, players: int,
                                                                                  options: dict[str, object]) -> None:
    """The agent at seat 0 asks the game's default bot what to do (with the generator the simulator
    gives seat 0); the env's bots play the other seats: the game is `sim.run`'s with that bot everywhere."""
    seed = 5
    name = zdeck.botspecs.default_bot(game_id)
    env = zdeck.rl.single_agent(game_id, players, opponents=name, reaction_ms=make_bot(game_id, name).reaction_ms,
                                **options)
    obs, _ = env.reset(seed=seed)
    me, (_, seat_rngs) = make_bot(game_id, name), sim.generators(seed, players)
    done = False
    while not done:
        choice = asking.ask(me, env.table.referee.state, 0, seat_rngs[0])
        action = env.table.wait_id if choice is None else env.table.game.action_id(choice)
        assert obs["action_mask"][action] == 1
        obs, _, term, trunc, _ = env.step(action)
        done = term or trunc
    game = zdeck.make(game_id, players, **options)
    final, _ = sim.run(game, [make_bot(game_id, name) for _ in range(players)], seed)
    assert env.table.referee.state.to_dict() == final.to_dict()


def _first_race(env: zdeck.rl.ZdeckParallel, seed: int, racers: int = 2) -> dict[str, object]:
    """Observations at the first moment of a Zip Zap game where `racers` or more seats hold a card they may
    put down (every seat is asked in a race; those with nothing to play may only wait)."""
    obs, _ = env.reset(seed=seed)
    while env.agents:
        asked = {a: o for a, o in obs.items() if o["action_mask"].any()}
        holding = {a: o for a, o in asked.items() if o["action_mask"][:-1].any()}
        if len(holding) >= racers:
            return holding
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in asked.items()}
        obs, *_ = env.step(actions)
    raise AssertionError("no race in this game")


def _everyone_asked(env: zdeck.rl.ZdeckParallel, plays: dict[str, int]) -> dict[str, int]:
    """These plays, and a wait for every other seat the moment asks."""
    moment = env.table.referee.moment if env.table.referee else None
    return {**{f"player_{p}": env.table.wait_id for p in (moment.asked if moment else ())}, **plays}


def test_the_faster_agent_lands_first_and_the_slower_ones_card_comes_back() -> None:
    """Player 0 reacts in 100 ms, the others in 5 s: in a race where each puts down a card, player 0's
    lands and the other, late, is resolved by the rulebook (Zip Zap: only the first card down stays)."""
    wins = 0
    for seed in range(30):
        env = zdeck.rl.parallel_env("zipzap", 3, rounds=1, reaction_ms=[100, 5000, 5000])
        asked = _first_race(env, seed)
        if "player_0" not in asked:
            continue
        plays = _everyone_asked(env, {a: int(np.flatnonzero(o["action_mask"][:-1])[0]) for a, o in asked.items()})
        _, _, _, _, infos = env.step(plays)
        landed = {a: i["landing"] for a, i in infos.items() if i.get("landing", {}).get("action")}
        assert landed["player_0"]["first"] and landed["player_0"]["outcome"] == "applied"
        late = [v for a, v in landed.items() if a != "player_0"]
        assert late and all(not v["first"] and v["outcome"] in ("bounced", "applied", "refused") for v in late)
        wins += 1
    assert wins >= 5


def test_a_race_between_equal_agents_is_decided_by_the_seeded_model_and_is_fair() -> None:
    """Two agents with the same median win a race about equally often, and the same seed gives the same
    winner every time."""
    firsts: dict[str, int] = {}
    for seed in range(60):
        winners = set()
        for _ in range(2):
            env = zdeck.rl.parallel_env("zipzap", 2, rounds=1)
            asked = _first_race(env, seed)
            plays = _everyone_asked(env, {a: int(np.flatnonzero(o["action_mask"][:-1])[0]) for a, o in asked.items()})
            _, _, _, _, infos = env.step(plays)
            winners |= {a for a, i in infos.items() if i.get("landing", {}).get("first")}
        assert len(winners) == 1
        first = winners.pop()
        firsts[first] = firsts.get(first, 0) + 1
    assert min(firsts.get("player_0", 0), firsts.get("player_1", 0)) >= 15


def test_when_every_asked_agent_waits_the_state_times_out() -> None:
    """Zip Zap's race: everyone holding back passes the lead on (the rules' timeout)."""
    env = zdeck.rl.parallel_env("zipzap", 3, rounds=1)
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        asked = {a: o for a, o in obs.items() if o["action_mask"].any()}
        if not all(o["action_mask"][-1] for o in asked.values()):
            continue
        before = env.table.referee.state.version
        _, _, _, _, infos = env.step({a: env.table.wait_id for a in asked})
        assert all(infos[a]["landing"]["outcome"] == "waited" for a in asked)
        assert env.table.referee.state.version == before + 1  # the timeout
        return
    raise AssertionError("no seed opened with a race")


def test_the_turn_player_may_not_wait_where_the_rules_allow_no_timeout() -> None:
    """Zoop has no timeout: the turn player's mask never offers the wait; an out-of-turn ZOOP! may be
    held back."""
    env = zdeck.rl.parallel_env("zoop", 4)
    seen_out_of_turn = False
    for seed in range(5):
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.agents:
            asked = {a: o for a, o in obs.items() if o["action_mask"].any()}
            turn = env.table.referee.state.observation(None)["turn"]
            for agent, o in asked.items():
                assert bool(o["action_mask"][-1]) == (seat_of(agent) != turn), (agent, turn)
                seen_out_of_turn |= seat_of(agent) != turn
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in asked.items()}
            obs, *_ = env.step(actions)
    assert seen_out_of_turn


def test_choosing_wait_where_it_is_not_offered_is_an_illegal_action() -> None:
    env = zdeck.rl.env("zoker-tiko", 2, illegal="raise")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="may not wait"):
        env.step(env.table.wait_id)
