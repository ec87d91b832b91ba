// The option table (rules as data) and everything derived from it: parsing, printing, validation
// and the generated docs/rules.md.
#include "tonk/rule_options.h"

#include <array>
#include <charconv>
#include <sstream>

#include "tonk/game.h"

namespace tonk {

namespace {

// Accessors generated from a member pointer, so each option is declared once, in kOptions below.
template <auto Member>
int get_member(const Rules& r) {
  return static_cast<int>(r.*Member);
}
template <auto Member>
void set_member(Rules& r, int v) {
  using T = std::remove_reference_t<decltype(r.*Member)>;
  r.*Member = static_cast<T>(v);
}

constexpr std::array<std::string_view, 2> kDeckChoices = {"full52", "forty"};
constexpr std::array<std::string_view, 2> kFaceChoices = {"ten", "ranked"};
constexpr std::array<std::string_view, 1> kMultipleDealtChoices = {"void"};
constexpr std::array<std::string_view, 1> kCaughtChoices = {"standard"};
constexpr std::array<std::string_view, 1> kStockEndChoices = {"lowest_wins"};

template <auto Member>
constexpr OptionSpec int_option(std::string_view name, std::string_view id, int min, int max,
                                std::string_view doc) {
  return {name, OptionType::kInt, id, doc, min, max, {}, &get_member<Member>, &set_member<Member>};
}
template <auto Member>
constexpr OptionSpec bool_option(std::string_view name, std::string_view id, std::string_view doc) {
  return {name, OptionType::kBool, id, doc, 0, 1, {}, &get_member<Member>, &set_member<Member>};
}
template <auto Member, std::size_t N>
constexpr OptionSpec choice_option(std::string_view name, std::string_view id,
                                   const std::array<std::string_view, N>& choices, std::string_view doc) {
  return {name, OptionType::kChoice, id, doc, 0, static_cast<int>(N) - 1, choices,
          &get_member<Member>, &set_member<Member>};
}

// The one table. Order: the table, the deck, the deal, going out, drops, the stock, turns.
const std::array kOptions = {
    int_option<&Rules::players>("players", "S1", 2, kMaxPlayers, "Players at the table."),
    int_option<&Rules::hand_size>("hand_size", "S6", 3, kMaxHandSize, "Cards dealt to each player."),
    choice_option<&Rules::deck>("deck", "S2", kDeckChoices,
                                "full52: one 52-card deck; forty: no 8s, 9s, 10s, 7 next to J in runs (V11)."),
    choice_option<&Rules::face_values>("face_values", "S3", kFaceChoices,
                                       "ten: J, Q, K count 10; ranked: J 11, Q 12, K 13 (V17)."),
    bool_option<&Rules::upcard>("upcard", "S6", "Turn up a card after the deal to start the discard pile (V1: false)."),
    int_option<&Rules::dealt_tonk_min>("dealt_tonk_min", "S7", 0, 200,
                                       "Lowest dealt count that wins as a dealt tonk; 0 disables dealt tonks."),
    int_option<&Rules::dealt_tonk_max>("dealt_tonk_max", "S7", 0, 200, "Highest dealt count that wins as a dealt tonk."),
    int_option<&Rules::dealt_tonk_pays>("dealt_tonk_pays", "S7", 0, 100, "Stakes each other player pays a dealt tonk."),
    choice_option<&Rules::multiple_dealt_tonks>("multiple_dealt_tonks", "S7", kMultipleDealtChoices,
                                                "void: two or more dealt tonks void the hand."),
    int_option<&Rules::tonk_out_pays>("tonk_out_pays", "S13", 0, 100,
                                      "Stakes each other player pays for going out with no final discard."),
    int_option<&Rules::out_by_discard_pays>("out_by_discard_pays", "S14", 0, 100,
                                            "Stakes each other player pays for going out by the final discard."),
    int_option<&Rules::drop_pays>("drop_pays", "S15a", 0, 100, "Stakes each other player pays a dropper who is strictly lowest."),
    choice_option<&Rules::caught_payout>("caught_payout", "S15b", kCaughtChoices,
                                         "standard: the caught dropper pays each catcher; the lowest is paid by the rest."),
    int_option<&Rules::caught_pays>("caught_pays", "S15b", 0, 100,
                                    "Stakes a caught dropper pays each player whose count is equal or lower."),
    int_option<&Rules::caught_lowest_pays>("caught_lowest_pays", "S15b", 0, 100,
                                           "Stakes each higher non-dropper pays the lowest count after a catch."),
    choice_option<&Rules::stock_end>("stock_end", "S16", kStockEndChoices,
                                     "lowest_wins: play on while discards are taken, then the lowest count wins."),
    int_option<&Rules::stock_end_pays>("stock_end_pays", "S16", 0, 100,
                                       "Stakes each higher count pays the lowest when the stock runs out."),
    int_option<&Rules::max_turns>("max_turns", "I2", 10, 10000,
                                  "Turns in a hand after which play ends and the lowest count is paid as in S16."),
    int_option<&Rules::empty_stock_takes>("empty_stock_takes", "I2", 0, 50,
                                          "Discards each player may take once the stock is empty (bounds every hand)."),
    bool_option<&Rules::rediscard_taken_card>("rediscard_taken_card", "I1",
                                              "The card taken from the pile may be discarded again in the same turn."),
    bool_option<&Rules::drop_on_first_turn>("drop_on_first_turn", "I3", "A player may drop on their first turn."),
    int_option<&Rules::book_max>("book_max", "I5", 3, 4, "Largest book on the table: 4, or 3 when books take no hits (V19a)."),
    bool_option<&Rules::held_spreads_count>("held_spreads_count", "I8",
                                            "Spreads held in hand count in a showdown (false: they are laid aside)."),
    bool_option<&Rules::cut_ace_high>("cut_ace_high", "I7", "The ace is high in the cut for the first deal."),
};

[[noreturn]] void fail(std::string_view option, const std::string& message) {
  throw RuleError(std::string(option), message);
}

}  // namespace

std::string OptionSpec::format(int value) const {
  switch (type) {
    case OptionType::kBool: return value ? "true" : "false";
    case OptionType::kChoice:
      return value >= 0 && value < static_cast<int>(choices.size()) ? std::string(choices[value]) : std::to_string(value);
    case OptionType::kInt: break;
  }
  return std::to_string(value);
}

int OptionSpec::parse(std::string_view text) const {
  int value = 0;
  switch (type) {
    case OptionType::kBool:
      if (text == "true" || text == "1" || text == "yes" || text == "on") return 1;
      if (text == "false" || text == "0" || text == "no" || text == "off") return 0;
      fail(name, "option '" + std::string(name) + "' takes true or false, not '" + std::string(text) + "'");
    case OptionType::kChoice: {
      std::string list;
      for (std::size_t i = 0; i < choices.size(); ++i) {
        if (choices[i] == text) return static_cast<int>(i);
        list += (i ? ", " : "") + std::string(choices[i]);
      }
      fail(name, "option '" + std::string(name) + "' takes one of " + list + ", not '" + std::string(text) + "'");
    }
    case OptionType::kInt: {
      const auto* end = text.data() + text.size();
      const auto [ptr, ec] = std::from_chars(text.data(), end, value);
      if (text.empty() || ec != std::errc() || ptr != end)
        fail(name, "option '" + std::string(name) + "' takes a whole number, not '" + std::string(text) + "'");
      if (value < min || value > max)
        fail(name, "option '" + std::string(name) + "' must be from " + std::to_string(min) + " to " +
                       std::to_string(max) + ", not " + std::to_string(value));
      return value;
    }
  }
  return value;
}

std::span<const OptionSpec> rule_options() { return kOptions; }

const OptionSpec* find_option(std::string_view name) {
  for (const auto& o : kOptions)
    if (o.name == name) return &o;
  return nullptr;
}

void set_option(Rules& rules, std::string_view name, std::string_view value) {
  const OptionSpec* spec = find_option(name);
  if (!spec) fail(name, "unknown rule option '" + std::string(name) + "' (see `tonk rules`)");
  spec->set(rules, spec->parse(value));
}

void apply_options(Rules& rules, std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    if (j == i) break;
    const std::string_view item = text.substr(i, j - i);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      fail("", "rule setting '" + std::string(item) + "' is not of the form option=value");
    set_option(rules, item.substr(0, eq), item.substr(eq + 1));
    i = j;
  }
}

