"""What a reachable Zip Zap state is: the one check of a state against the rules, by replaying them.

The fields of a Zip Zap table imply the round's history: what each seat was dealt is what it holds and
what it put down, the cards turned up from the deck lie under the first play, and the pile is every
card put down since, in order. So the check deals the round again from them and plays the pile again
through the rules themselves (`turn_over`, `is_legal`, `_apply`, `_on_timeout`): it must arrive at this
very state. What the replay cannot see - the finished rounds - is checked against the scoring rule.
`read_state` runs it on every state it reads, and the conformance suite on every state of random play
and of every resample. A ValueError names the field that is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zipzap.actions import ACTIONS
from zdeck.decks.zipzap.cards import CARDS, DATA, SUITS, TEXTS, WILD, ZAP, ZAP_BIT, deck_of
from zdeck.decks.zipzap.rules import LEAD, OVER, RACE, dealer_of, turned_up

if TYPE_CHECKING:
    from zdeck.decks.zipzap.state import ZipZapState


def check(state: ZipZapState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    n = state.game.players
    if state.dealer != dealer_of(state.round_no, n):
        raise ValueError(f"dealer: seat {dealer_of(state.round_no, n)} deals round {state.round_no}")
    _check_suits(state)
    _check_history(state)
    _check_each_card_once(state)
    replay = _replay_round(state)
    _check_table(state, replay)
    deal = DATA["deal"][str(n)]
    played = sum(who is not None for who, _ in state.pile)
    least = (state.round_no - 1) * (deal + 1) + played  # the finished rounds' winners' cards and Zaps, and this one's
    if state.version < least:
        raise ValueError(f"version: {state.version} is fewer than the {least} plays the table shows")
    if state.wanted != replay.wanted:
        raise ValueError("pile: what may follow the top card is not what the rules say")


def _check_suits(state: ZipZapState) -> None:
    """All five suits, less the solid ones the player count leaves out, in table order, the wild one last."""
    suits = state.suits_in_play
    if list(suits) != sorted(set(suits)) or suits[-1] != WILD:
        names = [SUITS[s] for s in suits]
        raise ValueError(f"suits_in_play: {len(suits)} different suits in table order, the wild one last, not {names}")


def _check_history(state: ZipZapState) -> None:
    """One row of scores per finished round, each as the scoring rule leaves one (one player went out:
    0 for their cards while the others hold some, or 1 point in the "wins" variant, the others 0), and
    the totals their sums."""
    finished = state.round_no if state.phase == OVER else state.round_no - 1
    if len(state.history) != finished:
        raise ValueError(f"history: expected {finished} entries, got {len(state.history)}")
    wins = state.game.options["scoring"] == "wins"
    for r, points in enumerate(state.history):
        if points.count(1 if wins else 0) != 1 or (wins and sum(points) != 1):
            rule = "scores 1, the others 0" if wins else "scores 0, the others their cards"
            raise ValueError(f"history[{r}]: the one player who went out {rule}, not {points}")
    sums = [sum(column) for column in zip(*state.history, [0] * state.game.players)]
    if state.totals != sums:
        raise ValueError(f"totals: the sums of the history's rounds are {sums}")


def _check_each_card_once(state: ZipZapState) -> None:
    """Each card of the suits in play is in a hand, the deck or the pile, exactly once."""
    suits = state.suits_in_play
    placed = [i for hand in state.hands for i in range(len(CARDS)) if hand >> i & 1]
    placed += [*state.deck, *(i for _, i in state.pile if i != ZAP)]
    if sorted(placed) == list(deck_of(suits)):
        return
    seen: set[int] = set()
    for index in placed:
        if CARDS[index].suit not in suits:
            raise ValueError(f"{TEXTS[index]}: its suit is not in play (suits_in_play)")
        if index in seen:
            raise ValueError(f"{TEXTS[index]}: in two places (hands, deck, pile): each card is in exactly one")
        seen.add(index)
    missing = next(i for i in deck_of(suits) if i not in seen)
    raise ValueError(f"{TEXTS[missing]}: in no hand, nor the deck, nor the pile: each card is in exactly one")


def _replay_round(state: ZipZapState) -> ZipZapState:
    """Deal the round again - each hand as it is plus what its player put down, and everyone's Zap, the
    turned cards back on the deck - turn its first card up and play the pile again; return that table."""
    pile = state.pile
    turned = turned_up(pile)
    dealt = [hand | ZAP_BIT for hand in state.hands]
    for k, (who, index) in enumerate(pile[turned:], start=turned):
        if who is None:
            raise ValueError(f"pile[{k}]: a card is turned up from the deck only before anyone plays")
        dealt[who] |= 1 << index
    _check_deal(state.hands, dealt, DATA["deal"][str(state.game.players)])
    replay = state.clone()
    replay.hands, replay.deck = dealt, [*state.deck, *(index for _, index in reversed(pile[:turned]))]
    replay.pile, replay.wanted, replay.last, replay.went_out = [], 0, None, None
    replay.history = state.history[:state.round_no - 1]
    replay.totals = [sum(column) for column in zip(*replay.history, [0] * state.game.players)]
    replay.turn_over()
    while len(replay.pile) < turned and replay.phase == RACE:
        replay._on_timeout()  # everyone held back on a card turned up: the next one is turned up
    if replay.pile != pile[:turned]:  # the rules turned up more: a stuck card
        if not turned:
            raise ValueError("pile: a round starts with a card turned up from the deck")
        stuck = TEXTS[pile[turned - 1][1]]
        raise ValueError(f"pile[{turned - 1}]: nobody could follow the turned {stuck}, so the next card was turned up")
    for k in range(turned, len(pile)):
        who, index = pile[k]
        _replay_play(replay, k, who, index, last=k == len(pile) - 1)  # type: ignore[arg-type]  # not None past `turned`
    return replay


def _check_deal(hands: list[int], dealt: list[int], deal: int) -> None:
    """Every player was dealt `deal` cards: those they hold and those they put down."""
    for p, (hand, mask) in enumerate(zip(hands, dealt)):
        if (mask & ~ZAP_BIT).bit_count() != deal:
            held = (hand & ~ZAP_BIT).bit_count()
            played = (mask & ~ZAP_BIT).bit_count() - held
            raise ValueError(f"hands[{p}]: seat {p} holds {held} cards and put down {played}: {deal} are dealt")


def _replay_play(replay: ZipZapState, k: int, who: int, index: int, last: bool) -> None:
    """Pile entry k again: legal as it went down, or its player's lead after a race everyone held back in."""
    action = ACTIONS[index]
    if not replay.is_legal(who, action):
        why = replay.explain_illegal(who, action)
        if not _held_back(replay) or not replay.is_legal(who, action):
            raise ValueError(f"pile[{k}]: {why}")
    if replay.hands[who] == 1 << index:  # the round ends with it
        if not last:
            raise ValueError(f"pile[{k}]: seat {who} went out with it, which ended the round")
        if replay.round_no < replay.game.total_rounds:
            raise ValueError(f"pile[{k}]: seat {who} went out with it, so round {replay.round_no + 1} was dealt")
    replay._apply(who, action)


