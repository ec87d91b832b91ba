#!/usr/bin/env bash
# The bots' published ratings (src/rating/bot_ratings.cc) are the fit of the committed arena pairs
# (bench/ratings/pairs.txt, from scripts/bot_ratings.sh): refitting them gives the same table, so the
# figures cannot drift from the data behind them (docs/BOTS.md "Ratings").
# Usage: check_published.sh FIT_TOOL PAIRS BOT_RATINGS_CC
set -euo pipefail
fit="${1:?usage: $0 FIT_TOOL PAIRS BOT_RATINGS_CC}" pairs="${2:?}" published="${3:?}"
entry='^ *BotRating\{"[a-z]+", [0-9]+, [0-9]+\}'
fitted=$("$fit" < "$pairs" | grep -oE "$entry" || true)
listed=$(grep -oE "$entry" "$published" || true)
[[ -n "$fitted" ]] || { echo "refitting $pairs gave no BotRating lines" >&2; exit 1; }
[[ -n "$listed" ]] || { echo "$published lists no BotRating lines" >&2; exit 1; }
if [[ "$fitted" != "$listed" ]]; then
  echo "the ratings in $published are not the fit of $pairs:" >&2
  diff <(echo "$listed") <(echo "$fitted") | sed 's/^</published:/; s/^>/fitted:   /' >&2 || true
  exit 1
fi
echo "the published ratings are the fit of $pairs"
