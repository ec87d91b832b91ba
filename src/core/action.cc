#include "tonk/action.h"

#include <charconv>

#include "tonk/quoted_text.h"

namespace tonk {

namespace {
std::string compact(CardSet cards) {
  std::string out;
  for (Card c : cards) out += to_string(c);
  return out;
}

// " run:3h" after the cards, or nothing.
std::string shape_suffix(std::uint8_t shape) { return shape == 0 ? "" : " " + shape_text(shape); }

// Splits "CARDS [book:R|run:RS]" into the cards and the shape; false when the shape is malformed.
bool split_shape(std::string_view text, std::string_view& cards, std::uint8_t& shape) {
  shape = 0;
  cards = text;
  const auto sp = text.rfind(' ');
  const std::string_view last = sp == std::string_view::npos ? text : text.substr(sp + 1);
  if (last.rfind("book:", 0) != 0 && last.rfind("run:", 0) != 0) return true;
  const std::optional<std::uint8_t> parsed = parse_shape(last);
  if (!parsed) return false;
  shape = *parsed;
  cards = sp == std::string_view::npos ? std::string_view{} : text.substr(0, sp);
  return true;
}
}  // namespace

std::string shape_text(std::uint8_t shape) {
  if (shape_is_run(shape)) return std::string("run:") + rank_char(shape_rank(shape)) + suit_char(shape_suit(shape));
  if (shape_is_book(shape)) return std::string("book:") + rank_char(shape_rank(shape));
  return "";
}

std::optional<std::uint8_t> parse_shape(std::string_view text) {
  if (text.rfind("book:", 0) == 0) {
    const auto c = parse_card(std::string(text.substr(5)) + "c");
    if (text.size() != 6 || !c) return std::nullopt;
    return shape_book(c->rank());
  }
  if (text.rfind("run:", 0) == 0) {
    const auto c = parse_card(text.substr(4));
    if (!c || c->is_joker()) return std::nullopt;
    return shape_run(c->suit(), c->rank());
  }
  return std::nullopt;
}

std::string to_string(const Action& action) {
  switch (action.kind) {
    case ActionKind::kDrop: return "drop";
    case ActionKind::kTakeStock: return "stock";
    case ActionKind::kTakeDiscard: return "take";
    case ActionKind::kSpread: return "spread " + compact(action.cards) + shape_suffix(action.shape);
    case ActionKind::kHit:
      return "hit " + std::to_string(action.target) + " " + compact(action.cards) + shape_suffix(action.shape);
    case ActionKind::kDiscard: return "discard " + to_string(action.card());
    case ActionKind::kClaim: return "claim";
    case ActionKind::kEndTurn: return "end";
    case ActionKind::kSlap: return "slap " + std::to_string(action.target);
    case ActionKind::kPass: return "pass";
  }
  return "?";
}

std::optional<Action> parse_action(std::string_view text, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Action> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.remove_suffix(1);
  const auto sp = text.find(' ');
  const std::string_view verb = text.substr(0, sp);
  std::string_view rest = sp == std::string_view::npos ? std::string_view{} : text.substr(sp + 1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);

  auto no_operand = [&](Action a) -> std::optional<Action> {
    if (!rest.empty()) return fail(quoted_text(verb) + " takes no operand");
    return a;
  };
  if (verb == "drop") return no_operand(Action::drop());
  if (verb == "stock") return no_operand(Action::take_stock());
  if (verb == "take") return no_operand(Action::take_discard());
  if (verb == "claim") return no_operand(Action::claim());
  if (verb == "end") return no_operand(Action::end_turn());
  if (verb == "pass") return no_operand(Action::pass());
  if (verb == "slap") {
    int index = -1;
    const auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), index);
    if (rest.empty() || ec != std::errc() || ptr != rest.data() + rest.size() || index < 0 || index > 255)
      return fail("'slap' needs the number of the spread, e.g. 'slap 0'");
    return Action::slap(index);
  }
  if (verb == "spread") {
    std::string_view card_text;
    std::uint8_t shape = 0;
    if (!split_shape(rest, card_text, shape)) return fail("a shape is 'book:R' or 'run:RS', e.g. 'run:3h' (V13a)");
    const auto cards = parse_cards(card_text);
    if (!cards || cards->empty()) return fail("'spread' needs the cards of the spread, e.g. 'spread 4h5h6h'");
    return Action::spread(*cards, shape);
  }
  if (verb == "hit") {
    const auto sp2 = rest.find(' ');
    if (sp2 == std::string_view::npos) return fail("'hit' needs a spread number and cards, e.g. 'hit 0 7h'");
    const std::string_view num = rest.substr(0, sp2);
    int index = -1;
    const auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), index);
    if (ec != std::errc() || ptr != num.data() + num.size() || index < 0 || index > 255)
      return fail("'hit' needs a spread number first, not " + quoted_text(num));
    std::string_view card_text;
    std::uint8_t shape = 0;
    if (!split_shape(rest.substr(sp2 + 1), card_text, shape))
      return fail("a shape is 'book:R' or 'run:RS', e.g. 'run:3h' (V13a)");
    const auto cards = parse_cards(card_text);
    if (!cards || cards->empty()) return fail("'hit' needs the cards to add, e.g. 'hit 0 7h'");
    return Action::hit(index, *cards, shape);
  }
  if (verb == "discard") {
    const auto card = parse_card(rest);
    if (!card) return fail("'discard' needs one card, e.g. 'discard Kc'");
    return Action::discard(*card);
  }
  return fail(verb.empty() ? "empty action" : "unknown action " + quoted_text(verb));
}

bool ActionList::contains(const Action& a) const {
  for (const Action& b : *this)
    if (a == b) return true;
  return false;
}

}  // namespace tonk
