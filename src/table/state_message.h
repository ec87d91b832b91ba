// The `state` message of docs/PROTOCOL.md, written from a TableMachine: one text per seat (and one
// for the spectators) per change, the server's busiest work (docs/PERFORMANCE.md, "The server").
// The view is the library's to_json(View) text spliced in as it is, not parsed and written again,
// and the parts every seat shares are written once per broadcast; the keys stay in the order
// nlohmann::json writes them (alphabetical), so the bytes are those of a json object dumped.
#pragma once

#include <cstdint>
#include <string>

#include "table_machine.h"

namespace tonk::serve {

class StateMessage {
 public:
  explicit StateMessage(const TableConfig& config);

  /// The parts of a `state` message that every seat shares at `now_ms` (seats, ledger, rules, the
  /// deadlines, the commitments), around which text() puts each seat's own parts.
  struct Shared {
    std::string head;        // {"bots_in_ms":…, (listed tables only) "deadline_ms":…,"fair":
    std::string fair_head;   // {"commitment":…,"contributed":  (empty: "fair" is null)
    std::string fair_tail;   // ,"current":…,"hand":…}
    std::string middle;      // ,"hand":…,"ledger":…,"legal":
    std::string rules_part;  // ,"next_hand_ms":…,"preset":…,"rules":…,"seat":
    std::string tail;        // ,"seats":…,"seq":…,"status":…,"table":…,"thinking":…,"to_move":…,"type":"state","view":
    std::string end;         // ,"waiting_for":…,"watching":…}
  };
  Shared shared(const TableMachine& table, std::int64_t now_ms) const;
  /// The `state` message for `seat` (-1: a spectator).
  std::string text(const TableMachine& table, int seat, const Shared& shared) const;
  std::string text(const TableMachine& table, int seat, std::int64_t now_ms) const { return text(table, seat, shared(table, now_ms)); }

 private:
  std::string rules_json_;  // ,"preset":…,"rules":… (the configuration is fixed)
};

}  // namespace tonk::serve
