// Why a card list typed at the prompt does not parse, naming the token at fault ("'Zz' is not a
// card", "5h is named twice"), so the person sees what to fix rather than the generic usage line.
#pragma once

#include <string>
#include <string_view>

namespace tonk::cli {

/// The first problem of `text` read as cards the way tonk::parse_cards reads them (two characters
/// each, rank then suit, X1/X2 for jokers; spaces and commas between them optional): a token that
/// is not a card or a card named twice. "" when every token is a card, named once.
std::string card_text_problem(std::string_view text);

}  // namespace tonk::cli
