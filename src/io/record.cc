// Game records: writing, parsing and replaying the text format of docs/RECORDS.md.
#include "tonk/record.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <deque>
#include <istream>
#include <optional>
#include <set>

#include "tonk/game.h"
#include "tonk/outcome.h"
#include "tonk/player_name.h"
#include "tonk/quoted_text.h"
#include "tonk/rule_options.h"

namespace tonk {

RecordError::RecordError(std::int64_t line, const std::string& message) : std::runtime_error(message), line_(line) {}

bool operator==(const HandRecord& a, const HandRecord& b) {
  return a.number == b.number && a.rules == b.rules && a.seats == b.seats && a.dealer == b.dealer &&
         a.deck == b.deck && a.moves == b.moves && a.reason == b.reason && a.counts == b.counts &&
         a.payouts == b.payouts && a.points == b.points && a.stake == b.stake && a.side_suit == b.side_suit &&
         a.pot == b.pot && a.side_bets == b.side_bets;
}

namespace {

constexpr std::string_view kGameName = "Tonk";
// Bounds on the numbers of the Counts and Payouts tags: far beyond any real hand, small enough that
// no arithmetic on them overflows.
constexpr int kMaxCount = 100'000;
constexpr int kMaxPayout = 1'000'000'000;
// Largest [SideBets] value: the whole naturals pot (kMaxRecordPot) plus a table's bets (V23).
constexpr long long kMaxSideBet = kMaxRecordPot + 1'000'000;
// Largest [Stake]: V22 doubles; a larger multiple is refused when the rules are checked.
constexpr int kMaxStake = 1000;

bool is_blank(char c) { return c == ' ' || c == '\t'; }
bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// A whole number of decimal digits only (no sign, no blanks), at most `max`.
std::optional<int> parse_natural(std::string_view s, int max) {
  if (s.empty() || s.size() > 10) return std::nullopt;
  long long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v > max) return std::nullopt;
  return static_cast<int>(v);
}

// As parse_natural(), for numbers up to 18 digits.
std::optional<long long> parse_natural64(std::string_view s, long long max) {
  if (s.empty() || s.size() > 18) return std::nullopt;
  long long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v > max) return std::nullopt;
  return v;
}

std::optional<long long> parse_signed64(std::string_view s, long long max) {
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  const auto v = parse_natural64(s, max);
  if (!v) return std::nullopt;
  return negative ? -*v : *v;
}

// An optionally signed whole number ("+2", "-2", "0"), at most `max` in size.
std::optional<int> parse_signed(std::string_view s, int max) {
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  const auto v = parse_natural(s, max);
  if (!v) return std::nullopt;
  return negative ? -*v : *v;
}

std::string signed_text(long long v) {
  std::string out = v > 0 ? "+" : "";
  return out.append(std::to_string(v));
}

