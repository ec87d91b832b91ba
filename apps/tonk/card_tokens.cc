#include "card_tokens.h"

#include "tonk/card.h"
#include "tonk/card_set.h"
#include "tonk/quoted_text.h"

namespace tonk::cli {

std::string card_text_problem(std::string_view text) {
  CardSet seen;
  std::size_t i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == ' ' || ch == ',' || ch == '\t') {
      ++i;
      continue;
    }
    // The same token boundaries as parse_cards: two characters, or a lone X for the first joker.
    std::size_t len = 2;
    if ((ch == 'X' || ch == 'x') && (i + 1 >= text.size() || text[i + 1] < '1' || text[i + 1] > '9')) len = 1;
    const std::string_view token = text.substr(i, len);
    const auto card = parse_card(token);
    if (!card) {
      // Show the whole word the bad token sits in when it is short, so "x Zz" names "Zz".
      std::size_t end = i;
      while (end < text.size() && text[end] != ' ' && text[end] != ',' && text[end] != '\t') ++end;
      const std::string_view word = end - i <= 4 ? text.substr(i, end - i) : token;
      return quoted_text(word) + " is not a card";
    }
    if (seen.contains(*card)) return to_string(*card) + " is named twice (each card is in the deck once)";
    seen.insert(*card);
    i += len;
  }
  return "";
}

}  // namespace tonk::cli
