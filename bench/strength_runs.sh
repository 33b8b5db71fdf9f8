#!/bin/sh
# The head-to-head runs behind the strength table of docs/bots.md, one after another, niced; each appends one
# JSON line to the file given. Run from the repository root; the two halves can run at once (hours each), and
# so can chunks of a run on consecutive seeds (`--table` adds them up into the run they make):
#   sh bench/strength_runs.sh /tmp/strength.jsonl a & sh bench/strength_runs.sh /tmp/strength.jsonl b; wait
#   .venv/bin/python bench/strength.py --table /tmp/strength.jsonl
# `ismcts` alone is each game's measured setting (SEARCH_SETTING in its bots.py); the specs below spell it out.
# Each game is one hand or round (a long match is mostly more of the same). The seeds start at 1,000,000:
# the settings were tuned on seeds below 10,000, and a figure is measured on deals the tuning never saw. The
# game counts are those of the table in docs/bots.md, so the script replays it exactly.
set -e
out=${1:?usage: sh bench/strength_runs.sh OUT.jsonl [a|b]}
half=${2:-ab}
run() { nice -n 10 .venv/bin/python bench/strength.py "$@" --seed 1000000 --json --quiet >> "$out"; }
case $half in *a*)
  run zar -o hands=1 --bot ismcts:iters=400,rollout=heuristic --games 350
  run zoker-kubo --bot ismcts:iters=400 --games 200
  run zopzoo -o target=1 --bot ismcts:iters=400,rollout=heuristic,lean=2 --games 200
  run zipzap -o rounds=1 --bot ismcts:iters=200 --games 200
  run zoker-memo --bot ismcts:iters=100,rollout=perfect,root=paired,lean=2,follow=1 --games 200
esac
case $half in *b*)
  run zoker-tiko --bot ismcts:iters=450,rollout=cheap-winner --games 150
  run zoop -p 3 --bot ismcts:iters=160,rollout=heuristic,lean=2 --games 450
  run zoker-solo --opponent greedy --bot ismcts:iters=300 --games 50
esac
