// The `state` message of docs/PROTOCOL.md, written from a TableMachine: one text per seat (and one
// for the spectators) per change, the server's busiest work (docs/PERFORMANCE.md, "The server").
//
// The message is a json object built from values and dumped once per broadcast, with a placeholder
// where each seat's own values go (the seat, its view, its legal actions, whether it contributed to
// the next deal); text() puts each seat's values in their places. The view goes in as the library's
// to_json(View) text, one value, not parsed and written again. The bytes are those of the whole
// object dumped with the seat's values in it (the test StateMessage.* checks it).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "table_machine.h"

namespace tonk::serve {

class StateMessage {
 public:
  explicit StateMessage(const TableConfig& config);

  /// The values a seat has of its own in a `state` message, in the order their keys are written.
  enum class Slot { kContributed, kLegal, kSeat, kView };
  static constexpr std::size_t kSlots = 4;

  /// A `state` message at `now_ms` as every seat shares it: the dumped object cut at its slots,
  /// `pieces[0] slot[0] pieces[1] … slot[count-1] pieces[count]` (no kContributed slot when the
  /// message has no `fair` commitment).
  struct Shared {
    std::array<std::string, kSlots + 1> pieces;
    std::array<Slot, kSlots> slots{};
    std::size_t count = 0;
  };
  Shared shared(const TableMachine& table, std::int64_t now_ms) const;
  /// The `state` message for `seat` (-1: a spectator).
  std::string text(const TableMachine& table, int seat, const Shared& shared) const;
  std::string text(const TableMachine& table, int seat, std::int64_t now_ms) const { return text(table, seat, shared(table, now_ms)); }

 private:
  std::string preset_;
  std::string rules_json_;  // the rules text as a JSON value: the configuration is fixed, dumped once
};

}  // namespace tonk::serve
