"""The kernel's own semantics, on a tiny hand-made race game (no real game's rules involved).

Tap race: every seat may tap at once; the first tap scores a point and starts the next
moment, a late tap bounces, and a tap answering a moment before the last two is refused.
When nobody taps, the table's timeout ends the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import zdeck.records
import zdeck.registry
from zdeck import Game, IllegalAction, Option, Outcome, RandomBot, Rng, State
from zdeck.asking import LazyObservation
from zdeck.records import Record, RecordError, replay
from zdeck.sim import GameTooLong, Summary, play, seat_bots


@dataclass(frozen=True, slots=True)
class Tap:
    strength: int

    def __str__(self) -> str:
        return f"tap {self.strength}"


class TapGame(Game):
    id = "tap"
    title = "Tap race"
    summary = "a kernel test fixture"
    min_players = 2
    max_players = 4
    options_spec: ClassVar[dict[str, Option]] = {
        "taps": Option(3, "first taps before the game ends", check=lambda n: n >= 1),
        "loud": Option(False, "a yes/no option", choices=(False, True)),
        "size": Option(2, "a numeric choice", choices=(2, 3)),
    }

    def new_state(self, seed: int) -> TapState:
        return TapState(self, Rng(seed))

    def read_state(self, data: dict[str, Any]) -> TapState:
        state = TapState(self, Rng.from_state(data["rng"]))
        state.version, state.points, state.done = data["version"], list(data["points"]), data["done"]
        return state

    def action_table(self) -> Sequence[Tap]:
        return [Tap(1), Tap(2)]

    def card_faces(self) -> dict[str, dict[str, Any]]:
        return {}  # a tap race has no cards


class TapState(State):
    def __init__(self, game: TapGame, rng: Rng) -> None:
        self.game, self.rng, self.version = game, rng, 0
        self.points = [0] * game.players
        self.done = False

    def actors(self) -> tuple[int, ...]:
        return () if self.is_over() else tuple(range(self.game.players))

    def legal_actions(self, player: int) -> list[Any]:
        return [] if self.is_over() else list(self.game.action_table())

    def _apply(self, player: int, action: Any) -> Outcome | None:
        self.points[player] += 1
        return Outcome.PENALISED if action.strength == 2 else None  # a hard tap is "penalised" (still scores)

    def resolve_late(self, player: int, action: Any, seen: int) -> Outcome:
        if seen < self.version - 2:
            raise IllegalAction(f"tap answering v{seen} is far too late")
        return Outcome.BOUNCED

    def _on_timeout(self) -> None:
        self.done = True

    def is_over(self) -> bool:
        return self.done or sum(self.points) >= self.game.options["taps"]

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.points)
        return [i for i, p in enumerate(self.points) if p == best]

    def phase_name(self) -> str:
        return "over" if self.is_over() else "tap"

    def turn_seat(self) -> int | None:
        return None

    def own_view(self, player: int | None) -> dict[str, Any]:
        return {"points": list(self.points), "version": self.version}

    def to_dict(self) -> dict[str, Any]:
        return {**self.game.describe(), "version": self.version, "rng": self.rng.state,
                "points": list(self.points), "done": self.done}

    def _resample_hidden(self, player: int, rng: Rng) -> TapState:
        return self.clone()

    def clone(self) -> TapState:
        twin = TapState.__new__(TapState)
        twin.game, twin.rng, twin.version = self.game, self.rng.clone(), self.version
        twin.points, twin.done = list(self.points), self.done
        return twin


@pytest.fixture(autouse=True)
def _tap_is_known_to_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Records name their game by id; the fixture game is not in the registry, so replay is told of it."""
    real = zdeck.registry.make

    def make(game_id: str, players: int | None = None, **options: Any) -> Game:
        return TapGame(players, **options) if game_id == "tap" else real(game_id, players, **options)

    monkeypatch.setattr(zdeck.records, "make", make)


# -- options and players ----------------------------------------------------------------------------
def test_options_default_and_validate() -> None:
    game = TapGame(3, taps=5)
    assert game.describe() == {"game": "tap", "players": 3, "options": {"taps": 5, "loud": False, "size": 2}}
    assert TapGame().players == 2, "no player count: the game's smallest"
    with pytest.raises(ValueError, match=r"unknown option\(s\) speed; allowed: loud, size, taps"):
        TapGame(2, speed=1)
    with pytest.raises(ValueError, match="taps=0 is not allowed: first taps"):
        TapGame(2, taps=0)


