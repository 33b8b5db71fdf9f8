"""The conformance suite every game runs (see each game's test_conformance.py).

It checks the kernel contract over random playouts with races: termination,
legal actions apply, illegal ones are refused with the state unchanged, late
submissions resolve, dict round-trips, cheap independent clones, determinism,
replay, action codecs, and observations that leak nothing (a resample of the
hidden part leaves the seat's observation unchanged). Every state met, and every
resample of one, must pass the game's own check of what play can reach
(`check_reachable`).
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import zdeck
from zdeck import Game, IllegalAction, Outcome, RandomBot, Rng, State
from zdeck.records import Record, replay
from zdeck.sim import play

Conserved = Callable[[State], Counter[Any]]


def check_action_codec(game: Game) -> None:
    n = game.num_distinct_actions()
    assert n > 0
    for index in range(n):
        action = game.action_from_id(index)
        assert game.action_id(action) == index
        assert game.parse_action(str(action)) == action
        assert game.parse_action(f"  {str(action).upper()} ") == action


def check_reachable(state: State) -> None:
    """The game's one check of what play can reach (`check` in its folder's `reachable` module, which its
    `read_state` runs too; docs/writing-a-game.md): a state of real play, or a resample of one, must pass it."""
    state.game.part("reachable").check(state)


def check_state(state: State, rng: Rng, conserved: Conserved | None = None, baseline: Counter[Any] | None = None) -> None:
    """Every per-moment property; cheap enough to run at each step of a short game."""
    game = state.game
    check_reachable(state)
    data = state.to_dict()
    assert json.loads(json.dumps(data)) == data, "to_dict must be JSON-ready"
    assert {k: data.get(k) for k in ("game", "players", "options")} == game.describe(), (
        "to_dict must carry game, players and options exactly as game.describe()")
    assert data.get("version") == state.version, "to_dict must carry the version"
    assert state.round() >= 1 and all(len(r) == game.players for r in state.round_scores()), (
        "rounds count from 1 and every finished round scores every seat")
    again = game.state_from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data, "state_from_dict(to_dict()) must round-trip"
    if conserved is not None:
        assert conserved(state) == baseline, "cards must be conserved"
    secrets = _rng_states(state)
    for player in [None, *range(game.players)]:
        obs = state.observation(player)
        assert json.loads(json.dumps(obs)) == obs, "observations must be JSON-ready"
        assert not secrets & _integers(obs), "an observation must not carry the rng state: it tells the deck order"
    for player, recall in itertools.product(range(game.players), (False, True)):
        sample = state.resample_hidden(player, rng, recall=recall)
        check_reachable(sample)
        assert sample.observation(player) == state.observation(player), (
            f"resample_hidden({player}, recall={recall}) changed that seat's observation: it leaks hidden information"
        )
        assert state.to_dict() == data, "resample_hidden must not touch the original"
        if conserved is not None:
            assert conserved(sample) == baseline, "a resample must keep the same cards"
        assert sorted(map(str, sample.legal_actions(player))) == sorted(map(str, state.legal_actions(player))), (
            "a seat's legal actions must follow from what it sees"
        )
    actors = state.actors()
    assert state.is_over() == (not actors), "the game is over exactly when nobody may act"
    assert state.moves() == [(p, state.legal_actions(p)) for p in actors], (
        "moves() must list every actor with its legal actions, in actors() order")
    for player in range(game.players):
        legal = state.legal_actions(player)
        assert bool(legal) == (player in actors), "actors are the players with legal actions"
        for action in legal:
            twin = state.clone()
            twin.apply(player, action)
            assert state.to_dict() == data, "a clone must be independent of its original"
        if legal and state.version > 0:
            _check_late(state, player, legal[rng.below(len(legal))], data, conserved, baseline)
        refused = [a for a in _sample(game, rng, 6) if a not in legal]
        if state.version > 0:  # stale answers from any seat, even after the end: the rules resolve or refuse them
            for action in refused[:2]:
                _check_late(state, player, action, data, conserved, baseline)
        for action in refused:
            try:
                state.apply(player, action)
            except IllegalAction as exc:
                assert str(exc), "an IllegalAction must say why"
            else:
                raise AssertionError(f"illegal {action} was accepted for player {player}")
            assert state.to_dict() == data, "a refused action must leave the state unchanged"


def _check_late(state: State, player: int, action: object, data: dict[str, Any], conserved: Conserved | None = None,
                baseline: Counter[Any] | None = None) -> None:
    """A submission answering the previous version: refused or bounced, it changes nothing at all;
    taking effect (a penalty, a shout that still counts), it leaves a sound state one version on."""
    twin = state.clone()
    try:
        outcome = twin.apply(player, action, seen=state.version - 1)
    except IllegalAction as exc:
        assert str(exc), "an IllegalAction must say why"
        assert twin.to_dict() == data, "a refused late submission must leave the state unchanged"
        return
    trusted = state.clone()  # the simulator's path for a late action it took from a legal list
    assert trusted.apply_listed(player, action, state.version - 1) is outcome, (
        "apply_listed with an old version must resolve a late action as apply does")
    assert trusted.to_dict() == twin.to_dict(), "apply_listed and apply must resolve a late action alike"
    if outcome is Outcome.BOUNCED:
        assert twin.to_dict() == data, "a bounced submission must leave the state (and its version) unchanged"
    else:
        assert twin.version == state.version + 1, "a late submission that took effect counts as a version"
        check_reachable(twin)
        assert twin.game.state_from_dict(twin.to_dict()).to_dict() == twin.to_dict()
        if conserved is not None:
            assert conserved(twin) == baseline, "cards must be conserved through a late submission"
    assert state.to_dict() == data, "a clone must be independent of its original"


def _rng_states(state: State) -> set[int]:
    # a state's fields: its __dict__, its __slots__, or (compiled by mypyc: neither) `__mypyc_attrs__`
    names = {name for cls in type(state).__mro__
             for name in (*getattr(cls, "__slots__", ()), *getattr(cls, "__mypyc_attrs__", ()))}
    fields = [*getattr(state, "__dict__", {}).values(), *(getattr(state, name, None) for name in names)]
    return {value.state for value in fields if isinstance(value, Rng)}


def _integers(value: object) -> set[int]:
    """Every integer anywhere in a JSON-ready value."""
    if isinstance(value, dict):
        return set().union(*map(_integers, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_integers, value)) if value else set()
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def _sample(game: Game, rng: Rng, k: int) -> list[Any]:
    n = game.num_distinct_actions()
    return [game.action_from_id(rng.below(n)) for _ in range(k)]


def check_playouts(game: Game, seeds: range, conserved: Conserved | None = None, deep: int = 2) -> None:
    """Random games with races: the first `deep` seeds check every property at every step."""
    for seed in seeds:
        bots = [RandomBot(reaction_ms=300 + 150 * i) for i in range(game.players)]
        final, record = play(game, bots, seed)
        assert final.is_over() and final.winners(), f"seed {seed}: the game must end with winners"
        check_reachable(final)
        assert len(final.scores()) == game.players
        _, record2 = play(game, bots, seed)
        assert record is not None and record2 is not None
        assert record2.to_json() == record.to_json(), f"seed {seed}: same seed must give the same record"
        replayed = replay(Record.from_json(record.to_json()))
        assert replayed.to_dict() == final.to_dict(), f"seed {seed}: the record must replay to the same state"
        if seed - seeds.start < deep:
            _walk(game, record, conserved)


def _walk(game: Game, record: Record, conserved: Conserved | None) -> None:
    state = game.new_state(record.seed)
    rng = Rng(record.seed)
    baseline = conserved(state) if conserved is not None else None
    check_state(state, rng, conserved, baseline)
    redealt = 0
    for entry in record.actions:
        if entry[0] is None:
            state.timeout()
        else:
            state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)
        check_state(state, rng, conserved, baseline)
        sample = state.resample_hidden(entry[0] or 0, rng)
        check_reachable(sample)
        redealt += sample.to_dict() != state.to_dict()
    # Every game here hides something (hands, a draw pile): a resample that never changes anything
    # would make the observation checks above pass without testing anything.
    assert redealt, "resample_hidden never re-dealt anything: it cannot be checking hidden information"


def check_bad_inputs(game: Game) -> None:
    state = game.new_state(1)
    data = state.to_dict()
    for bad_seat in (-1, game.players, "0", None):
        try:
            state.apply(bad_seat, game.action_from_id(0))  # type: ignore[arg-type]
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"seat {bad_seat!r} was accepted")
    try:
        state.apply(state.actors()[0], game.action_from_id(0), seen=state.version + 5)
    except IllegalAction:
        pass
    else:
        raise AssertionError("a future `seen` version was accepted")
    for foreign in ("not an action", object(), None):  # not values of this game: refused, not crashed on
        try:
            state.apply(state.actors()[0], foreign)
        except IllegalAction as exc:
            assert str(exc), "an IllegalAction must say why"
        else:
            raise AssertionError(f"{foreign!r} was accepted as an action")
    assert state.to_dict() == data
    for broken in ({}, {"game": "nope"}, {**data, "players": game.players + 1}, "text"):
        try:
            game.state_from_dict(broken)  # type: ignore[arg-type]
        except ValueError:
            pass
        else:
            raise AssertionError(f"malformed state dict {str(broken)[:60]} was accepted")


def check_choice_walk(game: Game, seed: int, choices: list[int], conserved: Conserved | None = None) -> None:
    """Drive a game by arbitrary choices (from hypothesis): any actor, any legal action, sometimes
    answering a stale version. Refusals must leave the state as it was; the rest must keep every
    invariant."""
    state = game.new_state(seed)
    baseline = conserved(state) if conserved is not None else None
    for choice in choices:
        if state.is_over():
            break
        actors = state.actors()
        player = actors[choice % len(actors)]
        legal = state.legal_actions(player)
        action = legal[(choice // 7) % len(legal)]
        stale = choice % 5 == 0 and state.version > 0
        before = state.to_dict()
        try:
            state.apply(player, action, seen=state.version - 1 if stale else None)
        except IllegalAction:
            assert stale, f"legal {action} was refused"
            assert state.to_dict() == before, "a refused submission must leave the state unchanged"
        if conserved is not None:
            assert conserved(state) == baseline
        check_reachable(state)
        assert game.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


SHARED_KEYS = ("game", "seat", "phase", "turn", "round", "rounds", "hand", "hand_sizes", "scores", "round_scores",
               "over", "winners", "options")  # docs/observations.md, in this order


def check_vocabulary(state: State) -> None:
    """The shared observation keys (docs/observations.md): present first and in order, well typed, and
    agreeing with the state's own answers; a spectator sees no hand."""
    game = state.game
    for seat in [None, *range(game.players)]:
        obs = state.observation(seat)
        assert tuple(obs)[:len(SHARED_KEYS)] == SHARED_KEYS, f"shared keys first, in order: {tuple(obs)}"
        assert obs["game"] == game.id and obs["seat"] == seat
        assert isinstance(obs["phase"], str) and obs["phase"]
        assert (obs["phase"] == "over") == state.is_over() == obs["over"]
        assert obs["turn"] is None or obs["turn"] in range(game.players)
        assert obs["turn"] is None or obs["turn"] in state.actors(), "the seat with the turn may act"
        assert obs["round"] == state.round()
        assert obs["rounds"] is None or (isinstance(obs["rounds"], int) and obs["rounds"] >= obs["round"])
        assert obs["scores"] == state.scores() and len(obs["scores"]) == game.players
        assert obs["round_scores"] == state.round_scores()
        assert obs["winners"] == state.winners()
        assert obs["options"] == game.options and obs["options"] is not game.options, "the options, a copy"
        assert not set(obs).intersection(game.options) - set(SHARED_KEYS), "an option is shown under options only"
        sizes = obs["hand_sizes"]
        assert sizes is None or (len(sizes) == game.players and all(isinstance(n, int) for n in sizes))
        hand = obs["hand"]
        if seat is None:
            assert hand is None, "a spectator sees no hand"
        elif hand is not None:
            assert all(isinstance(card, str) for card in hand), "cards are named by their text"
            assert sizes is not None and sizes[seat] == len(hand), "your hand size is your hand's length"


