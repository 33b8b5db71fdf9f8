"""A batch's games summed up into the numbers a balance report shows (JSON-ready, no plotting here).

Each finished game becomes a row of scalar figures (`row`); `Tally` keeps the rows in index order, so
that `compare` can pair the games of two variants played on the same seeds, and `numbers()` turns them
into estimates with 95% intervals (`zdeck.batch.stats`). Every figure a report or a comparison shows is a
`Figure` of the tally's `catalogue()`: its kind says how it is estimated and paired -

- `SHARE`: a share per game in [0, 1] (a win, a yes/no): Wilson; paired, Newcombe;
- `MEAN`: a number per game: the normal approximation; paired, of the per-game differences;
- `RATIO`: a share of things nested in games (hands won, forced decisions): the pooled share with Wilson on
  the effective number of units; paired, the delta method over games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from zdeck.batch.figures import TENTHS, GameFacts, GameFigures, GameResult, describe, drama, ranks
from zdeck.batch.stats import (
    NOTHING,
    Estimate,
    clustered_share,
    detectable,
    effective_counts,
    fairness,
    games_needed,
    mean,
    quantiles,
    ratio_spread,
    sd,
    wilson,
)

if TYPE_CHECKING:
    from zdeck.core import Game

SHARE, MEAN, RATIO = "share", "mean", "ratio"

LENGTH = {
    "decisions": "decisions per game: every submission the rules took (late ones that bounced included) and timeouts",
    "turns": "turns per game: runs of decisions that took effect by one seat",
    "rounds": "rounds (hands, deals) per game",
    "minutes": "minutes per game at the bots' pace: each decision that took effect in turn takes its seat's mean "
               "reaction time (the simulator's log-normal model; a reflex call 0.6 of it), a timeout the slowest",
}
DRAMA = {
    "margin": "winning margin: the winner's lead over the best of the rest at the end, in points",
    "lead_changes": "lead changes per game: the sole leader after a round replaced by another (games of 2+ rounds)",
    "clear_at": "winner clear at: share of the rounds played when the final winner took the lead for good "
                "(1.0: decided in the last round)",
}
WITHIN = {
    "round_lead_changes": "lead changes within rounds per game: the sole leader by the round's standing (cards to "
                          "go, points so far) replaced by another, decision by decision",
    "runner_up": "cards the best of the rest still held when a hand was won (1: a photo finish), mean per hand",
    "cards_left": "cards all the others still held when a hand was won, mean per hand",
}
RACES = {
    "bounced": "late submissions that came back per game (races lost: the card returned, nothing else)",
    "penalised": "submissions penalised per game (late ones that collided, calls forgotten or wrong)",
    "late_applied": "late submissions that still took effect per game",
}
DECISIONS = {
    "branching": "legal actions per decision: a game's mean over every time a seat was asked to act",
    "forced": "forced decisions: the only seat asked had one legal action (share of all decisions)",
}
STALLS = {
    "repeats": "public positions repeated within a hand: the table a spectator sees, exactly as seen before "
               "in the same hand (share of moments)",
    "stall": "longest stall per game: the most decisions in a row in which no seat improved on its best standing "
             "of the round (a new fewest cards, more points)",
}
USAGE_GROUPS = {"kind": "action kind", "card": "card kind", "effect": "card effect", "call": "call"}


@dataclass(frozen=True)
class Figure:
    """One figure of a report, by the key of its per-game values in `Tally.rows`."""

    key: str
    label: str
    kind: str  # SHARE, MEAN or RATIO
    section: str
    doc: str = ""


def row(result: GameResult, order: str) -> dict[str, float | None]:
    """The scalar figures of one finished game, by name (None where a figure does not apply). A `RATIO`
    figure `k` keeps its successes under `k` and its units under `k/`."""
    n = len(result.scores)
    values: dict[str, float | None] = {}
    for seat in range(n):
        share = 1 / len(result.winners) if seat in result.winners else 0.0
        values[f"win_{seat}"] = share
        values[f"score_{seat}"] = result.scores[seat]
    values.update(decisions=result.decisions, turns=result.turns, rounds=result.rounds, bounced=result.bounced,
                  penalised=result.penalised, late_applied=result.late_applied)
    values.update(drama(result, order))
    for name, value in result.figures.items():
        values[f"own_{name}"] = float(value)
    if result.study:
        values.update(_studied(result, n))
    return values


def _studied(result: GameResult, n: int) -> dict[str, float | None]:
    study = result.study
    values: dict[str, float | None] = {"minutes": study["minutes"]}
    if study["asks"]:
        values["branching"] = study["choices"] / study["asks"]
        values["forced"], values["forced/"] = study["forced"], study["asks"]
    values["repeats"], values["repeats/"] = study["repeats"], study["moments"]
    values["stall"] = study["stall"]
    values["round_lead_changes"] = study["round_lead_changes"]
    for name in ("runner_up", "cards_left"):
        per_hand = study[name]
        values[name] = math.fsum(per_hand) / len(per_hand) if per_hand else None
    openers, hand_winners = study["openers"], study["hand_winners"]
    if n > 1 and openers:
        first = openers[0]
        for k in range(n):
            seat = (first + k) % n
            values[f"pos_{k}"] = 1 / len(result.winners) if seat in result.winners else 0.0
        won = [(openers[h], w) for h, w in enumerate(hand_winners) if w and h < len(openers)]
        for k in range(n):
            values[f"hand_{k}"] = math.fsum(1 / len(w) for ref, w in won if (ref + k) % n in w)
            values[f"hand_{k}/"] = len(won)
    for key, count in study["usage"].items():
        values[f"use:{key}"] = count
    return values


def position_label(reference: str, k: int) -> str:
    """'dealer', 'dealer+1', ...: a seat counted from the reference seat in seat order (clockwise)."""
    return reference if k == 0 else f"{reference}+{k}"


@dataclass
class Tally:
    """The games of one batch (one variant), in index order."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    score_order: str
    own: Callable[[], GameFigures] | None = None
    games_asked: int = 0
    max_steps: int = 0
    seconds: float = 0.0
    rows: dict[int, dict[str, float | None]] = field(default_factory=dict)  # by game index
    unfinished: list[int] = field(default_factory=list)  # their seeds
    per_bot: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)  # (win share, score, rank)
    counts: set[str] = field(default_factory=set)  # own figures given as numbers (the others are bools)
    reference: str = "dealer"  # what positions are counted from (`GameFacts.reference_name`)
    rotates: bool = False  # the reference seat moved between the hands of some game
    profiles: list[list[float]] = field(default_factory=list)  # branching per tenth of each game
    universe: list[str] = field(default_factory=list)  # every usage key these rules could fire
    off: set[str] = field(default_factory=set)  # figures whose rule these options switch off
    branches: dict[str, tuple[str, ...]] = field(default_factory=dict)  # option -> figures of its branch
    first_references: set[int] = field(default_factory=set)  # the reference seat of each game's first hand
    seats_allowed: tuple[int, int] = (1, 1)  # the player counts these options allow

    @classmethod
    def of(cls, game: Game, bots: list[str], own: Callable[[], GameFigures] | None, games_asked: int = 0,
           max_steps: int = 0) -> Tally:
        """An empty tally for batches of this game (its options fixed) with these bots."""
        facts = GameFacts.of(game, own)
        return cls(game.id, game.players, dict(game.options), bots, game.score_order, own, games_asked, max_steps,
                   reference=facts.reference_name(game.new_state(0).observation(None)), universe=usage_universe(game),
                   off=facts.switched_off(dict(game.options)), branches=dict(getattr(own, "BRANCHES", {})),
                   seats_allowed=game.player_range(game.options))

    def add(self, result: GameResult) -> None:
        if not result.finished:
            self.unfinished.append(result.seed)
            return
        values = row(result, self.score_order)
        self.rows[result.index] = values
        self.counts.update(name for name, value in result.figures.items() if not isinstance(value, bool))
        places = ranks(result.scores, result.winners, self.score_order)
        for seat, name in enumerate(result.lineup):
            self.per_bot.setdefault(name, []).append((values[f"win_{seat}"] or 0.0, result.scores[seat], places[seat]))
        if result.study:
            self.rotates = self.rotates or len(set(result.study["openers"])) > 1
            self.first_references.update(result.study["openers"][:1])
            if result.study["profile"]:
                self.profiles.append(result.study["profile"])

    @property
    def games(self) -> int:
        return len(self.rows)

    def column(self, name: str) -> list[float]:
        """A figure over the finished games that have it."""
        return [v for r in self.rows.values() if (v := r.get(name)) is not None]

    def ratio_columns(self, name: str) -> tuple[list[float], list[float]]:
        """A `RATIO` figure's successes and units, game by game (games without units left out)."""
        both = [(r.get(name) or 0.0, units) for r in self.rows.values() if (units := r.get(f"{name}/"))]
        return [s for s, _ in both], [t for _, t in both]

    def per_game(self, figure: Figure) -> dict[int, Any]:
        """The figure's value in each finished game that has it (a `RATIO`'s as (successes, units))."""
        if figure.kind == RATIO:
            units = "rounds" if figure.key.startswith("own_") else f"{figure.key}/"
            return {i: (r.get(figure.key) or 0.0, r[units]) for i, r in self.rows.items()
                    if r.get(units) and (units != "rounds" or r.get(figure.key) is not None)}
        return {i: r[figure.key] for i, r in self.rows.items() if r.get(figure.key) is not None}

    # -- the figures -------------------------------------------------------------------------------------------
    def catalogue(self) -> list[Figure]:
        """Every figure of this batch, in the order a report shows them: those the games have values for."""
        n = self.players
        found = {key for r in self.rows.values() for key in r}
        figures: list[Figure] = []
        if n > 1:
            figures += [Figure(f"win_{s}", f"seat {s} win rate", SHARE, "seats") for s in range(n)]
        figures += [Figure(f"score_{s}", f"seat {s} mean score", MEAN, "seats") for s in range(n)]
        if n > 1:
            if self.first_references != {0}:  # (else position k is seat k in every game: the seats say it)
                figures += [Figure(f"pos_{k}", f"{position_label(self.reference, k)} win rate", SHARE, "positions",
                                   f"match won by the seat {k} after the first hand's {self.reference}")
                            for k in range(n)]
            if self.rotates:
                figures += [Figure(f"hand_{k}", f"hands won by the {position_label(self.reference, k)}", RATIO,
                                   "positions", f"share of hands won by the seat {k} after that hand's "
                                   f"{self.reference}") for k in range(n)]
        for section, names, kind in (("length", LENGTH, MEAN), ("decisions", DECISIONS, None),
                                     ("drama", DRAMA, MEAN), ("within", WITHIN, MEAN), ("races", RACES, MEAN),
                                     ("stalls", STALLS, None)):
            for name, doc in names.items():
                figure_kind = kind or (RATIO if name in ("forced", "repeats") else MEAN)
                figures.append(Figure(name, name.replace("_", " "), figure_kind, section, doc))
        docs, ends = describe(self.own)
        for name, doc in docs.items():
            kind = MEAN if name in self.counts else SHARE
            section = "ends" if name in ends else "own"
            if name in ends and name in self.counts:  # a count of rounds: a share of the rounds
                figures.append(Figure(f"own_{name}", name, RATIO, section, doc))
                continue
            figures.append(Figure(f"own_{name}", name, kind, section, doc))
        usage = sorted(key for key in found if key.startswith("use:"))
        figures += [Figure(key, usage_label(key[4:]), MEAN, "usage", "times per game it took effect") for key in usage]
        return [f for f in figures if f.key in found or f.kind == RATIO and self._ratio_ready(f)]

    def _ratio_ready(self, figure: Figure) -> bool:
        if figure.key.startswith("own_"):
            return any(r.get(figure.key) is not None for r in self.rows.values())
        return any(r.get(f"{figure.key}/") for r in self.rows.values())

    def estimate(self, figure: Figure) -> Estimate:
        """The figure over this batch with its 95% interval."""
        if figure.kind == SHARE:
            values = self.column(figure.key)
            return wilson(math.fsum(values), len(values))
        if figure.kind == RATIO:
            successes, units = self.ratio_of(figure)
            return clustered_share(successes, units)
        return mean(self.column(figure.key))

    def ratio_of(self, figure: Figure) -> tuple[list[float], list[float]]:
        """A `RATIO` figure's successes and units, game by game (a game's own count of rounds: of its rounds)."""
        both = list(self.per_game(figure).values())
        return [s for s, _ in both], [t for _, t in both]

    def spread_of(self, figure: Figure) -> float:
        """The per-game sd a figure's difference between two batches would be judged against."""
        if figure.kind == SHARE:
            est = self.estimate(figure)
            return math.sqrt(est.value * (1 - est.value)) if est.n else math.nan
        if figure.kind == RATIO:
            successes, units = self.ratio_of(figure)
            return ratio_spread(successes, units)
        return sd(self.column(figure.key))

    # -- the numbers -------------------------------------------------------------------------------------------
    def numbers(self) -> dict[str, Any]:
        """Everything the report shows, as numbers."""
        figures, ends = describe(self.own)
        catalogue = {f.key: f for f in self.catalogue()}
        return {
            "game": self.game, "players": self.players, "options": self.options, "bots": self.bots,
            "score_order": self.score_order, "games_asked": self.games_asked, "games": self.games,
            "unfinished": len(self.unfinished), "unfinished_seeds": self.unfinished, "max_steps": self.max_steps,
            "seconds": round(self.seconds, 3), "reference": self.reference, "seats_allowed": list(self.seats_allowed),
            "seats": self._seats(),
            "seat_fairness": self._fairness([self.column(f"win_{s}") for s in range(self.players)]),
            "positions": self._positions(catalogue),
            "length": {name: self._spread(name) for name in LENGTH},
            "decisions": self._decisions(),
            "drama": {name: self._spread(name) for name in DRAMA},
            "within": {name: self._spread(name) for name in WITHIN},
            "races": {name: self._spread(name) for name in RACES},
            "stalls": {"repeats": clustered_share(*self.ratio_columns("repeats")).as_dict(),
                       "stall": self._spread("stall")},
            "ends": self._ends(figures, ends),
            "figures": {name: self._own(name, doc) for name, doc in figures.items() if name not in ends},
            "usage": self._usage(),
            "branches": self._branches(),
            "bots_table": self._bots(),
            "detectable": self._detectable(list(catalogue.values())),
            "skill": None,
            "by_players": [],
        }

    def _seats(self) -> list[dict[str, Any]]:
        seats = []
        for seat in range(self.players):
            wins = math.fsum(self.column(f"win_{seat}"))
            seats.append({"seat": seat, "win_rate": wilson(wins, self.games).as_dict(),
                          "mean_score": mean(self.column(f"score_{seat}")).as_dict(3)})
        return seats

    def _fairness(self, columns: Sequence[Sequence[float]]) -> dict[str, Any] | None:
        """The joint test over the positions of whole games (one share per game and position)."""
        if self.players < 2 or not self.games:
            return None
        test = fairness([math.fsum(c) for c in columns], self.games)
        return None if test is None else {**test.as_dict(), "fair": 1 / self.players}

    def _positions(self, catalogue: dict[str, Figure]) -> dict[str, Any] | None:
        """Win rates by position counted from the reference seat: of the match (from the first hand's) and,
        where the reference moves between hands, of each hand (from that hand's)."""
        n = self.players
        if n < 2 or not self.first_references:
            return None
        match = [{"position": k, "label": position_label(self.reference, k),
                  "win_rate": self.estimate(Figure(f"pos_{k}", "", SHARE, "")).as_dict()} for k in range(n)]
        same_as_seats = self.first_references == {0}  # position k is seat k in every game
        out: dict[str, Any] = {"reference": self.reference, "match": match, "same_as_seats": same_as_seats,
                               "match_fairness": self._fairness([self.column(f"pos_{k}") for k in range(n)]),
                               "hands": None, "hand_fairness": None, "rotates": self.rotates}
        if self.rotates and "hand_0" in catalogue:
            out["hands"] = [{"position": k, "label": position_label(self.reference, k),
                             "win_rate": self.estimate(catalogue[f"hand_{k}"]).as_dict()} for k in range(n)]
            units = self.ratio_columns("hand_0")[1]
            wins, effective = effective_counts([self.ratio_columns(f"hand_{k}")[0] for k in range(n)], units)
            test = fairness(wins, effective)
            out["hand_fairness"] = None if test is None else {**test.as_dict(), "fair": 1 / n,
                                                              "hands": round(math.fsum(units))}
        return out

    def _spread(self, name: str) -> dict[str, Any] | None:
        values = self.column(name)
        if not values:
            return None
        p10, median, p90 = quantiles(values)
        return {"mean": mean(values).as_dict(3), "p10": p10, "median": median, "p90": p90,
                "min": min(values), "max": max(values), "values": values}

    def _decisions(self) -> dict[str, Any]:
        profile = []
        for k in range(TENTHS):
            tenth = [p[k] for p in self.profiles if len(p) > k and not math.isnan(p[k])]
            profile.append(mean(tenth).as_dict(3) if tenth else None)
        return {"branching": self._spread("branching"),
                "forced": clustered_share(*self.ratio_columns("forced")).as_dict(), "profile": profile}

    def _ends(self, figures: dict[str, str], ends: Sequence[str]) -> dict[str, Any]:
        """How games ended other than by the rules' usual end: stopped at --max-steps, or by a game's
        fallback rule or cap (a bool per game: a share of games; a count of rounds: a share of rounds, with
        the games' hands as clusters)."""
        asked = self.games + len(self.unfinished)
        out: dict[str, Any] = {"unfinished": {"doc": "games stopped at --max-steps (not over: in no other figure)",
                                              "per": "games", "off": False,
                                              **wilson(len(self.unfinished), asked).as_dict()}}
        for name in ends:
            per_round = name in self.counts  # a count of rounds; a bool says it of the whole game
            figure = Figure(f"own_{name}", name, RATIO if per_round else SHARE, "ends")
            out[name] = {"doc": figures[name], "per": "rounds" if per_round else "games", "off": name in self.off,
                         **self.estimate(figure).as_dict()}
        return out

    def _own(self, name: str, doc: str) -> dict[str, Any]:
        values = self.column(f"own_{name}")
        spread = self._spread(f"own_{name}") or {}
        rate = wilson(math.fsum(values), len(values)).as_dict() if name not in self.counts and values else None
        return {"doc": doc, **spread, "rate": rate, "off": name in self.off}

    def _usage(self) -> dict[str, Any]:
        """How often each action kind, card kind, card effect and call took effect: per game, and the share of
        games in which it did at all; and those these rules offer that never did."""
        rows = []
        fired = set()
        for key in self.universe + sorted({k[4:] for r in self.rows.values() for k in r if k.startswith("use:")}
                                          - set(self.universe)):
            values = [r.get(f"use:{key}") or 0.0 for r in self.rows.values()]
            if not any(values):
                continue
            fired.add(key)
            group, _, name = key.partition(":")
            rows.append({"key": key, "group": USAGE_GROUPS.get(group, group), "name": name,
                         "per_game": mean(values).as_dict(3),
                         "games": wilson(sum(1 for v in values if v), len(values)).as_dict()})
        def named(key: str) -> dict[str, str]:
            return {"key": key, "group": USAGE_GROUPS.get(key.partition(":")[0], key), "name": key.partition(":")[2]}

        never = [named(key) for key in self.universe if key not in fired and key not in self.off] if self.games else []
        off = [named(key) for key in self.universe if key not in fired and key in self.off]
        return {"rows": rows, "never": never, "off": off}

    def _branches(self) -> list[dict[str, Any]]:
        """Each option of the game with its value here and what measures its branch (a figure or a usage)."""
        out = []
        for option, value in self.options.items():
            measured = []
            for name in self.branches.get(option, ()):
                key = f"use:{name}" if ":" in name else f"own_{name}"
                values = [r.get(key) or 0.0 for r in self.rows.values()] if ":" in name else self.column(key)
                fired = wilson(sum(1 for v in values if v), len(values)).as_dict() if values else None
                measured.append({"figure": name, "off": name in self.off, "per_game": mean(values).as_dict(3),
                                 "games": fired})
            out.append({"option": option, "value": value, "measured": measured,
                        "listed": option in self.branches})
        return out

    def _bots(self) -> list[dict[str, Any]]:
        table = []
        for name, seats in self.per_bot.items():
            wins, scores, places = zip(*seats)
            table.append({"bot": name, "seats": len(seats), "win_rate": wilson(math.fsum(wins), len(seats)).as_dict(),
                          "mean_score": mean(list(scores)).as_dict(3), "mean_rank": mean(list(places)).as_dict(3)})
        return table

    def _detectable(self, catalogue: Sequence[Figure]) -> list[dict[str, Any]]:
        """For each figure: the smallest difference two batches of this many games would detect (5% two-sided,
        80% power) and the games a change of a tenth of its value would need."""
        rows = []
        for figure in catalogue:
            est = self.estimate(figure)
            spread = self.spread_of(figure)
            if not est.n or math.isnan(spread):
                continue
            change = abs(est.value) / 10
            off = figure.key.removeprefix("own_") in self.off
            rows.append({"key": figure.key, "label": figure.label, "kind": figure.kind, "off": off,
                         "value": round(est.value, 4),
                         "sd": round(spread, 4), "detectable": round(detectable(spread, self.games), 4),
                         "games_for_tenth": games_needed(spread, change) if change else None})
        return rows


