"""ISMCTS through the kernel contract: it plays every game legally, replays from a seed, never reads
what its seat cannot see, handles races (acting or holding back), and keeps to its budget."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import zdeck
from zdeck import RandomBot, Rng
from zdeck.asking import LazyObservation, ask
from zdeck.core import State
from zdeck.records import Record, replay
from zdeck.search import ISMCTS, WAIT
from zdeck.search.ismcts import _beats, _paired_answer, _Search
from zdeck.sim import play

TABLES = {"zoop": 3, "zoker-solo": 1}  # the smallest table of each game, else 2


def game_of(game_id: str, **options: object) -> zdeck.Game:
    return zdeck.make(game_id, TABLES.get(game_id, 2), **options)


def states_along(game: zdeck.Game, seed: int, every: int = 1) -> Iterator[State]:
    """States of one random game (a copy of every `every`-th), the game going on."""
    _, record = play(game, [RandomBot(reaction_ms=300 + 100 * p) for p in range(game.players)], seed)
    assert record is not None
    state = game.new_state(seed)
    for k, entry in enumerate(record.actions):
        if k % every == 0 and not state.is_over():
            yield state.clone()
        if entry[0] is None:
            state.timeout()
        else:
            state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)


@pytest.mark.parametrize("game_id", zdeck.games())
def test_ismcts_plays_a_whole_game_legally_and_replays_from_its_seed(game_id: str) -> None:
    game = game_of(game_id)
    bots = ["ismcts:iters=12"] + [zdeck.botspecs.default_bot(game_id)] * (game.players - 1)
    first, record = play(game, [zdeck.make_bot(game_id, b) for b in bots], seed=3)
    again, _ = play(game, [zdeck.make_bot(game_id, b) for b in bots], seed=3)
    assert first.is_over() and record is not None
    assert again.to_dict() == first.to_dict(), "a seeded game with an iteration budget must replay exactly"
    assert replay(Record.from_json(record.to_json())).to_dict() == first.to_dict()


@pytest.mark.parametrize("recall", [True, False])
@pytest.mark.parametrize("game_id", zdeck.games())
def test_the_search_depends_only_on_what_its_seat_sees(game_id: str, recall: bool) -> None:
    """Two states that differ only in what the seat cannot see give the very same tree: the bot
    cannot play on a hidden card. With `recall` (the default) a card shown earlier is not hidden, even
    where the observation no longer shows it; without, it is."""
    game = game_of(game_id)
    bot = ISMCTS(iters=30, recall=recall)
    checked = 0
    for state in states_along(game, seed=5, every=9):
        seat = state.actors()[0]
        other = state.resample_hidden(seat, Rng(1234), recall=recall)  # the hidden cards elsewhere
        one, two = bot.search(state, seat, Rng(8)), bot.search(other, seat, Rng(8))
        assert one.stats == two.stats, f"{game_id} v{state.version}: the search saw a hidden card"
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("recalls", [True, False])
def test_a_bot_that_recalls_is_given_a_view_that_keeps_what_its_seat_was_shown(recalls: bool) -> None:
    """The simulator's `view` for a bot that declares `recalls` keeps Zop Zoo's buried discards (every
    seat saw them land on top); for one that does not, they are re-dealt with the draw pile."""

    class Looker:
        name, reaction_ms, wants_view = "looker", 400.0, True

        def __init__(self) -> None:
            self.recalls, self.views = recalls, []

        def act(self, observation: object, legal_actions: list[object], rng: Rng, view: State | None = None) -> object:
            self.views.append(view)
            return legal_actions[0]

    game = zdeck.make("zopzoo", 2)
    buried = [s for s in states_along(game, seed=2) if len(getattr(s, "discard", ())) > 3]
    assert buried
    looker = Looker()
    for k, state in enumerate(buried[:20]):
        ask(looker, state, state.actors()[0], Rng(k))  # type: ignore[arg-type]
    kept = [v.discard == s.discard for v, s in zip(looker.views, buried)]  # type: ignore[union-attr]
    assert all(kept) if recalls else not all(kept)


def test_ismcts_beats_random_play_at_zipzap() -> None:
    game = zdeck.make("zipzap", 2, rounds=1)
    wins = 0
    for seed in range(24):
        seat = seed % 2
        bots: list[zdeck.Bot] = [RandomBot(), RandomBot()]
        bots[seat] = ISMCTS(iters=60)
        state, _ = play(game, bots, seed, keep_record=False)
        wins += seat in state.winners()
    assert wins >= 16, f"ISMCTS won only {wins} of 24 against random play"


def race_states(game_id: str, **options: object) -> Iterator[tuple[State, int]]:
    """(state, seat) at moments where that seat may hold back: a race."""
    game = game_of(game_id, **options)
    for seed in range(6):
        for state in states_along(game, seed):
            actors = state.actors()
            if len(actors) > 1:
                yield state, actors[0]


def test_in_a_race_the_bot_weighs_holding_back_and_may_answer_none() -> None:
    state, seat = next(race_states("zipzap", rounds=1))
    root = ISMCTS(iters=200).search(state, seat, Rng(1))
    assert WAIT in root.stats[seat], "in a race, holding back is one of the bot's options"
    assert sum(edge[0] for edge in root.stats[seat].values()) >= 100  # (its own choice at every iteration)
    bot = ISMCTS(iters=50)
    answers = {str(ask(bot, s, p, Rng(k))) for k, (s, p) in zip(range(12), race_states("zipzap", rounds=1))}
    assert answers  # what it answers is listed or None: asking.ask gives the answers to apply()


def test_the_bot_never_waits_where_the_table_cannot() -> None:
    game = game_of("zoker-tiko")
    bot = ISMCTS(iters=40)
    for state in states_along(game, seed=2, every=5):
        seat = state.actors()[0]
        root = bot.search(state, seat, Rng(3))
        assert WAIT not in root.stats[seat], "a turn that must be played offers no waiting"
        assert ask(bot, state, seat, Rng(4)) in state.legal_actions(seat)


def test_a_lone_legal_action_is_answered_without_searching() -> None:
    game = game_of("zoker-tiko")
    for state in states_along(game, seed=1):
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            bot = ISMCTS(iters=10_000)
            assert bot.act(LazyObservation(state, seat), legal, Rng(1), view=state.clone()) == legal[0]
            assert bot.last_iterations == 0
            return
    pytest.fail("no moment with a single legal action in this Tiko game")


def test_a_time_budget_stops_the_search() -> None:
    state = next(states_along(game_of("zar"), seed=1))
    bot = ISMCTS(iters=None, ms=30)
    bot.search(state, state.actors()[0], Rng(1))
    assert 1 <= bot.last_iterations < 100_000  # it stopped, after at least one iteration


def test_the_bot_needs_its_resampled_view() -> None:
    state = next(states_along(game_of("zipzap"), seed=1))
    seat = state.actors()[0]
    with pytest.raises(ValueError, match="resampled view"):
        ISMCTS().act(LazyObservation(state, seat), state.legal_actions(seat), Rng(1))


def test_rewards_share_a_win_and_rank_an_unfinished_position() -> None:
    game = zdeck.make("zipzap", 3, rounds=2)  # lower totals are better
    search = _Search(ISMCTS(), game, 0, Rng(1), 1)

    class Finished:
        def is_over(self) -> bool:
            return True

        def winners(self) -> list[int]:
            return [0, 2]

        def scores(self) -> list[float]:
            return [3, 9, 3]

    class Unfinished(Finished):
        def is_over(self) -> bool:
            return False

    assert search.evaluate(Finished()) == [0.5, 0.0, 0.5]  # type: ignore[arg-type]
    low, high, tied = search.evaluate(Unfinished())[1], max(search.evaluate(Unfinished())), 0.5 * 0.75 + 0.5
    assert low == 0.0 and high == tied  # seats 0 and 2 share the lead (fewest points): rank 3/4, at the top


def test_a_one_seat_game_is_scored_within_the_scores_seen() -> None:
    search = _Search(ISMCTS(), zdeck.make("zoker-solo"), 0, Rng(1), 1)

    class Done:
        def __init__(self, score: float) -> None:
            self.score = score

        def is_over(self) -> bool:
            return True

        def scores(self) -> list[float]:
            return [self.score]

    assert search.evaluate(Done(10)) == [0.5]  # type: ignore[arg-type]
    assert search.evaluate(Done(30)) == [1.0]  # type: ignore[arg-type]
    assert search.evaluate(Done(20)) == [0.5]  # type: ignore[arg-type]
    assert search.evaluate(Done(10)) == [0.0]  # type: ignore[arg-type]


def test_a_long_match_judged_by_gain_tells_apart_what_the_totals_cannot() -> None:
    """eval=gain: seat 0 leads the match by far either way, so the totals rank every outcome alike;
    the points won since the decision still say which outcome was better, for each seat."""
    search = _Search(ISMCTS(judge="gain"), zdeck.make("zopzoo", 3), 0, Rng(1), 2, [500, 100, 100])

    class Stopped:
        def __init__(self, *scores: float) -> None:
            self.totals = list(scores)

        def is_over(self) -> bool:
            return False

        def scores(self) -> list[float]:
            return self.totals

    assert search.evaluate(Stopped(700, 100, 100)) == [1.0, 0.0, 0.0]  # leads +200, -200, -200
    worse = search.evaluate(Stopped(520, 200, 100))  # leads -80, +80, -100
    assert worse[1] > worse[0] > worse[2] and 0.0 < worse[0] < 0.5


def test_lean_departs_from_the_rollout_bot_only_on_evidence() -> None:
    assert _beats([100, 60.0, 100], [100, 50.0, 100], 1.0)  # 0.10 ahead, one standard error is 0.07
    assert not _beats([100, 60.0, 100], [100, 50.0, 100], 2.0)
    game = zdeck.make("zopzoo", 2)
    heuristic = zdeck.make_bot("zopzoo", "heuristic")
    bot = ISMCTS(iters=40, rollout=lambda: zdeck.make_bot("zopzoo", "heuristic"), rollout_name="heuristic", lean=50)
    checked = 0
    for state in states_along(game, seed=4):
        ((seat, legal),) = state.moves()
        if len(legal) < 2:
            continue
        observation = state.observation(seat)
        chosen = bot.act(observation, legal, Rng(checked), view=state.clone())
        assert chosen == heuristic.act(LazyObservation(state, seat), legal, Rng(0)), f"v{state.version}"
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_root_paired_tries_every_answer_on_each_determinisation_from_the_same_luck(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Common random numbers: each determinisation is copied once per root answer, and every copy is
    played from the same point of the search's generator."""
    game = zdeck.make("zopzoo", 2)
    state = next(s for s in states_along(game, seed=4) if len(s.moves()[0][1]) > 1)
    ((seat, legal),) = state.moves()
    passes: list[tuple[int | None, int, str]] = []
    iterate = _Search.iterate

    def spy(self: _Search, root: object, determinisation: State, first: int | None = None) -> float:
        passes.append((first, self.rng.state, repr(determinisation.to_dict())))
        return iterate(self, root, determinisation, first)  # type: ignore[arg-type]

    monkeypatch.setattr(_Search, "iterate", spy)
    bot = ISMCTS(iters=len(legal) * 6, root="paired")
    root = bot.search(state, seat, Rng(2))
    ids = [game.action_id(a) for a in legal]
    assert bot.last_iterations == len(passes) == len(ids) * 6 and len(root.samples) == 6
    for k in range(6):
        group = passes[k * len(ids):(k + 1) * len(ids)]
        assert [first for first, _, _ in group] == ids
        assert len({(luck, deal) for _, luck, deal in group}) == 1, "one deal and one generator point a group"
    assert len({passes[k * len(ids)][1] for k in range(6)}) == 6, "each determinisation its own luck"
    assert all(set(sample) == set(ids) for sample in root.samples)


