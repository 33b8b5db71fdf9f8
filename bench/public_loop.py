"""Random self-play through the plain public loop and through `sim.run`, next to OpenSpiel's C++ crazy_eights.

Run:  .venv/bin/python bench/public_loop.py [--games zoop,zar] [--players 3,5] [--seconds S] [--rounds R] [--json]

A benchmark, not a test: it asserts nothing. Three workloads are timed in short interleaved slices on this
process's CPU clock (the order turns round from round to round), each counting decisions:
- **public**: what a user's first script does - `actors()`, one actor drawn at random, its `legal_actions`,
  one drawn at random and sent through the checked `apply` (a timeout where nobody may act);
- **sim**: `zdeck.sim.run` with RandomBots (the simulator's loop: `moves()` and `apply_listed`);
- **anchor**: OpenSpiel's `crazy_eights` (C++, `pyspiel`) with the same number of players (2 to 5), driven
  from Python: `legal_actions()`, a random one, `apply_action`; chance nodes sampled, not counted.
Every random draw on every side comes from Python's `random.Random`. The ratios (decisions/s : the
anchor's) are medians over the rounds. See bench/README.md, "Public loop".
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

import zdeck
from zdeck.bots import RandomBot
from zdeck.sim import run


def public_games(game: zdeck.Game, draw: random.Random) -> Callable[[], int]:
    """A function that plays one whole game through the public loop and returns its decisions."""
    seeds = iter(range(10**9))

    def one() -> int:
        state, decisions = game.new_state(next(seeds)), 0
        while not state.is_over():
            actors = state.actors()
            if not actors:
                state.timeout()
            else:
                player = actors[draw.randrange(len(actors))] if len(actors) > 1 else actors[0]
                legal = state.legal_actions(player)
                state.apply(player, legal[draw.randrange(len(legal))])
            decisions += 1
        return decisions
    return one


def sim_games(game: zdeck.Game) -> Callable[[], int]:
    seeds, bots = iter(range(10**9)), [RandomBot() for _ in range(game.players)]
    return lambda: run(game, bots, next(seeds))[1]


def crazy_eights_games(players: int, draw: random.Random) -> Callable[[], int]:
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": players})

    def one() -> int:
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[draw.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[draw.randrange(len(legal))])
            decisions += 1
        return decisions
    return one


def rate(play: Callable[[], int], seconds: float) -> float:
    """Decisions per CPU second over whole games, for at least `seconds`."""
    start, decisions = time.process_time(), 0
    while time.process_time() - start < seconds:
        decisions += play()
    return decisions / (time.process_time() - start)


def measure(game_id: str, players: int, seconds: float, rounds: int) -> dict[str, float]:
    game, draw = zdeck.make(game_id, players=players), random.Random(players)
    sides = {"public": public_games(game, draw), "sim": sim_games(game),
             "anchor": crazy_eights_games(max(2, min(players, 5)), draw)}
    for play in sides.values():
        play()  # warm-up
    ratios: dict[str, list[float]] = {"public": [], "sim": []}
    for r in range(rounds):
        order = list(sides) if r % 2 == 0 else list(reversed(sides))
        rates = {name: rate(sides[name], seconds / (3 * rounds)) for name in order}
        for name, found in ratios.items():
            found.append(rates[name] / rates["anchor"])
    return {name: round(statistics.median(values), 2) for name, values in ratios.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="zoop,zar")
    parser.add_argument("--players", default="", help="comma-separated; default: each game's smallest table and 5")
    parser.add_argument("--seconds", type=float, default=6.0, help="timed CPU seconds per configuration, all sides")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {}
    for game_id in args.games.split(","):
        game = zdeck.make(game_id)
        lo, hi = game.player_range(game.options)
        counts = [int(p) for p in args.players.split(",")] if args.players else sorted({lo, min(hi, 5)})
        for players in counts:
            results[f"{game_id} {players}"] = measure(game_id, players, args.seconds, args.rounds)
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(f"{'game':16} {'public x c8':>12} {'sim x c8':>9}   (x OpenSpiel C++ crazy_eights decisions/s, median)")
    for name, r in results.items():
        print(f"{name:16} {r['public']:12.2f} {r['sim']:9.2f}")


if __name__ == "__main__":
    main()
