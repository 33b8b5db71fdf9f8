"""The Zop Zoo game: metadata, options and the action table (rules: docs/rules/zopzoo.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from zdeck import statedict as sd
from zdeck.core import Game, Option
from zdeck.decks.zopzoo.actions import ZopAction, action_table
from zdeck.decks.zopzoo.state import ZopZooState, read_state
from zdeck.rng import Rng


class ZopZoo(Game):
    id = "zopzoo"
    title = "Zop Zoo"
    summary = "Match your six face-up animal cards from the black deck; first to all POINTS wins the round"
    min_players = 2
    max_players = 6  # the rulebook says 2-4 is best but more may play
    default_players = 3
    score_order = "higher"
    options_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            None,
            "match points that end the game: default 800 (600 for 5-6 players); 1000 is the rulebook's 2-player option",
            check=sd.int_option(1, optional=True),
        ),
        "assist": Option(
            "auto",
            "auto: the engine takes every card you can match; manual: you may overlook one (only a MOLE recovers it)",
            choices=("auto", "manual"),
        ),
    }

    def resolve_options(self, options: dict[str, Any], players: int | None) -> dict[str, Any]:
        if options["target"] is None:
            n = players if isinstance(players, int) else (self.default_players or self.min_players)
            options = {**options, "target": 600 if n >= 5 else 800}
        return options

    def new_state(self, seed: int) -> ZopZooState:
        state = ZopZooState(self, Rng(seed))
        state.deal_round()
        return state

    def read_state(self, data: dict[str, Any]) -> ZopZooState:
        return read_state(self, data)

    def action_table(self) -> Sequence[ZopAction]:
        return action_table(self.players)
