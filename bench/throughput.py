"""Random self-play throughput of every zdeck game, anchored to RLCard's raw UNO game.

Run:  .venv/bin/python bench/throughput.py [--games zipzap,zoop] [--players 2,4] [--seconds S]
                                           [--rounds R] [--clock cpu|wall] [--bot NAME] [--json]

A benchmark, not a test: it measures, it asserts nothing about speed. Absolute
figures depend on the machine and on whatever else runs on it, so every zdeck
configuration is timed in the same process, in short slices interleaved with an
anchor - RLCard's `UnoGame` stepped with random legal actions. Noise that slows
one slice down tends to slow its neighbour too, so the figure that counts is the
ratio zdeck decisions/s : RLCard decisions/s, taken round by round and reported
as a median. Slices are timed on this process's CPU clock by default, so time
the OS gives to other processes is charged to neither side. See bench/README.md.

What is timed on each side:
- zdeck: whole games of `zdeck.sim.play(game, [RandomBot()...], seed, keep_record=False)`.
  `zdeck.sim.run` plays them and counts decisions - submissions that took effect,
  what a record would list, timeouts included - without paying for a record. Like
  the anchor's loop, it draws a plain RandomBot's choice itself rather than calling it.
- RLCard: whole games of `UnoGame` (rules engine only, no env/encoding), one
  decision = one `game.step(action)`. The legal actions come from the state dict
  `init_game()`/`step()` already return (the list `get_legal_actions()` would
  rebuild a second time), so the anchor is RLCard at its fastest - a
  conservative choice: it can only make the ratio smaller.

A second anchor runs beside the first: OpenSpiel's C++ `crazy_eights` (pyspiel, when installed) played
from Python by uniform random legal actions, chance nodes sampled; one decision = one player's
`apply_action` (the deal's and the draws' chance outcomes are not counted). Its ratio is the `x C8` column.

`--loop public` times the plain public loop instead of `sim.run`: each step one actor (a random one of
those who may act), a random action from its `legal_actions`, applied through the checked `apply` - what a
script written against the kernel contract does, as OpenSpiel's loop does.

With `--ismcts` it measures search speed instead: iterations/s of `zdeck.search.ISMCTS` (random rollouts,
a fresh determinisation each iteration) from states along seeded random games, next to simulations/s of
OpenSpiel's Python `MCTSBot` (random rollouts) on `crazy_eights` for the same number of players, in
interleaved slices; the ratio is ISMCTS iterations/s : MCTSBot simulations/s. OpenSpiel searches the true
state (it sees every hand); ISMCTS pays for a `resample_hidden` per iteration on top. Its C++ `MCTSBot`
(pyspiel, with a `RandomRolloutEvaluator`: the same search) runs in the same slices as a second anchor (`x C++`).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import json
import pkgutil
import platform
import random
import signal
import statistics
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any

import zdeck
from zdeck import sim
from zdeck.bots import Bot
from zdeck.botspecs import bot_names, make_bot
from zdeck.core import Game

UNO_LIKE = ("zipzap", "zoop", "zar")  # the games (and their "-variant" ids) whose goal is >= 2x RLCard UNO
GOAL_RATIO = 2.0
UNO_PLAYERS = range(2, 11)  # RLCard's UnoGame deals 7 each from 108 cards; 2-10 seats work
UNO_FALLBACK_PLAYERS = 4
UNO_MAX_STEPS = 20_000  # random UNO always ends in practice; this only guards the bench
GAME_DEADLINE_S = 60.0  # one game slower than this is a hang, not a measurement


# -- zdeck side ---------------------------------------------------------------------------------------------


def seated_bots(game: Game, bot: str) -> list[Bot]:
    """This bot at every seat: "random" or one of the game's own (`zdeck list` names them)."""
    return [make_bot(game.id, bot) for _ in range(game.players)]


# -- RLCard side --------------------------------------------------------------------------------------------


class UnoAnchor:
    """RLCard's raw UNO rules engine played by uniform random legal actions."""

    def __init__(self, players: int, seed: int) -> None:
        import numpy as np
        from rlcard.games.uno.game import UnoGame

        self.players = players
        self.game = UnoGame(num_players=players)
        self.game.np_random = np.random.RandomState(seed)  # deals and wild colours
        self.pick = random.Random(seed)  # action choice: a cheap generator, to keep the anchor fast
        self.abandoned = 0

    def play_one(self) -> int:
        """One whole game; returns the number of `step` calls."""
        game, randrange = self.game, self.pick.randrange
        state, _ = game.init_game()
        steps = 0
        while not game.is_over():
            legal = state["legal_actions"]
            state, _ = game.step(legal[randrange(len(legal))])
            steps += 1
            if steps >= UNO_MAX_STEPS:
                self.abandoned += 1
                break
        return steps


