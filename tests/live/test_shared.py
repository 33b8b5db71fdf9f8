"""zdeck.live.shared: the rooms of one game, player count and options share one game object (its action table built
once), the last KEEP kinds held. Under the compiled engine a weak reference to a game crashed the process when
the game died (its classes do not clear weak references): this is run under both builds (tests/builds)."""

from __future__ import annotations

import gc

import zdeck
from zdeck.live import shared as sharing


def test_rooms_of_one_kind_share_one_game_and_the_last_kinds_are_kept() -> None:
    first = sharing.shared(zdeck.make("zipzap", players=3, rounds=2))
    assert sharing.shared(zdeck.make("zipzap", players=3, rounds=2)) is first
    assert sharing.shared(zdeck.make("zipzap", players=4, rounds=2)) is not first  # another kind of table
    for rounds in range(1, 2 * sharing.KEEP):  # many kinds come and go; the games nobody holds die
        sharing.shared(zdeck.make("zipzap", players=2, rounds=rounds))
        gc.collect()
    assert len(sharing._kept) == sharing.KEEP
    assert sharing.shared(zdeck.make("zipzap", players=2, rounds=2 * sharing.KEEP - 1)).players == 2
