// The commands typed at the `tonk play` prompt, parsed into actions or requests. Parsing only: the
// engine decides whether an action is legal.
#pragma once

#include <string>
#include <string_view>

#include "tonk/action.h"

namespace tonk::cli {

struct PlayCommand {
  enum class Kind {
    kEmpty,    ///< a blank line
    kAction,   ///< `action` holds a game action to try
    kPick,     ///< `pick` is the number of an entry of the `actions` list (1-based)
    kHelp,     ///< help, ?
    kActions,  ///< a, actions: list the legal actions
    kHint,     ///< hint: what the Monte Carlo bot would do, with its values
    kShow,     ///< hand, table: show the table again
    kScore,    ///< score: the running score
    kQuit,     ///< quit, q, exit
    kError,    ///< `error` says what is wrong with the line
  };
  Kind kind = Kind::kEmpty;
  Action action;
  int pick = 0;
  std::string error;
  /// The verb was typed as a one-letter short form ("d", "s"): a slip of one key is easy, so a drop
  /// typed as "d" is confirmed first (PlayOptions::confirm_drop; `--no-confirm` turns it off).
  bool abbreviated = false;
};

/// Parses one line typed at the prompt. Verbs are case-insensitive and have short forms:
/// d/drop, s/stock, t/take, sp/spread CARDS, h/hit N CARDS, x/discard CARD, a/actions, hint, hand, score,
/// help/?, quit/q. Cards are written as in RULES.md ("7h", "Ts"); "10h" is read as "Th".
PlayCommand parse_play_command(std::string_view line);

/// The help is generated from the legal actions: help_text() in play_prompt.h.

}  // namespace tonk::cli