@pytest.mark.parametrize(("name", "value"), [("loud", 1), ("loud", 0), ("size", True), ("size", 2.0), ("size", "2")])
def test_an_option_choice_must_match_in_type_not_only_in_equality(name: str, value: Any) -> None:
    """`1 == True` and `2.0 == 2` in Python, but a record or state dict would then carry the wrong type."""
    with pytest.raises(ValueError, match="choose one of"):
        TapGame(2, **{name: value})


def test_an_option_check_that_cannot_read_the_value_is_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match="taps='many' is not allowed"):
        TapGame(2, taps="many")


@pytest.mark.parametrize("players", [1, 5, True, "3", 2.0])
def test_a_bad_player_count_is_a_value_error_naming_the_range(players: Any) -> None:
    with pytest.raises(ValueError, match="this game takes 2 to 4"):
        TapGame(players)


# -- actions --------------------------------------------------------------------------------------------
def test_action_codec_refuses_what_is_not_an_action() -> None:
    game = TapGame(2)
    assert game.num_distinct_actions() == 2 and game.action_id(Tap(2)) == 1
    assert game.parse_action("  TAP   2 ") == Tap(2)
    for bad_id in (-1, 2, True, "0", 1.0):
        with pytest.raises(ValueError, match="action id"):
            game.action_from_id(bad_id)  # type: ignore[arg-type]
    bad_values: list[Any] = [Tap(3), ["tap", 1], "tap 1"]
    for bad in bad_values:
        with pytest.raises(ValueError, match="not an action of this game"):
            game.action_id(bad)
    for text in ("tap 3", None, 7):
        with pytest.raises(ValueError, match="cannot read"):
            game.parse_action(text)  # type: ignore[arg-type]


def test_a_table_with_duplicate_texts_is_refused() -> None:
    class Twice(TapGame):
        def action_table(self) -> Sequence[Tap]:
            return [Tap(1), Tap(1)]

    with pytest.raises(AssertionError, match="duplicate"):
        Twice(2).num_distinct_actions()


# -- apply, versions, late submissions, timeouts ----------------------------------------------------------------
def test_versions_count_applied_and_penalised_submissions_and_timeouts_not_bounces() -> None:
    state = TapGame(2, taps=9).new_state(1)
    assert state.apply(0, Tap(1)) is Outcome.APPLIED and state.version == 1
    assert state.apply(1, Tap(2), seen=1) is Outcome.PENALISED and state.version == 2
    assert state.apply(0, Tap(1), seen=1) is Outcome.BOUNCED and state.version == 2
    assert state.points == [1, 1], "a bounce changes nothing"
    assert state.apply_listed(1, state.legal_actions(1)[0]) is Outcome.APPLIED and state.version == 3
    assert state.apply_listed(0, Tap(1), seen=2) is Outcome.BOUNCED and state.version == 3, (
        "apply_listed resolves an action listed at an older version as late")
    assert state.apply_listed(0, Tap(1), seen=3) is Outcome.APPLIED and state.version == 4
    state.timeout()
    assert state.version == 5 and state.is_over()


def test_moves_lists_every_actor_with_its_legal_actions_and_nothing_once_over() -> None:
    state = TapGame(2, taps=9).new_state(1)
    assert state.moves() == [(p, state.legal_actions(p)) for p in state.actors()] and len(state.moves()) == 2
    state.timeout()
    assert state.is_over() and state.moves() == []


def test_a_refused_submission_leaves_the_state_and_version_unchanged() -> None:
    state = TapGame(2, taps=9).new_state(1)
    for _ in range(4):
        state.apply(0, Tap(1))
    before = state.to_dict()
    refusals: list[tuple[Any, Any, Any]] = [
        (2, Tap(1), None), (-1, Tap(1), None), (True, Tap(1), None), ("0", Tap(1), None),  # not a seat
        (0, Tap(3), None), (0, "tap 1", None),  # not an action of this game
        (0, Tap(1), 5), (0, Tap(1), -1), (0, Tap(1), "3"), (0, Tap(1), 3.0), (0, Tap(1), True),  # bad seen
        (0, Tap(1), 0),  # the game's own late rule refuses it
        (0, Tap(3), 3), (0, "tap 1", 3), (0, ["tap"], 3),  # late, and no action of this game: refused first
    ]
    for player, action, seen in refusals:
        with pytest.raises(IllegalAction) as caught:
            state.apply(player, action, seen=seen)
        assert str(caught.value)
        assert state.to_dict() == before, (player, action, seen)