std::vector<std::string_view> split_blanks(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_blank(s[i])) ++i;
    std::size_t j = i;
    while (j < s.size() && !is_blank(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<EndReason> parse_reason(std::string_view s) {
  for (int r = 1; r < kNumEndReasons; ++r) {
    const auto reason = static_cast<EndReason>(r);
    if (to_string(reason) == s) return reason;
  }
  return std::nullopt;
}

std::string reason_list() {
  std::string out;
  for (int r = 1; r < kNumEndReasons; ++r) {
    if (r > 1) out += ", ";
    out += to_string(static_cast<EndReason>(r));
  }
  return out;
}

std::optional<Suit> parse_suit(std::string_view s) {
  for (int i = 0; i < kNumSuits; ++i)
    if (s.size() == 1 && s[0] == suit_char(static_cast<Suit>(i))) return static_cast<Suit>(i);
  return std::nullopt;
}

// "" when `name` can be a seat name; otherwise why not. The rule for a player's name
// (player_name.h), so that a record holds only names a table could show.
std::string seat_name_problem(std::string_view name) {
  if (name.size() > kMaxSeatName)
    return "a seat name may have at most " + std::to_string(kMaxSeatName) + " bytes, not " + std::to_string(name.size());
  if (const std::string why = name_problem(name); !why.empty()) return "a seat name " + why;
  return "";
}

std::string seat_tag(int seat) { return "Seat" + std::to_string(seat); }

// ---- writing ------------------------------------------------------------------------------------

std::string tag_line(std::string_view name, std::string_view value) {
  std::string out = "[" + std::string(name) + " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"]\n";
}

// Comment lines showing the dealt hands and the upcard (S6), when the deck is long enough to deal.
std::string dealt_comment(const HandRecord& r) {
  const int n = r.rules.players;
  const int size = r.rules.hand_size;
  const std::size_t needed = static_cast<std::size_t>(n) * size + (r.rules.upcard ? 1 : 0);
  if (n < 1 || n > kMaxPlayers || size < 0 || r.dealer < 0 || r.dealer >= n || r.deck.size() < needed) return "";
  std::array<CardSet, kMaxPlayers> hands{};
  std::size_t k = 0;
  for (int round = 0; round < size; ++round)  // S6: one at a time, clockwise from the dealer's left
    for (int i = 1; i <= n; ++i) hands[(r.dealer + i) % n].insert(r.deck[k++]);
  std::string out;
  for (int p = 0; p < n; ++p) out += "# seat " + std::to_string(p) + " is dealt " + to_string(hands[p]) + "\n";
  if (r.rules.upcard) out += "# the upcard is " + to_string(r.deck[k]) + "\n";
  return out;
}

// ---- parsing ------------------------------------------------------------------------------------

struct TagLine {
  std::string_view name;
  std::string value;
};

// Parses `[Name "value"]`, optionally followed by blanks and a # comment. `t` is trimmed.
TagLine parse_tag_line(std::string_view t, std::int64_t line) {
  std::size_t i = 1;  // past '['
  while (i < t.size() && ((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z') || (t[i] >= '0' && t[i] <= '9')))
    ++i;
  TagLine tag;
  tag.name = t.substr(1, i - 1);
  if (tag.name.empty()) throw RecordError(line, "a tag is [Name \"value\"]; the name is missing");
  // A tag name is short; a long one is shown cut, so an error message stays readable.
  const std::string shown = "[" + std::string(tag.name.substr(0, 20)) + (tag.name.size() > 20 ? "...]" : "]");
  const std::size_t after_name = i;
  while (i < t.size() && is_blank(t[i])) ++i;
  if (i == after_name || i >= t.size() || t[i] != '"')
    throw RecordError(line, "tag " + shown + ": a tag is [Name \"value\"], with the value in double quotes");
  ++i;
  bool closed = false;
  while (i < t.size()) {
    const char c = t[i++];
    if (c == '"') {
      closed = true;
      break;
    }
    if (is_control(static_cast<unsigned char>(c)))
      throw RecordError(line, "tag " + shown + ": the value holds a control character");
    if (c == '\\') {
      if (i >= t.size() || (t[i] != '"' && t[i] != '\\'))
        throw RecordError(line, "tag " + shown + ": in a value, a backslash must be followed by \" or \\");
      tag.value += t[i++];
      continue;
    }
    tag.value += c;
  }
  if (!closed) throw RecordError(line, "tag " + shown + ": the value has no closing double quote");
  while (i < t.size() && is_blank(t[i])) ++i;
  if (i >= t.size() || t[i] != ']') throw RecordError(line, "tag " + shown + ": expected ']' after the value");
  ++i;
  while (i < t.size() && is_blank(t[i])) ++i;
  if (i < t.size() && t[i] != '#')
    throw RecordError(line, "tag " + shown + ": unexpected text " + quoted_text(t.substr(i)) + " after the tag");
  return tag;
}

class Parser {
 public:
  /// One line of the text, without its newline; `line` counts from 1.
  void feed(std::string_view raw, std::int64_t line) {
    if (raw.size() > kMaxRecordLine)
      throw RecordError(line, "the line has more than " + std::to_string(kMaxRecordLine) +
                                  " bytes; a record line may have at most " + std::to_string(kMaxRecordLine));
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    const std::string_view t = trim(raw);
    if (t.empty() || t.front() == '#') return;
    if (t.front() == '[')
      on_tag(parse_tag_line(t, line), line);
    else
      on_move(t, line);
  }

  /// The end of the text: the last hand is complete.
  void finish() { close_hand(); }

  /// Hands complete and checked, in order; a hand is complete when the next starts or the text ends.
  bool has_ready() const { return !ready_.empty(); }
  HandRecord take_ready() {
    HandRecord r = std::move(ready_.front());
    ready_.pop_front();
    return r;
  }

 private:
  HandRecord& cur() { return cur_; }

  void close_hand() {
    if (!open_) return;
    if (!in_moves_) finish_header();
    ready_.push_back(std::move(cur_));
    cur_ = HandRecord{};
    open_ = false;
  }

  void on_tag(TagLine tag, std::int64_t line) {
    const std::string shown = "[" + std::string(tag.name.substr(0, 20)) + (tag.name.size() > 20 ? "...]" : "]");
    if (tag.name == "Game") {
      close_hand();
      if (tag.value != kGameName)
        throw RecordError(line, "[Game] must be \"Tonk\", not " + quoted_text(tag.value));
      cur_ = HandRecord{};
      cur().lines.game = line;
      open_ = true;
      in_moves_ = false;
      seen_.clear();
      num_counts_ = num_payouts_ = num_points_ = num_side_bets_ = 0;
      return;
    }
    if (!open_)
      throw RecordError(line, "tag " + shown + " before any [Game \"Tonk\"] tag; every hand starts with [Game \"Tonk\"]");
    if (in_moves_)
      throw RecordError(line, "tag " + shown + " after the moves; a hand's tags come before its moves, and the "
                              "next hand starts with [Game \"Tonk\"]");
    if (!seen_.insert(std::string(tag.name)).second)
      throw RecordError(line, "tag " + shown + " appears twice in this hand");
    HandRecord& r = cur();
    const std::string& v = tag.value;
    if (tag.name == "Hand") {
      const auto n = parse_natural(v, kMaxRecordHand);
      if (!n || *n < 1)
        throw RecordError(line, "[Hand] must be a hand number from 1 to " + std::to_string(kMaxRecordHand) + ", not " +
                                    quoted_text(v));
      r.number = *n;
      r.lines.hand = line;
    } else if (tag.name == "Rules") {
      r.rules = parse_rules(v, line);
      r.lines.rules = line;
    } else if (tag.name.starts_with("Seat") && tag.name.size() > 4) {
      const auto seat = parse_natural(tag.name.substr(4), 99);
      if (!seat || tag.name.size() > 5)
        throw RecordError(line, "unknown tag " + shown + "; seat tags are [Seat0] to [Seat" +
                                    std::to_string(kMaxPlayers - 1) + "]");
      if (*seat >= kMaxPlayers)
        throw RecordError(line, "tag " + shown + ": the largest table has " + std::to_string(kMaxPlayers) + " seats");
      if (const std::string why = seat_name_problem(v); !why.empty()) throw RecordError(line, shown + ": " + why);
      if (r.seats.size() <= static_cast<std::size_t>(*seat)) r.seats.resize(*seat + 1);
      r.seats[*seat] = v;
      r.lines.seats[*seat] = line;
    } else if (tag.name == "Dealer") {
      const auto d = parse_natural(v, kMaxPlayers - 1);
      if (!d) throw RecordError(line, "[Dealer] must be a seat number, not " + quoted_text(v));
      r.dealer = *d;
      r.lines.dealer = line;
    } else if (tag.name == "Deck") {
      const auto tokens = split_blanks(v);
      for (std::size_t i = 0; i < tokens.size(); ++i) {
        const auto card = parse_card(tokens[i]);
        if (!card)
          throw RecordError(line, "[Deck]: card " + std::to_string(i + 1) + ", " + quoted_text(tokens[i]) + ", is not a card");
        r.deck.push_back(*card);
      }
      r.lines.deck = line;
    } else if (tag.name == "Result") {
      const auto reason = parse_reason(v);
      if (!reason) throw RecordError(line, "[Result] must be one of " + reason_list() + "; not " + quoted_text(v));
      r.reason = reason;
      r.lines.result = line;
    } else if (tag.name == "Counts") {
      r.counts = parse_per_seat(v, line, "Counts", false, num_counts_);
      r.lines.counts = line;
    } else if (tag.name == "Payouts") {
      r.payouts = parse_per_seat(v, line, "Payouts", true, num_payouts_);
      r.lines.payouts = line;
    } else if (tag.name == "Points") {
      r.points = parse_per_seat(v, line, "Points", false, num_points_);
      r.lines.points = line;
    } else if (tag.name == "Stake") {
      const auto k = parse_natural(v, kMaxStake);
      if (!k || *k < 1)
        throw RecordError(line, "[Stake] must be the multiple of the payouts the session books, 1 or 2 (V22), not " +
                                    quoted_text(v));
      r.stake = *k;
      r.lines.stake = line;
    } else if (tag.name == "SideSuit") {
      const auto suit = parse_suit(v);
      if (!suit) throw RecordError(line, "[SideSuit] must be a suit, c, d, h or s (V23a), not " + quoted_text(v));
      r.side_suit = suit;
      r.lines.side_suit = line;
    } else if (tag.name == "Pot") {
      const auto pot = parse_natural64(v, kMaxRecordPot);
      if (!pot)
        throw RecordError(line, "[Pot] must be the naturals pot carried in, in stakes (V23b), not " + quoted_text(v));
      r.pot = *pot;
      r.lines.pot = line;
    } else if (tag.name == "SideBets") {
      r.side_bets = parse_side_bets(v, line);
      r.lines.side_bets = line;
    } else {
      throw RecordError(line, "unknown tag " + shown + " (known: Game, Hand, Rules, Seat0..Seat" +
                                  std::to_string(kMaxPlayers - 1) +
                                  ", Dealer, Deck, Stake, SideSuit, Pot, Result, Counts, Payouts, Points, SideBets)");
    }
  }

  static Rules parse_rules(std::string_view v, std::int64_t line) {
    Rules rules;
    std::set<std::string_view> given;
    try {
      for (std::string_view item : split_blanks(v)) {
        const auto eq = item.find('=');
        if (eq == std::string_view::npos || eq == 0)
          throw RecordError(line, "[Rules]: " + quoted_text(item) + " is not of the form option=value");
        const std::string_view name = item.substr(0, eq);
        if (item.size() > 100)  // no option is this long; keep the engine's message short
          throw RecordError(line, "[Rules]: " + quoted_text(item) + " is not a rule setting");
        if (!given.insert(name).second)
          throw RecordError(line, "[Rules]: option " + quoted_text(name) + " is given twice");
        set_option(rules, name, item.substr(eq + 1));
      }
      validate(rules);
    } catch (const RuleError& e) {
      throw RecordError(line, std::string("[Rules]: ") + e.what());
    }
    return rules;
  }

  static std::array<int, kMaxPlayers> parse_per_seat(std::string_view v, std::int64_t line, std::string_view tag, bool sign,
                                                     int& num) {
    std::array<int, kMaxPlayers> out{};
    const auto tokens = split_blanks(v);
    if (tokens.size() > static_cast<std::size_t>(kMaxPlayers))
      throw RecordError(line, "[" + std::string(tag) + "] has " + std::to_string(tokens.size()) +
                                  " values; the largest table has " + std::to_string(kMaxPlayers) + " seats");
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const auto x = sign ? parse_signed(tokens[i], kMaxPayout) : parse_natural(tokens[i], kMaxCount);
      if (!x)
        throw RecordError(line, "[" + std::string(tag) + "]: value " + std::to_string(i + 1) + ", " + quoted_text(tokens[i]) +
                                    ", is not " + (sign ? "a payout in stakes (+2, -1, 0)" : "a count in points"));
      out[i] = *x;
    }
    num = static_cast<int>(tokens.size());
    return out;
  }

  std::array<long long, kMaxPlayers> parse_side_bets(std::string_view v, std::int64_t line) {
    std::array<long long, kMaxPlayers> out{};
    const auto tokens = split_blanks(v);
    if (tokens.size() > static_cast<std::size_t>(kMaxPlayers))
      throw RecordError(line, "[SideBets] has " + std::to_string(tokens.size()) + " values; the largest table has " +
                                  std::to_string(kMaxPlayers) + " seats");
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const auto x = parse_signed64(tokens[i], kMaxSideBet);
      if (!x)
        throw RecordError(line, "[SideBets]: value " + std::to_string(i + 1) + ", " + quoted_text(tokens[i]) +
                                    ", is not a side-bet result in stakes (+2, -1, 0)");
      out[i] = *x;
    }
    num_side_bets_ = static_cast<int>(tokens.size());
    return out;
  }

  // Checks that the tags just read make a complete header; called at the hand's first move, or at
  // its end when it has none. A missing tag is reported on the hand's [Game] line.
  void finish_header() {
    HandRecord& r = cur();
    const std::int64_t game_line = r.lines.game;
    auto missing = [&](std::string_view tag) {
      throw RecordError(game_line, "the hand starting here has no [" + std::string(tag) + "] tag");
    };
    if (!r.lines.hand) missing("Hand");
    if (!r.lines.rules) missing("Rules");
    if (!r.lines.dealer) missing("Dealer");
    if (!r.lines.deck) missing("Deck");
    const int n = r.rules.players;
    for (int p = 0; p < kMaxPlayers; ++p) {
      if (p < n && !r.lines.seats[p]) missing(seat_tag(p));
      if (p >= n && r.lines.seats[p])
        throw RecordError(r.lines.seats[p], "[" + seat_tag(p) + "]: the rules seat " + std::to_string(n) +
                                                " players (seats 0.." + std::to_string(n - 1) + ")");
    }
    if (r.dealer >= n)
      throw RecordError(r.lines.dealer, "[Dealer]: seat " + std::to_string(r.dealer) + " is not at this table (seats 0.." +
                                            std::to_string(n - 1) + ")");
    if (r.counts && num_counts_ != n)
      throw RecordError(r.lines.counts, "[Counts] has " + std::to_string(num_counts_) + " values for " +
                                            std::to_string(n) + " seats");
    if (r.payouts && num_payouts_ != n)
      throw RecordError(r.lines.payouts, "[Payouts] has " + std::to_string(num_payouts_) + " values for " +
                                             std::to_string(n) + " seats");
    if (r.points && num_points_ != n)
      throw RecordError(r.lines.points, "[Points] has " + std::to_string(num_points_) + " values for " +
                                            std::to_string(n) + " seats");
    if (r.side_bets && num_side_bets_ != n)
      throw RecordError(r.lines.side_bets, "[SideBets] has " + std::to_string(num_side_bets_) + " values for " +
                                               std::to_string(n) + " seats");
    // The session's tags must fit the rules they belong to (V15, V22, V23a, V23b).
    const Rules& rules = r.rules;
    if (r.points && rules.scoring != Scoring::kPushups)
      throw RecordError(r.lines.points, "[Points] are push-up points, but the rules do not say scoring=pushups (V15)");
    if (r.stake != 1 && (r.stake != 2 || rules.big_one_hands == 0))
      throw RecordError(r.lines.stake, "[Stake] is " + std::to_string(r.stake) +
                                           ", but only The Big One doubles the stake (V22: 2, with big_one_hands > 0)");
    if (r.side_suit && rules.suit_bet == 0)
      throw RecordError(r.lines.side_suit,
                        "[SideSuit] names a suit, but the rules have no suit bet (suit_bet=0, V23a)");
    if (r.pot && rules.naturals_bet == 0)
      throw RecordError(r.lines.pot,
                        "[Pot] is a naturals pot, but the rules have no naturals bet (naturals_bet=0, V23b)");
    if (r.side_bets && rules.suit_bet == 0 && rules.naturals_bet == 0)
      throw RecordError(r.lines.side_bets, "[SideBets] needs a side bet in the rules (suit_bet or naturals_bet, V23)");
    max_moves_ = max_record_moves(rules);
    in_moves_ = true;
  }

  void on_move(std::string_view t, std::int64_t line) {
    if (!open_)
      throw RecordError(line, "expected [Game \"Tonk\"] to start a hand, not " + quoted_text(t));
    if (!in_moves_) finish_header();
    HandRecord& r = cur();
    std::size_t i = 0;
    while (i < t.size() && !is_blank(t[i])) ++i;
    const std::string_view seat_text = t.substr(0, i);
    const std::string_view rest = trim(t.substr(i));
    const int n = r.rules.players;
    const auto seat = parse_natural(seat_text, 1'000'000);
    if (!seat)
      throw RecordError(line, "a move is a seat number and an action (\"0 discard Kc\"), not " + quoted_text(t));
    if (*seat >= n)
      throw RecordError(line, "seat " + std::to_string(*seat) + " is not at this table (seats 0.." + std::to_string(n - 1) +
                                  ")");
    std::string_view action_text = rest.substr(0, rest.find('#'));
    action_text = trim(action_text);
    for (char c : action_text)
      if (is_control(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80)
        throw RecordError(line, "the action " + quoted_text(action_text) + " holds a character that is not printable ASCII");
    if (action_text.size() > 200) throw RecordError(line, "the action " + quoted_text(action_text) + " is too long");
    std::string why;
    const auto action = parse_action(action_text, &why);
    if (!action) throw RecordError(line, "not an action: " + why);
    if (r.moves.size() >= max_moves_)
      throw RecordError(line, "the hand has more than " + std::to_string(max_moves_) +
                                  " moves, more than its rules allow (a hand ends within max_turns=" +
                                  std::to_string(r.rules.max_turns) + " turns, I2)");
    r.moves.push_back({*seat, *action});
    r.lines.moves.push_back(line);
  }

  HandRecord cur_;                 // the hand being read, when open_
  std::deque<HandRecord> ready_;   // complete hands not yet taken
  std::size_t max_moves_ = 0;      // of the hand being read: max_record_moves(its rules)
  bool open_ = false;      // a hand has started
  bool in_moves_ = false;  // its header is complete and its moves have begun
  std::set<std::string> seen_;
  int num_counts_ = 0;
  int num_payouts_ = 0;
  int num_points_ = 0;
  int num_side_bets_ = 0;
};

template <class T>
std::string seat_values(const std::array<T, kMaxPlayers>& v, int n, bool sign) {
  std::string out;
  for (int p = 0; p < n; ++p) {
    if (p) out += ' ';
    out += sign ? signed_text(v[p]) : std::to_string(v[p]);
  }
  return out;
}

}  // namespace

// ---- public functions ---------------------------------------------------------------------------

SessionTags session_tags(const Session& session) {
  SessionTags tags;
  tags.stake = session.stake();
  tags.side_suit = session.side_suit();
  tags.pot = session.naturals_pot();
  return tags;
}

SessionTags session_tags(const HandLedger& booked) {
  SessionTags tags;
  tags.stake = booked.stake;
  tags.side_suit = booked.side.suit;
  tags.pot = booked.side.pot_before;
  return tags;
}

HandRecord make_record(const Hand& hand, std::vector<std::string> seats, int number, const SessionTags& tags) {
  const int n = hand.game().num_players();
  if (static_cast<int>(seats.size()) != n)
    throw std::invalid_argument("make_record: " + std::to_string(seats.size()) + " seat names for " + std::to_string(n) +
                                " players");
  HandRecord r;
  r.number = number;
  r.rules = hand.game().rules();
  r.seats = std::move(seats);
  r.dealer = hand.state().dealer();
  r.deck = hand.deck_order();
  r.moves = hand.history();
  const Rules& rules = r.rules;
  r.stake = tags.stake;                                    // V22
  if (rules.suit_bet > 0) r.side_suit = tags.side_suit;    // V23a
  if (rules.naturals_bet > 0) r.pot = tags.pot;            // V23b
  if (hand.is_over()) {
    const Outcome& o = hand.outcome();
    r.reason = o.reason;
    r.counts = o.counts;
    r.payouts = o.payouts;
    if (rules.scoring == Scoring::kPushups) r.points = o.points;  // V15
    if (r.side_suit || r.pot) r.side_bets = settle_side_bets(hand, r.side_suit, r.pot.value_or(0)).net;
  }
  return r;
}

std::string write_record(const HandRecord& r) {
  if (r.number < 1 || r.number > kMaxRecordHand)
    throw std::invalid_argument("write_record: hand number " + std::to_string(r.number) + " is not from 1 to " +
                                std::to_string(kMaxRecordHand));
  if (r.stake < 1 || r.stake > kMaxStake)
    throw std::invalid_argument("write_record: stake " + std::to_string(r.stake) + " is not from 1 to " +
                                std::to_string(kMaxStake));
  if (r.seats.size() > static_cast<std::size_t>(kMaxPlayers))
    throw std::invalid_argument("write_record: " + std::to_string(r.seats.size()) + " seats; at most " +
                                std::to_string(kMaxPlayers));
  for (const std::string& name : r.seats)
    if (const std::string why = seat_name_problem(name); !why.empty())
      throw std::invalid_argument("write_record: seat name " + quoted_text(name) + ": " + why);
  if (r.pot && (*r.pot < 0 || *r.pot > kMaxRecordPot))
    throw std::invalid_argument("write_record: pot " + std::to_string(*r.pot) + " is not from 0 to " +
                                std::to_string(kMaxRecordPot));
  if (r.moves.size() > max_record_moves(r.rules))
    throw std::invalid_argument("write_record: " + std::to_string(r.moves.size()) + " moves; at most " +
                                std::to_string(max_record_moves(r.rules)));
  const int n = r.rules.players;
  std::string out;
  out += tag_line("Game", kGameName);
  out += tag_line("Hand", std::to_string(r.number));
  out += tag_line("Rules", to_string(r.rules));
  for (std::size_t p = 0; p < r.seats.size(); ++p) out += tag_line(seat_tag(static_cast<int>(p)), r.seats[p]);
  out += tag_line("Dealer", std::to_string(r.dealer));
  std::string deck;
  for (Card c : r.deck) {
    if (!deck.empty()) deck += ' ';
    deck += to_string(c);
  }
  out += tag_line("Deck", deck);
  if (r.stake != 1) out += tag_line("Stake", std::to_string(r.stake));
  if (r.side_suit) out += tag_line("SideSuit", std::string(1, suit_char(*r.side_suit)));
  if (r.pot) out += tag_line("Pot", std::to_string(*r.pot));
  if (r.reason) out += tag_line("Result", to_string(*r.reason));
  if (r.counts) out += tag_line("Counts", seat_values(*r.counts, n, false));
  if (r.payouts) out += tag_line("Payouts", seat_values(*r.payouts, n, true));
  if (r.points) out += tag_line("Points", seat_values(*r.points, n, false));
  if (r.side_bets) out += tag_line("SideBets", seat_values(*r.side_bets, n, true));
  out += dealt_comment(r);
  for (const Move& m : r.moves) out += std::to_string(m.player) + " " + to_string(m.action) + "\n";
  return out;
}

std::string write_records(std::span<const HandRecord> records) {
  std::string out;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (i) out += '\n';
    out += write_record(records[i]);
  }
  return out;
}

std::size_t max_record_moves(const Rules& rules) {
  // A turn has one draw and one discard, spreads and hits that each lay at least one card of the
  // hand, and what the other seats may do in it (slaps, claims, passes); I2 bounds the turns.
  const auto per_turn = static_cast<std::size_t>(kNumCardIds + 8 * kMaxPlayers);
  return (static_cast<std::size_t>(std::max(rules.max_turns, 0)) + kMaxPlayers) * per_turn;
}

std::vector<HandRecord> parse_records(std::string_view text) {
  Parser parser;
  std::vector<HandRecord> out;
  std::int64_t line = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    parser.feed(text.substr(pos, end - pos), ++line);
    pos = end + 1;
    while (parser.has_ready()) out.push_back(parser.take_ready());
  }
  parser.finish();
  while (parser.has_ready()) out.push_back(parser.take_ready());
  return out;
}

