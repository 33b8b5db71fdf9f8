"""The envs' own promises: rewards at the end, illegal and malformed actions, truncation, seeded
determinism, the text view, and a rules engine that never imports numpy."""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import zdeck
import zdeck.rl
from tests.rl.helpers import random_aec_game, random_parallel_game
from zdeck.rl import rewards


def test_rewards_are_given_at_the_end_from_the_final_scores() -> None:
    env = zdeck.rl.env("zoker-tiko", 3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=8)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if not (term or trunc):
            assert reward == 0.0
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = env.table.referee.state
    assert state.is_over()
    assert totals == {f"player_{p}": (1.0 if p in state.winners() else -1.0) for p in range(3)}


@pytest.mark.parametrize(("scheme", "scores", "winners", "order", "expected"), [
    ("win", [3, 5, 5], [1, 2], "higher", [-1.0, 1.0, 1.0]),
    ("rank", [3, 5, 4], [1], "higher", [-1.0, 1.0, 0.0]),
    ("rank", [3, 5, 5, 1], [1, 2], "higher", [-1 / 3, 2 / 3, 2 / 3, -1.0]),
    ("rank", [10, 2], [1], "lower", [-1.0, 1.0]),
    ("score", [10, 2], [1], "lower", [-10.0, -2.0]),
    ("score", [10, 2], [0], "higher", [10.0, 2.0]),
])
def test_reward_schemes(scheme: str, scores: list[float], winners: list[int], order: str,
                        expected: list[float]) -> None:
    assert rewards.scheme(scheme)(scores, winners, order) == pytest.approx(expected)


def test_a_reward_function_may_be_given() -> None:
    env = zdeck.rl.parallel_env("zoker-tiko", 2, reward=lambda scores, winners, order: [s / 10 for s in scores])
    trail = random_parallel_game(env, 3, np.random.default_rng(1))
    final = trail[-1][2]
    scores = env.table.referee.state.scores()
    assert final == {f"player_{p}": scores[p] / 10 for p in range(2)}


def test_an_unknown_reward_scheme_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown reward 'money'; choose one of win, rank, score"):
        zdeck.rl.env("zipzap", reward="money")


def test_an_illegal_action_loses_the_game_by_default_and_says_why() -> None:
    env = zdeck.rl.raw_env("zoker-tiko", 2)
    env.reset(seed=1)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards == {a: (-1.0 if a == agent else 0.0) for a in env.agents}
    assert "not" in env.infos[agent]["illegal"] or "hold" in env.infos[agent]["illegal"]


def test_an_illegal_action_raises_in_raise_mode_and_changes_nothing() -> None:
    env = zdeck.rl.env("zoker-tiko", 2, illegal="raise")
    env.reset(seed=1)
    agent, before = env.agent_selection, env.table.referee.state.to_dict()
    mask = env.observe(agent)["action_mask"]
    with pytest.raises(ValueError, match=f"{agent}: "):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.table.referee.state.to_dict() == before and env.agent_selection == agent
    env.step(int(np.flatnonzero(mask)[0]))  # and the game goes on
    assert env.table.referee.state.version == 1


@pytest.mark.parametrize("action", ["play red 4", -1, 52, 3.0, None, True])
def test_a_malformed_action_is_refused_whatever_the_illegal_mode(action: object) -> None:
    env = zdeck.rl.raw_env("zipzap", 2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"an action is an id 0\.\.51 \(51 is wait\)"):
        env.step(action)


def test_numpy_integer_actions_are_accepted() -> None:
    env = zdeck.rl.single_agent("zoker-tiko", 2)
    obs, _ = env.reset(seed=2)
    env.step(np.int32(np.flatnonzero(obs["action_mask"])[0]))


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game_id": "chess"}, "unknown game 'chess'"),
    ({"game_id": "zipzap", "players": 9}, "players=9 is not allowed"),
    ({"game_id": "zipzap", "colour": "red"}, "unknown option"),
    ({"game_id": "zipzap", "illegal": "ignore"}, "illegal='ignore' is not allowed"),
    ({"game_id": "zipzap", "reaction_ms": -5}, "above 0"),
    ({"game_id": "zipzap", "players": 2, "reaction_ms": [300]}, "one per seat"),
    ({"game_id": "zipzap", "max_moments": 0}, "max_moments"),
    ({"game_id": "zipzap", "render_mode": "rgb_array"}, "render 'ansi' or 'human'"),
])
def test_bad_env_settings_are_refused_with_a_reason(kwargs: dict[str, object], message: str) -> None:
    game_id = kwargs.pop("game_id")
    with pytest.raises(ValueError, match=message):
        zdeck.rl.env(game_id, **kwargs)  # type: ignore[arg-type]