def check_resample_independent(state: State) -> None:
    """A determinised copy owes nothing to the real game's random stream: its generator comes from the
    rng it was given, so a search playing past the end of a hand cannot see the true next deal."""
    real = _rng_states(state)
    for player, recall in itertools.product(range(state.game.players), (False, True)):
        one = state.resample_hidden(player, Rng(1), recall=recall)
        two = state.resample_hidden(player, Rng(2), recall=recall)
        assert not _rng_states(one) & real, f"resample_hidden({player}, recall={recall}) kept the real game's generator"
        assert _rng_states(one) != _rng_states(two), "the copy's generator must come from the rng given"
    for bad in (None, 7, __import__("random").Random(1)):
        try:
            state.resample_hidden(0, bad)  # type: ignore[arg-type]
        except TypeError as exc:  # the compiled build's own argument check says "zdeck.rng.Rng object expected"
            assert "zdeck.Rng" in str(exc) or "zdeck.rng.Rng object expected" in str(exc), exc
        else:
            raise AssertionError(f"resample_hidden accepted {bad!r} as its rng")
    for flag in (None, 1, "true"):
        try:
            state.resample_hidden(0, Rng(1), recall=flag)  # type: ignore[arg-type]
        except TypeError as exc:  # (compiled: "bool object expected")
            assert "recall" in str(exc) or "bool object expected" in str(exc), exc
        else:
            raise AssertionError(f"resample_hidden accepted recall={flag!r}")


