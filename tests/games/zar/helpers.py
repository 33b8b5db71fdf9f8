"""Hand-made ZAR states for the scenario tests, built through `state_from_dict`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import zdeck
from zdeck.decks.zar.actions import Call, Play
from zdeck.decks.zar.cards import BY_NAME, CHAMELEON, COLOURS, DECLARED_SYMBOLS, IS_FROG, full_deck
from zdeck.decks.zar.game import ZarGame
from zdeck.decks.zar.state import ZarState

FILLER_ORDER = ("Lightning Bolt", "Galaxy", "Cloud")  # symbols the scenarios never put on top


def game(players: int = 4, **options: Any) -> ZarGame:
    options.setdefault("hands", 1)
    return zdeck.make("zar", players, **options)  # type: ignore[return-value]


def k(name: str) -> int:
    return BY_NAME[name.lower()]


def play(
    name: str, real: int = 1, chameleons: int = 0, top: bool = False, declare: str = "", call: Call | None = None
) -> Play:
    """A Play by card name; `declare` is a colour or a plural symbol ("Moons")."""
    return Play(k(name), real, chameleons, top or (real == 0), declaration(declare), call)


def declaration(name: str) -> int:
    """A declaration's index from its spoken name: a colour or a plural symbol ("Moons"); "" for none (-1)."""
    if not name:
        return -1
    return COLOURS.index(name) if name in COLOURS else DECLARED_SYMBOLS.index(name)


def scenario(
    g: ZarGame,
    hands: dict[int, Sequence[str]],
    pile: Sequence[str],
    *,
    pile_as: Sequence[str] | None = None,
    owner: int = 0,
    count: int = 1,
    run: int | None = None,
    matchable: bool = True,
    stack: int = 0,
    direction: int = 1,
    declared: str = "",
    turn: int | None = None,
    dealer: int = 0,
    draw_next: Sequence[str] = (),
) -> ZarState:
    """A state with these hands and Playpile (bottom to top); other seats hold two filler cards.

    The Drawpile holds every other card, `draw_next` on top in drawing order.
    The turn follows from the group (owner, count, direction) unless given.
    """
    data = g.new_state(0).to_dict()
    left = Counter(full_deck(g.half_decks, g.chameleons))
    counts = [[0] * len(data["hands"][0]) for _ in range(g.players)]
    for seat, names in hands.items():
        for name in names:
            counts[seat][k(name)] += 1
            left[k(name)] -= 1
    physical = [k(n) for n in pile]
    as_ = [k(n) for n in pile_as] if pile_as is not None else physical
    nxt = [k(n) for n in draw_next]
    for card in physical + nxt:
        left[card] -= 1
    if any(c < 0 for c in left.values()):
        raise ValueError(f"scenario uses more cards than the deck holds: {-left}")
    filler = [k(f"{colour} {symbol}") for symbol in FILLER_ORDER for colour in ("Yellow", "Red", "Blue")]
    for seat in range(g.players):
        if seat not in hands:
            for _ in range(2):
                card = next(c for c in filler if left[c] > 0)
                counts[seat][card] += 1
                left[card] -= 1
    rest = sorted(left.elements())
    top = as_[-1]
    data.update(
        version=1000,  # (the group sizes a scenario sets up take some plays to reach)
        hands=counts,
        drawpile=rest + nxt[::-1],
        pile=physical,
        pile_as=as_,
        declared=declaration(declared),
        direction=direction,
        owner=owner,
        count=count,
        run=count if run is None else run,
        matchable=matchable,
        stack=stack,
        turn=0,
        phase="play",
        drawn=-1,
        idle=0,
        dealer=dealer,
    )
    assert top != CHAMELEON
    state = g.state_from_dict(data)
    if turn is None:  # play goes on from the group's owner; a group of Frogs skips as many players as it has cards
        state.turn = (owner + direction * (1 + count if IS_FROG[top] else 1)) % g.players
    else:
        state.turn = turn
    return state


def spoken(state: ZarState) -> str | None:
    """The call the last play was due, as spoken (the engine's words under auto calls); None after no play."""
    words: str | None = state.observation(None)["call"]
    return words
