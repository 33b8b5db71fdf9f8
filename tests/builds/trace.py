"""One digest per game of everything a seat and a file get from the rules engine: whole seeded games with
random choices, each state's observation for every seat and a spectator, its `to_dict`, a `clone`'s and a
`resample_hidden`'s, and the simulator's records. The compiled and the pure build must print the same
(test_builds.py runs this under each).

    ZDECK_BUILD=pure python -m tests.builds.trace
"""

from __future__ import annotations

import hashlib
import json
import sys

import zdeck
from zdeck import RandomBot, Rng
from zdeck.compiled import BUILD
from zdeck.sim import play

SEEDS = 3


def dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True).encode()


def trace(game_id: str) -> str:
    digest = hashlib.sha256()
    cls = zdeck.game_class(game_id)
    for players in sorted({cls.min_players, min(cls.max_players, 6)}):
        game = zdeck.make(game_id, players)
        for seed in range(SEEDS):
            _, record = play(game, [RandomBot(reaction_ms=300 + 150 * i) for i in range(players)], seed)
            assert record is not None
            digest.update(record.to_json().encode())
            state, chooser = game.new_state(seed), Rng(seed)
            for step in range(2_000):
                for seat in [*range(players), None]:
                    digest.update(dump(state.observation(seat)))
                digest.update(dump(state.to_dict()) + dump(state.clone().to_dict()))
                if step % 7 == 0 and not state.is_over():
                    digest.update(dump(state.resample_hidden(step % players, Rng(step)).to_dict()))
                moves = state.moves()
                if not moves:
                    break
                player, legal = moves[chooser.below(len(moves))]
                if legal:
                    digest.update(str(state.apply(player, legal[chooser.below(len(legal))])).encode())
                else:
                    state.timeout()
    return digest.hexdigest()[:16]


def main(games: list[str]) -> None:
    print(f"# {BUILD}", file=sys.stderr)
    for game_id in games or zdeck.games():
        print(game_id, trace(game_id))


if __name__ == "__main__":
    main(sys.argv[1:])
