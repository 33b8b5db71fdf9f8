"""Zoker Memo: the memory game of the Zoker deck (1-5 players)."""

from zdeck.decks.zoker.memo.game import ZokerMemo

GAMES = [ZokerMemo]
BOTS = {"zoker-memo": {  # strongest first
    "perfect": "zdeck.decks.zoker.memo.bots:perfect",
    "last5": "zdeck.decks.zoker.memo.bots:last_five",
    "forgetful": "zdeck.decks.zoker.memo.bots:forgetful",
    "last3": "zdeck.decks.zoker.memo.bots:last_three",
    "last2": "zdeck.decks.zoker.memo.bots:last_two",
    "goldfish": "zdeck.decks.zoker.memo.bots:goldfish",
}}
