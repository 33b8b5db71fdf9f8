"""One digest per game of everything the RL envs hand an agent: seeded games through the AEC env (every step's
observation vector, mask, rewards, terminations and infos) and the Parallel env (every step's return and the
centralised `state()`), both encoding versions, each observation also checked bit for bit against the reference
encoder (through the observation dict); and a referee's copy played on beside the original. The compiled build
(the encoders and the referee compiled with the engine: zdeck.compiled) and the pure one must print the same
(tests/builds/test_rl_builds.py runs this under each).

    ZDECK_BUILD=pure python -m tests.builds.rl_trace
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import numpy as np
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

import zdeck
import zdeck.rl
import zdeck.rl.referee
import zdeck.rl.steps
import zdeck.vectors.fast
from zdeck.compiled import BUILD
from zdeck.rl import encodings
from zdeck.rng import Rng

PLAYERS = {"zipzap": 4, "zoop": 5, "zar": 4, "zopzoo": 3, "zoker-tiko": 4, "zoker-kubo": 3, "zoker-solo": 1,
           "zoker-memo": 2}
OPTIONS: dict[str, dict[str, Any]] = {"zopzoo": {"target": 150}}
GAMES = 2


def dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def pick(rng: Rng, mask: np.ndarray) -> int:
    ids = np.flatnonzero(mask)
    return int(ids[rng.below(len(ids))])


def trace(game_id: str) -> str:
    digest = hashlib.sha256()
    players, options = PLAYERS[game_id], OPTIONS.get(game_id, {})
    for version in ("v1", "v2"):
        env = zdeck.rl.env(game_id, players, encoding=version, **options)
        table = env.unwrapped.table
        reference = encodings.state_encoder(table.game, int(version[1:]))
        rng = Rng(7)
        for seed in range(GAMES):
            env.reset(seed=seed)
            for agent in env.agent_iter():
                obs, reward, term, trunc, info = env.last()
                state = table.referee.state
                seat = env.unwrapped.seat_of(agent)
                expected = reference.reference.encode(state.observation(seat))
                assert np.array_equal(obs["observation"], expected), f"{game_id} {version}: {agent} encoded apart"
                digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
                digest.update(dump([agent, reward, term, trunc, info]))
                env.step(None if term or trunc else pick(rng, obs["action_mask"]))
        parallel = zdeck.rl.parallel_env(game_id, players, encoding=version, **options)
        observations, _ = parallel.reset(seed=GAMES)
        while parallel.agents:
            digest.update(parallel.state().tobytes())
            actions = {a: pick(rng, o["action_mask"]) for a, o in observations.items() if o["action_mask"].any()}
            observations, rewards, terms, truncs, infos = parallel.step(actions)
            for a, o in observations.items():
                digest.update(a.encode() + o["observation"].tobytes() + o["action_mask"].tobytes())
            digest.update(dump([rewards, terms, truncs, infos]))
    for illegal in ("lose", "raise"):  # off the legal int path: numpy ids, then an id the agent may not choose
        env = zdeck.rl.env(game_id, players, illegal=illegal, **options)
        env.reset(seed=GAMES)
        for k, agent in enumerate(env.agent_iter()):
            obs, reward, term, trunc, info = env.last()
            digest.update(dump([agent, reward, term, trunc, info]) + obs["action_mask"].tobytes())
            if term or trunc:
                env.step(None)
            elif k < 6:
                env.step(np.int64(pick(rng, obs["action_mask"])))
            else:
                refused = int(np.flatnonzero(obs["action_mask"] == 0)[0])
                try:
                    env.step(refused)
                except zdeck.IllegalAction as exc:
                    digest.update(str(exc).encode())
                    break
    parallel = zdeck.rl.parallel_env(game_id, players, **options)
    observations, _ = parallel.reset(seed=GAMES)
    for _ in range(4):
        actions = {a: np.int64(pick(rng, o["action_mask"])) for a, o in observations.items() if o["action_mask"].any()}
        observations, rewards, terms, truncs, infos = parallel.step(actions)
        digest.update(dump([rewards, terms, truncs, infos]))
        if not parallel.agents:
            break
    env = zdeck.rl.env(game_id, players, **options)
    env.reset(seed=GAMES + 1)
    table = env.unwrapped.table
    for _ in range(5):  # a few moments in, then a copy plays on alongside (OpenSpiel's states are copies)
        obs, *_ = env.last()
        env.step(pick(Rng(1), obs["action_mask"]))
    twin = table.referee.copy()
    for referee in (table.referee, twin):
        moves = Rng(3)
        while referee.moment is not None and referee.moments < 200:
            moment = referee.moment
            referee.land({p: moment.legal[p][moves.below(len(moment.legal[p]))] if moment.legal[p] else None
                          for p in moment.asked})
            digest.update(dump([referee.moments, referee.log and [(p, landing.info()) for p, landing in referee.log],
                                referee.state.to_dict()]))
    return digest.hexdigest()[:16]


def main(games: list[str]) -> None:
    EnvLogger.suppress_output()  # (PettingZoo prints a warning on stdout for the illegal moves traced)
    compiled = {module.__name__: module.__file__.endswith(".so")
                for module in (zdeck.vectors.fast, zdeck.rl.referee, zdeck.rl.steps)}
    print(f"# {BUILD}; compiled: {', '.join(name for name, yes in compiled.items() if yes) or 'none'}",
          file=sys.stderr)
    for game_id in games or zdeck.games():
        print(game_id, trace(game_id))


if __name__ == "__main__":
    main(sys.argv[1:])
