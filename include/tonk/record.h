// Game records: a plain-text format for hands of Tonk (like PGN for chess), documented in
// docs/RECORDS.md. A record holds the full rule set, the seats, the dealer, the deck order and every
// action, so that a replay reproduces the hand and its payouts exactly.
//
// Reading a record has two steps. parse_records() checks the syntax and every tag's value (the rule
// set is validated, cards are cards, the seats match the players); replay() deals the deck and checks
// every move against the rules, then the recorded result. Both throw RecordError naming the line.
#pragma once

#include <array>
#include <cstdint>
#include <istream>
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
  RecordError(std::int64_t line, const std::string& message);
  std::int64_t line() const { return line_; }

 private:
  std::int64_t line_;
};

/// Longest line a record may have, in bytes; a longer line is refused (RecordError).
inline constexpr std::size_t kMaxRecordLine = 10000;
/// Longest seat name, in bytes: 128, room for 32 code points of 4 bytes each, so that every name
/// `tonk serve` lets a player join with (docs/PROTOCOL.md "Names": 1 to 32 code points) is one a
/// record can hold.
inline constexpr std::size_t kMaxSeatName = 128;
/// Largest hand number ([Hand]); a session records at most this many hands.
inline constexpr int kMaxRecordHand = 999'999'999;
/// Largest naturals pot ([Pot], V23b), in stakes: more than a session of kMaxRecordHand hands at the
/// largest table and bet can carry.
inline constexpr long long kMaxRecordPot = 1'000'000'000'000;

/// Where each part of a parsed record came from: 1-based line numbers (64-bit: a session's file may
/// have more than 2^31 lines), 0 for a record built in code
/// or a tag the record does not have. Used to name the line in replay errors.
struct RecordLines {
  std::int64_t game = 0;     ///< the [Game] tag: where the hand starts
  std::int64_t hand = 0;     ///< [Hand]
  std::int64_t rules = 0;    ///< [Rules]
  std::array<std::int64_t, kMaxPlayers> seats{};  ///< [Seat0] .. [Seat7]
  std::int64_t dealer = 0;   ///< [Dealer]
  std::int64_t deck = 0;     ///< [Deck]
  std::int64_t result = 0;   ///< [Result]
  std::int64_t counts = 0;   ///< [Counts]
  std::int64_t payouts = 0;  ///< [Payouts]
  std::int64_t points = 0;   ///< [Points]
  std::int64_t stake = 0;    ///< [Stake]
  std::int64_t side_suit = 0;  ///< [SideSuit]
  std::int64_t pot = 0;      ///< [Pot]
  std::int64_t side_bets = 0;  ///< [SideBets]
  std::vector<std::int64_t> moves;  ///< the line of each move, in order (empty for a record built in code)
};

/// One recorded hand. Two records compare equal when their contents are equal; `lines` (where a
/// parsed record came from) is not compared.
struct HandRecord {
  int number = 1;                  ///< the hand's number in its session, 1..999999999
  Rules rules;                     ///< the full rule set
  std::vector<std::string> seats;  ///< a name per seat, seat 0 first (clockwise); one per player
  std::int64_t dealer = 0;                  ///< the dealer's seat, 0..players-1
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
/// std::invalid_argument when a seat name cannot be written (longer than kMaxSeatName, or one the
/// rule for a player's name refuses: name_problem(), player_name.h) or the number is out of range.
std::string write_record(const HandRecord& record);

/// The text of a session: every hand's write_record(), separated by a blank line.
std::string write_records(std::span<const HandRecord> records);

/// Parses every hand in `text` (a whole session; empty when the text holds no hand). Checks the
/// syntax, each tag's value, that the rule set is valid (validate()), that there is one seat per
/// player and that every move names a seat. Throws RecordError naming the line and the reason.
/// Never crashes on hostile input (binary junk, huge numbers, long lines): it throws instead.
std::vector<HandRecord> parse_records(std::string_view text);

/// Most moves one hand's record may hold under `rules`: a bound derived from the rules' own bound
/// on a hand (max_turns, I2), far above what any hand plays. parse_records() and RecordReader refuse
/// a hand with more; write_record() refuses to write one.
std::size_t max_record_moves(const Rules& rules);

/// Reads a session's hands one at a time from a stream, as parse_records() does from a text, holding
/// only the hand being read: memory does not grow with the file. Lines longer than kMaxRecordLine
/// are refused as soon as they are seen, without reading the rest of them.
class RecordReader {
 public:
  /// Reads from `in`, which must outlive the reader.
  explicit RecordReader(std::istream& in);
  ~RecordReader();
  RecordReader(const RecordReader&) = delete;
  RecordReader& operator=(const RecordReader&) = delete;

  /// The next hand, complete and checked as parse_records() checks it; nullopt at the end of the
  /// input. Throws RecordError naming the line, also when the stream fails while reading.
  std::optional<HandRecord> next();

  /// Lines read so far.
  std::int64_t lines_read() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Replays a record: deals its deck and applies every move, checking that each is made by the seat
/// to move and is legal (State::why_illegal), then checks the recorded result (Result, Counts,
/// Payouts, Points and SideBets) if present. Returns the finished (or unfinished) hand, which
/// owns the Game of the record's rules. Throws RecordError naming the line at fault: the
/// [Rules] tag for a bad rule set, [Deck] or [Dealer] for a bad deal, the move's line for a move
/// by the wrong seat, an illegal move or a move after the hand ended, and the tag's line for a
/// recorded result the replay does not reproduce.
Hand replay(const HandRecord& record);

}  // namespace tonk