def is_uno_like(game_id: str) -> bool:
    return any(game_id == g or game_id.startswith(g + "-") for g in UNO_LIKE)


def uno_players_for(players: int) -> int:
    return players if players in UNO_PLAYERS else UNO_FALLBACK_PLAYERS


class CrazyEightsAnchor:
    """OpenSpiel's C++ crazy_eights played from Python by uniform random legal actions (chance sampled)."""

    def __init__(self, players: int, seed: int) -> None:
        import pyspiel

        self.players = players
        self.game = pyspiel.load_game("crazy_eights", {"players": players})
        self.pick = random.Random(seed)

    def play_one(self) -> int:
        """One whole game; returns the number of player decisions (chance outcomes are not counted)."""
        state, randrange = self.game.new_initial_state(), self.pick.randrange
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
            decisions += 1
        return decisions


def crazy_eights_players_for(players: int) -> int:
    return min(max(players, 2), 5)  # OpenSpiel's crazy_eights takes 2-5 players


def public_loop(game: Game) -> Callable[[int], int]:
    """Whole games through the kernel contract alone: each step a random one of the actors who have legal
    actions (`actors`, `legal_actions`), a random one of its actions through the checked `apply`; a
    timeout when nobody has one. Returns the decisions (applied actions and timeouts)."""
    from zdeck.rng import Rng

    def play(seed: int) -> int:
        state, pick = game.new_state(seed), Rng(seed)
        for decisions in range(sim_max_steps):
            if state.is_over():
                return decisions
            acting = [(player, legal) for player in state.actors() if (legal := state.legal_actions(player))]
            if not acting:
                state.timeout()
                continue
            player, legal = acting[pick.below(len(acting))] if len(acting) > 1 else acting[0]
            state.apply(player, legal[pick.below(len(legal))])
        raise sim.GameTooLong(f"{game.id} seed {seed}: no end after {sim_max_steps} steps")

    return play


sim_max_steps = 200_000


# -- timing -------------------------------------------------------------------------------------------------


@dataclass
class Slice:
    games: int
    decisions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds


CLOCKS: dict[str, Callable[[], float]] = {
    # CPU time of this process: a slice is not charged for the moments the OS gave the core to someone else
    "cpu": time.process_time,
    "wall": time.perf_counter,
}


def timed_slice(play_one: Callable[[], int], seconds: float, clock: Callable[[], float] = time.process_time) -> Slice:
    """Whole games until `seconds` of `clock` have passed (at least one game)."""
    gc.collect()  # start both sides from the same garbage-free heap
    games = decisions = 0
    start = clock()
    while True:
        decisions += play_one()
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return Slice(games, decisions, elapsed)


@dataclass
class Result:
    game: str
    players: int
    uno_players: int
    bot: str = "random"
    loop: str = "sim"
    c8_players: int | None = None  # None: OpenSpiel is not installed, no second anchor
    rounds: list[tuple[Slice, Slice, Slice | None]] = field(default_factory=list)  # (zdeck, uno, crazy_eights)
    uno_abandoned: int = 0

    def as_dict(self) -> dict[str, Any]:
        z = [r[0] for r in self.rounds]
        u = [r[1] for r in self.rounds]
        ratios = [a.decisions_per_s / b.decisions_per_s for a, b, _ in self.rounds]
        med = statistics.median
        q1, _, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
        row: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "bot": self.bot,
            "loop": self.loop,
            "uno_players": self.uno_players,
            "rounds": len(self.rounds),
            "zdeck_games": sum(s.games for s in z),
            "zdeck_games_per_s": round(med(s.games_per_s for s in z), 2),
            "zdeck_decisions_per_s": round(med(s.decisions_per_s for s in z), 1),
            "zdeck_decisions_per_game": round(sum(s.decisions for s in z) / sum(s.games for s in z), 1),
            "uno_games": sum(s.games for s in u),
            "uno_games_per_s": round(med(s.games_per_s for s in u), 2),
            "uno_decisions_per_s": round(med(s.decisions_per_s for s in u), 1),
            "uno_decisions_per_game": round(sum(s.decisions for s in u) / sum(s.games for s in u), 1),
            "ratio": round(med(ratios), 3),  # median of the per-round paired ratios
            "ratio_q1": round(q1, 3),  # the middle half of the rounds lies between q1 and q3
            "ratio_q3": round(q3, 3),
            "ratio_min": round(min(ratios), 3),
            "ratio_max": round(max(ratios), 3),
            "goal": GOAL_RATIO if is_uno_like(self.game) and self.bot == "random" else None,  # a random-play goal
        }
        c8 = [(a, c) for a, _, c in self.rounds if c is not None]
        if c8:
            c8_ratios = [a.decisions_per_s / c.decisions_per_s for a, c in c8]
            row.update({
                "c8_players": self.c8_players,
                "c8_decisions_per_s": round(med(c.decisions_per_s for _, c in c8), 1),
                "c8_decisions_per_game": round(sum(c.decisions for _, c in c8) / sum(c.games for _, c in c8), 1),
                "ratio_c8": round(med(c8_ratios), 3),
                "ratio_c8_min": round(min(c8_ratios), 3),
                "ratio_c8_max": round(max(c8_ratios), 3),
            })
        if self.uno_abandoned:
            row["uno_abandoned_games"] = self.uno_abandoned
        return row


