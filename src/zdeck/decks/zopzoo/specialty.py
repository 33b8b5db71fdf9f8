"""Zop Zoo Specialty cards: HYENA gives, RACCOON takes, EARTHWORM switches a POINTS card.

A "unit" is what a Specialty card moves: a row card showing POINTS (covered or
connected, moving with what covers it, or an uncovered Minus card) or a Side
Bonus card. Functions here read and change the table's `rows`, `cover` and `bonus`.
"""

from __future__ import annotations

from zdeck.core import Action
from zdeck.decks.zopzoo import actions as A
from zdeck.decks.zopzoo.actions import ZopAction
from zdeck.decks.zopzoo.cards import KIND, Kind

Rows = list[list[int]]


def units(rows: Rows, cover: dict[int, int], bonus: Rows, p: int) -> list[int]:
    """p's POINTS cards that a Specialty card may move: row cards showing POINTS, then bonus cards."""
    return [b for b in rows[p] if b in cover or KIND[b] is Kind.MINUS] + bonus[p]


def usable(rows: Rows, cover: dict[int, int], bonus: Rows, p: int, kind: Kind) -> bool:
    """Can p use this Specialty card: a POINTS card to give, one to take, or one of each to switch?"""
    if kind is not Kind.RACCOON and not units(rows, cover, bonus, p):
        return False  # nothing of p's own to give or switch
    if kind is Kind.HYENA:
        return True
    return any(units(rows, cover, bonus, q) for q in range(len(rows)) if q != p)


def actions(rows: Rows, cover: dict[int, int], bonus: Rows, p: int, kind: Kind) -> list[Action]:
    """Every way p may use this Specialty card (empty when it cannot be used)."""
    others = [q for q in range(len(rows)) if q != p]
    if kind is Kind.HYENA:
        return [A.give(u, q) for u in units(rows, cover, bonus, p) for q in others]
    if kind is Kind.RACCOON:
        steals = A.STEALS
        return [steals[u] for q in others for u in units(rows, cover, bonus, q)]
    mine = units(rows, cover, bonus, p)
    switches = A.SWITCHES
    return [switches[(a, b)] for q in others for b in units(rows, cover, bonus, q) for a in mine]


def owner(rows: Rows, bonus: Rows, unit: int) -> int:
    """The seat holding this unit, or -1."""
    for q in range(len(rows)):
        if unit in rows[q] or unit in bonus[q]:
            return q
    return -1


def move(rows: Rows, bonus: Rows, unit: int, src: int, dst: int) -> None:
    """Move a unit; a row card carries its cover along (the cover map is keyed by the white card)
    and joins the end of the receiver's row; a Side Bonus card goes beside the receiver's row."""
    pile = bonus if KIND[unit] is Kind.BONUS else rows
    pile[src].remove(unit)
    pile[dst].append(unit)


def use(rows: Rows, bonus: Rows, p: int, action: ZopAction) -> None:
    """Carry out a Give / Steal / Switch for player p."""
    if isinstance(action, A.Give):
        move(rows, bonus, action.unit, p, action.to)
    elif isinstance(action, A.Steal):
        move(rows, bonus, action.unit, owner(rows, bonus, action.unit), p)
    elif isinstance(action, A.Switch):
        q = owner(rows, bonus, action.theirs)
        move(rows, bonus, action.mine, p, q)
        move(rows, bonus, action.theirs, q, p)
