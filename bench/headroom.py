"""How much a bot leaves on the table: at its own decisions, the best answer against the bot's own choice,
each judged by many paired rollouts of the bot itself.

Run:  nice .venv/bin/python bench/headroom.py zopzoo --bot heuristic -o target=1 --decisions 120 --iters 6000
      nice .venv/bin/python bench/headroom.py zoker-memo --bot perfect --decisions 80 --iters 3000

The bot plays every seat of seeded two-seat games (seed `--seed + k`); in game k the decisions of seat
k mod 2 that have a choice are looked at, until `--decisions` are collected. At each, a flat search with
common random numbers (`ISMCTS(root="paired")`, rolled out with the same bot) tries every answer on the
same determinisations: the gap is the best answer's mean reward less the bot's own answer's, its standard
error that of their differences. A search that improves on the bot by one step ahead can win at most
about the gaps summed over a game's decisions (the rewards are win shares: a gap of 0.02 is two points of
win rate). A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from typing import Any

import zdeck
from zdeck.asking import LazyObservation
from zdeck.botspecs import default_bot, make_bot
from zdeck.cli.common import parse_options
from zdeck.rng import Rng
from zdeck.search import ISMCTS

TWO_SE = 2.0  # a gap this many standard errors above nothing counts as real


def gaps(game: zdeck.Game, bot_name: str, decisions: int, iters: int, seed: int) -> list[dict[str, Any]]:
    bot = make_bot(game.id, bot_name)
    search = ISMCTS(iters=iters, rollout=lambda: make_bot(game.id, bot_name), rollout_name=bot_name, root="paired")
    found: list[dict[str, Any]] = []
    game_index = 0
    while len(found) < decisions:
        state = game.new_state(seed + game_index)
        rng = Rng(seed + game_index)
        while not state.is_over() and len(found) < decisions:
            ((seat, legal),) = state.moves()
            own = bot.act(LazyObservation(state, seat), legal, rng)
            if len(legal) > 1 and seat == game_index % 2 and own is not None:
                root = search.search(state, seat, Rng(state.version))
                found.append({"game": game_index, "kind": type(own).__name__, "answers": len(legal),
                              **_gap(root.samples, game.action_id(own))})
            state.apply(seat, own if own is not None else legal[0])
        game_index += 1
    return found


def _gap(samples: list[dict[int, float]], own: int) -> dict[str, float]:
    means = {eid: statistics.mean(s[eid] for s in samples if eid in s) for eid in samples[0]}
    best = max(means, key=lambda eid: (means[eid], eid == own))
    differences = [s[best] - s[own] for s in samples if best in s and own in s]
    error = statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else 0.0
    return {"gap": means[best] - means[own], "se": error}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    games = len({r["game"] for r in rows})
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        kinds[r["kind"]].append(r)
    per_kind = {kind: {"decisions": len(rs), "mean_gap": round(statistics.mean(r["gap"] for r in rs), 4),
                       "real_gaps": sum(r["gap"] > TWO_SE * r["se"] for r in rs),
                       "mean_se": round(statistics.mean(r["se"] for r in rs), 4)} for kind, rs in kinds.items()}
    return {"decisions": len(rows), "games": games,
            "gap_per_game": round(sum(r["gap"] for r in rows) / games, 4),
            "real_gap_per_game": round(sum(r["gap"] for r in rows if r["gap"] > TWO_SE * r["se"]) / games, 4),
            "kinds": per_kind}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", help="default: the game's default bot")
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--decisions", type=int, default=120)
    parser.add_argument("--iters", type=int, default=6000, help="rollouts per decision, spread over its answers")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = zdeck.make(args.game, 2, **parse_options(args.option))
    bot_name = args.bot or default_bot(args.game)
    result = {"game": args.game, "bot": bot_name, "options": dict(game.options), "iters": args.iters,
              **summary(gaps(game, bot_name, args.decisions, args.iters, args.seed))}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.game}, {bot_name}: {result['decisions']} decisions in {result['games']} games; best answer "
          f"over the bot's own, summed a game: {result['gap_per_game']:.3f} "
          f"({result['real_gap_per_game']:.3f} from gaps above {TWO_SE:g} standard errors)")
    print(f"{'decision':12} {'count':>6} {'mean gap':>9} {'real gaps':>10} {'mean se':>8}")
    for kind, k in result["kinds"].items():
        print(f"{kind:12} {k['decisions']:6} {k['mean_gap']:9.4f} {k['real_gaps']:10} {k['mean_se']:8.4f}")


if __name__ == "__main__":
    main()
