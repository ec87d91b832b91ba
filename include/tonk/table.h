// A Table: players (people and bots) seated at one rule set, playing a Session of hands (S17).
//
// The Table is what the terminal game (`tonk play`), the simulator (`tonk sim`) and a game server
// run. It deals, asks whoever is to move (it runs the bots itself; a person's action is submitted
// from outside and judged by the engine), books each hand in the Session, and emits a stream of
// events, each rendered for one seat from that seat's View: a seat never receives a card hidden from
// it. It is driven step by step from one thread (a server's strand): ask to_move() and
// awaits_person(), submit() a person's action, step_bot() or run_bots(), deal() the next hand.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tonk/action.h"
#include "tonk/bot.h"
#include "tonk/game.h"
#include "tonk/hand.h"
#include "tonk/refusal.h"
#include "tonk/session.h"
#include "tonk/view.h"

namespace tonk {

/// A seat at a Table: a name, and who plays it.
struct Seat {
  std::string name;  ///< shown to the other seats and written in records
  /// The bot that plays the seat, run by the Table; null for a person, whose actions are submitted
  /// from outside (Table::submit).
  std::unique_ptr<Bot> bot;
};

/// What happened at the table.
enum class TableEventKind : std::uint8_t {
  kHandDealt = 0,      ///< A hand was dealt (S6). The view shows the seat's own hand and the upcard.
  kAction = 1,         ///< A seat acted (S9): `actor`, `action`; `drawn` for the drawer only.
  kHandOver = 2,       ///< The hand ended: the view shows every hand (showdown), counts, outcome and
                       ///< payouts. The session has not booked it yet.
  kSessionBooked = 3,  ///< The session booked the hand (S17, V15, V22, V23): `booked`.
};

/// One event as one seat may see it. Everything in it comes from that seat's View, except the card
/// drawn from the stock, which only the drawer's rendering holds. The pointers are valid during the
/// listener's call only.
struct TableEvent {
  TableEventKind kind = TableEventKind::kHandDealt;
  int seat = 0;         ///< the seat this rendering is for
  int hand_number = 0;  ///< the hand's number in the session, from 1
  int actor = -1;       ///< kAction: the seat that acted
  Action action;        ///< kAction: what it did (every action is public; S9)
  /// kAction, kTakeStock with cards in the stock: the card taken, when `seat` is the actor;
  /// Card::none() for every other seat (the card is hidden from them).
  Card drawn = Card::none();
  /// kAction: this seat's view just before the action (what a sentence about the action reads:
  /// the spread hit, the discard taken).
  const View* before = nullptr;
  /// This seat's view just after the event. Never null.
  const View* view = nullptr;
  /// kSessionBooked: what the session booked for the hand; null otherwise.
  const HandLedger* booked = nullptr;
};

/// Receives one seat's events, in order. It must not call back into the Table's actions (deal,
/// submit, step_bot, run_bots, new_session) from inside the call.
using TableListener = std::function<void(const TableEvent&)>;

/// How a Table's session starts (see Session's constructor).
struct TableOptions {
  std::uint64_t seed = 0;  ///< the session's randomness: the cut, the shuffles, the suits named
  int first_dealer = -1;   ///< a seat 0..players-1, or -1 to cut for the first deal (S5)
  int planned_hands = 0;   ///< the session's length in hands; 0 for open-ended (V22 needs one)
};

class Table {
 public:
  /// Seats `seats` (one per player of `game`, seat 0 first, clockwise) at `game`, which the Table
  /// shares, and opens a Session with `options`. No hand is dealt yet. Throws std::invalid_argument
  /// when `game` is null, the number of seats is not game->num_players(), or the Session refuses
  /// the options.
  Table(std::shared_ptr<const Game> game, std::vector<Seat> seats, TableOptions options = {});

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& shared_game() const { return game_; }
  int num_seats() const { return static_cast<int>(seats_.size()); }
  const std::string& name(int seat) const { return seats_.at(static_cast<std::size_t>(seat)).name; }
  /// True when a person plays `seat` (its actions come through submit()).
  bool is_person(int seat) const { return !seats_.at(static_cast<std::size_t>(seat)).bot; }
  /// The session: its ledger, dealer, cut, and what it booked last.
  const Session& session() const { return *session_; }