def test_follow_answers_the_decision_right_after_a_searched_one_with_the_rollout_bot() -> None:
    """Memo: the search judged its first card with `perfect` turning the second, so with follow=1 the second
    card of the turn is perfect's; once the other seat has moved, the bot searches again."""
    game = zdeck.make("zoker-memo", 2)
    perfect = zdeck.make_bot("zoker-memo", "perfect")
    bot = ISMCTS(iters=20, rollout=lambda: zdeck.make_bot("zoker-memo", "perfect"), rollout_name="perfect", follow=1)
    state = game.new_state(5)
    searched, followed = 0, 0
    while not state.is_over() and followed < 6:
        ((seat, legal),) = state.moves()
        if seat == 1:
            state.apply(seat, perfect.act(LazyObservation(state, seat), legal, Rng(state.version)))
            continue
        second = state.observation(seat)["face_up"] is not None
        answer = bot.act(state.observation(seat), legal, Rng(state.version), view=state)
        assert answer is not None
        if second:
            assert bot.last_iterations == 0
            assert answer == perfect.act(LazyObservation(state, seat), legal, Rng(state.version))
            followed += 1
        else:
            assert bot.last_iterations == 20
            searched += 1
        state.apply(seat, answer)
    assert followed == 6 and searched >= 6
    bot._following = (0, 7, 1)
    bot.reset()
    assert bot._following is None
    with pytest.raises(ValueError, match="follow needs a rollout bot"):
        ISMCTS(follow=1)
    with pytest.raises(ValueError, match="follow must be 0 or more decisions, got -1"):
        ISMCTS(follow=-1, rollout=RandomBot, rollout_name="random")