def figure_keys(players: int, own: Callable[[], GameFigures] | None) -> list[str]:
    """The key of every figure a batch of this game can have (usages aside): what --primary may name."""
    keys = [f"win_{s}" for s in range(players)] + [f"score_{s}" for s in range(players)]
    keys += [f"pos_{k}" for k in range(players)] + [f"hand_{k}" for k in range(players)]
    for names in (LENGTH, DECISIONS, DRAMA, WITHIN, RACES, STALLS):
        keys += list(names)
    return keys + [f"own_{name}" for name in describe(own)[0]]


def usage_universe(game: Game) -> list[str]:
    """Every usage key the game's actions can fire under its options (`Study._use`), in a fixed order."""
    cards = game.card_faces()
    keys: dict[str, None] = {}
    for face in game.action_faces():
        keys[f"kind:{face['kind']}"] = None
    for face in game.action_faces():
        named = [face["card"]] if face.get("card") else list(face.get("cards") or ())
        for card in named:
            if cards.get(card, {}).get("kind"):
                keys[f"card:{cards[card]['kind']}"] = None
    for face in game.action_faces():
        named = [face["card"]] if face.get("card") else list(face.get("cards") or ())
        for card in named:
            if cards.get(card, {}).get("effect"):
                keys[f"effect:{cards[card]['effect']}"] = None
    for face in game.action_faces():
        if face.get("call"):
            keys[f"call:{face['call']}"] = None
    return list(keys)


