// Spreads with wild cards (V13a) in words: what each wild card stands for, and what is wrong with a
// shape a person named that the cards do not fit.
#pragma once

#include <cstdint>
#include <string>

#include "terminal.h"
#include "tonk/card_set.h"
#include "tonk/game.h"

namespace tonk::cli {

/// The spread in the order of its shape, each wild card shown with the card it stands for:
/// "7s [2h=8s] [X2=9s] Ts" for the run 2h 7s Ts X2 of shape run:7s, "9c 9d [X1=9]" for a book
/// of nines. A spread without wild cards (or a shape of 0) is its cards, as Style::cards writes them.
std::string spread_text(const Game& game, CardSet spread, std::uint8_t shape, const Style& style);

/// Why `cards` do not make a spread of `shape` (the named shape of a spread or, for a hit, of the
/// spread it makes), in a sentence citing V13a: "run:5c covers 5c 6c 7c; 4c is outside it".
/// "" when they fit (Game::fits) or `shape` is 0.
std::string shape_problem(const Game& game, CardSet cards, std::uint8_t shape);

}  // namespace tonk::cli