def test_seen_equal_to_the_current_version_is_an_ordinary_submission() -> None:
    state = TapGame(2, taps=9).new_state(1)
    state.apply(0, Tap(1))
    assert state.apply(1, Tap(1), seen=1) is Outcome.APPLIED and state.version == 2


def test_a_finished_game_refuses_actions_and_timeouts() -> None:
    state = TapGame(2, taps=1).new_state(1)
    state.apply(0, Tap(1))
    assert state.is_over() and state.actors() == ()
    with pytest.raises(IllegalAction, match="may not act"):
        state.apply(1, Tap(1))
    with pytest.raises(IllegalAction, match="over"):
        state.timeout()
    assert state.version == 1


# -- simulation and records -------------------------------------------------------------------------
class Waiter(RandomBot):
    """Taps a few times, then waits for ever: the table must time out."""

    name = "waiter"

    def __init__(self) -> None:
        super().__init__(reaction_ms=500.0)
        self.left = 2

    def reset(self) -> None:
        self.left = 2

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: Rng,
            view: State | None = None) -> Any:
        self.left -= 1
        return super().act(observation, legal_actions, rng) if self.left >= 0 else None


def test_a_record_with_late_entries_and_a_timeout_round_trips_and_replays() -> None:
    game = TapGame(3, taps=50)
    state, record = play(game, [Waiter(), Waiter(), Waiter()], seed=4)
    assert record is not None
    assert [None, "timeout"] == record.actions[-1]
    late = [entry for entry in record.actions if len(entry) == 3]
    assert late and all(isinstance(entry[2], int) for entry in late)
    again = Record.from_json(record.to_json())
    assert again == record
    assert replay(again).to_dict() == state.to_dict()
    _, twice = play(game, [Waiter(), Waiter(), Waiter()], seed=4)
    assert twice is not None and twice.to_json() == record.to_json(), "bots are reset: the same seed, the same game"


def _tap_record() -> Record:
    _, record = play(TapGame(2, taps=4), [RandomBot(300), RandomBot(320)], seed=9)
    assert record is not None
    return record


def test_replay_names_the_entry_where_a_record_diverges() -> None:
    record = _tap_record()
    record.actions.insert(1, [0, "tap 7"])
    with pytest.raises(RecordError, match=r"action 2 \(\[0, 'tap 7'\]\) diverges"):
        replay(record)
    record = _tap_record()
    record.actions.append([0, "tap 1"])  # one action after the end
    with pytest.raises(RecordError, match=f"action {len(record.actions)} .*may not act"):
        replay(record)
    entries: list[Any] = [[0], [0, "tap 1", 0, 0], "tap 1", [None, "wait"], [0, "tap 1", 99]]
    for entry in entries:
        record = _tap_record()
        record.actions[0] = entry
        with pytest.raises(RecordError, match="action 1"):
            replay(record)


def test_replay_checks_the_recorded_outcome() -> None:
    record = _tap_record()
    record.scores = [9.0, 9.0]
    with pytest.raises(RecordError, match="replayed scores"):
        replay(record)
    record = _tap_record()
    record.winners = [5]
    with pytest.raises(RecordError, match="replayed winners"):
        replay(record)
    record = _tap_record()
    record.actions = record.actions[:1]  # one tap of the four
    with pytest.raises(RecordError, match="ends before the game does"):
        replay(record)


