"""What a game's folder says about its live table, as data: its clock and its bot levels.

A game keeps them in `table.json` beside its rules (found by convention, as its deck is; a game without one gets
`DEFAULT_CLOCK` and levels made from its own bots, unrated):

    {"clock": {"turn": 20, "race": 5, "pause": 12},
     "levels": {"easy": {"bot": "greedy:reaction=2650,miss=0.5,err=0.3", "about": "..."}, ...},
     "newcomer": {"bot": "...", "about": "..."},
     "default_level": "medium",
     "ratings": {"easy": {"mu": 21.3, "sigma": 1.1}, ..., "newcomer": {...}},
     "ladder": {"medium": {"over": "easy", "ahead": 0.55, "low": 0.54, "high": 0.56, "games": 12800, ...}, ...},
     "newcomer_ahead": {"easy": {"ahead": 0.6, "low": 0.55, "high": 0.65, "pairs": 400, ...}, ...},
     "measured": {"date": "2026-11-27", "games": 30000, "command": "bench/levels.py ...", ...}}

- `clock.turn`: seconds a person has to act on their turn (the observation's `turn`) before a bot covers the seat;
  `clock.race`: seconds a window open to everyone (a race, a call) stays open when nobody plays into it;
  `clock.pause`: seconds the table waits after a round for its people to be ready.
- `levels`: the bots people play against, weakest first (`LEVELS`; a game whose search plays no measurably better
  than its own bot leaves out `strongest`: its `hard` is the strongest it has), each a bot spec (`zdeck.botspecs.make_bot`:
  an own bot, `ismcts` settings, a person's handicaps). `newcomer` is the proxy of a person new to the game the
  levels are measured against; `default_level` the level a table with people seats unless told otherwise: the
  one the newcomer proxy beats about half the time (docs/bots.md, Levels).
- `ratings`: OpenSkill ratings from `zdeck tournament` runs of the levels and the newcomer; `ladder`: how often
  each level finished ahead of the level below it, head to head; `newcomer_ahead`: how often the newcomer finished
  ahead of each level; `measured`: when and how (bench/levels.py). A one-seat game (Solo) has `means` instead:
  each level's mean score on the same deals (`score_words` says what a score counts), its `ladder` the differences.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from zdeck.registry import game_class

LEVELS = ("easy", "medium", "hard", "strongest")  # weakest first


@dataclass(frozen=True)
class Clock:
    turn: float  # seconds a person has on their turn before a bot covers the seat
    race: float  # seconds a window open to everyone stays open with nobody playing into it
    pause: float  # seconds the table waits after a round for its people to be ready


DEFAULT_CLOCK = Clock(turn=30.0, race=6.0, pause=15.0)


@dataclass(frozen=True)
class Level:
    name: str
    bot: str  # its bot spec
    about: str  # what it plays like, in a player's words
    rating: dict[str, float] | None  # OpenSkill mu, sigma, ordinal (mu - 3 sigma); None when not measured
    measured: dict[str, Any] | None = None  # its figures: `over`, `ahead`, `newcomer_ahead`; Solo's `mean_score`
    strength: str = ""  # those figures in a player's words

    def public(self) -> dict[str, Any]:
        return {"level": self.name, "bot": self.bot, "about": self.about, "rating": self.rating,
                "measured": self.measured, "strength": self.strength}


@dataclass(frozen=True)
class TableData:
    clock: Clock
    levels: tuple[Level, ...]
    default_level: str
    newcomer: Level | None
    measured: dict[str, Any] | None

    def level(self, name: str) -> Level | None:
        return next((level for level in self.levels if level.name == name), None)

    def level_of(self, spec: str | None) -> str | None:
        """The level whose bot is `spec`, or None for a bot chosen by its spec."""
        return next((level.name for level in self.levels if level.bot == spec), None)


@cache
def table_data(game_id: str) -> TableData:
    """The game's `table.json`, checked (ValueError naming what is wrong), else the defaults."""
    folder = game_class(game_id).__module__.rpartition(".")[0]
    try:
        text = resources.files(folder).joinpath("table.json").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return _defaults(game_id)
    try:
        return _read(game_id, json.loads(text))
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{game_id}: its table.json is not valid: {exc}") from None