struct RecordReader::Impl {
  explicit Impl(std::istream& in) : in(in), buffer(1 << 16) {}

  // The next line into `line_text` (without its newline); false at the end of the input. Never
  // holds more than kMaxRecordLine + 1 bytes of a line.
  bool read_line() {
    line_text.clear();
    bool any = false;
    while (true) {
      if (pos == len) {
        in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        len = static_cast<std::size_t>(in.gcount());
        pos = 0;
        if (len == 0) {
          if (in.bad()) throw RecordError(line + 1, "reading the record failed here");
          if (any) ++line;
          return any;
        }
      }
      any = true;
      const char* start = buffer.data() + pos;
      const auto* newline = static_cast<const char*>(std::memchr(start, '\n', len - pos));
      const std::size_t take = newline ? static_cast<std::size_t>(newline - start) : len - pos;
      if (line_text.size() + take > kMaxRecordLine + 1)
        throw RecordError(line + 1, "the line has more than " + std::to_string(kMaxRecordLine) +
                                        " bytes; a record line may have at most " + std::to_string(kMaxRecordLine));
      line_text.append(start, take);
      pos += take;
      if (newline) {
        ++pos;
        ++line;
        return true;
      }
    }
  }

  std::istream& in;
  std::vector<char> buffer;
  std::size_t pos = 0, len = 0;
  std::string line_text;
  std::int64_t line = 0;
  bool done = false;
  Parser parser;
};

