// The option table (rules as data) and everything derived from it: parsing, printing, validation
// and the generated docs/OPTIONS.md.
#include "tonk/rule_options.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <sstream>
#include <vector>

#include "tonk/game.h"
#include "tonk/quoted_text.h"

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
constexpr std::array<std::string_view, 2> kWildChoices = {"none", "deuces_jokers"};
constexpr std::array<std::string_view, 2> kFaceChoices = {"ten", "ranked"};
constexpr std::array<std::string_view, 5> kMultipleDealtChoices = {"void", "best", "best_nearest", "all", "earliest"};
constexpr std::array<std::string_view, 2> kPriorityChoices = {"high_first", "low_first"};
constexpr std::array<std::string_view, 9> kCaughtChoices = {
    "standard", "lowest_double", "dropper_pays_lowest", "equal_or_lower_and_lowest", "dropper_pays_all",
    "lowest_nearest", "czech", "catchers_only", "lowest_only"};
constexpr std::array<std::string_view, 4> kStockEndChoices = {"lowest_wins", "dead", "after_last_draw", "lowest_as_drop"};
constexpr std::array<std::string_view, 4> kScoringChoices = {"stakes", "units", "points", "pushups"};
constexpr std::array<std::string_view, 3> kSlappingChoices = {"off", "on", "next_priority"};

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

