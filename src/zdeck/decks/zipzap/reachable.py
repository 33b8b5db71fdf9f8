"""What a reachable Zip Zap state is: the one check of a state against the rules, by replaying them
(docs/writing-a-game.md). A table's fields imply its round: each seat was dealt what it holds and what it put
down, the cards turned up lie under the first play, and the pile is every card put down since. So the round
is dealt again from them and its pile played again through the rules themselves (`turn_over`, `is_legal`,
`_apply`, `_on_timeout`): it must arrive at this very state. The finished rounds are checked by their scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zipzap.actions import ACTIONS
from zdeck.decks.zipzap.cards import CARDS, DATA, SUITS, TEXTS, WILD, ZAP, ZAP_BIT, deck_of
from zdeck.decks.zipzap.rules import LEAD, OVER, RACE, dealer_of, turned_up
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zipzap.state import ZipZapState


def check(s: ZipZapState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    n, suits = s.game.players, s.suits_in_play
    dealer = dealer_of(s.round_no, n)
    require(s.dealer == dealer, f"dealer: seat {dealer} deals round {s.round_no}")
    require(list(suits) == sorted(set(suits)) and suits[-1] == WILD, f"suits_in_play: {len(suits)} different suits "
            f"in table order, the wild one last, not {[SUITS[x] for x in suits]}")
    finished = s.round_no if s.phase == OVER else s.round_no - 1
    require(len(s.history) == finished, f"history: expected {finished} entries, got {len(s.history)}")
    wins = s.game.options["scoring"] == "wins"  # who went out scores 0 for their cards, or 1 in the "wins" variant
    for r, points in enumerate(s.history):
        require(points.count(int(wins)) == 1 and (not wins or sum(points) == 1), f"history[{r}]: the one player who "
                f"went out scores {'1, the others 0' if wins else '0, the others their cards'}, not {points}")
    sums = [sum(column) for column in zip(*s.history, [0] * n)]
    require(s.totals == sums, f"totals: the sums of the history's rounds are {sums}")
    _check_each_card_once(s)
    replay = _replay_round(s)
    if s.phase == LEAD and replay.phase == RACE:
        _held_back(replay)  # a race everyone held back in passed the lead on
    require(s.phase == replay.phase, f"phase: the pile leaves the table in the {replay.phase} phase, not {s.phase}")
    for key in ("leader", "last", "went_out"):
        require(getattr(s, key) == getattr(replay, key), f"{key}: the pile makes it {getattr(replay, key)}")
    for p, (hand, replayed) in enumerate(zip(s.hands, replay.hands)):
        zap = bool(hand & ZAP_BIT)
        require(zap == bool(replayed & ZAP_BIT), f"has_zap[{p}]: seat {p}'s Zap is {'' if zap else 'not '}on the pile")
    if s.history != replay.history:
        raise ValueError(f"history[{len(s.history) - 1}]: the cards left score the last round {replay.history[-1]}")
    require((s.hands, s.deck, s.wanted) == (replay.hands, replay.deck, replay.wanted),
            "hands: the replayed round leaves other hands, another deck or another top card")
    least = (s.round_no - 1) * (DATA["deal"][str(n)] + 1) + sum(who is not None for who, _ in s.pile)
    require(s.version >= least, f"version: {s.version} is fewer than the {least} plays the table shows")


def _check_each_card_once(s: ZipZapState) -> None:
    """Each card of the suits in play is in a hand, the deck or the pile, exactly once."""
    placed = [i for hand in s.hands for i in range(len(CARDS)) if hand >> i & 1]
    placed += [*s.deck, *(i for _, i in s.pile if i != ZAP)]
    if sorted(placed) == list(deck_of(s.suits_in_play)):
        return
    seen: set[int] = set()
    for index in placed:
        require(CARDS[index].suit in s.suits_in_play, f"{TEXTS[index]}: its suit is not in play (suits_in_play)")
        require(index not in seen, f"{TEXTS[index]}: in two places (hands, deck, pile): each card is in exactly one")
        seen.add(index)
    missing = next(i for i in deck_of(s.suits_in_play) if i not in seen)
    raise ValueError(f"{TEXTS[missing]}: in no hand, nor the deck, nor the pile: each card is in exactly one")


def _replay_round(s: ZipZapState) -> ZipZapState:
    """Deal the round again - each hand as it is plus what its player put down, and everyone's Zap, the
    turned cards back on the deck - turn its first card up and play the pile again; return that table."""
    pile, deal = s.pile, DATA["deal"][str(s.game.players)]
    turned = turned_up(pile)
    dealt = [hand | ZAP_BIT for hand in s.hands]
    for k, (who, index) in enumerate(pile[turned:], start=turned):
        if who is None:
            raise ValueError(f"pile[{k}]: a card is turned up from the deck only before anyone plays")
        dealt[who] |= 1 << index
    for p, (hand, mask) in enumerate(zip(s.hands, dealt)):
        held, got = (hand & ~ZAP_BIT).bit_count(), (mask & ~ZAP_BIT).bit_count()
        require(got == deal, f"hands[{p}]: seat {p} holds {held} cards and put down {got - held}: {deal} are dealt")
    replay = s.clone()
    replay.hands, replay.deck = dealt, [*s.deck, *(index for _, index in reversed(pile[:turned]))]
    replay.pile, replay.wanted, replay.last, replay.went_out = [], 0, None, None
    replay.history = s.history[:s.round_no - 1]
    replay.totals = [sum(column) for column in zip(*replay.history, [0] * s.game.players)]
    replay.turn_over()
    while len(replay.pile) < turned and replay.phase == RACE:
        replay._on_timeout()  # everyone held back on a card turned up: the next one is turned up
    if replay.pile != pile[:turned]:  # the rules turned up more: a stuck card
        require(turned > 0, "pile: a round starts with a card turned up from the deck")
        stuck = TEXTS[pile[turned - 1][1]]
        raise ValueError(f"pile[{turned - 1}]: nobody could follow the turned {stuck}, so the next card was turned up")
    for k in range(turned, len(pile)):
        who, index = pile[k]
        _replay_play(replay, k, who, index, last=k == len(pile) - 1)  # type: ignore[arg-type]  # not None past `turned`
    return replay


def _replay_play(replay: ZipZapState, k: int, who: int, index: int, last: bool) -> None:
    """Pile entry k again: legal as it went down, or its player's lead after a race everyone held back in."""
    action = ACTIONS[index]
    if not replay.is_legal(who, action):
        why = replay.explain_illegal(who, action)
        require(_held_back(replay) and replay.is_legal(who, action), f"pile[{k}]: {why}")
    if replay.hands[who] == 1 << index:  # the round ends with it
        require(last, f"pile[{k}]: seat {who} went out with it, which ended the round")
        require(replay.round_no == replay.rules.total_rounds,
                f"pile[{k}]: seat {who} went out with it, so round {replay.round_no + 1} was dealt")
    replay._apply(who, action)


def _held_back(replay: ZipZapState) -> bool:
    """Time a race out where that turns no card up (someone has played, or the deck is empty): the lead
    passes on, as when everyone holds back. False where it would not happen."""
    if replay.phase != RACE or (replay.last is None and replay.deck):
        return False
    replay._on_timeout()
    return True
