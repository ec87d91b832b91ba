#include "terminal.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace tonk::cli {

bool is_terminal(int fd) { return ::isatty(fd) == 1; }

bool stdout_wants_color() {
  if (!is_terminal(STDOUT_FILENO)) return false;
  if (const char* no = std::getenv("NO_COLOR"); no != nullptr && *no != '\0') return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::strcmp(term, "dumb") != 0;
}

std::string Style::wrap(std::string_view on, std::string_view off, std::string_view text) const {
  if (!color_) return std::string(text);
  std::string out = "\x1b[";
  out.append(on).append("m").append(text).append("\x1b[").append(off).append("m");
  return out;
}

std::string Style::card(Card card) const {
  const std::string text = to_string(card);
  if (!card.is_joker() && card.valid() && (card.suit() == Suit::kHearts || card.suit() == Suit::kDiamonds))
    return bad(text);
  return text;
}

std::string Style::cards(CardSet cards, bool group_suits) const {
  std::string out;
  int last_group = -1;
  for (Card c : cards) {  // id order: clubs, diamonds, hearts, spades (each ace to king), jokers
    const int group = c.is_joker() ? kNumSuits : static_cast<int>(c.suit());
    if (!out.empty()) out += (group_suits && group != last_group) ? "   " : " ";
    out += card(c);
    last_group = group;
  }
  return out;
}

std::string Style::compact(CardSet cards) const {
  std::string out;
  for (Card c : cards) out += card(c);
  return out;
}

std::string Style::stakes(long long value) const {
  if (value > 0) return good(std::string(1, '+').append(std::to_string(value)));
  if (value < 0) return bad(std::to_string(value));
  return "0";
}

}  // namespace tonk::cli
