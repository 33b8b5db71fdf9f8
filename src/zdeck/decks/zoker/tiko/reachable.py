"""What a reachable Zoker Tiko state is: the one check of a state against the rules.

`read_state` runs it on every state it reads (after ranging each field), and the conformance suite on
every state of random play and of every resample. The trick on the table is laid again through the rule
that lays each card (`rules.lay`); the rest asks the rules the play uses - who leads
(`first_leader`, `trick_winner`), how the deck deals (`decks_left`, from `deal_size`), when a round and the
match end (`match_over`) and what a round adds to the totals (`match_points`). A ValueError names the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zoker.tiko.rules import Entry, compared, decks_left, first_leader, lay, match_points, trick_winner

if TYPE_CHECKING:
    from zdeck.decks.zoker.tiko.state import TikoState


def check(state: TikoState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    _check_cards(state)
    _check_trick(state)
    _check_deal(state)
    _check_won(state)
    _check_last(state)
    _check_match(state)


def replay_trick(state: TikoState) -> tuple[list[Entry], int] | None:
    """The trick on the table laid again, card by card through the rule that lays each (`lay`), by its
    leader and the players after them clockwise: the pile and the former card's position. None when no such
    order of play holds its cards (at most one each, fewer than all)."""
    n, cards = state.game.players, dict(state.pile)
    order = [(state.leader + k) % n for k in range(len(state.pile))]
    if len(state.pile) >= n or len(cards) != len(state.pile) or set(order) != set(cards):
        return None
    pile: list[Entry] = []
    former = -1
    for who in order:
        former = lay(pile, compared(pile, former, state.compare_top), who, cards[who])
    return pile, former


def _check_cards(state: TikoState) -> None:
    cards = [c for h in state.hands for c in h] + state.deck + [c for _, c in state.pile] + [
        c for w in state.won for c in w]
    if sorted(cards) != list(range(64)):
        raise ValueError("hands, deck, pile and won must hold each of the 64 cards exactly once")


def _check_trick(state: TikoState) -> None:
    """The pile is the trick laid by leader, leader + 1, ... as the `compare` rule places each card."""
    n = state.game.players
    replay = replay_trick(state)
    if replay is None:
        raise ValueError(f"pile: a trick holds one card from each of the leader and the players after them, "
                         f"clockwise, at most {n - 1} between plays")
    if state.turn != (state.leader + len(state.pile)) % n:
        raise ValueError("turn must follow the leader clockwise")
    pile, former = replay
    if pile != state.pile:
        raise ValueError("pile: the cards do not lie as the compare rule lays them")
    if former != state.former:
        raise ValueError("pile: the former card kept is not the one the compare rule names")


def _check_deal(state: TikoState) -> None:
    """The deck shrinks by whole deals, and every hand holds the cards of this deal not yet played."""
    deals = decks_left(state.game)
    if len(state.deck) not in deals:
        raise ValueError(f"deck: {len(state.deck)} cards; a deck deals four to each player (the rest evenly only "
                         f"under last_deal=even), leaving {', '.join(map(str, deals))}")
    played = {who for who, _ in state.pile}
    sizes = [len(h) + (p in played) for p, h in enumerate(state.hands)]
    if len(set(sizes)) != 1:
        raise ValueError("hands: every player holds the same number of cards, less the one laid in this trick")
    round_over = sizes[0] == 0 and len(state.deck) == deals[-1]
    if round_over and not state.match_over():
        raise ValueError(f"round: {state.round_no} is played out, so the next round would have been dealt")
    if state.over != round_over:
        raise ValueError("over: the game ends exactly when the hands are played out and the deck cannot deal again")


def _check_won(state: TikoState) -> None:
    """Tricks are taken whole; the last one lies in last_trick, and its winner leads."""
    n = state.game.players
    if any(len(w) % n for w in state.won):
        raise ValueError(f"won: each trick taken holds {n} cards")
    if not any(state.won):
        if state.last_trick or state.leader != first_leader(state.round_no, n):
            raise ValueError("last_trick, leader: before the first trick of a game, none; the seat after the dealer leads")
        return
    if len(state.last_trick) != n or len({who for who, _ in state.last_trick}) != n:
        raise ValueError(f"last_trick: the game's previous trick, one card from each of the {n} players")
    winner = trick_winner(state.last_trick)
    if state.won[winner][-n:] != [c for _, c in state.last_trick] or state.leader != winner:
        raise ValueError("last_trick: its cards end its winner's won cards, and its winner leads")


def _check_last(state: TikoState) -> None:
    """The last play: none before the first; else the card just laid, or one of the trick just taken."""
    n = state.game.players
    if (state.last is None) != (state.version == 0):
        raise ValueError("last: every play is recorded, and none before the first")
    if state.pile:
        expected = (state.turn - 1) % n
        if state.last != (expected, dict(state.pile)[expected]):
            raise ValueError("last: the card laid by the player before the one whose turn it is")
    elif any(state.won) and state.last not in state.last_trick:
        raise ValueError("last: a card of the trick just taken")


def _check_match(state: TikoState) -> None:
    """Games played so far: their cards won, the totals, and the version (one per card laid)."""
    game, n = state.game, state.game.players
    if len(state.history) != state.round_no - (not state.over):
        raise ValueError("history must hold one entry per finished game")
    dealt = 64 - decks_left(game)[-1]
    if any(sum(r) != dealt or any(x % n for x in r) for r in state.history):
        raise ValueError(f"history: each game's cards won, whole tricks of {n}, add up to the cards it dealt")
    if state.over and state.history[-1] != [len(w) for w in state.won]:
        raise ValueError("history: the last game's entry is the cards won in it")
    points = [match_points(game, row) for row in state.history]
    if state.totals != [sum(r[p] for r in points) for p in range(n)]:
        raise ValueError("totals must add up the games in history")
    played = sum(map(sum, state.history)) + (0 if state.over else sum(map(len, state.won)) + len(state.pile))
    if state.version != played:
        raise ValueError(f"version: one per card laid, {played} here")