@pytest.mark.parametrize(("line", "message"), [
    ('{"game": 3, "players": 2, "seed": 1, "actions": []}', "game"),
    ('{"game": "tap", "players": "2", "seed": 1, "actions": []}', "players"),
    ('{"game": "tap", "players": 2, "seed": true, "actions": []}', "seed"),
    ('{"game": "tap", "players": 2, "seed": 1, "actions": {}}', "actions"),
    ('{"game": "tap", "players": 2, "seed": 1, "actions": [], "options": []}', "options"),
    ('{"game": "tap", "players": 2, "seed": 1, "actions": [], "bots": "random"}', "bots"),
    ('{"game": "tap", "players": 2, "seed": 1, "actions": [], "scores": 3}', "scores"),
    ('{"game": "tap", "players": 2, "seed": 1, "actions": [], "winners": {}}', "winners"),
    ("[]", "JSON object"),
])
def test_a_record_line_with_a_field_of_the_wrong_kind_is_a_record_error(line: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(line)


def test_summary_figures() -> None:
    summary = Summary("tap", 2, {}, ["a", "b"])
    for seed in range(3):
        state, record = play(TapGame(2, taps=2), [RandomBot(), RandomBot()], seed=seed)
        assert record is not None
        record.bots = ["a", "b"] if seed < 2 else ["b", "a"]
        summary.add(state, record)
    figures = summary.as_dict()
    assert figures["games"] == 3 and figures["mean_rounds"] == 1.0
    assert abs(sum(figures["win_rate_per_seat"]) - 1.0) < 1e-3, "every game has one win in all, ties shared"
    assert figures["mean_score_per_seat"] == [round(s / 3, 3) for s in summary.seat_scores]
    assert summary.bot_seats == {"a": 3, "b": 3}
    assert figures["games_per_second"] is None, "no time measured: no rate"


def test_summary_shares_a_tie_and_counts_plies_without_timeouts() -> None:
    state = TapGame(2, taps=9).new_state(0)
    state.apply(0, Tap(1))
    state.apply(1, Tap(1))
    state.timeout()
    record = Record("tap", 2, {}, 0, ["a", "a"], [[0, "tap 1"], [1, "tap 1"], [None, "timeout"]])
    summary = Summary("tap", 2, {}, ["a"])
    summary.add(state, record)
    figures = summary.as_dict()
    assert figures["win_rate_per_seat"] == [0.5, 0.5] and figures["win_rate_per_bot"] == {"a": 0.5}
    assert figures["mean_plies"] == 2, "a timeout is not a ply"
    assert figures["mean_score_per_seat"] == [1.0, 1.0]


def test_seat_bots_repeat_and_rotate() -> None:
    assert seat_bots(["a", "b"], 3, 0, rotate=False) == ["a", "b", "a"]
    assert seat_bots(["a", "b"], 3, 1, rotate=False) == ["a", "b", "a"]
    assert seat_bots(["a", "b"], 3, 1, rotate=True) == ["b", "a", "b"]
    assert [seat_bots(["a", "b", "c"], 3, i, rotate=True) for i in range(3)] == [
        ["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    with pytest.raises(ValueError, match="at least one bot"):
        seat_bots([], 2, 0, rotate=True)


def test_a_lazy_observation_read_after_the_state_moved_on_is_refused() -> None:
    state = TapGame(2, taps=9).new_state(0)
    early, late = LazyObservation(state, 0), LazyObservation(state, 0)
    assert early["points"] == [0, 0]
    state.apply(0, Tap(1))
    seen = dict(early)
    assert (seen["points"], seen["version"]) == ([0, 0], 0), "read in time: the view it was made for"
    with pytest.raises(RuntimeError, match="dict\\(observation\\)"):
        late["points"]


def test_a_bot_with_the_wrong_number_of_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="2 seats but 3 bots"):
        play(TapGame(2), [RandomBot(), RandomBot(), RandomBot()], seed=0)


def test_a_losing_racer_with_an_illegal_choice_is_refused_not_bounced() -> None:
    """The tap game bounces any late tap; a bot's impossible choice must still surface as the bug it is."""

    class Wild(RandomBot):
        name = "wild"

        def __init__(self) -> None:
            super().__init__(reaction_ms=900.0)  # slower: its proposal would be resolved as late

        def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: Rng,
                view: State | None = None) -> Any:
            return Tap(3)

    with pytest.raises(IllegalAction, match="tap 3 is not legal for player 1"):
        play(TapGame(2), [RandomBot(reaction_ms=100.0), Wild()], seed=0)


def test_a_game_that_outlasts_the_step_limit_is_stopped_and_one_that_fits_is_not() -> None:
    """Each moment of the tap race lands one tap (the slower one bounces): five taps take five steps."""
    bots = [RandomBot(300), RandomBot(320)]
    state, _ = play(TapGame(2, taps=5), bots, seed=4, max_steps=5)
    assert state.is_over() and sum(state.points) == 5
    with pytest.raises(GameTooLong, match="tap seed 4: no end after 4 steps"):
        play(TapGame(2, taps=5), bots, seed=4, max_steps=4)


@pytest.mark.parametrize("game_id", zdeck.registry.games())
def test_the_class_says_which_scores_are_better_as_a_default_table_does(game_id: str) -> None:
    # `zdeck list`, `zdeck rules` and the server's catalogue read the class, not a made game: they must agree
    assert zdeck.registry.game_class(game_id).default_score_order == zdeck.registry.make(game_id).score_order
