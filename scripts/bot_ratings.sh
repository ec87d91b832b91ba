#!/usr/bin/env bash
# The arena behind the bots' published ratings (docs/RATINGS.md, docs/BOTS.md "Ratings"): every pair of
# the levels a person meets (random, beginner, easy, medium, hard, expert) at 2 players, standard game,
# duplicate deals with seat rotation, seed 1, one thread at nice 19. Prints one line per pair:
#   A B HANDS WINS_A WINS_B
# which `tonk_fit_bot_ratings` (bench/ratings/fit_bot_ratings.cc) turns into Glicko-2 ratings.
# Usage: scripts/bot_ratings.sh TONK [CHEAP_DEALS] [SEARCH_DEALS] [PAIR...]
#   CHEAP_DEALS for pairs of the quick bots (default 10000), SEARCH_DEALS for pairs with hard or expert
#   (default 1200); PAIR (as "easy,hard") plays only those pairs.
set -euo pipefail
tonk="${1:?usage: $0 TONK [CHEAP_DEALS] [SEARCH_DEALS] [PAIR...]}"
cheap="${2:-10000}"
search="${3:-1200}"
shift $(($# < 3 ? $# : 3))
only=("$@")
levels=(random beginner easy medium hard expert)
for ((i = 0; i < ${#levels[@]}; ++i)); do
  for ((j = i + 1; j < ${#levels[@]}; ++j)); do
    a="${levels[i]}" b="${levels[j]}"
    if ((${#only[@]})) && [[ " ${only[*]} " != *" $a,$b "* ]]; then continue; fi
    deals="$cheap"
    case "$a $b" in *hard* | *expert*) deals="$search" ;; esac
    nice -n 19 "$tonk" arena --bots "$a,$b" --deals "$deals" --seed 1 --threads 1 --json |
      python3 -c 'import json, sys
r = json.load(sys.stdin)
e = r["entrants"]
print(e[0]["name"], e[1]["name"], r["hands"], e[0]["wins"], e[1]["wins"], flush=True)'
  done
done