def measure(game: Game, seconds: float, rounds: int, seed: int, clock: Callable[[], float],
            bot: str = "random", loop: str = "sim") -> Result:
    """Interleave zdeck, UNO and crazy_eights slices; rotate which goes first so drift hits all alike."""
    bots = seated_bots(game, bot)
    seeds = count(seed)
    uno = UnoAnchor(uno_players_for(game.players), seed)
    try:
        c8: CrazyEightsAnchor | None = CrazyEightsAnchor(crazy_eights_players_for(game.players), seed)
    except ImportError:
        c8 = None
    public = public_loop(game)

    def play_zdeck() -> int:
        if loop == "public":
            return public(next(seeds))
        return sim.run(game, bots, next(seeds))[1]

    uno.play_one()  # warm-up
    if c8 is not None:
        c8.play_one()
    result = Result(game.id, game.players, uno.players, bot, loop, None if c8 is None else c8.players)
    sides: list[Callable[[], int]] = [play_zdeck, uno.play_one] + ([c8.play_one] if c8 is not None else [])
    per_slice = seconds / (len(sides) * rounds)
    for r in range(rounds):
        with deadline(max(GAME_DEADLINE_S, 20 * per_slice), f"{game.id} round {r}"):
            timed: list[Slice | None] = [None] * len(sides)
            for k in range(len(sides)):
                side = (r + k) % len(sides)
                timed[side] = timed_slice(sides[side], per_slice, clock)
        zdeck_slice, uno_slice, *c8_slice = timed
        assert zdeck_slice is not None and uno_slice is not None
        result.rounds.append((zdeck_slice, uno_slice, c8_slice[0] if c8_slice else None))
    result.uno_abandoned = uno.abandoned
    return result


@contextlib.contextmanager
def deadline(seconds: float, what: str) -> Iterator[None]:
    """Turn a hung game into an exception (POSIX main thread only; elsewhere no guard)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError(f"{what} ran over {seconds:.0f} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- search speed: ISMCTS against OpenSpiel's MCTSBot ---------------------------------------------------------

SEARCH_ITERS = 100  # iterations (simulations) per decision searched, on both sides


class OpenSpielAnchor:
    """OpenSpiel's Python MCTSBot (uct_c 2, one random rollout per simulation) deciding at the moments of
    random crazy_eights games; chance nodes are sampled. `cpp`: its C++ MCTSBot, the same search."""

    def __init__(self, players: int, seed: int, cpp: bool = False) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        self.game = pyspiel.load_game("crazy_eights", {"players": players})
        self.rs = np.random.RandomState(seed)
        if cpp:
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            self.bot = pyspiel.MCTSBot(self.game, evaluator, 2.0, SEARCH_ITERS, 1000, False, seed, False)
        else:
            evaluator = mcts.RandomRolloutEvaluator(1, self.rs)
            self.bot = mcts.MCTSBot(self.game, 2.0, SEARCH_ITERS, evaluator, random_state=self.rs)
        self.state = self.game.new_initial_state()

    def decide_once(self) -> int:
        """One searched decision (its simulations are counted), the game moved on by a random move."""
        state = self.state
        while state.is_terminal() or state.is_chance_node():
            if state.is_terminal():
                state = self.state = self.game.new_initial_state()
                continue
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[self.rs.randint(len(outcomes))][0])
        self.bot.step(state)
        legal = state.legal_actions()
        state.apply_action(legal[self.rs.randint(len(legal))])
        return SEARCH_ITERS


class IsmctsSide:
    """zdeck's ISMCTS deciding at the moments of seeded random games of one zdeck game."""

    def __init__(self, game: Game, seed: int) -> None:
        from zdeck.rng import Rng
        from zdeck.search import ISMCTS

        self.game, self.seeds, self.rng = game, count(seed), Rng(seed)
        self.bot = ISMCTS(iters=SEARCH_ITERS)
        self.state = game.new_state(next(self.seeds))

    def decide_once(self) -> int:
        state = self.state
        if state.is_over():
            state = self.state = self.game.new_state(next(self.seeds))
        seat, legal = state.moves()[0]
        self.bot.search(state.resample_hidden(seat, self.rng), seat, self.rng)
        state.apply_listed(seat, legal[self.rng.below(len(legal))])
        return self.bot.last_iterations


