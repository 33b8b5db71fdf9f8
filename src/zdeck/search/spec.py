"""Bot specs with parameters, as `--bots` takes them: `ismcts`, `ismcts:iters=2000,c=0.7`, `ismcts:ms=200`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from zdeck.bots import Bot
from zdeck.registry import game_class
from zdeck.search.ismcts import ISMCTS

DEFAULT_ITERS = 1000

def tuned(game_id: str) -> str:
    """The settings `ismcts` alone means in a game: its bots module's `SEARCH_SETTING`, measured in docs/bots.md
    (Strength); "" for a game without one (the defaults of `ISMCTS`, random rollouts, DEFAULT_ITERS iterations)."""
    setting: str = getattr(game_class(game_id).part("bots", optional=True), "SEARCH_SETTING", "")
    return setting


def _flag(text: str) -> bool:
    if text not in ("true", "false"):
        raise ValueError(text)
    return text == "true"


# name -> (what a value must be, its reader)
SPEC_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "iters": ("a whole number of iterations per decision, at least 1", int),
    "ms": ("milliseconds per decision, above 0", float),
    "c": ("the UCB exploration constant, 0 or more (default 0.7)", float),
    "rollout": ("'random' (default) or one of the game's own bots", str),
    "horizon": ("'hand' (default: roll out to the end of the hand) or 'game'", str),
    "cutoff": ("a whole number of rollout moves after which the position is judged (default: none)", int),
    "eval": ("how a position short of the end is judged: 'score' (default), 'cards' or 'gain'", str),
    "lean": ("how many standard errors an answer must beat the rollout bot's own by, 0 or more (default 0: off)", float),
    "nodes": ("'moves' (default: a child per move) or 'view' (a child per move and what the seat then sees)", str),
    "root": ("'ucb' (default) or 'paired' (every answer at the root tried on each determinisation, on the same luck)", str),
    "follow": ("how many of the bot's own decisions right after its searched answer the rollout bot answers, 0 or more (default 0)", int),
    "recall": ("'true' (default: every card the seat was shown stays known) or 'false' (only what it sees now)", _flag),
}


def parse_params(spec: str, text: str) -> dict[str, Any]:
    """`key=value,key=value` read and typed; ValueError naming the bad part."""
    params: dict[str, Any] = {}
    for part in text.split(","):
        key, eq, value = (s.strip() for s in part.partition("="))
        if not eq or not key or not value:
            raise ValueError(f"bot spec {spec!r}: {part.strip()!r} is not key=value")
        if key not in SPEC_KEYS:
            raise ValueError(f"bot spec {spec!r}: unknown parameter {key!r}; ismcts takes {', '.join(SPEC_KEYS)}")
        if key in params:
            raise ValueError(f"bot spec {spec!r}: {key} is given twice")
        what, read = SPEC_KEYS[key]
        try:
            params[key] = read(value)
        except ValueError:
            raise ValueError(f"bot spec {spec!r}: {key}={value!r} is not {what}") from None
    return params


def ismcts_from_spec(spec: str, text: str, bots: Mapping[str, Callable[[], Bot]], game_id: str = "") -> ISMCTS:
    """An ISMCTS bot from the parameters after `ismcts:` (`text`, maybe empty), over the game's tuned
    settings (`tuned`); `bots` are the game's own bots, by name, for `rollout=`. Its name is the spec,
    so records say how it was set."""
    setting = tuned(game_id) if game_id else ""
    params = parse_params(f"ismcts:{setting}", setting) if setting else {}
    given = parse_params(spec, text) if text.strip() else {}
    if "ms" in given and "iters" not in given:
        params.pop("iters", None)  # a time budget given alone is the budget
    params.update(given)
    rollout_name = params.pop("rollout", "random")
    if rollout_name == "random":
        rollout = None
    elif rollout_name in bots and rollout_name != "ismcts":
        rollout = bots[rollout_name]
    else:
        own = [name for name in bots if name not in ("random", "ismcts")]
        raise ValueError(f"bot spec {spec!r}: rollout={rollout_name!r} is not a bot of this game; "
                         f"choose random{''.join(', ' + name for name in own)}")
    if "eval" in params:
        params["judge"] = params.pop("eval")
    if "iters" not in params:
        params["iters"] = None if "ms" in params else DEFAULT_ITERS
    try:
        bot = ISMCTS(rollout=rollout, rollout_name=rollout_name, **params)
    except ValueError as exc:
        raise ValueError(f"bot spec {spec!r}: {exc}") from None
    bot.name = spec
    return bot
