#include "tonk/card.h"

namespace tonk {

namespace {
constexpr std::string_view kRankChars = "A23456789TJQK";
constexpr std::string_view kSuitChars = "cdhs";
}  // namespace

char rank_char(Rank rank) { return kRankChars[static_cast<int>(rank)]; }
char suit_char(Suit suit) { return kSuitChars[static_cast<int>(suit)]; }

std::string to_string(Card card) {
  if (!card.valid()) return "--";
  if (card.is_joker()) return "X" + std::to_string(card.id() - kNumSuits * kNumRanks + 1);
  return {rank_char(card.rank()), suit_char(card.suit())};
}

std::optional<Card> parse_card(std::string_view text) {
  if (text.size() == 1 && (text[0] == 'X' || text[0] == 'x')) return Card::joker(0);
  if (text.size() != 2) return std::nullopt;
  if (text[0] == 'X' || text[0] == 'x') {
    const int k = text[1] - '1';
    if (k < 0 || k >= kMaxJokers) return std::nullopt;
    return Card::joker(k);
  }
  char r = text[0];
  if (r >= 'a' && r <= 'z') r = static_cast<char>(r - 'a' + 'A');
  const char s = static_cast<char>(text[1] >= 'A' && text[1] <= 'Z' ? text[1] - 'A' + 'a' : text[1]);
  const auto ri = kRankChars.find(r);
  const auto si = kSuitChars.find(s);
  if (ri == std::string_view::npos || si == std::string_view::npos) return std::nullopt;
  return Card(static_cast<Rank>(ri), static_cast<Suit>(si));
}

}  // namespace tonk
