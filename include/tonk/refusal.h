// A refusal: why an action is not legal now, as the rule it breaks and a sentence for a person.
#pragma once

#include <string>

namespace tonk {

/// Why the engine refuses an action (State::why_illegal). `rule_id` names the rule broken, as in
/// RULES.md ("S9", "I1", "V19d"), so a program can act on it; `message` says it to a person, e.g.
/// "you may not discard 7h, the card you took from the discard pile this turn".
struct Refusal {
  std::string rule_id;
  std::string message;

  /// "rule_id: message", the form the command line prints.
  std::string text() const { return rule_id + ": " + message; }
  friend bool operator==(const Refusal&, const Refusal&) = default;
};

}  // namespace tonk
