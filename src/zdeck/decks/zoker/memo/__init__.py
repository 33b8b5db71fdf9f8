"""Zoker Memo: the memory game of the Zoker deck (1-5 players)."""

from zdeck.decks.zoker.memo.bots import forgetful, goldfish, perfect
from zdeck.decks.zoker.memo.game import ZokerMemo

GAMES = [ZokerMemo]
BOTS = {"zoker-memo": {"perfect": perfect, "forgetful": forgetful, "goldfish": goldfish}}  # strongest first