def _held_back(replay: ZipZapState) -> bool:
    """Time a race out where that turns no card up (someone has played, or the deck is empty): the
    lead passes on, as when everyone holds back. False where it would not happen."""
    if replay.phase != RACE or (replay.last is None and replay.deck):
        return False
    replay._on_timeout()
    return True


def _check_table(state: ZipZapState, replay: ZipZapState) -> None:
    """The fields the replay fixes: the phase (a held-back race may have passed the lead on), who
    leads, who put the top card down, who holds their Zap, who went out, the last round's scores."""
    if state.phase == LEAD and replay.phase == RACE:
        _held_back(replay)
    if state.phase != replay.phase:
        raise ValueError(f"phase: the pile leaves the table in the {replay.phase} phase, not {state.phase}")
    for key in ("leader", "last", "went_out"):
        if getattr(state, key) != getattr(replay, key):
            raise ValueError(f"{key}: the pile makes it {getattr(replay, key)}")
    for p, (hand, replayed) in enumerate(zip(state.hands, replay.hands)):
        zap = bool(hand & ZAP_BIT)
        if zap != bool(replayed & ZAP_BIT):
            raise ValueError(f"has_zap[{p}]: seat {p}'s Zap is {'' if zap else 'not '}on the pile")
    if state.history != replay.history:
        raise ValueError(f"history[{len(state.history) - 1}]: the cards left score the last round {replay.history[-1]}")
    if state.hands != replay.hands or state.deck != replay.deck:
        raise ValueError("hands: the replayed round leaves other hands or another deck")
