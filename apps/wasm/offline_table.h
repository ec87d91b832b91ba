// A table played entirely in the page (docs/WEB.md "Playing offline"): the library's Table with a
// person and bots, speaking the messages of docs/PROTOCOL.md that `tonk serve` sends (`state`,
// `event`, `hand_over`, `hint`, `record`), so the page draws it with the online table's code. The
// engine decides every rule here as on the server; nothing is dealt from a commitment (no fair-deal
// lines: there is nobody to cheat but the page itself).
//
// Plain C++ on the library: compiled to WebAssembly by scripts/build_wasm.sh (c_api.cc wraps it)
// and natively as well by the tests.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hand_history.h"
#include "tonk/table.h"

namespace tonk::web {

/// The table's code in every message: one offline table per page.
inline constexpr const char* kOfflineCode = "OFFLINE";

/// What an offline table is made of (the JSON of tonk_table_new, docs/WEB.md).
struct OfflineConfig {
  std::string preset = "P-STD";     ///< a built-in preset (preset.h), by any name find_preset takes
  std::string rule_text;            ///< a rule file (TOML or JSON, rule_file.h) instead of `preset`
  std::vector<std::string> seats;   ///< per seat, seat 0 first: "person" or a bot kind (bot_factory.h)
  std::vector<std::string> names;   ///< per seat, as records write them; empty: "you" and the bot kinds
  std::uint64_t seed = 0;           ///< the session's seed; bot p plays from mix_seed(seed, 100 + p)
  int hands = 0;                    ///< the session's planned length (V22), 0 for open-ended
  bool records = true;              ///< write each hand's record when it ends (off: speed figures)
  /// Parses the JSON {preset|rules, seats, names?, seed, hands?, records?}. Throws std::invalid_argument
  /// naming the field at fault.
  static OfflineConfig from_json(const std::string& text);
};

class OfflineTable {
 public:
  /// Seats the config's people and bots at its rules (players = seats). Throws RuleError for a bad
  /// rule set and std::invalid_argument for a bad seat list (fewer than 2 or more than the rules'
  /// largest table, an unknown bot kind).
  explicit OfflineTable(const OfflineConfig& config);

  const Table& table() const { return *table_; }
  /// Deals the next hand; when the session is over (V15's limit, or its planned hands) a new one
  /// opens first, seeded mix_seed(seed, 1000 + k) for the k-th new session as `tonk sim` does.
  void deal();
  /// A person's action (the text of action.h, as `legal` lists it): nullopt when applied, else the
  /// engine's refusal (its rule ID and sentence).
  std::optional<Refusal> act(int seat, const std::string& action);
  /// One bot move when a bot is to move; false otherwise.
  bool step_bot();
  /// Bots play until a person is to move or the hand is over; the moves made.
  int run_bots();

  /// The `state` message for `seat` (docs/PROTOCOL.md), as `tonk serve` writes it.
  std::string state_json(int seat) const;
  /// The `history` message for `seat`, or "null" before the first deal.
  std::string history_json(int seat) const;
  /// The messages (`event`, `hand_over`) sent since the last call, as a JSON array, in order.
  std::string take_messages();
  /// The `hint` for `seat` to move: the best three actions by MonteCarloBot with `worlds` worlds
  /// seeded `seed`, searching `seat`'s View only. Throws std::logic_error when `seat` is not to move.
  std::string hint_json(int seat, int worlds, std::uint64_t seed) const;
  /// The record (record.h) of hand `number`, written when the hand ended; "" when there is none.
  const std::string& record(int number) const;
  /// Every record written so far, a blank line between hands (write_records' form).
  std::string records() const;

 private:
  void on_event(const TableEvent& e);
  void after_move();

  std::unique_ptr<Table> table_;
  std::vector<std::string> names_;
  std::uint64_t seed_ = 0;
  int planned_ = 0;
  bool keep_records_ = true;
  int sessions_ = 1;
  int person_ = -1;  // the first person's seat, whose listener writes the messages; -1: bots only
  serve::HandHistory history_;
  nlohmann::json messages_ = nlohmann::json::array();
  std::vector<std::string> records_;
};

}  // namespace tonk::web