  /// The hand in play, or once it is over the last hand played (until the next deal); nullptr before
  /// the first deal. Omniscient (Hand::state()): for the host, records and tests, never for a seat.
  const Hand* hand() const { return hand_ ? &*hand_ : nullptr; }
  /// The number in the session of hand() (from 1); 0 before the first deal.
  int hand_number() const { return hand_number_; }
  /// True while a hand is dealt and not over.
  bool in_hand() const { return hand_ && !hand_->is_over(); }
  /// The seat to move, or -1 when no hand is in play.
  int to_move() const { return in_hand() ? hand_->current_player() : -1; }
  /// True when a hand is in play and a person is to move: the table waits for submit().
  bool awaits_person() const { return in_hand() && is_person(hand_->current_player()); }
  /// The legal actions of the seat to move (empty when no hand is in play).
  void legal_actions(ActionList& out) const;
  /// Seat `seat`'s view of hand(). Throws std::logic_error before the first deal.
  View view(int seat) const;

  /// Sends `seat`'s events to `listener` from now on (an empty function stops them). One listener
  /// per seat; events are rendered only for seats that have one, so a table nobody listens to (a
  /// simulation) builds no view but for the bots that read one.
  void listen(int seat, TableListener listener);

  /// Deals the next hand of the session (S6; Session::deal) and sends kHandDealt; a hand that ends
  /// at once (S7: a dealt tonk, a void deal) is then ended and booked (kHandOver, kSessionBooked).
  /// Throws std::logic_error when a hand is in play or the session is over.
  void deal();
  /// The same, dealing `deck_order` (a permutation of the deck, State::deal) instead of the
  /// session's shuffle: for a server whose deals come from a published commitment (tonk serve's
  /// provably fair deals) and for replaying its log. Throws BadDeal (nothing dealt) for a bad order.
  void deal(std::vector<Card> deck_order);
  /// A person's action for `seat`. Returns nullopt when it was applied (its events sent; the hand
  /// ended and booked if it was the last action); otherwise why not, and nothing changes: the
  /// engine's Refusal for an action the rules refuse (State::why_illegal: its rule ID and sentence),
  /// rule_id "S8" when it is another seat's turn, and rule_id "table" when no hand is in play, there
  /// is no such seat, or a bot plays it.
  std::optional<Refusal> submit(int seat, const Action& action);
  /// Applies an action the engine already judged for `seat`, the seat to move (State::why_illegal
  /// returned nullopt for it at this position: a served table judges a person's action once, logs
  /// it, and applies the logged entry here), sending its events as submit() does. Throws
  /// std::logic_error when no hand is in play or `seat` is not to move; legality is not checked again.
  void apply_judged(int seat, const Action& action);
  /// When a bot is to move, asks it and applies its action (sending the events); returns false
  /// when no bot is to move (no hand in play, or a person's turn). A bot's illegal action throws
  /// IllegalAction: a bug in the bot.
  bool step_bot();
  /// step_bot() until a person is to move or the hand is over; returns the actions taken.
  int run_bots();
  /// Opens a new session at the same table (the same seats and bots) with `options`, as when a
  /// session under push-ups ends at its limit (V15). Throws std::logic_error while a hand is in
  /// play, std::invalid_argument as the constructor.
  void new_session(TableOptions options);

 private:
  /// How far an action applied is trusted: checked by the engine, an entry of the legal list, or
  /// judged already (apply_judged).
  enum class Trust : std::uint8_t { kCheck, kListed, kJudged };
  void apply(int seat, const Action& action, Trust trust);
  void apply_to_hand(const Action& action, Trust trust);
  void dealt();
  void finish_hand();
  bool listened() const { return listeners_ != 0; }
  const View& blank_view(int seat);
  void send(TableEventKind kind, const HandLedger* booked);

  std::shared_ptr<const Game> game_;
  std::vector<Seat> seats_;
  std::unique_ptr<Session> session_;
  std::optional<Hand> hand_;
  int hand_number_ = 0;
  std::array<TableListener, kMaxPlayers> listeners_by_seat_;
  unsigned listeners_ = 0;                // bit s: seat s has a listener
  std::unique_ptr<ActionList> legal_;     // the bots' legal actions (64 KiB: kept off the stack)
  std::unique_ptr<std::array<View, kMaxPlayers>> before_;  // the listeners' views before an action
  std::unique_ptr<View> blank_;  // the view without cards passed to bots that read none (Bot::reads_view)
};

}  // namespace tonk
