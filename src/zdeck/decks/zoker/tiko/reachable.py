"""What a reachable Zoker Tiko state is: the one check of a state against the rules (docs/writing-a-game.md).
The trick on the table is laid again through the rule that lays each card (`place`); the rest asks the
rules the play uses: who leads (`first_leader`, `trick_winner`), how the deck deals (`decks_left`), when the
match ends (`match_over`) and what a round adds to the totals (`match_points`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zoker.tiko.rules import decks_left, first_leader, match_points, trick_winner
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zoker.tiko.state import TikoState


def check(s: TikoState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    n = s.game.players
    cards = [c for h in s.hands for c in h] + s.deck + [c for _, c in s.pile] + [c for w in s.won for c in w]
    require(sorted(cards) == list(range(64)), "hands, deck, pile and won must hold each of the 64 cards exactly once")
    trick = replay_trick(s)
    require(trick is not None, f"pile: a trick holds one card from each of the leader and the players after them, "
                               f"clockwise, at most {n - 1} between plays")
    require(s.turn == (s.leader + len(s.pile)) % n, "turn must follow the leader clockwise")
    require(trick is not None and (trick.pile, trick.former) == (s.pile, s.former),
            "pile: the cards do not lie as the compare rule lays them")
    _check_deal(s)
    _check_tricks(s)
    _check_match(s)


def replay_trick(s: TikoState) -> TikoState | None:
    """The trick on the table laid again, card by card through the rule that lays each (`place`), by its
    leader and the players after them clockwise; None when no such order of play holds its cards."""
    n, cards = s.game.players, dict(s.pile)
    order = [(s.leader + k) % n for k in range(len(s.pile))]
    if len(s.pile) >= n or len(cards) != len(s.pile) or set(order) != set(cards):
        return None
    replay = s.clone()
    replay.pile, replay.former = [], -1
    for who in order:
        replay.place(who, cards[who])
    return replay


def _check_deal(s: TikoState) -> None:
    """The deck shrinks by whole deals, and every hand holds the cards of this deal not yet played."""
    deals = decks_left(s.rules)
    require(len(s.deck) in deals, f"deck: {len(s.deck)} cards; a deck deals four to each player (the rest evenly "
                                  f"only under last_deal=even), leaving {', '.join(map(str, deals))}")
    played = {who for who, _ in s.pile}
    sizes = [len(h) + (p in played) for p, h in enumerate(s.hands)]
    require(len(set(sizes)) == 1, "hands: every player holds the same number of cards, less the one laid in this trick")
    round_over = sizes[0] == 0 and len(s.deck) == deals[-1]
    require(not round_over or s.match_over(), f"round: {s.round_no} is played out, so the next round would be dealt")
    require(s.over == round_over, "over: the game ends exactly when the hands are played out and the deck cannot deal")


def _check_tricks(s: TikoState) -> None:
    """Tricks are taken whole; the last one lies in last_trick and its winner leads; the last play is recorded."""
    n = s.game.players
    require(not any(len(w) % n for w in s.won), f"won: each trick taken holds {n} cards")
    if not any(s.won):
        require(not s.last_trick and s.leader == first_leader(s.round_no, n),
                "last_trick, leader: before the first trick of a game, none; the seat after the dealer leads")
    else:
        require(len(s.last_trick) == n and len({who for who, _ in s.last_trick}) == n,
                f"last_trick: the game's previous trick, one card from each of the {n} players")
        winner = trick_winner(s.last_trick)
        require(s.won[winner][-n:] == [c for _, c in s.last_trick] and s.leader == winner,
                "last_trick: its cards end its winner's won cards, and its winner leads")
    require((s.last is None) == (s.version == 0), "last: every play is recorded, and none before the first")
    previous = (s.turn - 1) % n
    require(not s.pile or s.last == (previous, dict(s.pile).get(previous)),
            "last: the card laid by the player before the one whose turn it is")
    require(bool(s.pile) or not any(s.won) or s.last in s.last_trick, "last: a card of the trick just taken")


def _check_match(s: TikoState) -> None:
    """Games played so far: their cards won, the totals, and the version (one per card laid)."""
    game, n = s.rules, s.game.players
    require(len(s.history) == s.round_no - (not s.over), "history must hold one entry per finished game")
    dealt = 64 - decks_left(game)[-1]
    require(all(sum(r) == dealt and not any(x % n for x in r) for r in s.history),
            f"history: each game's cards won, whole tricks of {n}, add up to the cards it dealt")
    require(not s.over or s.history[-1] == [len(w) for w in s.won], "history: the last game's entry is the cards won in it")
    points = [match_points(game, row) for row in s.history]
    require(s.totals == [sum(r[p] for r in points) for p in range(n)], "totals must add up the games in history")
    played = sum(map(sum, s.history)) + (0 if s.over else sum(map(len, s.won)) + len(s.pile))
    require(s.version == played, f"version: one per card laid, {played} here")
