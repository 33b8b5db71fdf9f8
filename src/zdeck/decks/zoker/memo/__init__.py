"""Zoker Memo: the memory game of the Zoker deck (1-5 players)."""

from zdeck.decks.zoker.memo.bots import MemoryBot, forgetful, goldfish, perfect
from zdeck.decks.zoker.memo.state import MemoState, ZokerMemo

GAMES = [ZokerMemo]
BOTS = {"zoker-memo": {"perfect": perfect, "forgetful": forgetful, "goldfish": goldfish}}

__all__ = ["BOTS", "GAMES", "MemoState", "MemoryBot", "ZokerMemo"]