std::string to_string(const Rules& rules) {
  std::string out;
  for (const auto& o : kOptions) {
    if (!out.empty()) out += ' ';
    out += std::string(o.name) + "=" + o.format(o.get(rules));
  }
  return out;
}

void validate(const Rules& rules) {
  for (const auto& o : kOptions) {
    const int v = o.get(rules);
    if (v < o.min || v > o.max)
      fail(o.name, "option '" + std::string(o.name) + "' must be from " + o.format(o.min) + " to " +
                       o.format(o.max) + ", not " + std::to_string(v));
  }
  // S1: the deal must leave at least the upcard and one stock card.
  const int deck_size = rules.deck == DeckKind::kForty ? 40 : 52;
  const int needed = rules.players * rules.hand_size + (rules.upcard ? 1 : 0) + 1;
  if (needed > deck_size)
    fail("players", "the deal needs " + std::to_string(needed) + " cards (" + std::to_string(rules.players) +
                        " players x " + std::to_string(rules.hand_size) + " cards" +
                        (rules.upcard ? " + upcard" : "") + " + one stock card) but the deck has " +
                        std::to_string(deck_size) + " (S1)");
  if (rules.dealt_tonk_min > 0) {
    if (rules.dealt_tonk_max < rules.dealt_tonk_min)
      fail("dealt_tonk_max", "dealt_tonk_max (" + std::to_string(rules.dealt_tonk_max) +
                                 ") is below dealt_tonk_min (" + std::to_string(rules.dealt_tonk_min) + ") (S7)");
    // The highest count a dealt hand can reach: the hand_size most valuable cards of the deck.
    int best = 0;
    int left = rules.hand_size;
    std::array<int, 13> values{};
    for (int r = 0; r < 13; ++r) values[r] = r >= 10 ? (rules.face_values == FaceValues::kRanked ? r + 1 : 10) : r + 1;
    for (int r = 12; r >= 0 && left > 0; --r) {
      if (rules.deck == DeckKind::kForty && r >= 7 && r <= 9) continue;
      const int take = left < 4 ? left : 4;
      best += take * values[r];
      left -= take;
    }
    if (rules.dealt_tonk_min > best)
      fail("dealt_tonk_min", "a dealt hand of " + std::to_string(rules.hand_size) + " cards counts at most " +
                                 std::to_string(best) + ", so dealt_tonk_min " +
                                 std::to_string(rules.dealt_tonk_min) + " can never be reached (S7)");
  }
}