def test_unknown_opponents_are_refused_naming_the_bots() -> None:
    with pytest.raises(ValueError, match="unknown bot 'grandmaster' for zipzap; choose from random, greedy"):
        zdeck.rl.single_agent("zipzap", 3, opponents="grandmaster")
    with pytest.raises(ValueError, match="2 bot name"):
        zdeck.rl.single_agent("zipzap", 3, opponents=["greedy"])


def test_a_game_past_max_moments_is_truncated_with_no_reward() -> None:
    env = zdeck.rl.parallel_env("zar", 2, max_moments=5)
    trail = random_parallel_game(env, 1, np.random.default_rng(0))
    assert len(trail) <= 5 and env.table.referee.moments == 5
    _, _, rewards_, terms, truncs, _ = trail[-1]
    assert all(truncs.values()) and not any(terms.values())
    assert set(rewards_.values()) == {0.0}


def test_the_single_agent_env_truncates_too() -> None:
    env = zdeck.rl.single_agent("zar", 3, max_moments=10)
    obs, _ = env.reset(seed=0)
    truncated = terminated = False
    while not (truncated or terminated):
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and reward == 0.0


@pytest.mark.parametrize("game_id", ["zipzap", "zoop", "zar"])
def test_same_seed_same_game_in_both_pettingzoo_envs(game_id: str) -> None:
    aec = [random_aec_game(zdeck.rl.env(game_id, 3), 21, np.random.default_rng(5)) for _ in range(2)]
    assert aec[0] == aec[1]
    par = [random_parallel_game(zdeck.rl.parallel_env(game_id, 3), 21, np.random.default_rng(5)) for _ in range(2)]
    assert par[0] == par[1]