def test_root_paired_answers_the_best_mean_and_leans_on_paired_evidence() -> None:
    samples = [{1: 0.5, 2: 0.6, 3: 0.0}] * 30  # 2 beats 1 by 0.1 on every deal: no spread at all
    assert _paired_answer(samples, [1, 2, 3], None, 0.0) == 2
    assert _paired_answer(samples, [1, 2, 3], 1, 3.0) == 2
    noisy = [{1: 1.0, 2: 0.0}, {1: 0.0, 2: 1.0}, {1: 0.0, 2: 1.0}] * 5  # 2 ahead on average, not by 2 errors
    assert _paired_answer(noisy, [1, 2], None, 0.0) == 2
    assert _paired_answer(noisy, [1, 2], 1, 2.0) == 1
    assert _paired_answer([{1: 0.5, 2: 0.5}], [1, 2], 2, 0.0) == 2, "a tie goes to the rollout bot's choice"
    assert _paired_answer([], [1, 2], None, 0.0) == 1
    with pytest.raises(ValueError, match="root must be one of 'ucb', 'paired', got 'both'"):
        ISMCTS(root="both")


def test_nodes_view_gives_each_card_shown_its_own_child() -> None:
    """Memo: turning a never-seen card shows a different card in each determinisation. With nodes=view the
    choice after it has a node per card shown; with nodes=moves one node stands for them all."""
    game = zdeck.make("zoker-memo", 2)
    state = game.new_state(3)
    for nodes, most in (("moves", 1), ("view", 64)):
        root = ISMCTS(iters=200, nodes=nodes).search(state, 0, Rng(1))
        after_first = [key for key in root.children if (key[0] if nodes == "view" else key) // 32 == 0]
        assert 1 <= len(after_first) <= most
        if nodes == "view":
            assert len(after_first) > 1, "a card never seen shows differently from one deal to the next"


def test_a_rollout_bot_that_searches_is_refused() -> None:
    bot = ISMCTS(rollout=lambda: ISMCTS(iters=1), rollout_name="ismcts")
    with pytest.raises(ValueError, match="searches itself"):
        bot.rollout_bots(2)


def test_a_position_cut_off_mid_hand_is_judged_by_the_cards_held_where_asked() -> None:
    game = zdeck.make("zar", 2, hands=1)
    state = next(s for s in states_along(game, seed=1) if len(set(s.observation(None)["hand_sizes"])) == 2)
    sizes = state.observation(None)["hand_sizes"]
    by_cards = _Search(ISMCTS(cutoff=0, judge="cards"), game, 0, Rng(1), state.round()).evaluate(state)
    fewer = sizes.index(min(sizes))
    assert by_cards[fewer] == 1.0 and by_cards[1 - fewer] == 0.0
    by_score = _Search(ISMCTS(cutoff=0), game, 0, Rng(1), state.round()).evaluate(state)
    assert by_score == [0.5, 0.5], "nothing scored yet: the match totals tell the seats nothing apart"


def test_a_cutoff_bounds_the_rollout() -> None:
    game = zdeck.make("zar", 2, hands=1)
    state = next(states_along(game, seed=2))
    search = _Search(ISMCTS(cutoff=3), game, 0, Rng(1), state.round())
    twin = state.clone()
    search._rollout(twin)
    assert twin.version - state.version <= 3


def test_on_its_own_turn_the_bot_answers_an_action_even_where_a_determinisation_races() -> None:
    """In ZAR the opponent may match in some determinisations (a race, where holding back is modelled),
    but at the real table the turn player cannot wait: the answer is always an action."""
    game = zdeck.make("zar", 2, hands=1)
    bot = ISMCTS(iters=60)
    asked = 0
    for state in states_along(game, seed=4, every=2):
        seat = state.actors()[0]
        if state.observation(seat)["turn"] == seat and len(state.actors()) == 1:
            assert ask(bot, state, seat, Rng(asked)) is not None
            asked += 1
    assert asked >= 5
