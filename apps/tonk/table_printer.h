// What `tonk play` shows: the table from one seat, the moves as they happen, the cut, the end of a
// hand and the running score. Everything is drawn from Views, never from the State.
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "terminal.h"
#include "tonk/action.h"
#include "tonk/session.h"
#include "tonk/view.h"

namespace tonk::cli {

class TablePrinter {
 public:
  /// `names` has one name per seat; seat 0 named "you" is spoken to in the second person.
  TablePrinter(std::ostream& out, std::vector<std::string> names, Style style);

  const Style& style() const { return style_; }
  /// " run:3h" / " book:9" for a spread or hit shape with wild cards (V13a), "" for none.
  static std::string shape_suffix(std::uint8_t shape);
  /// True for seat 0 when it is the person ("you"), who is spoken to in the second person.
  bool is_you(int seat) const;
  /// The name of a seat as the subject of a sentence ("You", "greedy").
  std::string subject(int seat) const;

  /// The cut for the first deal (S5, I7): every round of cards and who deals.
  void print_cut(const Cut& cut, const Game& game) const;
  /// The heading of a hand: its number, the dealer, who plays first.
  void print_hand_start(int number, const View& view) const;
  /// The whole table as `view.player` sees it: spreads with owners, the top discard, the stock,
  /// the other players' card counts, whose turn, and the player's own hand.
  void print_table(int hand_number, const View& view) const;
  /// The player's own hand, sorted and grouped by suit, with its size and count.
  void print_hand(const View& view) const;
  /// What the player can lay or hit now, from the engine's legal actions (after drawing only).
  void print_hints(const View& view, const ActionList& legal) const;
  /// The legal actions, numbered from 1, in the notation the `play` prompt accepts.
  void print_actions(const View& view, const ActionList& legal) const;

  /// A sentence for `action` by the current player of `before` (the view before the action was
  /// applied). `drawn` is the card the player took from the stock when the view is their own.
  std::string describe(const View& before, const Action& action, Card drawn = Card::none()) const;

  /// The end of a hand from a view of the finished hand: every hand shown, each count, why the
  /// hand ended and who, and the payouts.
  void print_hand_end(int number, const View& view) const;
  /// The session's rules for the hand just dealt, one line each when they apply: The Big One
  /// (V22), the suit named for the suit bet (V23a), the naturals pot (V23b).
  void print_session_start(const Session& session) const;
  /// What the session booked for the hand just finished beyond its payouts: the doubling of The
  /// Big One (V22) and the side bets (V23a, V23b).
  void print_session_booked(const Session& session) const;
  /// The running score (S17): each seat's ledger in stakes (side bets included, and the naturals
  /// pot when there is one), or under push-ups (V15) each seat's points total, lowest best. With
  /// `final`, the session's leaders too.
  void print_score(const Session& session, bool final) const;

 private:
  std::string label(const std::string& text) const;
  std::string list_of(unsigned seats) const;

  std::ostream& out_;
  std::vector<std::string> names_;
  Style style_;
  std::size_t label_width_ = 11;  // fits "your hand" and a gap
};

}  // namespace tonk::cli