CARD_FIELDS = ("card", "for")  # face fields that hold one card text; "cards" holds a list of them


def check_action_faces(game: Game, seeds: range = range(3)) -> None:
    """Every action has a JSON-ready face of a known kind with a label; its card fields name cards (keys of
    `card_faces()` where the game has it); and over random games, a legal action done with hand cards
    names cards the actor holds - what a client binds it to."""
    faces = game.action_faces()
    assert len(faces) == game.num_distinct_actions()
    assert game.action_faces() is faces  # computed once
    json.dumps(faces)
    card_faces = getattr(game, "card_faces", None)
    known = set(card_faces()) if callable(card_faces) else None
    for index, face in enumerate(faces):
        assert face["kind"] in Game.FACE_KINDS, (index, face)
        assert isinstance(face.get("label"), str) and face["label"], (index, face)
        named = [face[k] for k in CARD_FIELDS if k in face] + list(face.get("cards", []))
        assert all(isinstance(c, str) and c for c in named), (index, face)
        if known is not None:
            assert set(named) <= known, (index, face, set(named) - known)
    for seed in seeds:
        _check_faces_against_hands(game, seed)


def _check_faces_against_hands(game: Game, seed: int) -> None:
    state, rng, faces = game.new_state(seed), Rng(seed), game.action_faces()
    for _ in range(400):
        if state.is_over():
            return
        for player, legal in state.moves():
            hand = state.observation(player)["hand"]
            for action in legal:
                face = faces[game.action_id(action)]
                if hand is None or face["kind"] not in ("play", "discard", "call") or "card" not in face:
                    continue  # Kubo's calls name cards of the cube, not of the hand
                used = Counter(face.get("cards") or [face["card"]])
                assert not used - Counter(hand), (seed, str(action), face, hand)
        moves = state.moves()
        player, legal = moves[rng.below(len(moves))]
        state.apply(player, legal[rng.below(len(legal))])