def usage_label(key: str) -> str:
    group, _, name = key.partition(":")
    return f"{USAGE_GROUPS.get(group, group)}: {name}"


@dataclass
class SkillTally:
    """Skill against luck: a stronger bot against a weaker one, on the same deals, as one figure.

    With two or more seats the strong bot sits in one seat (moving one seat a game) against weak bots in
    all the others; its win share against the fair share 1/n gives the **skill index** (share - 1/n) /
    (1 - 1/n): 0 when the better player wins no more than chance gives, 1 when it always wins. A one-seat
    game plays each deal with both bots (games 2d and 2d + 1): the share of deals the strong one scores
    better on (a tie half) against 1/2 gives the index the same way."""

    strong: str
    weak: str
    players: int
    score_order: str
    games_asked: int = 0
    rows: dict[int, float] = field(default_factory=dict)  # by game (by deal for one seat): the strong one's share
    pending: dict[int, GameResult] = field(default_factory=dict)  # one seat: the first game of a deal

    @property
    def fair(self) -> float:
        return 1 / self.players if self.players > 1 else 0.5

    def lineups(self) -> tuple[tuple[str, ...], ...]:
        if self.players == 1:
            return ((self.strong,), (self.weak,))
        return tuple(tuple(self.strong if s == k else self.weak for s in range(self.players)) for k in range(self.players))

    def add(self, result: GameResult) -> None:
        if not result.finished:
            return
        if self.players > 1:
            seat = result.lineup.index(self.strong)
            self.rows[result.index] = 1 / len(result.winners) if seat in result.winners else 0.0
            return
        deal = result.index // 2
        other = self.pending.pop(deal, None)
        if other is None:
            self.pending[deal] = result
            return
        strong, weak = (other, result) if other.lineup[0] == self.strong else (result, other)
        sign = 1 if self.score_order == "higher" else -1
        gap = sign * (strong.scores[0] - weak.scores[0])
        self.rows[deal] = 1.0 if gap > 0 else 0.5 if gap == 0 else 0.0

    def index(self, share: Estimate) -> Estimate:
        scale = 1 - self.fair
        return Estimate((share.value - self.fair) / scale, (share.low - self.fair) / scale,
                        (share.high - self.fair) / scale, share.n)

    def numbers(self) -> dict[str, Any]:
        values = list(self.rows.values())
        share = wilson(math.fsum(values), len(values)) if values else NOTHING
        return {"strong": self.strong, "weak": self.weak, "games_asked": self.games_asked,
                "units": "deals" if self.players == 1 else "games", "n": len(values), "fair": self.fair,
                "share": share.as_dict(), "index": self.index(share).as_dict(),
                "spread": round(sd(values), 4) if len(values) > 1 else None}