def _rating(raw: Any) -> dict[str, float] | None:
    if raw is None:
        return None
    mu, sigma = float(raw["mu"]), float(raw["sigma"])
    return {"mu": round(mu, 2), "sigma": round(sigma, 2), "ordinal": round(mu - 3 * sigma, 2)}


def _read(game_id: str, data: dict[str, Any]) -> TableData:
    clock = data.get("clock", {})
    made = Clock(**{name: float(clock.get(name, getattr(DEFAULT_CLOCK, name))) for name in ("turn", "race", "pause")})
    ratings = data.get("ratings") or {}
    raw = data["levels"]
    if list(raw) not in (list(LEVELS), list(LEVELS[:-1])):
        raise ValueError(f"levels must be {', '.join(LEVELS)}, in this order (or all but {LEVELS[-1]})")
    levels = tuple(Level(name, str(raw[name]["bot"]), str(raw[name].get("about", "")), _rating(ratings.get(name)),
                         *_figures(data, name)) for name in raw)
    newcomer = data.get("newcomer")
    proxy = None if newcomer is None else Level("newcomer", str(newcomer["bot"]), str(newcomer.get("about", "")),
                                               _rating(ratings.get("newcomer")), *_figures(data, "newcomer"))
    default = str(data.get("default_level", "medium"))
    if default not in raw:
        raise ValueError(f"default_level {default!r} is not one of {', '.join(raw)}")
    return TableData(made, levels, default, proxy, data.get("measured"))


def _figures(data: dict[str, Any], name: str) -> tuple[dict[str, Any] | None, str]:
    """A level's measured figures (bench/levels.py wrote them) and what they say, in a player's words."""
    step, newcomer = (data.get("ladder") or {}).get(name), (data.get("newcomer_ahead") or {}).get(name)
    mean = (data.get("means") or {}).get(name)
    figures: dict[str, Any] = {}
    words = []
    if mean is not None:
        figures["mean_score"] = float(mean["mean_score"])
        words.append(f"scores {mean['mean_score']:.0f} on average ({data.get('score_words', 'its score')})")
    if step is not None and "ahead" in step:
        figures.update(over=step["over"], ahead=float(step["ahead"]), low=float(step["low"]),
                       high=float(step["high"]), games=int(step["games"]))
        words.append(f"finishes ahead of {step['over']} in {_in_100(step['ahead'])} games of 100"
                     if step.get("separated") else f"plays about as well as {step['over']}")
    elif step is not None and "difference" in step:
        figures.update(over=step["over"], difference=float(step["difference"]), low=float(step["low"]),
                       high=float(step["high"]), games=int(step["games"]))
        words.append(f"{abs(step['difference']):.1f} {'more' if step['difference'] >= 0 else 'less'} than "
                     f"{step['over']} on the same deals")
    if newcomer is not None:
        figures["newcomer_ahead"] = float(newcomer["ahead"])
        words.append(f"a newcomer scores more on the same deal {_in_100(newcomer['ahead'])} times in 100" if mean
                     else f"a newcomer finishes ahead of it in {_in_100(newcomer['ahead'])} games of 100")
    return (figures or None), "; ".join(words)


def _in_100(share: float) -> str:
    """A share as games of 100, never rounded to all or none unless it was."""
    games = round(100 * share)
    return str(min(99, max(1, games)) if 0 < share < 1 else games)


def _defaults(game_id: str) -> TableData:
    """A game without `table.json` (a game in the making): levels from its own bots, unrated."""
    from zdeck.botspecs import default_bot

    own = default_bot(game_id)
    levels = (
        Level("easy", "random:reaction=2650", "plays any legal card, slowly", None),
        Level("medium", f"{own}:reaction=1550,miss=0.3,err=0.15", f"the game's {own} bot at a person's pace, "
              "missing some chances and slipping now and then", None),
        Level("hard", own, f"the game's {own} bot", None),
        Level("strongest", "ismcts", "a search that looks ahead (up to a second a move)", None),
    )
    return TableData(DEFAULT_CLOCK, levels, "medium", None, None)
