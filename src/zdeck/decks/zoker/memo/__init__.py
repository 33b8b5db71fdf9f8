"""Zoker Memo: the memory game of the Zoker deck (1-5 players)."""

from zdeck.decks.zoker.memo.game import ZokerMemo

GAMES = [ZokerMemo]
BOTS = {"zoker-memo": {  # strongest first
    "perfect": "zdeck.decks.zoker.memo.bots:perfect",
    "forgetful": "zdeck.decks.zoker.memo.bots:forgetful",
    "goldfish": "zdeck.decks.zoker.memo.bots:goldfish",
}}
