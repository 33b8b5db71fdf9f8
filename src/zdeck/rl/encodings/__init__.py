"""Each game's encoding, by game id: a function of the `Game` (its players and options) giving its `Spec`.

The versioned names (`zipzap_v1`, ...) are the public face: a change of the vector is a new version.
"""

from __future__ import annotations

from collections.abc import Callable

from zdeck.core import Game
from zdeck.rl.encoding import Encoder, Spec
from zdeck.rl.encodings import kubo, memo, solo, tiko, zar, zipzap, zoop, zopzoo

SPECS: dict[str, Callable[[Game], Spec]] = {
    "zar": zar.spec,
    "zipzap": zipzap.spec,
    "zoker-kubo": kubo.spec,
    "zoker-memo": memo.spec,
    "zoker-solo": solo.spec,
    "zoker-tiko": tiko.spec,
    "zoop": zoop.spec,
    "zopzoo": zopzoo.spec,
}


def encoder(game: Game) -> Encoder:
    """The encoder of this game's observations; ValueError for a game without an encoding yet."""
    try:
        make_spec = SPECS[game.id]
    except KeyError:
        known = ", ".join(sorted(SPECS))
        raise ValueError(f"no observation encoding for {game.id} yet; encoded games: {known}") from None
    return Encoder(make_spec(game), game)
