"""Every bound one `zdeck serve` process puts on what the open internet may ask of it and make it hold.

The defaults suit a server anyone may reach; `zdeck serve --limit NAME=VALUE` changes one (a club's server
may let more rooms come from one address, or bots-only tables play flat out), as `create_app(db,
limits=Limits(...))` does in-process. docs/deploying.md lists them; `GET /api/games` states the options' ones.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    # -- rooms ----------------------------------------------------------------------------------------
    max_rooms: int = 2000  # rooms waiting or in play in one process: past it the oldest idle waiting room goes
    rooms_burst: int = 10  # rooms one client address may make at once ...
    rooms_every_s: float = 30.0  # ... and one more every this many seconds
    waiting_per_address: int = 10  # rooms one address made that still wait for people
    waiting_s: float = 1800.0  # a waiting room nobody is connected to expires after this long
    abandoned_s: float = 1800.0  # a table in play whose people all left ends after this long (unless bots cover them: `cover`)
    token_s: float = 7 * 86400.0  # a seat's token stops working this long after its room's last game ended
    min_bots_only_speed: float = 1.0  # bots-only tables run at a human pace (speed 1: the bots' reaction times)
    # -- requests (the HTTP protocol and the app) ---------------------------------------------------
    url_bytes: int = 8192  # a request's target (path and query): 414 past it
    header_bytes: int = 32 * 1024  # all of a request's headers: 431 past it
    headers_s: float = 10.0  # from a connection's first byte (or its last answer) to the end of the headers: 408
    body_bytes: int = 64 * 1024  # a request's body: 413 past it
    body_s: float = 10.0  # to receive a whole body once the headers are in: 408 past it
    # -- WebSockets ---------------------------------------------------------------------------------
    sockets_per_address: int = 64  # table connections one client address may hold open
    # -- games and their tables --------------------------------------------------------------------
    # Distinct actions of a game a room may play (ZAR's spoken calls with many half decks and Chameleons reach
    # 3.5 million: a 1.6 GB table of faces). 20,000 faces are about 6 MB of JSON, described in a few tenths of
    # a second, off the event loop.
    actions_at_most: int = 20_000
    faces_cache_bytes: int = 32 * 1024 * 1024  # encoded action tables kept for the next request

    def with_settings(self, settings: Iterable[str]) -> Limits:
        """These limits with `NAME=VALUE` settings applied; ValueError naming the limits when one is wrong."""
        fields = {f.name: f for f in dataclasses.fields(self)}
        changed: dict[str, int | float] = {}
        for setting in settings:
            name, _, text = setting.partition("=")
            name = name.strip().replace("-", "_")
            if name not in fields:
                raise ValueError(f"--limit {setting!r}: no such limit; the limits are {', '.join(fields)}")
            kind = int if fields[name].type in (int, "int") else float
            try:
                value = kind(text)
            except ValueError:
                raise ValueError(f"--limit {setting!r}: {name} is a number ({kind.__name__})") from None
            if not value >= 0:
                raise ValueError(f"--limit {setting!r}: a limit is 0 or more")
            changed[name] = value
        return dataclasses.replace(self, **changed)  # type: ignore[arg-type]


PUBLIC = Limits()
