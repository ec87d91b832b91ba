#!/usr/bin/env bash
# The arena behind the bots' published ratings (docs/RATINGS.md, docs/BOTS.md "Ratings"): every pair of
# the levels a person meets (random, beginner, easy, medium, hard, expert) at 2 players, standard game,
# duplicate deals with seat rotation, seed 1, one thread at nice 19. Prints one line per pair:
#   A B HANDS WINS_A WINS_B
# which `tonk_fit_bot_ratings` (bench/ratings/fit_bot_ratings.cc) turns into Glicko-2 ratings.
# Usage: scripts/bot_ratings.sh TONK [DEALS] [EXPERT_DEALS] [PAIR...]
#   DEALS for pairs without expert (default 10000), EXPERT_DEALS for pairs with expert, whose search
#   is the slow one (default 2000); PAIR (as "easy,hard") plays only those pairs. The published
#   ratings used the defaults (6 December 2026), with medium,hard played again at 20000 in its place,
#   and the five pairs with expert played again on 7 December, when the expert's default changed;
#   their lines are bench/ratings/pairs.txt.
# With JSON_DIR set, each pair's arena report (mean per hand and interval, for the levels' round-robin
# table of docs/BOTS.md) is also kept there as A-B.json.
set -euo pipefail
tonk="${1:?usage: $0 TONK [DEALS] [EXPERT_DEALS] [PAIR...]}"
deals_each="${2:-10000}"
expert_deals="${3:-2000}"
shift $(($# < 3 ? $# : 3))
only=("$@")
levels=(random beginner easy medium hard expert)
for ((i = 0; i < ${#levels[@]}; ++i)); do
  for ((j = i + 1; j < ${#levels[@]}; ++j)); do
    a="${levels[i]}" b="${levels[j]}"
    if ((${#only[@]})) && [[ " ${only[*]} " != *" $a,$b "* ]]; then continue; fi
    deals="$deals_each"
    case "$a $b" in *expert*) deals="$expert_deals" ;; esac
    nice -n 19 "$tonk" arena --bots "$a,$b" --deals "$deals" --seed 1 --threads 1 --json |
      if [[ -n "${JSON_DIR:-}" ]]; then tee "$JSON_DIR/$a-$b.json"; else cat; fi |
      python3 -c 'import json, sys
r = json.load(sys.stdin)
e = r["entrants"]
print(e[0]["name"], e[1]["name"], r["hands"], e[0]["wins"], e[1]["wins"], flush=True)'
  done
done