# -- card faces (docs/observations.md "Card faces"; each game's "Cards" section) -----------------------------

DOCS = Path(__file__).resolve().parents[1] / "docs" / "observations"
NOT_CARD_PLACES = ("game", "phase", "last")  # texts that may spell a card by chance: a game id, a phase, an action
HEX = re.compile(r"#[0-9a-f]{6}")


@dataclass(frozen=True)
class CardsSection:
    """What a game's observation page documents of its cards: the face keys, in order, and the card places."""

    keys: tuple[str, ...]
    places: tuple[str, ...]


@cache
def documented_cards(game_id: str) -> CardsSection:
    """The "## Cards" section of the game's observations page (the `observations.md` of its folder, else
    docs/observations/<game>.md): its "Card places:" line and its table of face keys."""
    from importlib import resources

    package = zdeck.game_class(game_id).__module__.rpartition(".")[0]
    own = resources.files(package).joinpath("observations.md")
    text = (own if own.is_file() else DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    found = re.search(r"^## Cards\n(.*?)(?=^## |\Z)", text, re.DOTALL | re.MULTILINE)
    assert found, f"docs/observations/{game_id}.md has no '## Cards' section"
    section = found.group(1)
    places = re.search(r"^Card places: (.*)$", section, re.MULTILINE)
    assert places, f"docs/observations/{game_id}.md, Cards: no 'Card places:' line"
    keys = tuple(re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE))
    assert keys[:1] == ("kind",), f"docs/observations/{game_id}.md, Cards: the face keys' table starts with `kind`"
    listed = re.sub(r"\([^)]*\)", "", places.group(1))  # "(its `card` fields)" says where inside a place
    return CardsSection(keys, tuple(re.findall(r"`(\w+)`", listed)))


