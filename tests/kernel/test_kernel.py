"""The kernel itself: RNG, registry, options, simulator and records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zdeck
import zdeck.rng as rng_module
from zdeck import Action, IllegalAction, RandomBot, Rng, State
from zdeck.records import Record, RecordError, read_records, replay
from zdeck.rng import pop_settled, settle
from zdeck.sim import play


def test_rng_golden_sequence_is_the_same_on_every_machine() -> None:
    """SplitMix64 is fully specified: these values were recorded once and must never change."""
    rng = Rng(42)
    assert [rng.next_u64() for _ in range(3)] == [10996452266160306281, 2958219263312191191, 3069497704473277141]
    rng = Rng(0)
    assert [rng.below(1000) for _ in range(5)] == [535, 700, 679, 444, 747]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**9))
def test_rng_below_stays_in_range(seed: int, n: int) -> None:
    assert 0 <= Rng(seed).below(n) < n


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(), max_size=30))
def test_rng_shuffle_is_a_permutation_and_clone_is_independent(seed: int, items: list[int]) -> None:
    rng = Rng(seed)
    twin = rng.clone()
    shuffled = list(items)
    rng.shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    again = list(items)
    twin.shuffle(again)
    assert again == shuffled


def test_rng_refuses_a_bad_state() -> None:
    with pytest.raises(ValueError, match="rng state"):
        Rng.from_state(-1)
    with pytest.raises(ValueError, match="rng state"):
        Rng.from_state(True)  # a bool is an int to Python, not a generator state
    with pytest.raises(ValueError):
        Rng(3).below(0)
    with pytest.raises(ValueError, match="2\\*\\*64"):
        Rng(3).below(2**64)  # no 64-bit draw can serve it: this used to loop for ever
    assert 0 <= Rng(3).below(2**64 - 1) < 2**64 - 1


def test_games_lists_ids_and_make_checks_everything() -> None:
    assert "zipzap" in zdeck.games() and zdeck.games() == sorted(zdeck.games())
    with pytest.raises(ValueError, match="unknown game 'chess'; known games: .*zipzap"):
        zdeck.make("chess")
    with pytest.raises(ValueError, match="players=7 is not allowed; this game takes 2 to 6"):
        zdeck.make("zipzap", players=7)
    with pytest.raises(ValueError, match="unknown option"):
        zdeck.make("zipzap", players=2, speed=3)
    with pytest.raises(ValueError, match="unknown option.* game_id"):
        zdeck.make("zipzap", 2, game_id="zoop")
    with pytest.raises(ValueError, match="choose one of"):
        zdeck.make("zipzap", players=2, scoring="golf")
    with pytest.raises(ValueError, match="unknown bot"):
        zdeck.make_bot("zipzap", "deep-blue")


def test_every_game_describes_itself() -> None:
    for game_id in zdeck.games():
        cls = zdeck.game_class(game_id)
        assert cls.id == game_id and cls.summary and cls.min_players <= cls.max_players
        assert "random" in zdeck.bot_names(game_id)


def test_every_bot_has_its_name_a_reaction_time_and_may_be_given_its_own() -> None:
    for game_id in zdeck.games():
        for name in zdeck.bot_names(game_id):
            bot = zdeck.make_bot(game_id, name)
            searches = name in zdeck.botspecs.SEARCH_BOTS  # (a search bot asks for a resampled view)
            assert bot.name == name and bot.reaction_ms > 0 and bot.wants_view is searches, (game_id, name)
            quick = type(bot)(reaction_ms=123.0)  # type: ignore[call-arg]
            assert quick.reaction_ms == 123.0 and type(bot)().reaction_ms == bot.reaction_ms, (game_id, name)


def test_simulation_races_record_late_submissions_that_replay() -> None:
    game = zdeck.make("zipzap", players=5)
    state, record = play(game, [RandomBot(reaction_ms=300 + 10 * i) for i in range(5)], seed=12)
    assert record is not None
    late = [entry for entry in record.actions if len(entry) == 3]
    assert late, "five random players must collide at least once"
    assert replay(Record.from_json(record.to_json())).to_dict() == state.to_dict()


def test_waiting_bots_lead_to_a_recorded_timeout() -> None:
    class Shy(RandomBot):
        name = "shy"
        reads_observation = True

        def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng,
                view: State | None = None) -> Action | None:
            return None if observation["phase"] == "race" else super().act(observation, legal_actions, rng)

    game = zdeck.make("zipzap", players=2, rounds=1)
    state, record = play(game, [Shy(), Shy()], seed=3)
    assert record is not None and [None, "timeout"] in record.actions
    assert replay(record).to_dict() == state.to_dict()


def test_a_seen_version_from_the_future_is_refused() -> None:
    state = zdeck.make("zipzap", players=3).new_state(2)
    player = state.actors()[0]
    with pytest.raises(IllegalAction, match="not an earlier version"):
        state.apply(player, state.legal_actions(player)[0], seen=99)


def test_records_refuse_malformed_lines() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.from_json("{")
    with pytest.raises(RecordError, match="lacks"):
        Record.from_json('{"game": "zipzap"}')
    bad = Record("zipzap", 2, {"scoring": "golf"}, 1)
    with pytest.raises(RecordError, match="scoring='golf'"):
        replay(bad)


def test_a_bot_that_chooses_an_illegal_action_is_refused_not_applied() -> None:
    class Cheat(RandomBot):
        name = "cheat"

        def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng,
                view: State | None = None) -> Action | None:
            return zdeck.make("zipzap", players=2).parse_action("zap")

    game = zdeck.make("zipzap", players=2)
    with pytest.raises(IllegalAction, match="Zap"):
        play(game, [Cheat(), Cheat()], seed=1)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=120))
def test_rng_shuffle_is_fisher_yates_over_below(seed: int, size: int) -> None:
    """The batched shuffle must draw exactly as `below(i + 1)` from the end would."""
    items, expected = list(range(size)), list(range(size))
    reference = Rng(seed)
    for i in range(size - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    rng = Rng(seed)
    rng.shuffle(items)
    assert items == expected and rng.state == reference.state


def _below_reference(seed: int, size: int) -> tuple[list[int], int]:
    expected, reference = list(range(size)), Rng(seed)
    for i in range(size - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    return expected, reference.state


def _state_before_output(z: int, draws_before: int) -> int:
    """A generator state whose (draws_before + 1)-th `next_u64` is z: SplitMix64's mix inverted."""
    mask = 2**64 - 1

    def unshift(x: int, s: int) -> int:  # inverts x ^ (x >> s)
        y = x
        for _ in range(64 // s + 1):
            y = x ^ (y >> s)
        return y

    x = unshift(z, 31)
    x = (x * pow(0x94D049BB133111EB, -1, 2**64)) & mask
    x = unshift(x, 27)
    x = (x * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & mask
    x = unshift(x, 30)
    return (x - (draws_before + 1) * 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("draws_before", [0, 4, 28])
def test_rng_shuffle_skips_a_rejected_draw_exactly_as_below_does(draws_before: int) -> None:
    """2**64 - 1 is above every rejection limit: planted as the n-th draw, it must be skipped."""
    seed_state = _state_before_output(2**64 - 1, draws_before)
    probe = Rng.from_state(seed_state)
    assert [probe.next_u64() for _ in range(draws_before + 1)][-1] == 2**64 - 1
    for size in (draws_before + 2, 30, 64):
        items, rng = list(range(size)), Rng.from_state(seed_state)
        rng.shuffle(items)
        expected, reference = list(range(size)), Rng.from_state(seed_state)
        for i in range(size - 1, 0, -1):
            j = reference.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert (items, rng.state) == (expected, reference.state)
        assert rng.state == (seed_state + size * 0x9E3779B97F4A7C15) % 2**64, "one draw more than a plain shuffle"


def test_rng_shuffle_longer_than_a_batch_still_draws_as_below() -> None:
    items, rng = list(range(5000)), Rng(3)
    rng.shuffle(items)
    assert (items, rng.state) == _below_reference(3, 5000)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=90),
       st.integers(min_value=0, max_value=90), st.integers(min_value=0, max_value=90))
def test_rng_lazy_shuffle_deals_and_draws_the_cards_a_shuffle_puts_there(seed: int, size: int, dealt: int,
                                                                         drawn: int) -> None:
    """Deal `dealt` cards off the end, then draw `drawn` one by one: the same cards as after `shuffle`,
    the same generator state, and once settled the same list."""
    dealt, drawn = min(dealt, size), min(drawn, size - min(dealt, size))
    eager, eager_rng = list(range(size)), Rng(seed)
    eager_rng.shuffle(eager)
    lazy, lazy_rng = list(range(size)), Rng(seed)
    steps = lazy_rng.shuffle_lazily(lazy)
    assert lazy_rng.state == eager_rng.state
    settle(lazy, steps, len(lazy) - dealt)
    assert lazy[len(lazy) - dealt:] == eager[len(eager) - dealt:]
    del lazy[len(lazy) - dealt:], eager[len(eager) - dealt:]
    assert [pop_settled(lazy, steps) for _ in range(drawn)] == [eager.pop() for _ in range(drawn)]
    settle(lazy, steps)
    assert lazy == eager and not steps


@pytest.mark.parametrize("draws_before", [0, 4, 28])
def test_rng_lazy_shuffle_skips_a_rejected_draw_exactly_as_shuffle_does(draws_before: int) -> None:
    """A planted 2**64 - 1 among the draws a lazy shuffle puts off must be found before any is made."""
    seed_state = _state_before_output(2**64 - 1, draws_before)
    for size in (draws_before + 1, draws_before + 2, 30, 64):  # (the first: the planted draw is one too far)
        eager, eager_rng = list(range(size)), Rng.from_state(seed_state)
        eager_rng.shuffle(eager)
        lazy, lazy_rng = list(range(size)), Rng.from_state(seed_state)
        steps = lazy_rng.shuffle_lazily(lazy)
        settle(lazy, steps)
        assert (lazy, lazy_rng.state) == (eager, eager_rng.state)


@pytest.mark.parametrize("size", [2, 3, 81, 300])
def test_rng_rejection_check_matches_the_draws_at_the_edges_of_a_shuffle(size: int) -> None:
    """`_rejection_within` answers `max(draws) > _MASK - size` for a bad output planted just inside and
    just outside the size - 1 draws, and for the largest output that is not bad."""
    for bad in (2**64 - 1, 2**64 - size, 2**64 - size - 1):
        for draws_before in sorted({0, 1, max(size - 3, 0), size - 2, size - 1, size}):
            state = _state_before_output(bad, draws_before)
            expected = max(rng_module._outputs(state, size - 1)) > 2**64 - 1 - size
            first = (state * rng_module._GAMMA_INVERSE + 1) % 2**64  # the number of its output 1
            assert rng_module._rejection_within(first, size) == expected


def test_rng_rejection_check_wraps_round_the_counter(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window of draw numbers may run past 2**64 - 1 and on from 0."""
    monkeypatch.setattr(rng_module, "_rejected_steps", lambda size: (5,))
    assert rng_module._rejection_within(2**64 - 2, 10)  # output 1 numbered 2**64-2, the window .. 6: 5 is in
    assert not rng_module._rejection_within(2**64 - 5, 10)  # .. 3
    assert rng_module._rejection_within(5, 2)  # a window of one, the mark itself
    assert not rng_module._rejection_within(6, 10)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_rng_unmix_inverts_the_mix(z: int) -> None:
    assert rng_module._unmix(rng_module._mix(z)) == z


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=90))
def test_rng_a_copy_of_lazy_steps_settles_alone(seed: int, dealt: int) -> None:
    """A clone's pile settles from its own copy of the steps: the original's are left as they were."""
    pile, rng = list(range(82)), Rng(seed)
    steps = rng.shuffle_lazily(pile)
    settle(pile, steps, len(pile) - min(dealt, 81))
    twin_pile, twin_steps = pile[:], steps.copy()
    settle(twin_pile, twin_steps)
    settle(pile, steps)
    assert twin_pile == pile and len(twin_steps) == len(steps) == 0


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=12))
def test_rng_spawn_many_makes_the_children_successive_spawns_make(seed: int, k: int) -> None:
    batched, reference = Rng(seed), Rng(seed)
    children = batched.spawn_many(k)
    assert [c.state for c in children] == [reference.spawn().state for _ in range(k)]
    assert batched.state == reference.state


def test_every_game_option_default_passes_its_own_check_and_describe_is_json_ready() -> None:
    """A default outside its own choices would be refused the moment a record names it explicitly."""
    import json

    for game_id in zdeck.games():
        cls = zdeck.game_class(game_id)
        for name, option in cls.options_spec.items():
            assert option.validate(name, option.default) == option.default, (game_id, name)
            assert option.doc, f"{game_id}: option {name} needs a one-line doc"
        for players in range(cls.min_players, cls.max_players + 1):
            try:
                game = zdeck.make(game_id, players=players)
            except ValueError:
                continue  # some player counts need options
            described = game.describe()
            assert json.loads(json.dumps(described)) == described
            assert zdeck.make(game_id, players=players, **game.options).describe() == described, (
                "the resolved options, given back explicitly, must make the same game (records do this)")


def test_read_records_names_the_file_and_line(tmp_path: Path) -> None:
    game = zdeck.make("zipzap", players=2)
    _, record = play(game, [RandomBot(), RandomBot()], seed=1)
    assert record is not None
    path = tmp_path / "games.jsonl"
    path.write_text(record.to_json() + "\n\n" + record.to_json() + "\n{oops\n", encoding="utf-8")
    with pytest.raises(RecordError, match="games.jsonl, line 4: not valid JSON"):
        list(read_records(path))
    path.write_text(record.to_json() + "\n", encoding="utf-8")
    assert list(read_records(path)) == [record]
    with pytest.raises(RecordError, match="cannot read"):
        list(read_records(tmp_path / "missing.jsonl"))


def test_make_bot_does_not_hide_a_bug_inside_a_factory_as_an_unknown_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import zdeck.botspecs

    def broken() -> RandomBot:
        missing: dict[str, RandomBot] = {}
        return missing["nothing"]

    monkeypatch.setattr(zdeck.botspecs, "own_bots", lambda game_id: {"random": RandomBot, "broken": broken})
    with pytest.raises(KeyError, match="nothing"):
        zdeck.make_bot("zipzap", "broken")
    with pytest.raises(ValueError, match="unknown bot 'gone' for zipzap; choose from random, broken"):
        zdeck.make_bot("zipzap", "gone")


def test_ask_gives_an_observation_only_to_bots_that_read_one() -> None:
    from zdeck.asking import ask

    got: list[object] = []

    class Reader(RandomBot):
        name = "reader"
        reads_observation = True

        def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng,
                view: State | None = None) -> Action | None:
            got.append(dict(observation))
            return super().act(observation, legal_actions, rng)

    class Blind(Reader):
        reads_observation = False

    state = zdeck.make("zipzap", players=2).new_state(5)
    player = state.actors()[0]
    assert ask(Reader(), state, player, Rng(1)) in state.legal_actions(player)
    assert ask(Blind(), state, player, Rng(1)) in state.legal_actions(player)
    assert got[0] == state.observation(player) and got[1] == {}


@pytest.mark.parametrize("game_id", ["zipzap", "zoop", "zar", "zopzoo"])
def test_the_simulator_draws_for_a_plain_random_bot_exactly_as_the_bot_would(game_id: str) -> None:
    """The simulator makes a plain RandomBot's draw itself (no call per move); a subclass is asked.
    Both must play the very same games, races included."""

    class Asked(RandomBot):
        pass

    game = zdeck.make(game_id)
    for seed in range(8):
        _, drawn = play(game, [RandomBot(300 + 10 * p) for p in range(game.players)], seed)
        _, asked = play(game, [Asked(300 + 10 * p) for p in range(game.players)], seed)
        assert drawn is not None and asked is not None
        assert drawn.actions == asked.actions and drawn.scores == asked.scores
