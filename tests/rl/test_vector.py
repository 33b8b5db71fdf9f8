"""The vector envs follow Gymnasium's vector API: stepped side by side with Gymnasium's own `SyncVectorEnv` over
the same single-agent envs, they hand back the very same arrays and infos, autoresets included; their spaces
are Gymnasium's batched spaces; Gymnasium's vector wrappers run on them. The worker-process env is the
in-process one, bit for bit."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import zdeck.rl

TABLES = [("zoker-tiko", 2, {}), ("zipzap", 3, {"rounds": 1})]  # short games: many autoresets
STEPS = 250


def pick(masks: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniform legal id per game, all at once."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(np.array_equal(np.asarray(a), np.asarray(b)))


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=[t[0] for t in TABLES])
@pytest.mark.parametrize("workers", [0, 2], ids=["in-process", "workers"])
def test_the_vector_env_hands_back_what_gymnasiums_sync_vector_env_does(game_id: str, players: int,
                                                                      options: dict[str, Any], workers: int) -> None:
    num_envs = 5
    ours = zdeck.rl.vector_env(game_id, num_envs, players, workers=workers, opponents="random", **options)
    theirs = gymnasium.vector.SyncVectorEnv(
        [lambda: zdeck.rl.single_agent(game_id, players, opponents="random", **options) for _ in range(num_envs)])
    try:
        assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        assert ours.observation_space == theirs.observation_space == batch_space(ours.single_observation_space,
                                                                                 num_envs)
        assert ours.action_space == theirs.action_space
        mine, info = ours.reset(seed=11)
        expected, expected_info = theirs.reset(seed=11)
        assert same(mine, expected) and same(info, expected_info)
        rng, ended = np.random.default_rng(3), 0
        for _ in range(STEPS):
            actions = pick(mine["action_mask"], rng)
            got, want = ours.step(actions), theirs.step(actions)
            for a, b in zip(got, want, strict=True):
                assert same(a, b)
            mine = got[0]
            assert ours.observation_space.contains(mine)
            assert got[1].dtype == np.float64 and got[2].dtype == got[3].dtype == np.bool_
            ended += int(got[2].sum() + got[3].sum())
        assert ended >= num_envs  # the autoreset was exercised
    finally:
        ours.close()
        theirs.close()


def test_gymnasiums_vector_wrappers_run_on_it() -> None:
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(zdeck.rl.vector_env("zoker-tiko", 4, 2, opponents="random"))
    obs, _ = env.reset(seed=0)
    rng, episodes = np.random.default_rng(0), 0
    for _ in range(200):
        obs, _, _, _, infos = env.step(pick(obs["action_mask"], rng))
        if "episode" in infos:
            done = infos["_episode"]
            assert set(infos["episode"]["r"][done]) <= {-1.0, 1.0}
            episodes += int(done.sum())
    assert episodes > 0
    env.close()


def test_seeds_follow_gymnasiums_convention_and_games_are_the_seeds_own() -> None:
    env = zdeck.rl.vector_env("zipzap", 3, 2)
    obs, _ = env.reset(seed=[7, 8, 9])
    again, _ = zdeck.rl.vector_env("zipzap", 3, 2).reset(seed=7)  # an int: 7, 8, 9
    assert same(obs, again)
    single, _ = zdeck.rl.single_agent("zipzap", 2).reset(seed=8)
    assert np.array_equal(obs["observation"][1], single["observation"])


@pytest.mark.parametrize(("call", "message"), [
    (lambda: zdeck.rl.vector_env("zipzap", 0), "num_envs is a whole number >= 1"),
    (lambda: zdeck.rl.vector_env("zipzap", 2, workers=-1), "workers is a whole number >= 1"),
    (lambda: zdeck.rl.vector_env("zipzap", 2, colour="red"), "unknown option"),
    (lambda: zdeck.rl.vector_env("zipzap", 2).reset(seed=[1]), "one seed per game"),
    (lambda: zdeck.rl.vector_env("zipzap", 2).reset(seed=True), "a seed is a whole number"),
])
def test_bad_settings_are_refused_with_a_reason(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_a_step_needs_one_action_per_game_and_the_worker_processes_end_with_close() -> None:
    env = zdeck.rl.vector_env("zipzap", 3, 2, workers=2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"one action id per game \(3\)"):
        env.step(np.zeros(2, dtype=np.int64))
    processes = list(env._processes)
    env.close()
    assert not any(p.is_alive() for p in processes)
