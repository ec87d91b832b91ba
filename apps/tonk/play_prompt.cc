#include "play_prompt.h"

#include <array>
#include <cctype>
#include <vector>

#include "spread_text.h"
#include "tonk/game.h"

namespace tonk::cli {

namespace {

// The kinds of action in the order a turn meets them (S9, V13d, V19c, V21).
constexpr std::array<ActionKind, 10> kTurnOrder = {
    ActionKind::kClaim,  ActionKind::kDrop, ActionKind::kTakeStock, ActionKind::kTakeDiscard, ActionKind::kSpread,
    ActionKind::kHit,    ActionKind::kDiscard, ActionKind::kEndTurn, ActionKind::kSlap,        ActionKind::kPass};

bool has_kind(const ActionList& legal, ActionKind kind) {
  for (const Action& a : legal)
    if (a.kind == kind) return true;
  return false;
}

// The first legal action of a kind (an example for the help), or nullptr.
const Action* first_of(const ActionList& legal, ActionKind kind) {
  for (const Action& a : legal)
    if (a.kind == kind) return &a;
  return nullptr;
}

bool drop_is_tonk(const View& view) { return view.game && view.game->rules().drop_called_tonk; }  // V12a

bool wild(const View& view) { return view.game && view.game->has_wilds(); }  // V13a

std::string join_choices(const std::vector<std::string>& choices) {
  std::string text;
  for (std::size_t i = 0; i < choices.size(); ++i)
    text += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  return text;
}

// One prompt choice for a kind: the command in bold, then what it does.
std::string choice(const View& view, ActionKind kind, const Style& s) {
  switch (kind) {
    case ActionKind::kClaim: return s.bold("claim") + " a win with your dealt " + std::to_string(view.count()) + " (V13d)";
    case ActionKind::kDrop: return drop_is_tonk(view) ? s.bold("tonk") + " to drop (V12a)" : s.bold("drop");
    case ActionKind::kTakeStock:
      return s.bold("s") + (view.stock_size > 0 ? " take from the stock" : " stock (empty: ends play, S16)");
    case ActionKind::kTakeDiscard: return s.bold("t") + " take the " + s.card(view.top_discard);
    case ActionKind::kSpread: return s.bold("sp") + (wild(view) ? " CARDS [SHAPE] to lay" : " CARDS to lay");
    case ActionKind::kHit: return s.bold("h") + (wild(view) ? " N CARDS [SHAPE] to hit" : " N CARDS to hit");
    case ActionKind::kDiscard:
      return s.bold("x") + (view.phase == Phase::kSlapDiscard ? " CARD for your extra discard (V21)" : " CARD to discard");
    case ActionKind::kEndTurn: return s.bold("end") + " your turn without a discard (V19c)";
    case ActionKind::kSlap: return s.bold("slap") + " N to slap the " + s.card(view.top_discard) + " onto spread N (V21)";
    case ActionKind::kPass: return s.bold("pass") + " (V21)";
  }
  return "";
}

// One help line per kind: the command, an example, what it does.
std::string help_line(const View& view, ActionKind kind, const ActionList& legal) {
  const Action* example = first_of(legal, kind);
  auto with_example = [&](const std::string& usage, const std::string& what) {
    std::string line = "    " + usage;
    if (line.size() < 26) line += std::string(26 - line.size(), ' ');
    line += what;
    if (example && (kind == ActionKind::kSpread || kind == ActionKind::kHit || kind == ActionKind::kDiscard ||
                    kind == ActionKind::kSlap)) {
      std::string text = to_string(*example);
      for (auto [full, short_form] : {std::pair{"spread ", "sp "}, {"hit ", "h "}, {"discard ", "x "}})
        if (text.rfind(full, 0) == 0) text = short_form + text.substr(std::string(full).size());
      line += " (now e.g. `" + text + "`)";
    }
    return line + "\n";
  };
  switch (kind) {
    case ActionKind::kClaim:
      return with_example("claim", "before your first turn, claim a win with a dealt count of " +
                                       std::to_string(view.game ? view.game->rules().dealt_claim_total : 0) +
                                       " if nobody has spread (V13d)");
    case ActionKind::kDrop:
      return with_example(drop_is_tonk(view) ? "tonk   drop" : "drop   d",
                          "show your hand, claiming the lowest count (S15" + std::string(drop_is_tonk(view) ? ", V12a" : "") +
                              "); asks you to confirm unless --no-confirm");
    case ActionKind::kTakeStock: return with_example("s      stock", "take the top card of the stock (S9)");
    case ActionKind::kTakeDiscard: return with_example("t      take", "take the top card of the discard pile (S9)");
    case ActionKind::kSpread:
      return with_example(wild(view) ? "sp CARDS [SHAPE]" : "sp CARDS",
                          "spread: lay a book (3-4 of a rank) or a run (3+ in sequence in one suit) (S11)");
    case ActionKind::kHit:
      return with_example(wild(view) ? "h N CARDS [SHAPE]" : "h N CARDS", "hit: add cards to spread number N on the table (S12)");
    case ActionKind::kDiscard:
      return with_example("x CARD", view.phase == Phase::kSlapDiscard
                                        ? "discard one more card, as you slapped (V21)"
                                        : "discard: put one card on the discard pile, ending your turn (S9, S14)");
    case ActionKind::kEndTurn: return with_example("end    e", "end your turn without a discard, as you hit (V19c)");
    case ActionKind::kSlap:
      return with_example("slap N", "slap the top discard onto spread N and discard one more card (V21)");
    case ActionKind::kPass: return with_example("pass   p", "let the discard go unslapped (V21)");
  }
  return "";
}

// True when the rule set can ever offer this kind (for the "later in the game" part of the help).
bool in_rule_set(const View& view, ActionKind kind) {
  if (!view.game) return true;
  const Rules& r = view.game->rules();
  switch (kind) {
    case ActionKind::kClaim: return r.dealt_claim_total > 0;
    case ActionKind::kEndTurn: return r.hit_skips_discard;
    case ActionKind::kSlap:
    case ActionKind::kPass: return r.slapping != Slapping::kOff;
    default: return true;
  }
}

}  // namespace

std::string decision_title(const View& view) {
  if (view.phase == Phase::kSlap) {
    const std::string card = view.top_discard.valid() ? to_string(view.top_discard) : "discard";
    return "your chance to slap the " + card + " (V21)";
  }
  if (view.phase == Phase::kSlapDiscard) return "your extra discard after the slap (V21)";
  return "your turn";
}

std::string prompt_text(const View& view, const ActionList& legal, const Style& style) {
  std::vector<std::string> choices;
  for (ActionKind kind : kTurnOrder)
    if (has_kind(legal, kind)) choices.push_back(choice(view, kind, style));
  return join_choices(choices) + "  " + style.dim("(help, a)") + "\n> ";
}

std::string help_text(const View& view, const ActionList& legal) {
  std::string out = "Commands you can use now (the engine's legal actions; type a to list them all):\n";
  for (ActionKind kind : kTurnOrder)
    if (has_kind(legal, kind)) out += help_line(view, kind, legal);
  std::string later;
  for (ActionKind kind : kTurnOrder)
    if (!has_kind(legal, kind) && in_rule_set(view, kind)) later += help_line(view, kind, ActionList{});
  if (!later.empty()) out += "Other moves of these rules, when their time comes:\n" + later;
  out +=
      "Any time:\n"
      "    a      actions       list every legal action, numbered; type a number to play it\n"
      "    hint                 what the Monte Carlo bot would play here, from what you can see\n"
      "    hand   table         show the table and your hand again\n"
      "    score                the running score\n"
      "    help   ?             this help\n"
      "    q      quit          leave the game (end of input also quits)\n"
      "Cards: rank A 2 3 4 5 6 7 8 9 T J Q K, then suit c d h s; e.g. Ts is the ten of spades (10s works too).\n";
  if (wild(view))
    out +=
        "Wild cards (V13a): the deuces and the jokers (X1, X2) stand for any card in a spread. A spread or hit\n"
        "with a wild card may name the shape it makes last: run:LS is a run of suit S whose lowest card has\n"
        "rank L (sp 4c5cX1 run:3c: the joker is the 3c), book:R is a book of rank R (sp 9h9dX2 book:9).\n"
        "Without a shape the engine takes the only one that fits, and asks when several do.\n";
  out += "Goal: empty your hand, or drop when your count is the lowest.\n";
  return out;
}

std::string drop_question(const View& view) {
  return "Drop with a count of " + std::to_string(view.count()) +
         "? Every hand is shown and the hand ends (S15). [y/N] ";
}

std::optional<bool> parse_yes_no(std::string_view answer) {
  std::string a;
  for (char c : answer)
    if (c != ' ' && c != '\t') a += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (a == "y" || a == "yes") return true;
  if (a.empty() || a == "n" || a == "no") return false;
  return std::nullopt;
}

std::string refusal_text(const View& view, const Action& action, const std::string& reason) {
  if (!view.game || action.shape == 0) return reason;
  if (action.kind == ActionKind::kSpread) {
    if (std::string problem = shape_problem(*view.game, action.cards, action.shape); !problem.empty()) return problem;
  } else if (action.kind == ActionKind::kHit && action.target < view.num_spreads) {
    const CardSet all = view.spreads[action.target] | action.cards;
    if (std::string problem = shape_problem(*view.game, all, action.shape); !problem.empty())
      return problem + " (spread " + std::to_string(action.target) + " with the cards added)";
  }
  return reason;
}

}  // namespace tonk::cli