def measure_search(game: Game, seconds: float, rounds: int, seed: int, clock: Callable[[], float]) -> dict[str, Any]:
    import pyspiel

    openspiel_players = max(2, min(game.players, 5))
    sides: list[Any] = [IsmctsSide(game, seed), OpenSpielAnchor(openspiel_players, seed)]
    if hasattr(pyspiel, "MCTSBot"):
        sides.append(OpenSpielAnchor(openspiel_players, seed, cpp=True))
    for side in sides[1:]:
        side.decide_once()  # warm-up
    per_slice, slices = seconds / (len(sides) * rounds), []
    for r in range(rounds):
        with deadline(max(GAME_DEADLINE_S, 20 * len(sides) * per_slice), f"{game.id} search round {r}"):
            order = sides if r % 2 == 0 else sides[::-1]  # (the order alternates, so drift hits all alike)
            timed = {id(side): timed_slice(side.decide_once, per_slice, clock) for side in order}
        slices.append([timed[id(side)].decisions_per_s for side in sides])
    ratios = [z / o for z, o, *_ in slices]
    med = statistics.median
    row = {"game": game.id, "players": game.players, "openspiel_players": openspiel_players,
           "ismcts_iters_per_s": round(med(s[0] for s in slices), 1),
           "openspiel_sims_per_s": round(med(s[1] for s in slices), 1),
           "ratio": round(med(ratios), 3), "ratio_min": round(min(ratios), 3), "ratio_max": round(max(ratios), 3)}
    if len(sides) == 3:
        row["openspiel_cpp_sims_per_s"] = round(med(s[2] for s in slices), 1)
        row["ratio_cpp"] = round(med(s[0] / s[2] for s in slices), 3)
    return row


def search_table(game_id: str) -> int:
    """Two seats, or the nearest the game allows (Solo: 1, Zoop: 3)."""
    cls = zdeck.game_class(game_id)
    lo, hi = cls(None).player_range(cls(None).options)
    return max(lo, min(2, hi))


