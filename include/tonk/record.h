// Game records: a plain-text format for hands of Tonk (like PGN for chess), documented in
// docs/RECORDS.md. A record holds the full rule set, the seats, the dealer, the deck order and every
// action, so that a replay reproduces the hand and its payouts exactly.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tonk/hand.h"
#include "tonk/rules.h"

namespace tonk {

/// A record was malformed or an action in it was illegal. line() is the 1-based line of the file
/// at fault (0 when the problem is not one line's, e.g. a missing tag at the end of the file).
class RecordError : public std::runtime_error {
 public:
  RecordError(int line, const std::string& message);
  int line() const { return line_; }

 private:
  int line_;
};

/// One recorded hand.
struct HandRecord {
  int number = 1;                  ///< the hand's number in its session, from 1
  Rules rules;                     ///< the full rule set
  std::vector<std::string> seats;  ///< a name per seat, seat 0 first (clockwise)
  int dealer = 0;
  std::vector<Card> deck;          ///< the deck order, first card dealt first (State::deal)
  std::vector<Move> moves;         ///< every action, in order
  std::vector<int> move_lines;     ///< for parsed records: the line of each move (else empty)
  /// The recorded result, when the record has one: replay checks it.
  std::optional<EndReason> reason;
  std::optional<std::array<int, kMaxPlayers>> payouts;
  int first_line = 0;              ///< for parsed records: the line where the hand starts
};

/// A record of a hand that has been played (it need not be over); the result is included if it is.
HandRecord make_record(const Hand& hand, std::vector<std::string> seats, int number);

/// The text of one hand (ends with a newline). Records of a session are written one after another,
/// separated by a blank line.
std::string write_record(const HandRecord& record);

/// Parses every hand in `text`. Throws RecordError naming the line and the reason.
std::vector<HandRecord> parse_records(std::string_view text);

/// Replays a record: deals its deck and applies every move, checking each against the rules, then
/// checks the recorded result if present. Returns the finished (or unfinished) hand; `game` receives
/// the Game it is played under and must outlive the Hand. Throws RecordError naming the move's line.
Hand replay(const HandRecord& record, std::unique_ptr<Game>& game);

}  // namespace tonk
