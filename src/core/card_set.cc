#include "tonk/card_set.h"

#include <algorithm>
#include <vector>

namespace tonk {

namespace {
std::string join(const std::vector<Card>& cards) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) out += ' ';
    out += to_string(c);
  }
  return out;
}
}  // namespace

std::string to_string(CardSet cards) {
  std::vector<Card> v(cards.begin(), cards.end());  // id order is suit-major already
  return join(v);
}

std::string to_string_by_rank(CardSet cards) {
  std::vector<Card> v(cards.begin(), cards.end());
  std::stable_sort(v.begin(), v.end(), [](Card a, Card b) {
    const int ka = a.is_joker() ? 100 + a.id() : static_cast<int>(a.rank()) * 4 + static_cast<int>(a.suit());
    const int kb = b.is_joker() ? 100 + b.id() : static_cast<int>(b.rank()) * 4 + static_cast<int>(b.suit());
    return ka < kb;
  });
  return join(v);
}

std::optional<CardSet> parse_cards(std::string_view text) {
  CardSet out;
  std::size_t i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == ' ' || ch == ',' || ch == '\t') {
      ++i;
      continue;
    }
    std::size_t len = 2;
    if ((ch == 'X' || ch == 'x') && (i + 1 >= text.size() || text[i + 1] < '1' || text[i + 1] > '9')) len = 1;
    if (i + len > text.size()) return std::nullopt;
    const auto card = parse_card(text.substr(i, len));
    if (!card || out.contains(*card)) return std::nullopt;
    out.insert(*card);
    i += len;
  }
  return out;
}

}  // namespace tonk