std::string rules_markdown() {
  std::ostringstream md;
  md << "# Rule options\n\n"
     << "Generated from the option table in `src/core/rule_options.cc` by `tonk rules --markdown`;\n"
     << "a test fails when this file is stale. Rule IDs refer to `RULES.md` (S = standard game,\n"
     << "V = variation, I = interpretation). The defaults are the standard game, preset `P-STD`.\n\n"
     << "Set an option with `--set name=value`; a record's `Rules` tag lists every option this way.\n\n"
     << "| option | type | default | allowed | rule | meaning |\n"
     << "|---|---|---|---|---|---|\n";
  for (const auto& o : kOptions) {
    std::string type, allowed;
    switch (o.type) {
      case OptionType::kInt:
        type = "int";
        allowed = std::to_string(o.min) + "–" + std::to_string(o.max);
        break;
      case OptionType::kBool:
        type = "bool";
        allowed = "true, false";
        break;
      case OptionType::kChoice:
        type = "choice";
        for (std::size_t i = 0; i < o.choices.size(); ++i) allowed += (i ? ", " : "") + std::string(o.choices[i]);
        break;
    }
    md << "| `" << o.name << "` | " << type << " | `" << o.format(o.default_value()) << "` | " << allowed << " | "
       << o.rule_id << " | " << o.doc << " |\n";
  }
  md << "\nBesides the ranges above, a rule set is refused when the deal does not fit the deck (S1: players ×\n"
     << "hand size + upcard + one stock card) or when `dealt_tonk_min` is above the highest count a dealt\n"
     << "hand can reach.\n";
  return md.str();
}

}  // namespace tonk
