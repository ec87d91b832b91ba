#include "table_printer.h"

#include <algorithm>
#include <bit>

#include "play_prompt.h"
#include "spread_text.h"
#include "text_layout.h"
#include "tonk/game.h"

namespace tonk::cli {

namespace {

// The cards of one rank held more than once, e.g. "8h 8s · Kc Kd Ks": books in the making.
std::string same_rank_groups(const Style& style, CardSet hand) {
  std::string out;
  for (int r = 0; r < kNumRanks; ++r) {
    CardSet same;
    for (Card c : hand)
      if (!c.is_joker() && static_cast<int>(c.rank()) == r) same.insert(c);
    if (same.size() < 2) continue;
    out += (out.empty() ? "" : "  ·  ") + style.cards(same);
  }
  return out;
}

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// Which dealt win ended the hand, by the rule that pays it: a claim (V13d), five face cards (V12b),
// a low dealt count (V8 and the presets' V9, V10, V13c, V14b), or a dealt tonk (S7, V11's 47).
std::string dealt_win_text(const View& view, const std::string& who, const std::string& was) {
  const Outcome& o = view.outcome;
  const Rules& r = view.game->rules();
  const int count = o.counts[o.player];
  const std::string points = std::to_string(count) + " points";
  if (!view.history.empty() && view.history.back().action.kind == ActionKind::kClaim)
    return who + " claimed a win with a dealt count of " + points + " before the first turn (V13d)";
  const CardSet hand = view.revealed[o.player];
  bool all_faces = r.dealt_five_faces_pays > 0 && !hand.empty();
  for (Card c : hand)
    all_faces = all_faces && !c.is_joker() && (c.rank() == Rank::kJack || c.rank() == Rank::kQueen || c.rank() == Rank::kKing);
  if (all_faces) return who + was + " dealt five face cards, an automatic rummy (V12b)";
  if (r.dealt_low_max > 0 && count <= r.dealt_low_max)
    return who + was + " dealt a low hand: " + points + ", at most " + std::to_string(r.dealt_low_max) + " (V8)";
  return who + was + " dealt a tonk: " + points + " (S7)";
}

}  // namespace

TablePrinter::TablePrinter(std::ostream& out, std::vector<std::string> names, Style style)
    : out_(out), names_(std::move(names)), style_(style) {
  for (const auto& n : names_) label_width_ = std::max(label_width_, n.size() + 2);
}

bool TablePrinter::is_you(int seat) const { return seat == 0 && names_[0] == "you"; }

std::string TablePrinter::subject(int seat) const {
  return is_you(seat) ? std::string("You") : names_[static_cast<std::size_t>(seat)];
}

std::string TablePrinter::label(const std::string& text) const {
  return "  " + style_.dim(pad_right(text, std::max(label_width_, text.size() + 1)));
}

std::string TablePrinter::list_of(unsigned seats) const {
  std::vector<std::string> parts;
  for (int p = 0; p < static_cast<int>(names_.size()); ++p)
    if ((seats >> p) & 1) parts.push_back(names_[static_cast<std::size_t>(p)]);
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

void TablePrinter::print_cut(const Cut& cut, const Game& game) const {
  out_ << "Cut for the first deal (S5: the highest card deals; ace " << (game.rules().cut_ace_high ? "high" : "low")
       << ", suits equal, I7):\n";
  for (std::size_t r = 0; r < cut.rounds.size(); ++r) {
    std::string line;
    for (std::size_t p = 0; p < names_.size(); ++p) {
      const Card c = cut.rounds[r][p];
      if (!c.valid()) continue;
      line += (line.empty() ? "" : ", ") + names_[p] + " " + style_.card(c);
    }
    out_ << (r == 0 ? "  " : "  tie for the highest card, cut again: ") << line << "\n";
  }
  out_ << "  " << subject(cut.dealer) << (is_you(cut.dealer) ? " deal" : " deals")
       << " the first hand.\n";
}

void TablePrinter::print_hand_start(int number, const View& view) const {
  const int first = (view.dealer + 1) % view.num_players;  // S6, S8: the dealer's left plays first
  out_ << "\n"
       << style_.bold("=== Hand " + std::to_string(number) + " ===") << "  dealer: " << names_[view.dealer] << "; "
       << (is_you(first) ? "you play" : names_[first] + " plays") << " first";
  if (view.top_discard.valid()) out_ << "; the upcard is " << style_.card(view.top_discard);  // S6
  out_ << "\n";
}

void TablePrinter::print_table(int hand_number, const View& view) const {
  const int me = view.player;
  // The person's decision by its phase: a turn, or the slap window of V21 (not "your turn").
  const std::string whose = is_you(view.current_player) ? decision_title(view) : names_[view.current_player] + "'s turn";
  out_ << "\n"
       << style_.bold("Hand " + std::to_string(hand_number) + ", turn " + std::to_string(view.turn) + ": " + whose)
       << style_.dim("   (dealer: " + names_[view.dealer] + ")") << "\n";
  if (view.num_spreads == 0) {
    out_ << label("spreads") << style_.dim("none yet") << "\n";
  } else {
    for (int i = 0; i < view.num_spreads; ++i) {
      // V13a: a spread with wild cards shows what it stands for.
      // V13a: a spread with wild cards shows what each one stands for: 7s [2h=8s] [X2=9s] Ts.
      const bool wild = view.game && !(view.spreads[i] & view.game->wild_cards()).empty();
      out_ << label(i == 0 ? "spreads" : "") << i << ": "
           << (wild ? spread_text(*view.game, view.spreads[i], view.spread_shapes[i], style_)
                    : style_.cards(view.spreads[i]))
           << "  "
           << style_.dim("(" + names_[view.spread_owners[i]] + ")") << "\n";
    }
  }
  out_ << label("discard")
       << (view.top_discard.valid()
               ? style_.card(view.top_discard) + style_.dim("  (top of " + plural(view.discard_size, "card") + ")")
               : style_.dim("empty"))
       << "\n";
  out_ << label("stock") << plural(view.stock_size, "card") << "\n";
  for (int p = 0; p < view.num_players; ++p) {
    if (p == me) continue;
    out_ << label(names_[p]) << plural(view.hand_sizes[p], "card");
    if (!view.known_cards[p].empty())
      out_ << style_.dim(", holds " + style_.cards(view.known_cards[p]) + " from the pile");
    out_ << "\n";
  }
  print_hand(view);
}

void TablePrinter::print_hand(const View& view) const {
  out_ << label(is_you(view.player) ? "your hand" : names_[view.player])
       << style_.bold(style_.cards(view.hand, /*group_suits=*/true)) << "   "
       << style_.dim("(" + plural(view.hand.size(), "card") + ", count " + std::to_string(view.count()) + ")") << "\n";
  if (const std::string same = same_rank_groups(style_, view.hand); !same.empty())
    out_ << label("") << style_.dim("same rank: ") << same << "\n";
}

// " run:3h" / " book:9" for an action with wild cards (V13a), "" otherwise.
std::string TablePrinter::shape_suffix(std::uint8_t shape) {
  return shape == 0 ? "" : " " + shape_text(shape);
}

void TablePrinter::print_hints(const View& view, const ActionList& legal) const {
  if (view.phase != Phase::kAfterDraw) return;
  std::string lays, hits;
  int n_lays = 0, n_hits = 0;
  constexpr int kShown = 6;
  for (const Action& a : legal) {
    if (a.kind == ActionKind::kSpread && n_lays++ < kShown)
      lays += (lays.empty() ? "" : ", ") + style_.compact(a.cards) + shape_suffix(a.shape);
    if (a.kind == ActionKind::kHit && n_hits++ < kShown)
      hits += (hits.empty() ? "" : ", ") + std::to_string(a.target) + " " + style_.compact(a.cards) +
              shape_suffix(a.shape);
  }
  if (n_lays > kShown) lays += ", ... (a lists all)";
  if (n_hits > kShown) hits += ", ... (a lists all)";
  if (!lays.empty()) out_ << label("can lay") << lays << style_.dim("   (sp CARDS)") << "\n";
  if (!hits.empty()) out_ << label("can hit") << hits << style_.dim("   (h SPREAD CARDS)") << "\n";
}

void TablePrinter::print_actions(const View& view, const ActionList& legal) const {
  out_ << "Legal actions now (type one, or its number):\n";
  int i = 1;
  for (const Action& a : legal) {
    std::string text = to_string(a);
    std::string note;
    switch (a.kind) {
      case ActionKind::kDrop: note = "show your hand and claim the lowest count (S15)"; break;
      case ActionKind::kTakeStock:
        note = view.stock_size > 0 ? "take the top card of the stock" : "the stock is empty: this ends play (S16)";
        break;
      case ActionKind::kTakeDiscard: note = "take the discard " + style_.card(view.top_discard); break;
      case ActionKind::kSpread: note = "lay a new spread"; break;
      case ActionKind::kHit:
        note = "add to spread " + std::to_string(a.target) + " (" + style_.cards(view.spreads[a.target]) + ")";
        break;
      case ActionKind::kDiscard:
        note = view.phase == Phase::kSlapDiscard ? "your extra discard after the slap (V21)" : "discard, ending your turn";
        break;
      case ActionKind::kClaim: note = "claim a win with your dealt count (V13d)"; break;
      case ActionKind::kEndTurn: note = "end your turn without a discard, as you hit (V19c)"; break;
      case ActionKind::kSlap:
        note = "slap the discard " + style_.card(view.top_discard) + " onto spread " + std::to_string(a.target) + " (V21)";
        break;
      case ActionKind::kPass: note = "let the discard go (V21)"; break;
    }
    out_ << "  " << (i < 10 ? " " : "") << i << ". " << text << style_.dim("  " + note) << "\n";
    ++i;
  }
}

std::string TablePrinter::describe(const View& before, const Action& action, Card drawn) const {
  const int p = before.current_player;
  const bool you = is_you(p);
  const std::string who = subject(p);
  auto verb = [&](const char* base, const char* third) { return who + " " + (you ? base : third); };
  switch (action.kind) {
    case ActionKind::kDrop:
      if (before.game && before.game->rules().drop_called_tonk)  // V12a: Rushville calls the drop "tonk"
        return verb("call", "calls") + " tonk (drops): all hands are shown (S15, V12a).";
      return verb("drop", "drops") + ": all hands are shown (S15).";
    case ActionKind::kTakeStock:
      if (before.stock_size == 0) return verb("have", "has") + " to draw from the empty stock: play ends (S16).";
      if (drawn.valid()) return verb("take", "takes") + " " + style_.card(drawn) + " from the stock.";
      return verb("take", "takes") + " a card from the stock.";
    case ActionKind::kTakeDiscard:
      return verb("take", "takes") + " the discard " + style_.card(before.top_discard) + ".";
    case ActionKind::kSpread: return verb("lay", "lays") + " " + style_.compact(action.cards) + ".";
    case ActionKind::kHit:
      if (action.target >= before.num_spreads) break;  // not a spread on the table: the engine refuses it
      return verb("hit", "hits") + " spread " + std::to_string(action.target) + " (" +
             style_.compact(before.spreads[action.target]) + ") with " + style_.compact(action.cards) + ".";
    case ActionKind::kDiscard: return verb("discard", "discards") + " " + style_.card(action.card()) + ".";
    case ActionKind::kClaim: return verb("claim", "claims") + " a win with the dealt hand (V13d).";
    case ActionKind::kEndTurn: return verb("end", "ends") + " the turn without a discard (V19c).";
    case ActionKind::kSlap:
      if (action.target >= before.num_spreads) break;
      return verb("slap", "slaps") + " " + style_.card(before.top_discard) + " onto spread " +
             std::to_string(action.target) + " (V21).";
    case ActionKind::kPass: return verb("pass", "passes") + " on the slap.";
  }
  return who + ": " + to_string(action);
}

void TablePrinter::print_hand_end(int number, const View& view) const {
  const Outcome& o = view.outcome;
  const int p = o.player;
  const std::string who = p >= 0 ? subject(p) : "";
  const std::string was = is_you(p) ? " were" : " was";
  auto count_of = [&](int seat) { return std::to_string(o.counts[seat]); };
  int lowest_winner = -1;
  for (int q = 0; q < view.num_players; ++q)
    if (o.is_winner(q)) {
      lowest_winner = q;
      break;
    }
  // V13d: a claim ends the hand as a dealt win; it is named as the claim it is.
  const bool claimed = !view.history.empty() && view.history.back().action.kind == ActionKind::kClaim;
  std::string why;
  switch (o.reason) {
    case EndReason::kNone: why = "the hand was not finished"; break;
    case EndReason::kDealtTonk: why = dealt_win_text(view, who, was); break;
    case EndReason::kVoidDeal:
      why = "two or more players were dealt a tonk, so the hand is void: no payments (S7)";
      break;
    case EndReason::kTonkOut: why = who + " went out with no final discard: a tonk out (S13)"; break;
    case EndReason::kOutByDiscard: why = who + " went out with the final discard (S14)"; break;
    case EndReason::kDrop:
      why = who + " dropped with " + count_of(p) + " points, strictly the lowest count (S15a)";
      break;
    case EndReason::kCaught:
      why = who + " dropped with " + count_of(p) + " points and" + was + " caught by " + list_of(o.winners) + " with " +
            count_of(lowest_winner) + " (S15b)";
      break;
    case EndReason::kStockExhausted:
      why = "play ended on the empty stock (S16, I2); the lowest count, " + count_of(lowest_winner) +
            ", wins: " + list_of(o.winners);
      break;
    case EndReason::kTurnLimit:
      why = "the hand reached the table's turn limit (I2); as at the stock's end (S16) the lowest count, " +
            count_of(lowest_winner) + ", wins: " + list_of(o.winners);
      break;
    case EndReason::kDeadHand: why = "the hand is dead: no payments"; break;
  }
  out_ << "\n"
       << style_.bold("*** Hand " + std::to_string(number) + " over: " + (claimed ? std::string("claim") : std::string(to_string(o.reason))) + " ***")
       << "\n"
       << "  " << why << ".\n";
  // One line per seat: name, the hand shown (S15, S16), count and payout. Cards are 2 characters
  // and a space each; the padding is computed on the plain text so colours do not shift columns.
  constexpr std::size_t kCardsWidth = 24;
  const bool pushups = view.game->rules().scoring == Scoring::kPushups;
  for (int q = 0; q < view.num_players; ++q) {
    const CardSet shown = view.revealed[q];
    const std::string plain = shown.empty() ? "(no cards)" : to_string(shown);
    const std::string cards = shown.empty() ? plain : style_.cards(shown);
    const std::string pad(plain.size() < kCardsWidth ? kCardsWidth - plain.size() : 1, ' ');
    out_ << "  " << pad_right(names_[q], std::max(label_width_, names_[q].size() + 1)) << cards << pad << "count "
         << pad_right(std::to_string(o.counts[q]), 4)
         << (pushups ? "points " + std::to_string(o.points[q]) : style_.stakes(o.payouts[q]))  // V15
         << (o.is_winner(q) ? style_.good("  wins") : "") << "\n";
  }
}

namespace {

const char* suit_name(Suit suit, bool plural = true) {
  static constexpr const char* kPlural[] = {"clubs", "diamonds", "hearts", "spades"};
  static constexpr const char* kSingular[] = {"club", "diamond", "heart", "spade"};
  return (plural ? kPlural : kSingular)[static_cast<int>(suit)];
}

}  // namespace

void TablePrinter::print_session_start(const Session& session) const {
  const Rules& rules = session.game().rules();
  const long long n = session.game().num_players();
  if (session.is_big_one())
    out_ << "  " << style_.bold("The Big One: double stakes") << " (V22: the last "
         << plural(rules.big_one_hands, "hand")
         << " of the session " << (rules.big_one_hands == 1 ? "pays" : "pay") << " 2x).\n";
  if (const auto suit = session.side_suit())
    out_ << "  Suit bet (V23a): " << subject(session.dealer()) << (is_you(session.dealer()) ? " name " : " names ")
         << suit_name(*suit) << "; everyone puts " << rules.suit_bet << " in the pot of " << n * rules.suit_bet
         << " for the highest " << suit_name(*suit, false) << " dealt.\n";
  if (rules.naturals_bet > 0)
    out_ << "  Naturals pot (V23b): " << session.naturals_pot() + n * rules.naturals_bet << " ("
         << session.naturals_pot() << " carried over, " << rules.naturals_bet
         << " from everyone) for the first to lay a book.\n";
}

void TablePrinter::print_session_booked(const Session& session) const {
  const HandLedger& booked = session.last_hand();
  const Rules& rules = session.game().rules();
  const SideBets& side = booked.side;
  if (booked.stake != 1) {
    std::string line;
    for (std::size_t p = 0; p < names_.size(); ++p)
      line += (p == 0 ? "" : ",  ") + names_[p] + " " + style_.stakes(booked.payouts[p]);
    out_ << "  The Big One (V22): the payouts count " << booked.stake << "x: " << line << "\n";
  }
  if (side.suit) {
    out_ << "  Suit bet (V23a): ";
    if (side.suit_high.player >= 0)
      out_ << subject(side.suit_high.player) << (is_you(side.suit_high.player) ? " hold" : " holds")
           << " the highest " << suit_name(*side.suit, false) << ", " << style_.card(side.suit_high.card)
           << ", and " << (is_you(side.suit_high.player) ? "take" : "takes") << " the pot of "
           << static_cast<long long>(names_.size()) * rules.suit_bet << ".\n";
    else
      out_ << "nobody was dealt a " << suit_name(*side.suit, false) << ": the bets are returned.\n";
  }
  if (rules.naturals_bet > 0) {
    const long long pot = side.pot_before + static_cast<long long>(names_.size()) * rules.naturals_bet;
    out_ << "  Naturals (V23b): ";
    if (side.naturals_winner >= 0)
      out_ << subject(side.naturals_winner) << " laid the first book and "
           << (is_you(side.naturals_winner) ? "take" : "takes") << " the pot of " << pot << ".\n";
    else
      out_ << "nobody laid a book: the pot of " << pot << " carries over.\n";
  }
}

void TablePrinter::print_score(const Session& session, bool final) const {
  const bool pushups = session.game().rules().scoring == Scoring::kPushups;
  std::string line;
  for (std::size_t p = 0; p < names_.size(); ++p)
    line += (p == 0 ? "" : ",  ") + names_[p] + " " +
            (pushups ? std::to_string(session.points()[p]) : style_.stakes(session.ledger()[p]));
  out_ << (final ? style_.bold("Final score") : std::string("Score")) << " after "
       << plural(session.hands_played(), "hand")
       << (pushups ? " (push-up points, V15: lowest wins): "
                   : session.game().rules().scoring == Scoring::kUnits  ? " (units): "
                   : session.game().rules().scoring == Scoring::kPoints ? " (points): "
                                                                        : " (stakes): ")
       << line;
  if (session.game().rules().naturals_bet > 0) out_ << ";  naturals pot " << session.naturals_pot();
  out_ << "\n";
  if (!final || !pushups) return;
  // V15: the lowest total wins the session; players tied for it share the win.
  const Rules& rules = session.game().rules();
  if (session.is_over() && rules.pushup_limit > 0)
    out_ << "A total reached the limit of " << rules.pushup_limit << " points: the session is over (V15).\n";
  const unsigned leaders = session.leaders();
  if (std::popcount(leaders) > 1)
    out_ << "Tied for the lowest total, " << list_of(leaders) << " share the session (V15).\n";
  else
    out_ << list_of(leaders) << (is_you(std::countr_zero(leaders)) ? " win" : " wins")
         << " the session with the lowest total (V15).\n";
}

}  // namespace tonk::cli