@pytest.mark.parametrize("game_id", ["zipzap", "zoker-tiko"])
def test_what_a_step_handed_out_never_changes_afterwards(game_id: str) -> None:
    """An agent may keep what it was given (a replay buffer): every observation, mask and info an AEC `last()` or a
    Parallel `step()` returned reads the same once the game is over - the envs make them afresh, never reuse them."""
    kept: list[tuple[Any, Any]] = []  # (what was handed out, a deep copy of it then)
    env, pick = zdeck.rl.env(game_id, 3), random.Random(2)
    env.reset(seed=5)
    for _ in env.agent_iter():
        seen = env.last()
        kept.append((seen, copy.deepcopy(seen)))
        legal = np.flatnonzero(seen[0]["action_mask"])
        env.step(None if seen[2] or seen[3] else int(legal[pick.randrange(len(legal))]))
    parallel = zdeck.rl.parallel_env(game_id, 3)
    observations, _ = parallel.reset(seed=5)
    while parallel.agents:
        actions = {a: int(pick.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
                   if o["action_mask"].any()}
        returned = parallel.step(actions)
        kept.append((returned, copy.deepcopy(returned)))
        observations = returned[0]
    assert len(kept) > 40
    for given, then in kept:
        assert _same(given, then), (given, then)


def _same(a: Any, b: Any) -> bool:
    """Equal, arrays element by element (and of the same dtype), containers by their items."""
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and np.array_equal(a, b)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def test_a_seed_given_to_reset_is_the_games_own_seed() -> None:
    env = zdeck.rl.env("zipzap", 3)
    env.reset(seed=77)
    assert env.table.referee.state.to_dict() == zdeck.make("zipzap", 3).new_state(77).to_dict()


def test_resets_without_a_seed_play_new_games_from_the_first_seed() -> None:
    deals = []
    for _ in range(2):
        env = zdeck.rl.env("zipzap", 3)
        env.reset(seed=5)
        env.reset()
        first = env.table.referee.seed
        env.reset()
        deals.append((first, env.table.referee.seed))
    assert deals[0] == deals[1] and deals[0][0] != deals[0][1]


def test_the_text_view_shows_the_table_without_hidden_cards() -> None:
    env = zdeck.rl.env("zipzap", 3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    assert "zdeck.make('zipzap', players=3" in text and "phase" in text and "asked now    player_" in text
    shown = {line.split()[0]: line.split(None, 1)[1] for line in text.splitlines()[1:-1]}
    assert "hand" not in shown and shown["top"] == env.table.referee.state.observation(None)["top"]
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    while env.table.referee.log == []:
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert "last moment  player_" in env.render()


def test_the_rules_engine_and_simulator_import_no_rl_library() -> None:
    code = ("import sys, zdeck, zdeck.sim, zdeck.records, zdeck.registry; zdeck.make('zipzap', 3); "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_single_agent_env_refuses_a_step_after_the_episode_ends() -> None:
    env = zdeck.rl.single_agent("zoker-tiko", 2)
    obs, _ = env.reset(seed=3)
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert terminated and reward == -1.0 and "illegal" in info
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_env_is_wrapped_as_pettingzoo_classic_envs_are() -> None:
    """`env()`: OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(raw_env))), as
    PettingZoo's classic `env()`; `raw_env()` the bare env."""
    from pettingzoo.utils import wrappers

    env = zdeck.rl.env("zoker-tiko", 2)
    assert isinstance(env, wrappers.OrderEnforcingWrapper) and isinstance(env.unwrapped, zdeck.rl.ZdeckAEC)
    assert isinstance(env.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(env.env.env, wrappers.TerminateIllegalWrapper)
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    with pytest.raises(AttributeError, match="before reset"):
        _ = env.agent_selection
    env.reset(seed=1)
    with pytest.raises(AssertionError, match="action space"):
        env.step(env.table.actions + 1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)  # (PettingZoo warns: "Illegal move made, game terminating with current player losing")
    assert all(env.terminations.values()) and env.rewards[agent] == -1.0
    assert isinstance(zdeck.rl.raw_env("zoker-tiko", 2), zdeck.rl.ZdeckAEC)
    raising = zdeck.rl.env("zoker-tiko", 2, illegal="raise")  # the env's own refusal, not the wrapper's ending
    assert not isinstance(raising.env.env, wrappers.TerminateIllegalWrapper)


@pytest.mark.parametrize("game_id", ["zipzap", "zoker-kubo"])
def test_the_wrapped_env_steps_as_the_bare_env_does(game_id: str) -> None:
    """A legal id goes from the outermost wrapper to the bare env at once (rl/wrappers.py): the same game as the
    bare env's, step by step - every observation, reward, end and info - whether the id is an int or a numpy
    integer (which takes PettingZoo's path through every wrapper); `agent_iter` still wants a step between agents."""
    wrapped, bare = zdeck.rl.env(game_id, 3), zdeck.rl.raw_env(game_id, 3)
    pick = random.Random(4)
    for env in (wrapped, bare):
        env.reset(seed=12)
    steps = 0
    for agent in wrapped.agent_iter():
        assert agent == bare.agent_selection
        seen, seen_bare = wrapped.last(), bare.last()
        assert np.array_equal(seen[0]["observation"], seen_bare[0]["observation"])
        assert np.array_equal(seen[0]["action_mask"], seen_bare[0]["action_mask"]) and seen[1:] == seen_bare[1:]
        if seen[2] or seen[3]:
            action = None
        else:
            legal = np.flatnonzero(seen[0]["action_mask"])
            action = int(legal[pick.randrange(len(legal))])
        wrapped.step(np.int64(action) if steps % 3 == 0 and action is not None else action)
        bare.step(action)
        steps += 1
    assert not bare.agents and steps > 50
    wrapped.reset(seed=3)
    with pytest.raises(AssertionError, match="need to call step"):
        for _ in wrapped.agent_iter():
            pass


def test_a_subclass_of_the_wrapper_keeps_its_own_last_and_step() -> None:
    """Once reset, the wrapper's `last`/`step` are the compiled ones (rl/wrappers.py); a subclass's stay its own."""
    from zdeck.rl.wrappers import OrderEnforcingWrapper

    calls = []

    class Counting(OrderEnforcingWrapper):  # type: ignore[misc]
        def step(self, action: Any) -> None:
            calls.append(action)
            super().step(action)

    env = Counting(zdeck.rl.env("zoker-tiko", 2).env)
    env.reset(seed=1)
    action = int(np.flatnonzero(env.last()[0]["action_mask"])[0])
    env.step(action)
    assert calls == [action] and env.table.referee.state.version == 1


def test_the_parallel_env_s_step_once_reset_is_the_compiled_one_but_a_subclass_keeps_its_own() -> None:
    """Once reset, the Parallel env's `step` is `ParallelSteps.play` (rl/parallel.py), which hands anything but a legal
    step to the class's own (here: a numpy id, decoded there); a subclass's `step` stays its own."""
    calls = []

    class Counting(zdeck.rl.ZdeckParallel):  # type: ignore[misc]
        def step(self, actions: dict[str, Any]) -> Any:
            calls.append(actions)
            return super().step(actions)

    for env in (zdeck.rl.parallel_env("zoker-tiko", 2), Counting("zoker-tiko", 2)):
        seen, _ = env.reset(seed=1)
        mask = seen["player_0"]["action_mask"]
        _, _, _, _, infos = env.step({"player_0": np.int64(np.flatnonzero(mask)[0])})
        assert env.table.referee.state.version == 1 and infos["player_0"]["landing"]["outcome"] == "applied"
    assert len(calls) == 1


@pytest.mark.parametrize(("game_id", "name"), [("zipzap", "zipzap_v2"), ("zoker-tiko", "zoker-tiko_v2"),
                                              ("zar", "zar_v2")])
def test_each_game_s_env_is_named_by_its_game_and_encoding_version(game_id: str, name: str) -> None:
    for made in (zdeck.rl.env(game_id), zdeck.rl.raw_env(game_id), zdeck.rl.parallel_env(game_id)):
        assert made.metadata["name"] == name and str(made) == name
    older = name.replace("_v2", "_v1")
    assert zdeck.rl.parallel_env(game_id, encoding="v1").metadata["name"] == older
    assert zdeck.rl.single_agent(game_id, encoding="v1").table.name == older
    assert "human" in zdeck.rl.raw_env(game_id).metadata["render_modes"]


def test_each_env_is_a_module_named_as_pettingzoo_names_its_envs() -> None:
    """`from zdeck.rl.envs import zipzap_v2; zipzap_v2.env()`, as `from pettingzoo.classic import texas_holdem_v4`:
    one module per game and encoding version, with `env`, `raw_env` and `parallel_env`."""
    import importlib

    from pettingzoo.utils import wrappers

    from zdeck.rl.envs import zipzap_v2, zoker_tiko_v1

    env = zipzap_v2.env(players=3, rounds=1)
    assert isinstance(env, wrappers.OrderEnforcingWrapper) and env.metadata["name"] == "zipzap_v2"
    assert env.unwrapped.table.game.players == 3 and env.unwrapped.table.game.options["rounds"] == 1
    raw = zoker_tiko_v1.raw_env(2)
    assert isinstance(raw, zdeck.rl.ZdeckAEC) and raw.metadata["name"] == "zoker-tiko_v1"
    assert zoker_tiko_v1.parallel_env(2).metadata["name"] == "zoker-tiko_v1"
    assert importlib.import_module("zdeck.rl.envs.zar_v2").raw_env(2, hands=1).metadata["name"] == "zar_v2"
    names = {f"{g.replace('-', '_')}_v{v}" for g in zdeck.rl.encoded_games() for v in (1, 2)}
    assert names <= set(dir(importlib.import_module("zdeck.rl.envs")))


def test_version_2_is_version_1_normalised_where_the_rules_bound_it() -> None:
    """The observation space is Box(0, 1) (or [-1, 1], or inf where no rule bounds a float), and each float of
    version 2 is version 1's divided by the largest magnitude version 1 states for it."""
    new, old = zdeck.rl.raw_env("zipzap", 4), zdeck.rl.raw_env("zipzap", 4, encoding="v1")
    space = new.observation_space("player_0")["observation"]
    assert space.low.min() == 0.0 and space.high.max() == 1.0
    assert old.observation_space("player_0")["observation"].high.max() > 1.0
    new.reset(seed=3)
    old.reset(seed=3)
    bound = np.maximum(np.abs(old.table.encoder.low), np.abs(old.table.encoder.high))
    v1, v2 = old.observe("player_0")["observation"], new.observe("player_0")["observation"]
    assert np.allclose(v2, v1 / bound, rtol=1e-6)
    with pytest.raises(ValueError, match="encoding='v3' is not one of 'v1', 'v2'"):
        zdeck.rl.raw_env("zipzap", encoding="v3")


def test_the_human_render_mode_prints_the_text_view(capsys: pytest.CaptureFixture[str]) -> None:
    env = zdeck.rl.env("zipzap", 3, render_mode="human")
    env.reset(seed=2)
    assert env.render() is None
    printed = capsys.readouterr().out
    ansi = zdeck.rl.raw_env("zipzap", 3, render_mode="ansi")
    ansi.reset(seed=2)
    assert printed == ansi.render() and "asked now" in printed


@pytest.mark.parametrize("make", [zdeck.rl.raw_env, zdeck.rl.parallel_env])
def test_the_state_is_every_seat_s_vector_end_to_end(make: Any) -> None:
    """`state()`/`state_space` for centralised critics: seat 0's vector, then seat 1's, ..."""
    env = make("zoop", 4)
    env.reset(seed=3)
    state = env.state()
    size = env.observation_space("player_0")["observation"].shape[0]
    assert state.dtype == np.float32 and state.shape == (4 * size,) and env.state_space.contains(state)
    for seat in range(4):
        assert np.array_equal(state[seat * size:(seat + 1) * size], env.table.observe(seat)["observation"])