def _texts(value: object) -> list[str]:
    """Every text anywhere in a JSON-ready value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def check_faces(game: Game) -> dict[str, dict[str, Any]]:
    """`card_faces()` itself: JSON-ready, flat, the documented keys in their order on every face, a fresh dict
    on every call. Returns the faces."""
    faces = game.card_faces()
    keys = documented_cards(game.id).keys
    assert faces and json.loads(json.dumps(faces)) == faces, "card_faces() must be a non-empty JSON-ready dict"
    for text, face in faces.items():
        assert tuple(face) == keys, f"{game.id} face of {text!r} has keys {tuple(face)}, documented: {keys}"
        assert all(v is None or isinstance(v, (str, int, float, bool)) for v in face.values()), (
            f"{game.id} face of {text!r} must be flat: {face}")
        assert isinstance(face["kind"], str) and face["kind"], f"{text!r}: every face says its kind"
        assert face["label"] is None or (isinstance(face["label"], str) and face["label"]), f"{text!r}: label"
        hex_ = face.get("colour_hex")
        assert hex_ is None or HEX.fullmatch(hex_), f"{text!r}: colour_hex {hex_!r} is not #rrggbb"
    for face in faces.values():
        face["kind"] = "changed by a client"
    assert game.card_faces() != faces, "card_faces() must hand out a fresh dict: a client's change stays its own"
    return game.card_faces()


def check_card_faces(state: State) -> None:
    """Every text in each documented card place of every seat's observation (and a spectator's) has a face,
    and no other key of the observation holds a card text: a new card place must be documented."""
    game = state.game
    faces = check_faces(game) if state.version == 0 else game.card_faces()
    places = documented_cards(game.id).places
    for seat in [None, *range(game.players)]:
        obs = state.observation(seat)
        for place in places:
            assert place in obs, f"{game.id}: documented card place {place!r} is not an observation key"
            for text in _texts(obs[place]):
                assert text in faces, f"{game.id}: {text!r} in {place!r} has no face in card_faces()"
        for key, value in obs.items():
            if key not in places and key not in NOT_CARD_PLACES:
                stray = [t for t in _texts(value) if t in faces]
                assert not stray, f"{game.id}: {key!r} holds card texts {stray[:3]}: document it as a card place"