RecordReader::RecordReader(std::istream& in) : impl_(std::make_unique<Impl>(in)) {}
RecordReader::~RecordReader() = default;

std::optional<HandRecord> RecordReader::next() {
  Impl& m = *impl_;
  while (!m.parser.has_ready()) {
    if (m.done) return std::nullopt;
    if (m.read_line()) {
      m.parser.feed(m.line_text, m.line);
    } else {
      m.done = true;
      m.parser.finish();
    }
  }
  return m.parser.take_ready();
}

std::int64_t RecordReader::lines_read() const { return impl_->line; }

Hand replay(const HandRecord& r) {
  std::shared_ptr<const Game> game;
  try {
    game = make_game(r.rules);
  } catch (const RuleError& e) {
    throw RecordError(r.lines.rules, std::string("[Rules]: ") + e.what());
  }
  const int n = game->num_players();
  if (static_cast<int>(r.seats.size()) != n)
    throw RecordError(r.lines.game, "the record names " + std::to_string(r.seats.size()) + " seats for " +
                                        std::to_string(n) + " players");
  if (r.dealer < 0 || r.dealer >= n)
    throw RecordError(r.lines.dealer, "[Dealer]: seat " + std::to_string(r.dealer) + " is not at this table (seats 0.." +
                                          std::to_string(n - 1) + ")");
  std::optional<Hand> hand;
  try {
    hand.emplace(game, r.deck, r.dealer);
  } catch (const BadDeal& e) {
    throw RecordError(r.lines.deck, std::string("[Deck]: ") + e.what());
  }

  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const Move& m = r.moves[i];
    const std::int64_t line = i < r.lines.moves.size() ? r.lines.moves[i] : 0;
    const std::string what = (line ? "" : "move " + std::to_string(i + 1) + ", ") + "'" + std::to_string(m.player) +
                             " " + to_string(m.action) + "': ";
    if (hand->is_over())
      throw RecordError(line, what + "the hand is already over (" + std::string(to_string(hand->outcome().reason)) +
                                  "); no move may follow");
    if (m.player != hand->current_player())
      throw RecordError(line, what + "it is seat " + std::to_string(hand->current_player()) +
                                  "'s turn, not seat " + std::to_string(m.player) + "'s (S8: turns pass clockwise)");
    if (const auto refusal = hand->state().why_illegal(m.action))
      throw RecordError(line, what + refusal->text());
    hand->apply(m.action);
  }

  const Outcome& o = hand->outcome();
  const bool over = hand->is_over();
  const std::string not_over = "but the hand is not over after its last move";
  if (r.reason) {
    const std::string said = "[Result] says '" + std::string(to_string(*r.reason)) + "', ";
    if (!over) throw RecordError(r.lines.result, said + not_over);
    if (*r.reason != o.reason)
      throw RecordError(r.lines.result, said + "but the replay ends in '" + std::string(to_string(o.reason)) + "'");
  }
  auto check_seats = [&]<class T>(const std::optional<std::array<T, kMaxPlayers>>& recorded,
                                  const std::array<T, kMaxPlayers>& actual, std::int64_t line, std::string_view tag, bool sign) {
    if (!recorded) return;
    const std::string said = "[" + std::string(tag) + "] says '" + seat_values(*recorded, n, sign) + "', ";
    if (!over) throw RecordError(line, said + not_over);
    if (!std::equal(actual.begin(), actual.begin() + n, recorded->begin()))
      throw RecordError(line, said + "but the replay gives '" + seat_values(actual, n, sign) + "'");
  };
  check_seats(r.counts, o.counts, r.lines.counts, "Counts", false);
  check_seats(r.payouts, o.payouts, r.lines.payouts, "Payouts", true);
  check_seats(r.points, o.points, r.lines.points, "Points", false);  // V15
  if (r.side_bets) {  // V23a, V23b: from the named suit, the dealt hands, the pot and the first book
    const std::array<long long, kMaxPlayers> side =
        over ? settle_side_bets(*hand, r.side_suit, r.pot.value_or(0)).net : std::array<long long, kMaxPlayers>{};
    check_seats(r.side_bets, side, r.lines.side_bets, "SideBets", true);
  }
  return std::move(*hand);
}

}  // namespace tonk
