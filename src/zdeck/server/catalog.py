"""What the lobby offers: every game with its options and bots, and the checks a new room passes.

Pure Python on the kernel contract (no web framework): `GET /api/games` is `games()`,
`GET /api/games/{id}/cards` is `game_cards()`, and `POST /api/rooms` is refused with `spec_from_request`'s ValueError message when a game,
player count, option or bot is not one that exists.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from zdeck.botspecs import bot_names, default_bot, make_bot
from zdeck.core import Game, shorten
from zdeck.live.gamedata import table_data
from zdeck.live.seating import level_spec, table_bot
from zdeck.live.settings import (
    MAX_SPEED,
    MAX_THINK_MS,
    TABLE_OPTION_NAMES,
    TableSettings,
    table_options,
    table_settings,
)
from zdeck.live.shared import shared
from zdeck.live.sized_cache import SizedCache
from zdeck.registry import game_class, games, make, rules_document
from zdeck.server.limits import PUBLIC, Limits

__all__ = ["MAX_THINK_MS", "RoomSpec", "TableSettings", "describe_games", "spec_from_request", "table_bot",
           "table_settings"]

MAX_BOT_SPEC = 64  # characters: what the database keeps of a seat's bot
# What a room request may ask of the options that set a game's length, beyond what the rules allow (`zdeck play`
# and `zdeck simulate` take any): every game a request makes ends within some thousands of moves. About 800
# moves make a ZAR game to 100 points at four seats, 600 a Zop Zoo game to 800, 50 a round of Zip Zap at six.
OPTION_LIMITS: dict[str, dict[str, tuple[int, int]]] = {
    "zipzap": {"rounds": (1, 24)},
    "zar": {"hands": (1, 30), "target": (1, 500)},
    "zoker-kubo": {"rounds": (1, 20), "target": (0, 50)},
    "zoker-tiko": {"rounds": (1, 20)},
    "zopzoo": {"target": (1, 3000)},
}


@dataclass
class RoomSpec:
    """A checked request for a room: the game made, its bots by seat, the table settings."""

    game: Game
    bots: dict[int, str] = field(default_factory=dict)
    settings: TableSettings = field(default_factory=TableSettings)


def describe_games(limits: Limits = PUBLIC) -> list[dict[str, Any]]:
    """Every game: id, title, players range, options (game and table, with this server's limits), bots."""
    return [describe_game(game_id, limits) for game_id in games()]


def describe_game(game_id: str, limits: Limits = PUBLIC) -> dict[str, Any]:
    cls = game_class(game_id)
    capped = OPTION_LIMITS.get(game_id, {})
    options = [
        {"name": name, "default": spec.default, "choices": list(spec.choices) if spec.choices is not None else None,
         "doc": spec.doc, "scope": "game", "min": capped.get(name, (None, None))[0],
         "max": capped.get(name, (None, None))[1]}
        for name, spec in cls.options_spec.items()
    ]
    table = table_options(game_id)
    table["speed"]["min_bots_only"] = limits.min_bots_only_speed
    options += [{"name": name, **spec, "scope": "table"} for name, spec in table.items()]
    data = table_data(game_id)
    return {
        "id": cls.id,
        "title": cls.title,
        "summary": cls.summary,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": cls.default_players or cls.min_players,
        "score_order": cls.default_score_order,
        "options": options,
        "bots": bot_names(game_id),
        "default_bot": default_bot(game_id),  # the game's strongest own bot: what covers an absent person
        # the bots people play against, weakest first, with their measured ratings (docs/bots.md, Levels)
        "levels": [level.public() for level in data.levels],
        "default_level": data.default_level,  # what a table with people seats unless told otherwise
        "newcomer": None if data.newcomer is None else data.newcomer.public(),
        "rated": data.measured,
        "clock": {"turn": data.clock.turn, "race": data.clock.race, "pause": data.clock.pause},
        "actions_at_most": limits.actions_at_most,  # this server's limit on a game's action table (its options')
    }


def game_cards(game_id: str, query: Mapping[str, str], limits: Limits = PUBLIC) -> dict[str, dict[str, Any]]:
    """The game's `card_faces()`, for the players and options in the query (`?players=5&colours=4`; the
    defaults otherwise): some options change the deck (Zoop's colours, ZAR's Chameleons) or a card's points.
    ValueError, naming what is allowed, for an unknown game, player count or option."""
    values = {name: _query_value(text) for name, text in query.items()}
    players = values.pop("players", None)
    return spec_from_request(game_id, players, values, None, limits).game.card_faces()


def _query_value(text: str) -> Any:
    """A query parameter as the JSON value it spells (`4`, `true`, `null`), else as the text itself (`wins`)."""
    try:
        value = json.loads(text)
    except ValueError:  # not JSON (a bare word), or a number too long to read
        return text
    return value if value is None or isinstance(value, (bool, int, float, str)) else text


def spec_from_request(game_id: Any, players: Any, options: Any, bots: Any, limits: Limits = PUBLIC) -> RoomSpec:
    """Check a room request against the game's rules and this server's limits (`OPTION_LIMITS`, a human pace
    at a bots-only table); ValueError with a message naming what is allowed."""
    if not isinstance(game_id, str):
        raise ValueError(f"game must be a game id; known games: {', '.join(games())}")  # noqa: TRY004 (a 422)
    game_class(game_id)  # ValueError naming the known games
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise ValueError(f"players must be an integer, got {players!r}")
    if not isinstance(options, dict):
        raise ValueError("options must be an object of name: value")  # noqa: TRY004
    game_options = {k: v for k, v in options.items() if k not in TABLE_OPTION_NAMES}
    settings = table_settings({k: v for k, v in options.items() if k in TABLE_OPTION_NAMES}, game_id, request=True)
    within_limits(game_id, game_options)
    try:
        game = make(game_id, players, **game_options)
    except TypeError as exc:  # a game's resolve_options fed a value of the wrong kind
        raise ValueError(f"{game_id}: {exc}") from None
    if game.num_distinct_actions() > limits.actions_at_most:  # e.g. ZAR's spoken calls with many Chameleons
        raise ValueError(f"{game_id} with these players and options has {game.num_distinct_actions()} distinct "
                         f"actions; this server plays games of at most {limits.actions_at_most} (GET /api/games)")
    seated = seat_bots(game, bots)
    if len(seated) == game.players and settings.speed < limits.min_bots_only_speed:
        raise ValueError(f"option speed={settings.speed:g} is not allowed at a table of bots only: it plays at a "
                         f"human pace on this server, speed {limits.min_bots_only_speed:g} to {MAX_SPEED:g} "
                         "(a table with a person's seat takes any speed from 0)")
    return RoomSpec(shared(game), seated, settings)


def within_limits(game_id: str, options: Mapping[str, Any]) -> None:
    """The options that set a game's length, against `OPTION_LIMITS`; ValueError naming the bounds. (A value of
    the wrong kind is left to the game, which names what it takes.)"""
    for name, (low, high) in OPTION_LIMITS.get(game_id, {}).items():
        value = options.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not low <= value <= high:
            raise ValueError(f"option {name}={shorten(value)} is beyond this server's limit: {low} to {high} "
                             "(GET /api/games states each option's limits)")


def seat_bots(game: Game, bots: Any) -> dict[int, str]:
    """{"1": "easy", "2": "ismcts:iters=300"} -> {1: <the easy level's spec>, 2: "ismcts:iters=300"}; seats and
    bot specs are checked, a search's time against MAX_THINK_MS. A level (`easy` ... `strongest`) stands for its
    bot spec (`GET /api/games`, `levels`)."""
    if bots is None:
        return {}
    if not isinstance(bots, dict):
        raise ValueError('bots must be an object of seat: bot name, e.g. {"1": "random"}')  # noqa: TRY004
    allowed = bot_names(game.id)
    chosen: dict[int, str] = {}
    for key, name in bots.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            seat = -1
        if not 0 <= seat < game.players or str(seat) != str(key).strip():
            raise ValueError(f"bots: {key!r} is not a seat of this table (0..{game.players - 1})")
        chosen[seat] = checked_bot(game.id, level_spec(game.id, name) if isinstance(name, str) else name, allowed)
    return chosen


def checked_bot(game_id: str, name: Any, allowed: list[str]) -> str:
    """A seat's bot spec as a request gives it, checked: a bot of the game, its parameters (a search bot's),
    and no longer a think than the server allows."""
    base = name.partition(":")[0].strip() if isinstance(name, str) else name
    if base not in allowed:
        levels = ", ".join(level.name for level in table_data(game_id).levels)
        raise ValueError(f"bots: {name!r} is not a bot of {game_id}; choose a level ({levels}) or a "
                         f"bot: {', '.join(allowed)}")
    spec = str(name).strip()
    if len(spec) > MAX_BOT_SPEC:
        raise ValueError(f"bots: {spec[:20]!r}... is longer than {MAX_BOT_SPEC} characters")
    try:
        bot = make_bot(game_id, spec)
    except ValueError as exc:
        raise ValueError(f"bots: {exc}") from None
    asked = getattr(bot, "ms", None) if getattr(bot, "searches", False) else None
    if asked is not None and asked > MAX_THINK_MS:
        raise ValueError(f"bots: {spec!r} asks for {asked:g} ms a decision; a search bot on this server thinks "
                         f"at most {MAX_THINK_MS:g} ms a decision")
    return spec


def action_faces(game_id: str, query: Mapping[str, str], limits: Limits = PUBLIC) -> bytes:
    """`GET /api/games/{id}/actions`, encoded: the game made with the players and options of the query (as for
    its cards: `?players=5&calls=strict`), and its `action_faces()` by action id. ValueError naming what is
    wrong. Run it off the event loop: a table of 20,000 actions takes a few tenths of a second to describe."""
    values = {name: _query_value(text) for name, text in query.items()}
    players = values.pop("players", None)
    game = spec_from_request(game_id, players, values, None, limits).game
    key = json.dumps(game.describe(), sort_keys=True)
    found = _FACES.get(key)
    if found is None:
        found = _FACES.put(key, _encode({**game.describe(), "faces": game.action_faces()}), limits.faces_cache_bytes)
    return found


def _encode(answer: dict[str, Any]) -> bytes:
    """JSON in small pieces: a worker thread encoding a table of 20,000 faces lets the event loop in between."""
    head = json.dumps({k: v for k, v in answer.items() if k != "faces"})[:-1]
    body = ",".join(json.dumps(face) for face in answer["faces"])
    return f'{head}, "faces": [{body}]}}'.encode()


_FACES: SizedCache[bytes] = SizedCache()


RULES_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - rules - zdeck</title><link rel="stylesheet" href="/static/style.css"></head>
<body class="rules-page"><header class="bar"><a class="brand" href="/">zdeck</a><span>rules</span></header>
<main class="rules">{body}</main></body></html>"""


def zoker_deck_page() -> str:
    """The Zoker deck's page, which the four Zoker games' rules cite: in the family's folder."""
    from importlib import resources

    return resources.files("zdeck.decks.zoker").joinpath("deck.md").read_text(encoding="utf-8")


def rules_page(name: str) -> str:
    """A rules document (a game's `rules.md`, or the Zoker deck's page `zoker-deck`) as a whole HTML page. Links
    to the Zoker deck's page lead to it; a link to another document keeps its words only."""
    from markdown_it import MarkdownIt

    if not re.fullmatch(r"[a-z0-9-]{1,40}", name):
        raise ValueError(f"no rules page {name!r}")
    text = zoker_deck_page() if name == "zoker-deck" else rules_document(name)
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    body = re.sub(r'href="\.\./deck\.md(#[^"]*)?"', lambda m: f'href="/rules/zoker-deck{m[1] or ""}"', body)
    body = re.sub(r'<a href="[^"/][^"]*\.md(?:#[^"]*)?">(.*?)</a>', r"\1", body)  # not served here
    first = text.lstrip().splitlines()[0] if text.strip() else name
    return RULES_PAGE.format(title=html.escape(first.lstrip("# ").replace("`", "").strip()), body=body)
