"""GET /api/rooms/{room}/log (zdeck.server.public_log): what happened so far, for a reload or a second device.
It tells what the events told everyone: an applied action by its text and id; of a card that came back or was
penalised only whose it was, never which card (it stays its owner's secret)."""

from __future__ import annotations

import zdeck
from zdeck.live.room import play_offline
from zdeck.server.public_log import _log


def test_the_log_names_applied_actions_and_hides_the_cards_that_came_back() -> None:
    game = zdeck.make("zipzap", players=4, rounds=1)
    record = play_offline(game, {p: "greedy" for p in range(4)}, seed=3, speed=1.0)
    late = [entry for entry in record.actions if len(entry) == 3]
    log = _log(game.id, game.players, tuple(sorted(game.options.items())), record.seed,
               tuple(tuple(entry) for entry in record.actions))
    assert len(log) == len(record.actions)
    hidden = [entry for entry in log if entry["kind"] == "action" and entry["outcome"] != "applied"]
    assert late and hidden, "four greedy bots race: some cards land late and come back"
    assert all(entry["action"] is None and entry["id"] is None for entry in hidden)
    for entry, made in zip(log, record.actions, strict=True):
        if entry["kind"] == "action" and entry["outcome"] == "applied":
            assert entry["action"] == made[1] and entry["id"] == game.action_id(game.parse_action(made[1]))
            assert entry["seat"] == made[0] and entry["late"] == (len(made) == 3)


def test_a_move_a_bot_made_for_an_absent_person_is_told_as_such() -> None:
    """The live event said `by: standin`; a reload's log says so too (the page writes "a bot played it for you")."""
    game = zdeck.make("zipzap", players=2, rounds=1)
    record = play_offline(game, {p: "greedy" for p in range(2)}, seed=5, speed=1.0)
    actions = tuple(tuple(entry) for entry in record.actions)
    options = tuple(sorted(game.options.items()))
    log = _log(game.id, game.players, options, record.seed, actions, frozenset({1, 2}))
    assert [i for i, entry in enumerate(log) if entry.get("standin")] == [1, 2]
    assert not any(entry.get("standin") for entry in _log(game.id, game.players, options, record.seed, actions))
