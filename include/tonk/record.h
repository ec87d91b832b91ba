// Game records: a plain-text format for hands of Tonk (like PGN for chess), documented in
// docs/RECORDS.md. A record holds the full rule set, the seats, the dealer, the deck order and every
// action, so that a replay reproduces the hand and its payouts exactly.
//
// Reading a record has two steps. parse_records() checks the syntax and every tag's value (the rule
// set is validated, cards are cards, the seats match the players); replay() deals the deck and checks
// every move against the rules, then the recorded result. Both throw RecordError naming the line.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/hand.h"
#include "tonk/rules.h"
#include "tonk/session.h"

namespace tonk {

/// A record was malformed or an action in it was illegal. line() is the 1-based line of the text
/// at fault, or 0 when the problem is not tied to a line (a record built in code rather than
/// parsed). what() is the reason alone, without the line: callers print "FILE:LINE: reason".
class RecordError : public std::runtime_error {
 public:
  RecordError(int line, const std::string& message);
  int line() const { return line_; }

 private:
  int line_;
};

/// Longest line a record may have, in bytes; a longer line is refused (RecordError).
inline constexpr std::size_t kMaxRecordLine = 10000;
/// Longest seat name, in bytes.
inline constexpr std::size_t kMaxSeatName = 64;

/// Where each part of a parsed record came from: 1-based line numbers, 0 for a record built in code
/// or a tag the record does not have. Used to name the line in replay errors.
struct RecordLines {
  int game = 0;     ///< the [Game] tag: where the hand starts
  int hand = 0;     ///< [Hand]
  int rules = 0;    ///< [Rules]
  std::array<int, kMaxPlayers> seats{};  ///< [Seat0] .. [Seat7]
  int dealer = 0;   ///< [Dealer]
  int deck = 0;     ///< [Deck]
  int result = 0;   ///< [Result]
  int counts = 0;   ///< [Counts]
  int payouts = 0;  ///< [Payouts]
  int points = 0;   ///< [Points]
  int stake = 0;    ///< [Stake]
  int side_suit = 0;  ///< [SideSuit]
  int pot = 0;      ///< [Pot]
  int side_bets = 0;  ///< [SideBets]
  std::vector<int> moves;  ///< the line of each move, in order (empty for a record built in code)
};

/// One recorded hand. Two records compare equal when their contents are equal; `lines` (where a
/// parsed record came from) is not compared.
struct HandRecord {
  int number = 1;                  ///< the hand's number in its session, 1..999999999
  Rules rules;                     ///< the full rule set
  std::vector<std::string> seats;  ///< a name per seat, seat 0 first (clockwise); one per player
  int dealer = 0;                  ///< the dealer's seat, 0..players-1
  std::vector<Card> deck;          ///< the deck order, first card dealt first (State::deal)
  std::vector<Move> moves;         ///< every action, in order
  /// The recorded result, when the record has one (a finished hand): replay checks each part.
  std::optional<EndReason> reason;                      ///< how the hand ended (never kNone)
  std::optional<std::array<int, kMaxPlayers>> counts;   ///< each seat's count, in points (I8)
  std::optional<std::array<int, kMaxPlayers>> payouts;  ///< each seat's net payout, in stakes (S4)
  /// V15: each seat's push-up points for the hand (Outcome::points), with the result under
  /// scoring=pushups.
  std::optional<std::array<int, kMaxPlayers>> points;
  // What a session adds (see SessionTags): the ledger of a session is rebuilt from these.
  int stake = 1;                  ///< V22: the multiple of the payouts the session books (2: The Big One)
  std::optional<Suit> side_suit;  ///< V23a: the suit the dealer named
  std::optional<long long> pot;   ///< V23b: the naturals pot carried into the hand, in stakes
  /// V23a, V23b: each seat's net result from the side bets (SideBets::net), with the result.
  std::optional<std::array<long long, kMaxPlayers>> side_bets;
  RecordLines lines;               ///< for parsed records: the line of each tag and move

  friend bool operator==(const HandRecord& a, const HandRecord& b);
};

/// What a session knows of one of its hands beyond the hand itself (Session: stake(), side_suit()
/// and naturals_pot() while the hand is in play).
struct SessionTags {
  int stake = 1;                  ///< V22: 2 for a hand of The Big One
  std::optional<Suit> side_suit;  ///< V23a: the suit named, when suit_bet > 0
  long long pot = 0;              ///< V23b: the naturals pot carried into the hand, in stakes
};

/// The session's tags of the hand in play: take them after Session::deal() and before
/// Session::finish(), which moves the session on to the next hand.
SessionTags session_tags(const Session& session);
/// The same tags of a hand the session has booked, from what it booked (Session::finish's
/// HandLedger): its stake, the suit named and the pot carried in.
SessionTags session_tags(const HandLedger& booked);

/// A record of a hand that has been played (it need not be over); the result (reason, counts,
/// payouts, and the push-up points under V15) is included when it is. `seats` names the players,
/// seat 0 first. `tags` are the session's: the stake (V22), the named suit when suit_bet > 0
/// (V23a), the pot when naturals_bet > 0 (V23b), and for a finished hand with side bets their
/// result (settle_side_bets). Throws std::invalid_argument when the number of seats is not the
/// number of players.
HandRecord make_record(const Hand& hand, std::vector<std::string> seats, int number, const SessionTags& tags = {});

/// The text of one hand, ending with a newline. Besides the tags and moves it writes one comment
/// line showing the dealt hands and the upcard, for a person reading it. Throws
/// std::invalid_argument when a seat name cannot be written (empty, longer than kMaxSeatName, or
/// holding a control character) or the number is out of range.
std::string write_record(const HandRecord& record);

/// The text of a session: every hand's write_record(), separated by a blank line.
std::string write_records(std::span<const HandRecord> records);

/// Parses every hand in `text` (a whole session; empty when the text holds no hand). Checks the
/// syntax, each tag's value, that the rule set is valid (validate()), that there is one seat per
/// player and that every move names a seat. Throws RecordError naming the line and the reason.
/// Never crashes on hostile input (binary junk, huge numbers, long lines): it throws instead.
std::vector<HandRecord> parse_records(std::string_view text);

/// Replays a record: deals its deck and applies every move, checking that each is made by the seat
/// to move and is legal (State::why_illegal), then checks the recorded result (Result, Counts,
/// Payouts, Points and SideBets) if present. Returns the finished (or unfinished) hand, which
/// owns the Game of the record's rules. Throws RecordError naming the line at fault: the
/// [Rules] tag for a bad rule set, [Deck] or [Dealer] for a bad deal, the move's line for a move
/// by the wrong seat, an illegal move or a move after the hand ended, and the tag's line for a
/// recorded result the replay does not reproduce.
Hand replay(const HandRecord& record);

}  // namespace tonk
