"""Nothing an env hands a seat depends on cards the seat cannot see (issue 29's test, for the RL envs).

At every moment of played games, everything the seat cannot see is re-dealt (`resample_hidden`) and the
env asked again: the seat's vector and mask, which seats the moment asks (the AEC env's agent selection,
the Parallel env's masks that are not all zero) and the text view must not move. And what became of the
seat's own choice (its info) is compared with the same moment landed in the re-dealt world, the other
seats choosing anew there, wherever the table saw the same thing happen (the same actions took effect):
the other seats' hidden choices - who held back, whose card came back - must not show through.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import zdeck
import zdeck.rl
from tests.rl.variants import IDS, VARIANTS
from zdeck.rl.base import Table
from zdeck.rl.referee import Referee
from zdeck.rng import Rng

Variant = tuple[str, int, dict[str, Any]]
MOMENTS, TWINS = 60, 3


def twin_table(table: Table, seat: int, rng: Rng) -> Table | None:
    """A table of the same game at the same moment, everything `seat` cannot see re-dealt; None where the
    re-deal breaks a fact the table showed. (ZAR's re-deal may leave nobody able to match the last card of a
    hand in phase "out", which the rules never do: reported, it is the game's to keep.)"""
    real = table.referee
    assert real is not None
    dealt = real.state.resample_hidden(seat, rng)
    if not dealt.moves():
        assert real.state.game.id == "zar" and dealt.phase == "out", "a re-deal ended the game"  # type: ignore[attr-defined]
        return None
    twin = Table(table.game.id, table.game.players, render_mode="ansi", **table.game.options)
    twin.referee = Referee(twin.game, real.seed, real.reaction_ms, start=dealt, rules=twin.rules, ids=twin.ids)
    twin.referee.timing = real.timing.clone()
    twin.referee.moments, twin.referee.landed = real.moments, list(real.landed)
    return twin


def some_choice(table: Table, seat: int, rng: np.random.Generator) -> Any:
    """A uniform choice among what the seat may do now, as the action itself (or WAIT)."""
    return table.choice(int(rng.choice(table.legal_ids(seat))))


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_what_a_seat_is_handed_does_not_move_when_what_it_cannot_see_is_re_dealt(variant: Variant) -> None:
    game_id, players, options = variant
    table = Table(game_id, players, render_mode="ansi", **options)
    referee = table.start(4)
    rng, compared = np.random.default_rng(4), 0
    for moment in range(MOMENTS):
        now = referee.moment
        if now is None:
            break
        choices = {p: some_choice(table, p, rng) for p in now.asked}
        for seat in range(players):
            for k in range(TWINS):
                twin = twin_table(table, seat, Rng(1000 * moment + 10 * seat + k))
                if twin is None:
                    continue
                assert twin.referee is not None and twin.referee.moment is not None
                assert twin.referee.moment.asked == now.asked, f"who is asked moved (seen from seat {seat})"
                shown, mine = twin.observe(seat), table.observe(seat)
                assert np.array_equal(shown["observation"], mine["observation"]), (moment, seat)
                assert np.array_equal(shown["action_mask"], mine["action_mask"]), (moment, seat)
                assert twin.render() == table.render(), (moment, seat)
                if seat in now.asked:
                    twin_choices = {p: (choices[p] if p == seat else some_choice(twin, p, rng)) for p in now.asked}
                    compared += _same_landing_seen(table, twin, seat, choices, twin_choices)
        referee.land(choices)
    assert compared or game_id in ("zoker-solo",), "no moment was compared"


def _same_landing_seen(table: Table, twin: Table, seat: int, choices: dict[int, Any],
                       twin_choices: dict[int, Any]) -> int:
    """Land the moment in copies of both worlds; where the table saw the same actions take effect, the seat's
    landing must read the same. Returns 1 if compared, 0 if the public outcomes differed."""
    real = table.referee
    assert real is not None and twin.referee is not None
    probe = Referee(real.game, real.seed, real.reaction_ms, start=real.state, rules=real.rules)
    probe.timing = real.timing.clone()
    mine = dict(probe.land(choices))[seat]
    theirs = dict(twin.referee.land(twin_choices))[seat]
    if probe.landed != twin.referee.landed:
        return 0
    assert mine == theirs, f"seat {seat}'s landing {mine} moved to {theirs} with what it cannot see re-dealt"
    return 1


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v[0] in ("zipzap", "zoop", "zar")],
                         ids=[i for v, i in zip(VARIANTS, IDS) if v[0] in ("zipzap", "zoop", "zar")])
def test_a_race_asks_every_seat_it_is_open_to_even_with_nothing_to_play(variant: Variant) -> None:
    """The racing games ask seats that hold nothing they may play (they may only wait): otherwise who is
    asked would tell who holds a card that may follow."""
    game_id, players, options = variant
    env = zdeck.rl.parallel_env(game_id, players, **options)
    rng, wait_only = np.random.default_rng(0), 0
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        while env.agents:
            masks = {a: o["action_mask"] for a, o in obs.items()}
            wait_only += sum(1 for m in masks.values() if m.sum() == 1 and m[-1] == 1)
            obs, *_ = env.step({a: int(rng.choice(np.flatnonzero(m))) for a, m in masks.items() if m.any()})
    assert wait_only > 0


def test_the_aec_env_selects_the_same_agents_whoever_holds_the_cards() -> None:
    """Zip Zap: every seat holds a different hand in the re-dealt games, yet the agents selected at each moment
    are the same as long as the table saw the same: every seat at a race, the continuing seat in the lead."""
    env = zdeck.rl.env("zipzap", 4, rounds=1)
    env.reset(seed=9)
    selected: list[str] = []
    for agent in env.agent_iter(400):
        _, _, term, trunc, _ = env.last()
        selected.append(agent)
        if term or trunc:
            env.step(None)
            continue
        env.step(env.table.wait_id if env.table.wait_id in env.table.legal_ids(int(agent[-1])) else
                 env.table.legal_ids(int(agent[-1]))[0])
    races = [selected[k:k + 4] for k in range(len(selected) - 3)]
    assert ["player_0", "player_1", "player_2", "player_3"] in races