def search_main(args: argparse.Namespace) -> int:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("the search line needs OpenSpiel: .venv/bin/pip install -e '.[bench]'", file=sys.stderr)
        return 2
    skipped: dict[str, str] = {}
    wanted = [g.strip() for g in args.games.split(",") if g.strip()] if args.games else None
    players = [int(n) for n in args.players.split(",")] if args.players else None
    rows = []
    games = [g for gid in (wanted or list(discover(skipped)))
             for g in configurations([gid], players or [search_table(gid)], skipped)]
    for game in games:
        if not args.json:
            print(f"{game.id} x{game.players} ...", file=sys.stderr, flush=True)
        rows.append(measure_search(game, args.seconds, args.rounds, args.seed, CLOCKS[args.clock]))
    if args.json:
        print(json.dumps({"iters_per_decision": SEARCH_ITERS, "clock": args.clock, "build": build_name(), "results": rows,
                          "skipped": skipped}, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title="ISMCTS iterations/s next to OpenSpiel's MCTSBot simulations/s on crazy_eights",
                  caption=f"Python {platform.python_version()}; {build_name()}; {SEARCH_ITERS} iterations (simulations) "
                          f"per decision, random rollouts; {args.seconds:g} {args.clock} s per game in {args.rounds} "
                          "interleaved rounds; ratio = zdeck : OpenSpiel's Python MCTSBot, median (min-max); "
                          "x C++ = zdeck : its C++ MCTSBot, median")
    for name in ("game", "seats", "ISMCTS it/s", "OpenSpiel seats", "OpenSpiel sim/s", "ratio", "range",
                 "C++ sim/s", "x C++"):
        table.add_column(name, justify="left" if name == "game" else "right", no_wrap=True)
    for row in rows:
        cpp = row.get("openspiel_cpp_sims_per_s")
        table.add_row(row["game"], str(row["players"]), f"{row['ismcts_iters_per_s']:,.0f}",
                      str(row["openspiel_players"]), f"{row['openspiel_sims_per_s']:,.0f}", f"{row['ratio']:.2f}x",
                      f"{row['ratio_min']:.2f}-{row['ratio_max']:.2f}", "-" if cpp is None else f"{cpp:,.0f}",
                      "-" if cpp is None else f"{row['ratio_cpp']:.2f}x")
    console = Console() if Console().is_terminal else Console(width=150)
    console.print(table)
    for what, why in skipped.items():
        console.print(f"[yellow]skipped[/] {what}: {why}", highlight=False)
    return 0


def build_name() -> str:
    """Which build of the rules engine runs: compiled or pure Python (zdeck.compiled)."""
    from zdeck.compiled import BUILD

    return str(BUILD)


# -- which games --------------------------------------------------------------------------------------------


def discover(skipped: dict[str, str]) -> dict[str, type[Game]]:
    """Every game class; if one half-built package breaks the registry, load the others one by one."""
    try:
        return {gid: zdeck.game_class(gid) for gid in zdeck.games()}
    except Exception:  # noqa: BLE001, S110 - another engineer's package may not import yet
        pass
    found: dict[str, type[Game]] = {}
    root = importlib.import_module("zdeck.decks")
    for info in pkgutil.iter_modules(root.__path__):
        try:
            package = importlib.import_module(f"zdeck.decks.{info.name}")
        except Exception as exc:  # noqa: BLE001
            skipped[f"package {info.name}"] = f"import failed: {type(exc).__name__}: {exc}"
            continue
        for cls in getattr(package, "GAMES", ()):
            found[cls.id] = cls
    return dict(sorted(found.items()))


def default_player_counts(cls: type[Game]) -> list[int]:
    """The smallest, a middle and the largest table (2, 4, 6 for a 2-6 player game)."""
    lo, hi = cls(None).player_range(cls(None).options)
    return sorted({lo, lo + (hi - lo) // 2, hi})


def configurations(
    wanted: list[str] | None, players: list[int] | None, skipped: dict[str, str]
) -> list[Game]:
    classes = discover(skipped)
    ids = wanted or list(classes)
    games: list[Game] = []
    for gid in ids:
        if gid not in classes:
            skipped[gid] = f"unknown game; known: {', '.join(classes) or 'none'}"
            continue
        try:
            counts = players or default_player_counts(classes[gid])
        except Exception as exc:  # noqa: BLE001
            skipped[gid] = f"cannot build it: {type(exc).__name__}: {exc}"
            continue
        for n in counts:
            try:
                games.append(classes[gid](n))
            except ValueError as exc:
                skipped[f"{gid} x{n}"] = str(exc)
            except Exception as exc:  # noqa: BLE001
                skipped[f"{gid} x{n}"] = f"cannot build it: {type(exc).__name__}: {exc}"
    return games


# -- output -------------------------------------------------------------------------------------------------


def print_table(rows: list[dict[str, Any]], skipped: dict[str, str], header: str, bot: str) -> None:
    from rich.console import Console
    from rich.table import Table

    title = "Random self-play" if bot == "random" else f"Self-play with the {bot} bot at every seat,"
    table = Table(title=f"{title} throughput (medians over interleaved rounds)", caption=header)
    for name, justify in [
        ("game", "left"), ("seats", "right"), ("games/s", "right"), ("dec/s", "right"),
        ("dec/game", "right"), ("UNO seats", "right"), ("UNO games/s", "right"), ("UNO dec/s", "right"),
        ("ratio", "right"), ("middle half", "right"), ("goal 2x", "center"), ("C8 seats", "right"),
        ("x C8", "right"),
    ]:
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for row in rows:
        goal = row["goal"]
        verdict = "-" if goal is None else ("[green]met[/]" if row["ratio"] >= goal else "[red]not met[/]")
        table.add_row(
            row["game"], str(row["players"]), f"{row['zdeck_games_per_s']:,.1f}",
            f"{row['zdeck_decisions_per_s']:,.0f}", f"{row['zdeck_decisions_per_game']:,.1f}",
            str(row["uno_players"]), f"{row['uno_games_per_s']:,.1f}", f"{row['uno_decisions_per_s']:,.0f}",
            f"{row['ratio']:.2f}x", f"{row['ratio_q1']:.2f}-{row['ratio_q3']:.2f}", verdict,
            str(row.get("c8_players", "-")), f"{row['ratio_c8']:.2f}x" if "ratio_c8" in row else "-",
        )
    console = Console()
    if not console.is_terminal:
        console = Console(width=150)  # piped to a file: do not squeeze the table to 80 columns
    console.print(table)
    for what, why in skipped.items():
        console.print(f"[yellow]skipped[/] {what}: {why}", highlight=False)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", help="comma-separated game ids (default: every game in zdeck.games())")
    p.add_argument("--players", help="comma-separated seat counts (default: smallest, middle, largest)")
    p.add_argument("--seconds", type=float, default=6.0, help="timed seconds per configuration, both sides")
    p.add_argument("--rounds", type=int, default=10, help="interleaved rounds per configuration")
    p.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                   help="cpu: this process's CPU time (default, steadier on a shared machine); wall: elapsed time")
    p.add_argument("--seed", type=int, default=1, help="first seed (zdeck games use seed, seed+1, ...)")
    p.add_argument("--bot", default="random",
                   help="the bot at every zdeck seat (default random; the 2x goal is for random play): a game "
                        "without a bot of that name is skipped")
    p.add_argument("--loop", choices=("sim", "public"), default="sim",
                   help="sim: zdeck.sim.run (default); public: the plain public loop (legal_actions + checked apply, "
                        "random actor and action)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--ismcts", action="store_true",
                   help="measure search instead: ISMCTS iterations/s next to OpenSpiel's MCTSBot on crazy_eights "
                        "(2 seats unless --players; a one-seat game keeps its one seat)")
    args = p.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        p.error("--seconds must be > 0 and --rounds >= 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.ismcts:
        return search_main(args)
    try:
        import numpy  # noqa: F401
        import rlcard  # noqa: F401
    except ImportError:
        print("bench needs RLCard: .venv/bin/pip install -e '.[bench]'  (or: make bench)", file=sys.stderr)
        return 2
    wanted = [g.strip() for g in args.games.split(",") if g.strip()] if args.games else None
    players = [int(n) for n in args.players.split(",")] if args.players else None
    skipped: dict[str, str] = {}
    rows: list[dict[str, Any]] = []
    games = configurations(wanted, players, skipped)
    for i, game in enumerate(games):
        label = f"{game.id} x{game.players}"
        if args.bot not in bot_names(game.id):
            skipped[label] = f"no bot {args.bot!r}; its bots: {', '.join(bot_names(game.id))}"
            continue
        if not args.json:
            print(f"[{i + 1}/{len(games)}] {label} ...", file=sys.stderr, flush=True)
        try:
            rows.append(measure(game, args.seconds, args.rounds, args.seed, CLOCKS[args.clock], args.bot,
                                args.loop).as_dict())
        except Exception as exc:  # noqa: BLE001 - a half-built game is skipped, not fatal
            skipped[label] = f"{type(exc).__name__}: {exc}"
            if not args.json:
                traceback.print_exc(limit=3, file=sys.stderr)
    header = (
        f"Python {platform.python_version()} on {platform.machine()}; {args.seconds:g} {args.clock} s per "
        f"configuration in {args.rounds} rounds; {build_name()}; "
        f"zdeck through {'sim.run' if args.loop == 'sim' else 'the plain public loop'}; ratio = zdeck decisions/s / "
        "RLCard UNO decisions/s; x C8 = zdeck decisions/s / OpenSpiel crazy_eights decisions/s"
    )
    if args.json:
        out = {"python": platform.python_version(), "machine": platform.machine(), "build": build_name(),
               "loop": args.loop, "seconds": args.seconds,
               "clock": args.clock, "rounds": args.rounds, "bot": args.bot, "goal_ratio": GOAL_RATIO,
               "uno_like": list(UNO_LIKE), "results": rows, "skipped": skipped}
        print(json.dumps(out, indent=2))
    else:
        print_table(rows, skipped, header, args.bot)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