// The one table, in the order of Rules: the table and deck, dealt-hand wins, going out, the drop,
// the stock, waiting, restrictions, slapping, scoring and the session.
const std::array kOptions = {
    int_option<&Rules::players>("players", "S1", 2, kMaxPlayers, "Players at the table."),
    int_option<&Rules::hand_size>("hand_size", "S6", 3, kMaxHandSize, "Cards dealt to each player (V18: 7)."),
    choice_option<&Rules::deck>("deck", "S2", kDeckChoices,
                                "full52: one 52-card deck; forty: no 8s, 9s, 10s, 7 next to J in runs (V11)."),
    int_option<&Rules::jokers>("jokers", "V16", 0, 4, "Jokers added to the deck; they count 0 and never spread (unless wild)."),
    choice_option<&Rules::wild_cards>("wild_cards", "V13a", kWildChoices,
                                      "none; deuces_jokers: deuces and jokers stand for any card in spreads."),
    choice_option<&Rules::face_values>("face_values", "S3", kFaceChoices,
                                       "ten: J, Q, K count 10; ranked: J 11, Q 12, K 13 (V17)."),
    bool_option<&Rules::upcard>("upcard", "S6", "Turn up a card after the deal to start the discard pile (V1: false)."),
    int_option<&Rules::dealt_tonk_min>("dealt_tonk_min", "S7", 0, 200,
                                       "Lowest dealt count that wins as a dealt tonk; 0 disables dealt tonks."),
    int_option<&Rules::dealt_tonk_max>("dealt_tonk_max", "S7", 0, 200, "Highest dealt count that wins as a dealt tonk."),
    int_option<&Rules::dealt_tonk_pays>("dealt_tonk_pays", "S7", 0, 100,
                                        "Stakes each other player pays a dealt tonk of dealt_tonk_max."),
    int_option<&Rules::dealt_tonk_below_max_pays>("dealt_tonk_below_max_pays", "V7", 0, 100,
                                                  "Stakes each other player pays a dealt tonk below the max (V7: 1)."),
    int_option<&Rules::dealt_low_max>("dealt_low_max", "V8", 0, 100,
                                      "A dealt count at or below this wins (V8a 15, V8b 9, V9 11, V10 13, V14b 14); 0 = off."),
    int_option<&Rules::dealt_low_pays>("dealt_low_pays", "V8", 0, 100, "Stakes each other player pays a low dealt hand."),
    int_option<&Rules::dealt_five_faces_pays>("dealt_five_faces_pays", "V12b", 0, 100,
                                              "Stakes each other player pays a dealt hand of face cards only; 0 = off."),
    choice_option<&Rules::multiple_dealt_tonks>(
        "multiple_dealt_tonks", "S7", kMultipleDealtChoices,
        "Several dealt wins: void (S7), best (V9; a tie voids), best_nearest (V10), all (V14b), earliest (V13b)."),
    choice_option<&Rules::dealt_priority>("dealt_priority", "V9", kPriorityChoices,
                                          "Best dealt win: high_first (V10: 50, 49, low) or low_first (V9: low, 50, 49)."),
    int_option<&Rules::dealt_claim_total>("dealt_claim_total", "V13d", 0, 200,
                                          "A dealt count that may claim a win before its first turn if nobody has spread; 0 = off."),
    int_option<&Rules::dealt_claim_pays>("dealt_claim_pays", "V13d", 0, 100, "Stakes each other player pays a claim."),
    int_option<&Rules::tonk_out_pays>("tonk_out_pays", "S13", 0, 100,
                                      "Stakes each other player pays for going out with no final discard."),
    int_option<&Rules::hit_out_pays>("hit_out_pays", "V3a", 0, 100,
                                     "Stakes for going out with no final discard in a turn that included a hit (V3a: 1)."),
    int_option<&Rules::out_by_discard_pays>("out_by_discard_pays", "S14", 0, 100,
                                            "Stakes each other player pays for going out by the final discard."),
    int_option<&Rules::first_turn_out_pays>("first_turn_out_pays", "V10", 0, 100,
                                            "Going out on one's first turn with two spreads, I10 (V10: 4, V13h: 2); 0 = no special pay."),
    int_option<&Rules::double_spread_out_pays>("double_spread_out_pays", "V13h", 0, 100,
                                               "Going out on a later turn with two spreads laid in that turn, I9 (V13h: 1); 0 = no special pay."),
    bool_option<&Rules::hit_breaks_double>("hit_breaks_double", "V13f",
                                           "A player who has hit this hand goes out for out_by_discard_pays only."),
    int_option<&Rules::drop_pays>("drop_pays", "S15a", 0, 100, "Stakes each other player pays a dropper who is strictly lowest."),
    choice_option<&Rules::caught_payout>(
        "caught_payout", "S15b", kCaughtChoices,
        "standard (S15b), lowest_double (V4.1), dropper_pays_lowest (V4.2), equal_or_lower_and_lowest (V4.3), "
        "dropper_pays_all (V4.4), lowest_nearest (V4.5), czech (V4.6), catchers_only (V12d), lowest_only (V13g, V14d)."),
    int_option<&Rules::caught_pays>("caught_pays", "S15b", 0, 100, "Stakes the caught dropper pays (to whom: caught_payout)."),
    int_option<&Rules::caught_lowest_pays>("caught_lowest_pays", "S15b", 0, 100, "Stakes paid to the lowest count after a catch."),
    bool_option<&Rules::caught_pays_per_player>("caught_pays_per_player", "V14d",
                                                "caught_pays is multiplied by the number of players."),
    bool_option<&Rules::caught_for_dropper_too>(
        "caught_for_dropper_too", "V4.2",
        "[I] With dropper_pays_lowest, the dropper pays for the n-1 players other than the lowest (false: n-2)."),
    choice_option<&Rules::stock_end>(
        "stock_end", "S16", kStockEndChoices,
        "lowest_wins (S16), dead (V5: no payments), after_last_draw (V5a), lowest_as_drop (V12e; a tie is dead)."),
    int_option<&Rules::stock_end_pays>("stock_end_pays", "S16", 0, 100,
                                       "Stakes each higher count pays the lowest when the stock runs out."),
    int_option<&Rules::max_turns>("max_turns", "I2", 10, 10000,
                                  "Turns in a hand after which play ends: paid as in S16 whatever stock_end says while the stock has cards."),
    int_option<&Rules::empty_stock_takes>("empty_stock_takes", "I2", 0, 50,
                                          "Discards each player may take once the stock is empty."),
    bool_option<&Rules::boobed_deck>("boobed_deck", "V12e",
                                     "With the stock at most the number of players, nobody goes out; an empty hand counts 0."),
    int_option<&Rules::spread_wait>("spread_wait", "V6.1", 0, 10, "Turns a player may not drop after laying a new spread."),
    int_option<&Rules::hit_wait>("hit_wait", "V6.2", 0, 10,
                                 "Turns a player may not drop after another player hits their spread (V14c: 1, V6b: 3)."),
    int_option<&Rules::own_hit_wait>("own_hit_wait", "V6.3", 0, 10,
                                     "Turns a player may not drop after hitting their own spread (V6b: 3)."),
    bool_option<&Rules::waits_add>("waits_add", "V6.4", "Waits add up; otherwise the longest wait applies."),
    bool_option<&Rules::round_hits_one_wait>("round_hits_one_wait", "V6a",
                                             "Several hits on a player's spreads between their turns make one wait."),
    bool_option<&Rules::hit_blocks_going_out>("hit_blocks_going_out", "V6c",
                                              "Being hit also forbids going out on the next turn (V6.5 otherwise)."),
    bool_option<&Rules::must_lay_spreads>("must_lay_spreads", "V2", "A complete spread held in hand must be laid before discarding."),
    bool_option<&Rules::may_hold_three_aces>("may_hold_three_aces", "V2a", "With must_lay_spreads, three aces may be held."),
    int_option<&Rules::book_max>("book_max", "I5", 3, 4, "Largest book on the table: 4, or 3 when books take no hits (V19a)."),
    int_option<&Rules::hit_cards_per_turn>("hit_cards_per_turn", "V19b", 0, 20,
                                           "Cards a player may hit with in one turn (V19b: 1); 0 = no limit."),
    bool_option<&Rules::hit_skips_discard>("hit_skips_discard", "V19c", "A player who hits ends the turn without discarding."),
    bool_option<&Rules::taken_discard_must_spread>("taken_discard_must_spread", "V19d",
                                                   "The card taken from the pile must go at once into a new spread."),
    bool_option<&Rules::rediscard_taken_card>("rediscard_taken_card", "I1",
                                              "The card taken from the pile may be discarded again in the same turn."),
    bool_option<&Rules::drop_on_first_turn>("drop_on_first_turn", "I3", "A player may drop on their first turn."),
    bool_option<&Rules::held_spreads_count>("held_spreads_count", "I8",
                                            "Spreads held in hand count in a showdown (false: they are laid aside)."),
    bool_option<&Rules::cut_ace_high>("cut_ace_high", "I7", "The ace is high in the cut for the first deal."),
    choice_option<&Rules::slapping>("slapping", "V21", kSlappingChoices,
                                    "off; on (V21); next_priority (V21a: the next player wins the race, no extra discard)."),
    choice_option<&Rules::scoring>("scoring", "S4", kScoringChoices,
                                   "stakes (S4), units (V12c), points (V14a), pushups (V15: losers score their count)."),
    bool_option<&Rules::drop_called_tonk>("drop_called_tonk", "V12a", "Call a drop \"tonk\" (words only)."),
    int_option<&Rules::pushup_limit>("pushup_limit", "V15", 0, 100000,
                                     "With pushups, the session ends when a player's total reaches this; 0 = no limit."),
    int_option<&Rules::big_one_hands>("big_one_hands", "V22", 0, 1000,
                                      "The last this many hands of a session of known length pay double."),
    int_option<&Rules::suit_bet>("suit_bet", "V23a", 0, 100,
                                 "Each player's stake in the pot for the highest dealt card of the dealer's suit; 0 = off."),
    int_option<&Rules::naturals_bet>("naturals_bet", "V23b", 0, 100,
                                     "Each player's stake per deal in the pot for the first book of three; 0 = off."),
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
      fail(name, "option " + quoted_text(name) + " takes true or false, not " + quoted_text(text));
    case OptionType::kChoice: {
      std::string list;
      for (std::size_t i = 0; i < choices.size(); ++i) {
        if (choices[i] == text) return static_cast<int>(i);
        list += (i ? ", " : "") + std::string(choices[i]);
      }
      fail(name, "option " + quoted_text(name) + " takes one of " + list + ", not " + quoted_text(text));
    }
    case OptionType::kInt: {
      const auto* end = text.data() + text.size();
      const auto [ptr, ec] = std::from_chars(text.data(), end, value);
      if (text.empty() || ec != std::errc() || ptr != end)
        fail(name, "option " + quoted_text(name) + " takes a whole number, not " + quoted_text(text));
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
  if (!spec) fail(name, "unknown rule option " + quoted_text(name) + " (see `tonk rules`)");
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
      fail("", "rule setting " + quoted_text(item) + " is not of the form option=value");
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

namespace {

// The card values of the deck the rules describe, sorted from low to high (S2, S3, V11, V16, V17).
std::vector<int> deck_values(const Rules& rules) {
  std::vector<int> values(static_cast<std::size_t>(rules.jokers), 0);  // V16: jokers count 0
  for (int r = 0; r < kNumRanks; ++r) {
    if (rules.deck == DeckKind::kForty && r >= 7 && r <= 9) continue;  // V11: no 8, 9, 10
    const int v = r >= 10 && rules.face_values == FaceValues::kTen ? 10 : r + 1;
    for (int s = 0; s < kNumSuits; ++s) values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  return values;
}

void require(bool ok, std::string_view option, const std::string& message) {
  if (!ok) fail(option, message);
}

std::string num(int v) { return std::to_string(v); }

}  // namespace

void validate(const Rules& rules) {
  for (const auto& o : kOptions) {
    const int v = o.get(rules);
    if (v < o.min || v > o.max)
      fail(o.name, "option '" + std::string(o.name) + "' must be from " + o.format(o.min) + " to " +
                       o.format(o.max) + ", not " + std::to_string(v));
  }
  const std::vector<int> values = deck_values(rules);
  const int deck_size = static_cast<int>(values.size());
  // S1: the deal must leave at least the upcard and one stock card.
  const int needed = rules.players * rules.hand_size + (rules.upcard ? 1 : 0) + 1;
  require(needed <= deck_size, "players",
          "the deal needs " + num(needed) + " cards (" + num(rules.players) + " players x " + num(rules.hand_size) +
              " cards" + (rules.upcard ? " + upcard" : "") + " + one stock card) but the deck has " + num(deck_size) +
              " (S1)");

  // The lowest and highest counts a dealt hand can have.
  int lowest = 0, highest = 0;
  for (int i = 0; i < rules.hand_size; ++i) {
    lowest += values[static_cast<std::size_t>(i)];
    highest += values[values.size() - 1 - static_cast<std::size_t>(i)];
  }
  const std::string hand = "a dealt hand of " + num(rules.hand_size) + " cards counts ";
  if (rules.dealt_tonk_min > 0) {
    require(rules.dealt_tonk_max >= rules.dealt_tonk_min, "dealt_tonk_max",
            "dealt_tonk_max (" + num(rules.dealt_tonk_max) + ") is below dealt_tonk_min (" + num(rules.dealt_tonk_min) +
                ") (S7)");
    require(rules.dealt_tonk_min <= highest, "dealt_tonk_min",
            hand + "at most " + num(highest) + ", so dealt_tonk_min " + num(rules.dealt_tonk_min) +
                " can never be reached (S7)");
  }
  if (rules.dealt_low_max > 0) {
    require(rules.dealt_low_max >= lowest, "dealt_low_max",
            hand + "at least " + num(lowest) + ", so dealt_low_max " + num(rules.dealt_low_max) +
                " can never be reached (V8)");
    require(rules.dealt_tonk_min == 0 || rules.dealt_low_max < rules.dealt_tonk_min, "dealt_low_max",
            "dealt_low_max (" + num(rules.dealt_low_max) + ") overlaps the dealt tonk totals from dealt_tonk_min (" +
                num(rules.dealt_tonk_min) + ")");
  }
  if (rules.dealt_claim_total > 0) {
    require(rules.dealt_claim_total >= lowest && rules.dealt_claim_total <= highest, "dealt_claim_total",
            hand + "from " + num(lowest) + " to " + num(highest) + ", so dealt_claim_total " +
                num(rules.dealt_claim_total) + " can never be reached (V13d)");
    require(rules.dealt_tonk_min == 0 || rules.dealt_claim_total < rules.dealt_tonk_min ||
                rules.dealt_claim_total > rules.dealt_tonk_max,
            "dealt_claim_total",
            "dealt_claim_total " + num(rules.dealt_claim_total) + " is already a dealt tonk (dealt_tonk_min.." +
                "dealt_tonk_max), so it could never be claimed (V13d)");
    require(rules.dealt_claim_total > rules.dealt_low_max, "dealt_claim_total",
            "dealt_claim_total " + num(rules.dealt_claim_total) + " is already a low dealt win (dealt_low_max)");
  }
  if (rules.dealt_five_faces_pays > 0)
    require(rules.hand_size <= 12, "dealt_five_faces_pays", "a hand of more than 12 cards cannot be all face cards (V12b)");
  require(rules.wild_cards == WildCards::kNone || rules.hand_size <= 7, "wild_cards",
          "wild cards (V13a) are played with hands of at most 7 cards (here hand_size is " + num(rules.hand_size) +
              "): larger hands could be spread in more ways than the engine lists");
  require(!rules.may_hold_three_aces || rules.must_lay_spreads, "may_hold_three_aces",
          "may_hold_three_aces (V2a) is an exception to must_lay_spreads (V2), which is off");
  require(!rules.waits_add || rules.spread_wait + rules.hit_wait + rules.own_hit_wait > 0, "waits_add",
          "waits_add (V6.4) has no effect: spread_wait, hit_wait and own_hit_wait are all 0");
  require(!rules.round_hits_one_wait || rules.hit_wait + rules.own_hit_wait > 0, "round_hits_one_wait",
          "round_hits_one_wait (V6a) has no effect: hit_wait and own_hit_wait are 0");
  require(!rules.hit_blocks_going_out || rules.hit_wait > 0, "hit_blocks_going_out",
          "hit_blocks_going_out (V6c) has no effect: hit_wait is 0");
  require(rules.pushup_limit == 0 || rules.scoring == Scoring::kPushups, "pushup_limit",
          "pushup_limit (V15) needs scoring=pushups");
  if (rules.scoring == Scoring::kPushups) {
    require(rules.suit_bet == 0, "suit_bet", "push-ups (V15) score points, so there are no stakes for a side bet (V23a)");
    require(rules.naturals_bet == 0, "naturals_bet",
            "push-ups (V15) score points, so there are no stakes for a side bet (V23b)");
    require(rules.big_one_hands == 0, "big_one_hands", "push-ups (V15) score points, not stakes (V22)");
  }
}


}  // namespace tonk
