// The hand so far as each seat saw it (docs/PROTOCOL.md `event` and `history`): every event of the
// hand in play (between hands: of the last hand), kept once for all seats and rendered per seat.
// The live `event` messages and the `history` a resuming seat or a new spectator is sent are both
// rendered here, so a history is exactly what the seat would have seen live: the card drawn from
// the stock in the drawer's rendering only, the rest public.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tonk/table.h"

namespace tonk::serve {

class HandHistory {
 public:
  /// Notes one seat's rendering of a Table event (a deal or an action; other kinds are ignored):
  /// the first rendering of an event adds it (a deal starts a new hand's history), the actor's adds
  /// the card it drew. `actor_name` names the event's actor (the dealer at a deal); `auto_play`:
  /// a turn timer's bot played the action.
  void note(const TableEvent& e, const std::string& actor_name, bool auto_play);
  /// The `event` message of the latest event noted, as `seat` (-1: a spectator) sees it.
  nlohmann::json latest(const std::string& table, int seat) const;
  /// The `history` message for `seat` (-1: a spectator): every event of the hand; nullopt before
  /// the first deal.
  std::optional<nlohmann::json> message(const std::string& table, int seat) const;

 private:
  struct Entry {
    int hand = 0;
    std::size_t seq = 0;
    int actor = -1;
    std::optional<Action> action;  // none: the deal
    Card drawn = Card::none();     // the card drawn from the stock: the actor's rendering only
    Card taken = Card::none();     // the card a `take` took from the pile (public)
    bool auto_play = false;
    std::string text;              // the sentence everyone but the drawer reads
    std::string drawer_text;       // the drawer's sentence, naming its card (when `drawn`)
  };
  nlohmann::json render(const std::string& table, const Entry& e, int seat) const;

  std::vector<Entry> entries_;
};

}  // namespace tonk::serve
