"""The bots at a live table: the levels a seat may be given, the bot that covers an absent person, a search
bot's cap on thinking, and the names bots go by ("Ada · bot, easy": a person's name, a bot mark, its level).

A seat's bot is kept as its spec (`zdeck.botspecs.make_bot`), so records and a resumed table know exactly which
bot sat where; the name is only what people call it.
"""

from __future__ import annotations

import hashlib

from zdeck.bots import Bot
from zdeck.botspecs import SEARCH_BOTS, default_bot, make_bot
from zdeck.live.gamedata import LEVELS, table_data

# Names bots go by, a person's first name each (short, from many places): a table picks them in this order from
# a point its id sets, so two tables do not seat the same names and a resumed table keeps its own (they are saved).
NAMES = ("Ada", "Bo", "Cleo", "Dara", "Emil", "Femi", "Gus", "Hana", "Ines", "Jun", "Kofi", "Lena", "Milo", "Nia",
         "Oskar", "Priya", "Quinn", "Rosa", "Sami", "Tove", "Uma", "Vito", "Wen", "Yara", "Zeno")
BOT_MARK = "bot"


def level_spec(game_id: str, name: str) -> str:
    """A seat's bot as a request names it: a level (`easy` ... `strongest`) means that level's bot spec."""
    level = table_data(game_id).level(name.strip()) if name.strip() in LEVELS else None
    return level.bot if level is not None else name


def bot_label(game_id: str, spec: str, name: str) -> str:
    """What people call a bot seat: `Ada · bot, easy` for a level's bot, `Ada · bot (greedy)` for another spec."""
    level = table_data(game_id).level_of(spec)
    if level is not None:
        return f"{name} · {BOT_MARK}, {level}"
    return f"{name} · {BOT_MARK} ({spec.partition(':')[0].strip()})"


def bot_names(room_id: str, count: int) -> list[str]:
    """`count` different names for a table's bots, in seat order, from a point the table's id sets."""
    start = int.from_bytes(hashlib.sha256(room_id.encode("utf-8", "surrogatepass")).digest()[:4], "big")
    return [NAMES[(start + k) % len(NAMES)] for k in range(count)]


def table_bot(game_id: str, spec: str, think_ms: float | None) -> Bot:
    """The bot of a spec (`make_bot`), a search bot thinking at most `think_ms` a decision: its iterations
    or its own `ms`, whichever ends first (None: as the spec says)."""
    bot = make_bot(game_id, spec)
    if think_ms is not None and spec.partition(":")[0].strip() in SEARCH_BOTS:
        from zdeck.search import ISMCTS

        search = getattr(bot, "inner", bot)  # (a handicapped search: the search itself)
        if isinstance(search, ISMCTS):
            search.ms = think_ms if search.ms is None else min(search.ms, think_ms)
    return bot


def cover_bot(game_id: str) -> str:
    """The bot that covers an absent person: the one `zdeck play` seats by default (the game's strongest own
    bot), playing for them as well as it can. Not the search bot: a cover must answer at once, whatever the table."""
    return default_bot(game_id)
