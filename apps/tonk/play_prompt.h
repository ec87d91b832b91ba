// What the `tonk play` prompt offers: generated from the kinds of action the engine lists as legal
// now (ActionKind), never from what the client thinks the rules are. So every rule set shows its own
// moves: a claim (V13d), ending a turn without a discard (V19c), slapping and passing (V21), and
// the spread shapes of wild cards (V13a). Pure functions: from a View and its legal actions to text.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "terminal.h"
#include "tonk/action.h"
#include "tonk/view.h"

namespace tonk::cli {

/// The decision the person faces, for the table's heading: "your turn", or during a slap window
/// "your chance to slap the 7h (V21)".
std::string decision_title(const View& view);

/// The prompt: one choice per kind of action legal now, in turn order (claim, drop, stock, take,
/// spread, hit, discard, end, slap, pass), each with the command that plays it, then "(help, a)"
/// and "> ". `legal` must be the engine's legal actions for `view`'s player.
std::string prompt_text(const View& view, const ActionList& legal, const Style& style);

/// The help: first the commands of the kinds legal now (with examples from this hand where there
/// are some), then the other commands of this rule set, the commands available at any time, the
/// card notation and, when the game has wild cards (V13a), the shape syntax of spreads and hits.
std::string help_text(const View& view, const ActionList& legal);

/// The question asked before a drop typed as the one-letter `d` (S15): the count it claims and what
/// follows, e.g. "Drop with a count of 12? Every hand is shown and the hand ends (S15). [y/N] ".
std::string drop_question(const View& view);

/// Reads an answer to a yes/no question: true for y/yes, false for n/no or a blank line (the default
/// is no), nullopt for anything else. Case and blanks around are ignored.
std::optional<bool> parse_yes_no(std::string_view answer);

/// What to say when the engine refused `action` with `reason`: the reason, or for a spread or hit
/// with wild cards whose named shape does not fit, what is wrong with that shape (spread_text.h).
std::string refusal_text(const View& view, const Action& action, const std::string& reason);

}  // namespace tonk::cli
