// Game records (docs/RECORDS.md): writing, parsing, replaying, and every class of error with the
// exact line it names.
#include "tonk/record.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tonk/bot_factory.h"
#include "tonk/game.h"
#include "tonk/rule_options.h"
#include "tonk/session.h"

namespace tonk {

// Readable failure messages: gtest prints a record as its text.
void PrintTo(const HandRecord& r, std::ostream* os) { *os << "\n" << write_record(r); }

namespace {

// A scripted hand of the standard game (P-STD), dealer seat 1, so seat 0 gets the first card (S6).
//   seat 0 (ann) is dealt Ah 2h 3h 9c Kd (25), seat 1 (bob) 5s 6s 7s 2c Jc (30); the upcard is Qd;
//   the stock starts 9s 4h.
//   ann draws 9s, spreads Ah2h3h, discards Kd: holds 9c 9s (18).
//   bob draws 4h, spreads 5s6s7s, hits ann's run with 4h (S12), discards Jc: holds 2c (2).
//   ann drops with 18 and is caught by bob's 2 (S15b): ann pays bob 2 stakes.
// Line numbers matter: the error tests below name them.
constexpr const char* kDeck =
    "Ah 5s 2h 6s 3h 7s 9c 2c Kd Jc Qd 9s 4h Ac 3c 4c 5c 6c 7c 8c Tc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd "
    "5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 8s Ts Js Qs Ks";

std::vector<std::string> scripted_lines() {
  return {
      "[Game \"Tonk\"]",            // 1
      "[Hand \"1\"]",               // 2
      "[Rules \"players=2\"]",      // 3
      "[Seat0 \"ann\"]",            // 4
      "[Seat1 \"bob\"]",            // 5
      "[Dealer \"1\"]",             // 6
      std::string("[Deck \"") + kDeck + "\"]",  // 7
      "[Result \"caught\"]",        // 8
      "[Counts \"18 2\"]",          // 9
      "[Payouts \"-2 +2\"]",        // 10
      "0 stock",                    // 11
      "0 spread Ah2h3h",            // 12
      "0 discard Kd",               // 13
      "1 stock",                    // 14
      "1 spread 5s6s7s",            // 15
      "1 hit 0 4h",                 // 16
      "1 discard Jc",               // 17
      "0 drop",                     // 18
  };
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The scripted record with line `line` (1-based) replaced by `text`.
std::string with_line(int line, const std::string& text) {
  auto lines = scripted_lines();
  lines.at(line - 1) = text;
  return join(lines);
}

// The scripted record with line `line` removed.
std::string without_line(int line) {
  auto lines = scripted_lines();
  lines.erase(lines.begin() + (line - 1));
  return join(lines);
}

// Parses and replays every hand of `text`; returns the line of the RecordError, or -1 if none.
// Any other exception fails the test.
int error_line(const std::string& text, std::string* message = nullptr) {
  try {
    for (const HandRecord& r : parse_records(text)) {
      replay(r);
    }
  } catch (const RecordError& e) {
    if (message) *message = e.what();
    return e.line();
  }
  return -1;
}

TEST(RecordTest, ScriptedHandReplaysToTheRecordedCatch) {  // S12, S15b
  const auto records = parse_records(join(scripted_lines()));
  ASSERT_EQ(records.size(), 1u);
  const HandRecord& r = records[0];
  EXPECT_EQ(r.number, 1);
  EXPECT_EQ(r.rules, Rules{});
  EXPECT_EQ(r.seats, (std::vector<std::string>{"ann", "bob"}));
  EXPECT_EQ(r.dealer, 1);
  EXPECT_EQ(r.deck.size(), 52u);
  EXPECT_EQ(r.deck.front(), Card(Rank::kAce, Suit::kHearts));
  ASSERT_EQ(r.moves.size(), 8u);
  EXPECT_EQ(r.moves[5], (Move{1, Action::hit(0, CardSet(Card(Rank::kFour, Suit::kHearts)))}));
  EXPECT_EQ(r.lines.game, 1);
  EXPECT_EQ(r.lines.deck, 7);
  EXPECT_EQ(r.lines.payouts, 10);
  EXPECT_EQ(r.lines.moves, (std::vector<std::int64_t>{11, 12, 13, 14, 15, 16, 17, 18}));

  const Hand hand = replay(r);
  ASSERT_TRUE(hand.is_over());
  EXPECT_EQ(hand.outcome().reason, EndReason::kCaught);
  EXPECT_EQ(hand.outcome().player, 0);
  EXPECT_EQ(hand.outcome().counts[0], 18);
  EXPECT_EQ(hand.outcome().counts[1], 2);
  EXPECT_EQ(hand.outcome().payouts[0], -2);  // S15b: the caught dropper pays 2x to the catcher
  EXPECT_EQ(hand.outcome().payouts[1], 2);
  EXPECT_EQ(hand.state().spread(0), *parse_cards("Ah2h3h4h"));
}

TEST(RecordTest, WriteThenParseIsExact) {
  const auto parsed = parse_records(join(scripted_lines()));
  const std::string text = write_record(parsed[0]);
  const auto again = parse_records(text);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0], parsed[0]);
  EXPECT_EQ(write_record(again[0]), text);
  // The writer names every option (the record is self-contained) and shows the deal as comments.
  EXPECT_NE(text.find("[Rules \"" + to_string(Rules{}) + "\"]\n"), std::string::npos);
  EXPECT_NE(text.find("# seat 0 is dealt 9c Kd Ah 2h 3h\n"), std::string::npos);
  EXPECT_NE(text.find("# the upcard is Qd\n"), std::string::npos);
  EXPECT_NE(text.find("\n1 hit 0 4h\n"), std::string::npos);
}

TEST(RecordTest, SeatNamesWithQuotesAndBackslashesRoundTrip) {
  auto r = parse_records(join(scripted_lines()))[0];
  r.seats = {"a \"quoted\" name", "back\\slash"};
  const std::string text = write_record(r);
  EXPECT_NE(text.find("[Seat0 \"a \\\"quoted\\\" name\"]"), std::string::npos);
  EXPECT_EQ(parse_records(text)[0], r);
  r.seats[1] = "new\nline";
  EXPECT_THROW(write_record(r), std::invalid_argument);
  r.seats[1] = "";
  EXPECT_THROW(write_record(r), std::invalid_argument);
  // The longest name `tonk serve` lets a player join with, 32 four-byte code points, is recorded:
  // a record with one used to be refused, and that took the server down (kMaxSeatName was 64).
  std::string emoji;
  for (int i = 0; i < 32; ++i) emoji += "\xF0\x9F\x98\x80";  // U+1F600, 4 bytes
  ASSERT_EQ(emoji.size(), kMaxSeatName);
  r.seats[1] = emoji;
  EXPECT_EQ(parse_records(write_record(r))[0], r);
  r.seats[1] = emoji + "x";
  EXPECT_THROW(write_record(r), std::invalid_argument);
}

TEST(RecordTest, AnUnfinishedHandHasNoResultAndReplaysToItsLastMove) {
  const std::string text = without_line(18);  // no drop: bob has discarded, ann is to move
  auto lines = scripted_lines();
  lines.erase(lines.begin() + 7, lines.begin() + 10);  // no Result, Counts, Payouts
  lines.pop_back();
  const auto r = parse_records(join(lines))[0];
  const Hand hand = replay(r);
  EXPECT_FALSE(hand.is_over());
  EXPECT_EQ(hand.current_player(), 0);
  const HandRecord made = make_record(hand, {"ann", "bob"}, 1);
  EXPECT_FALSE(made.reason.has_value());
  EXPECT_FALSE(made.payouts.has_value());
  EXPECT_EQ(made, r);
  // A result recorded for a hand that did not end is refused on the tag's line.
  EXPECT_EQ(error_line(text), 8);
}

TEST(RecordTest, CommentsBlankLinesAndCrlfAreAllowed) {
  auto lines = scripted_lines();
  lines.insert(lines.begin() + 10, "");
  lines.insert(lines.begin() + 10, "# the moves");
  lines[12] = "0 stock   # draws 9s";
  std::string text = "# a session\n\n" + join(lines);
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  for (const std::string& t : {text, crlf}) {
    const auto records = parse_records(t);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0], parse_records(join(scripted_lines()))[0]);
    EXPECT_EQ(records[0].lines.game, 3);
    EXPECT_EQ(records[0].lines.moves.front(), 15);
    EXPECT_EQ(error_line(t), -1);
  }
}

TEST(RecordTest, EmptyTextHasNoHands) {
  EXPECT_TRUE(parse_records("").empty());
  EXPECT_TRUE(parse_records("# nothing\n\n").empty());
}

// ---- errors: each names its line ----------------------------------------------------------------

TEST(RecordErrorTest, BadTags) {
  std::string why;
  EXPECT_EQ(error_line(with_line(3, "[Rulez \"players=2\"]"), &why), 3);
  EXPECT_NE(why.find("unknown tag [Rulez]"), std::string::npos) << why;
  EXPECT_EQ(error_line(with_line(2, "[Hand 1]")), 2);              // value not quoted
  EXPECT_EQ(error_line(with_line(5, "[Seat0 \"bob\"]"), &why), 5);  // a tag given twice: the repeat's line
  EXPECT_NE(why.find("appears twice"), std::string::npos) << why;
  EXPECT_EQ(error_line(with_line(2, "[Hand \"1\"")), 2);           // no ']'
  EXPECT_EQ(error_line(with_line(2, "[Hand \"1]")), 2);            // no closing quote
  EXPECT_EQ(error_line(with_line(2, "[Hand \"1\"] junk")), 2);     // text after the tag
  EXPECT_EQ(error_line(with_line(2, "[Hand \"0\"]")), 2);          // hands count from 1
  EXPECT_EQ(error_line(with_line(2, "[Hand \"-1\"]")), 2);
  EXPECT_EQ(error_line(with_line(2, "[Seat1 \"bob\"]"), &why), 5);  // Seat1 twice: the second is at fault
  EXPECT_NE(why.find("twice"), std::string::npos) << why;
  EXPECT_EQ(error_line(with_line(1, "[Game \"Chess\"]")), 1);
  EXPECT_EQ(error_line(with_line(4, "[Seat9 \"ann\"]")), 4);
  EXPECT_EQ(error_line(with_line(4, "[Seat0 \"a\\qb\"]")), 4);     // unknown escape
  EXPECT_EQ(error_line(with_line(6, "[Dealer \"one\"]")), 6);
  EXPECT_EQ(error_line(with_line(6, "[Dealer \"2\"]")), 6);        // not at a table of 2
  EXPECT_EQ(error_line(with_line(8, "[Result \"won\"]")), 8);
  EXPECT_EQ(error_line(with_line(9, "[Counts \"18\"]")), 9);       // one value for two seats
  EXPECT_EQ(error_line(with_line(10, "[Payouts \"-2 two\"]")), 10);
  EXPECT_EQ(error_line(with_line(10, "[Payouts \"-2 +2 0\"]")), 10);
}

TEST(RecordErrorTest, MissingTagsNameTheHandsFirstLine) {
  std::string why;
  EXPECT_EQ(error_line(without_line(7), &why), 1);
  EXPECT_EQ(why, "the hand starting here has no [Deck] tag");
  EXPECT_EQ(error_line(without_line(5), &why), 1);
  EXPECT_EQ(why, "the hand starting here has no [Seat1] tag");
  EXPECT_EQ(error_line(without_line(3) + join(scripted_lines())), 1);
  // A second hand that lacks a tag is found at its own [Game] line.
  EXPECT_EQ(error_line(join(scripted_lines()) + "\n" + without_line(2)), 20);
}

TEST(RecordErrorTest, TagsAndMovesOutOfPlace) {
  std::string why;
  // Moves before any hand.
  EXPECT_EQ(error_line("0 stock\n" + join(scripted_lines())), 1);
  // A tag before [Game].
  EXPECT_EQ(error_line("[Hand \"1\"]\n" + join(scripted_lines())), 1);
  // A tag after the moves (a second hand that forgot its [Game] tag).
  EXPECT_EQ(error_line(join(scripted_lines()) + "\n[Hand \"2\"]\n", &why), 20);
  EXPECT_NE(why.find("after the moves"), std::string::npos) << why;
}

TEST(RecordErrorTest, BadCards) {
  std::string deck = kDeck;
  deck.replace(deck.find("Qd"), 2, "Zz");
  std::string why;
  EXPECT_EQ(error_line(with_line(7, "[Deck \"" + deck + "\"]"), &why), 7);
  EXPECT_EQ(why, "[Deck]: card 11, 'Zz', is not a card");
  EXPECT_EQ(error_line(with_line(12, "0 spread Ah2h3x")), 12);
  EXPECT_EQ(error_line(with_line(13, "0 discard 10d")), 13);
}

TEST(RecordErrorTest, DeckThatIsNotAPermutation) {  // S2, State::deal
  std::string deck = kDeck;
  deck.replace(deck.find("Qd"), 2, "Ah");  // Ah twice, Qd missing
  std::string why;
  EXPECT_EQ(error_line(with_line(7, "[Deck \"" + deck + "\"]"), &why), 7);
  EXPECT_EQ(why, "[Deck]: card Ah appears twice in the deck order");
  EXPECT_EQ(error_line(with_line(7, "[Deck \"Ah 2h 3h\"]"), &why), 7);
  EXPECT_NE(why.find("3 cards"), std::string::npos) << why;
  // A joker is not in the standard deck (S2; V16 adds them).
  deck = kDeck;
  deck.replace(deck.find("Ks"), 2, "X1");
  EXPECT_EQ(error_line(with_line(7, "[Deck \"" + deck + "\"]")), 7);
}

TEST(RecordErrorTest, InvalidRuleSets) {
  std::string why;
  EXPECT_EQ(error_line(with_line(3, "[Rules \"players=9\"]"), &why), 3);
  EXPECT_NE(why.find("players"), std::string::npos) << why;
  EXPECT_EQ(error_line(with_line(3, "[Rules \"colour=red\"]"), &why), 3);
  EXPECT_NE(why.find("colour"), std::string::npos) << why;
  EXPECT_EQ(error_line(with_line(3, "[Rules \"players=2 players=3\"]")), 3);  // given twice
  EXPECT_EQ(error_line(with_line(3, "[Rules \"players\"]")), 3);               // not option=value
  EXPECT_EQ(error_line(with_line(3, "[Rules \"upcard=maybe\"]")), 3);
  // S1: 8 players x 9 cards do not fit the deck; validate() names the option.
  EXPECT_EQ(error_line(with_line(3, "[Rules \"players=8 hand_size=9\"]"), &why), 3);
  EXPECT_NE(why.find("S1"), std::string::npos) << why;
  // Three players at a table with two seat tags: the missing seat is named.
  EXPECT_EQ(error_line(with_line(3, "[Rules \"players=3\"]"), &why), 1);
  EXPECT_EQ(why, "the hand starting here has no [Seat2] tag");
}

TEST(RecordErrorTest, MoveByTheWrongSeat) {  // S8, S9
  std::string why;
  EXPECT_EQ(error_line(with_line(14, "0 stock"), &why), 14);
  EXPECT_EQ(why, "'0 stock': it is seat 1's turn, not seat 0's (S8: turns pass clockwise)");
  EXPECT_EQ(error_line(with_line(11, "1 stock")), 11);  // S8: the dealer's left (seat 0) plays first
  EXPECT_EQ(error_line(with_line(14, "2 stock")), 14);  // no seat 2 at this table
  EXPECT_EQ(error_line(with_line(14, "one stock")), 14);
}

TEST(RecordErrorTest, IllegalActions) {
  std::string why;
  EXPECT_EQ(error_line(with_line(13, "0 discard Ah"), &why), 13);  // Ah is on the table now
  EXPECT_EQ(why, "'0 discard Ah': S9: you do not hold Ah");
  EXPECT_EQ(error_line(with_line(12, "0 spread Ah2h9c")), 12);     // S11: not a spread
  EXPECT_EQ(error_line(with_line(16, "1 hit 0 7s")), 16);          // S12: 7s does not extend Ah2h3h
  EXPECT_EQ(error_line(with_line(16, "1 hit 3 4h")), 16);          // no spread 3
  EXPECT_EQ(error_line(with_line(12, "0 drop"), &why), 12);        // S15: only before taking a card
  EXPECT_EQ(why, "'0 drop': S15: a drop is made only at the start of your turn, before taking a card");
  EXPECT_EQ(error_line(with_line(12, "0 fold")), 12);              // not an action at all
  EXPECT_EQ(error_line(with_line(11, "0")), 11);
  // I1: the card taken from the pile may not go straight back.
  auto lines = scripted_lines();
  lines.resize(17);
  lines.push_back("0 take");         // 18: ann takes bob's Jc
  lines.push_back("0 discard Jc");   // 19
  lines.erase(lines.begin() + 7, lines.begin() + 10);  // drop Result/Counts/Payouts: lines 16, 17 now
  EXPECT_EQ(error_line(join(lines), &why), 16);
  EXPECT_NE(why.find("I1"), std::string::npos) << why;
}

TEST(RecordErrorTest, MoveAfterTheHandEnded) {
  auto lines = scripted_lines();
  lines.push_back("1 stock");
  std::string why;
  EXPECT_EQ(error_line(join(lines), &why), 19);
  EXPECT_EQ(why, "'1 stock': the hand is already over (caught); no move may follow");
}

TEST(RecordErrorTest, RecordedResultThatTheReplayDoesNotReproduce) {
  std::string why;
  EXPECT_EQ(error_line(with_line(8, "[Result \"drop\"]"), &why), 8);
  EXPECT_EQ(why, "[Result] says 'drop', but the replay ends in 'caught'");
  EXPECT_EQ(error_line(with_line(9, "[Counts \"18 3\"]")), 9);
  EXPECT_EQ(error_line(with_line(10, "[Payouts \"-1 +1\"]"), &why), 10);
  EXPECT_EQ(why, "[Payouts] says '-1 +1', but the replay gives '-2 +2'");
  EXPECT_EQ(error_line(with_line(10, "[Payouts \"+2 -2\"]")), 10);
  // The tags are optional: without them the hand replays.
  EXPECT_EQ(error_line(without_line(10)), -1);
}

TEST(RecordErrorTest, RecordsBuiltInCodeReportLineZeroAndTheMoveNumber) {
  HandRecord r = parse_records(join(scripted_lines()))[0];
  r.lines = RecordLines{};
  r.moves[2].action = Action::discard(Card(Rank::kAce, Suit::kHearts));
  try {
    replay(r);
    FAIL() << "replayed an illegal move";
  } catch (const RecordError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(std::string(e.what()), "move 3, '0 discard Ah': S9: you do not hold Ah");
  }
}

TEST(RecordErrorTest, HostileInputIsRefusedNotCrashedOn) {
  std::string why;
  EXPECT_EQ(error_line(with_line(2, "[Hand \"99999999999999999999999\"]")), 2);
  EXPECT_EQ(error_line(with_line(14, "99999999999999999999999 stock")), 14);
  EXPECT_EQ(error_line(with_line(10, "[Payouts \"-99999999999999999 +2\"]")), 10);
  EXPECT_EQ(error_line(with_line(16, "1 hit 99999999999 4h")), 16);
  EXPECT_EQ(error_line(with_line(12, std::string(kMaxRecordLine + 1, 'x')), &why), 12);
  EXPECT_NE(why.find("at most"), std::string::npos) << why;
  EXPECT_EQ(error_line(with_line(4, "[Seat0 \"" + std::string(kMaxSeatName + 1, 'a') + "\"]")), 4);
  EXPECT_EQ(error_line(with_line(12, std::string("0 spread \x01\xff\x00zz", 14)), &why), 12);
  EXPECT_EQ(why.find('\x01'), std::string::npos) << "junk is quoted with escapes";
  EXPECT_EQ(error_line(with_line(4, std::string("[Seat0 \"a\x00" "b\"]", 13))), 4);
  EXPECT_EQ(error_line(std::string("\xef\xbb\xbf\x00\x01\x02 garbage\n", 15)), 1);
  EXPECT_EQ(error_line("[\n"), 1);
  EXPECT_EQ(error_line("[Game \"Tonk\"]"), 1);  // a lone [Game] tag lacks the rest of the header

  // Random mutations of a valid record: every one is either replayed or refused with a
  // RecordError naming a line of the text; nothing else is thrown.
  const std::string base = join(scripted_lines());
  std::uint64_t x = 12345;
  auto next = [&] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  int refused = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string t = base;
    const int edits = 1 + static_cast<int>(next() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = next() % t.size();
      switch (next() % 3) {
        case 0: t[at] = static_cast<char>(next() & 0xff); break;
        case 1: t.erase(at, 1 + next() % 8); break;
        default: t.insert(at, 1, " \"[]#\n0123456789hit"[next() % 20]); break;
      }
    }
    const int lines = static_cast<int>(std::count(t.begin(), t.end(), '\n')) + 1;
    try {
      const int line = error_line(t);
      if (line != -1) {
        ++refused;
        EXPECT_GE(line, 1) << t;
        EXPECT_LE(line, lines) << t;
      }
    } catch (const std::exception& e) {
      ADD_FAILURE() << "unexpected " << e.what() << " for:\n" << t;
    }
  }
  EXPECT_GT(refused, 1500);
}

// ---- sessions of bot hands: recorded, written, read back and replayed ----------------------------

struct PlayedHand {
  HandRecord record;
  Outcome outcome;
};

// Plays `hands` hands of a session between bots of the given kinds; returns each hand's record
// and outcome, and the session's ledger.
std::vector<PlayedHand> play_session(const Rules& rules, const std::vector<std::string>& kinds, int hands,
                                     std::uint64_t seed, std::array<long long, kMaxPlayers>& ledger) {
  const std::shared_ptr<const Game> game = make_game(rules);
  Session session(game, seed);
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (std::size_t p = 0; p < kinds.size(); ++p) {
    owned.push_back(make_bot(kinds[p], mix_seed(seed, p)));
    bots.push_back(owned.back().get());
  }
  std::vector<PlayedHand> out;
  for (int h = 1; h <= hands; ++h) {
    Hand hand = session.deal();
    play_out(hand, bots);
    session.finish(hand);
    out.push_back({make_record(hand, kinds, h), hand.outcome()});
  }
  ledger = session.ledger();
  return out;
}

// Plays a session, writes it as one text, reads it back and replays every hand: the records, the
// outcomes and the ledger must come back exactly. Returns how many hands ended for each reason.
std::array<int, kNumEndReasons> expect_session_replays(const Rules& rules, const std::vector<std::string>& kinds,
                                                       int hands, std::uint64_t seed) {
  std::array<int, kNumEndReasons> reasons{};
  std::array<long long, kMaxPlayers> ledger{};
  const auto played = play_session(rules, kinds, hands, seed, ledger);
  std::vector<HandRecord> records;
  for (const auto& p : played) records.push_back(p.record);
  const std::string text = write_records(records);

  const auto parsed = parse_records(text);
  EXPECT_EQ(parsed.size(), played.size());
  if (parsed.size() != played.size()) return reasons;
  EXPECT_EQ(write_records(parsed), text);  // the text round trip is exact
  std::array<long long, kMaxPlayers> totals{};
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    EXPECT_EQ(parsed[i], played[i].record) << "hand " << i + 1;
    const Hand hand = replay(parsed[i]);
    EXPECT_TRUE(hand.is_over());
    const Outcome& want = played[i].outcome;
    const Outcome& got = hand.outcome();
    EXPECT_EQ(got.reason, want.reason) << "hand " << i + 1;
    EXPECT_EQ(got.player, want.player) << "hand " << i + 1;
    EXPECT_EQ(got.winners, want.winners) << "hand " << i + 1;
    EXPECT_EQ(got.payouts, want.payouts) << "hand " << i + 1;
    EXPECT_EQ(got.counts, want.counts) << "hand " << i + 1;
    EXPECT_EQ(hand.history(), parsed[i].moves);
    for (int p = 0; p < kMaxPlayers; ++p) totals[p] += got.payouts[p];
    ++reasons[static_cast<int>(got.reason)];
  }
  EXPECT_EQ(totals, ledger);  // S4, S17: the replayed payouts add up to the session's ledger
  return reasons;
}

TEST(RecordSessionTest, BotSessionsReplayExactly) {
  std::array<int, kNumEndReasons> reasons{};
  auto add = [&](const std::array<int, kNumEndReasons>& r) {
    for (int i = 0; i < kNumEndReasons; ++i) reasons[i] += r[i];
  };
  add(expect_session_replays(Rules{}, {"greedy", "random"}, 300, 7));
  add(expect_session_replays(Rules{}, {"greedy", "greedy"}, 300, 8));
  Rules three;  // V18: seven cards
  three.players = 3;
  three.hand_size = 7;
  add(expect_session_replays(three, {"greedy", "greedy", "random"}, 200, 11));
  Rules forty;  // V11 deck, V1 no upcard, V17 face values
  forty.players = 4;
  forty.deck = DeckKind::kForty;
  forty.upcard = false;
  forty.face_values = FaceValues::kRanked;
  forty.dealt_tonk_min = 0;
  add(expect_session_replays(forty, {"greedy", "random", "greedy", "greedy"}, 150, 3));
  Rules four;
  four.players = 4;
  add(expect_session_replays(four, {"greedy", "greedy", "greedy", "greedy"}, 200, 5));
  // The sessions reach every ending but the rare void deal (covered by VoidDealReplays below).
  for (EndReason r : {EndReason::kDealtTonk, EndReason::kTonkOut, EndReason::kOutByDiscard, EndReason::kDrop,
                      EndReason::kCaught, EndReason::kStockExhausted})
    EXPECT_GT(reasons[static_cast<int>(r)], 0) << to_string(r);
}

TEST(RecordSessionTest, VoidDealReplays) {  // S7: two or more dealt tonks void the hand
  // With every count from 1 to 200 a dealt tonk, every deal is void.
  auto lines = scripted_lines();
  lines[2] = "[Rules \"players=2 dealt_tonk_min=1 dealt_tonk_max=200\"]";
  lines[7] = "[Result \"void deal\"]";
  lines[8] = "[Counts \"25 30\"]";
  lines[9] = "[Payouts \"0 0\"]";
  lines.resize(10);
  const auto r = parse_records(join(lines))[0];
  const Hand hand = replay(r);
  EXPECT_EQ(hand.outcome().reason, EndReason::kVoidDeal);
  EXPECT_EQ(make_record(hand, {"ann", "bob"}, 1), r);
  lines.push_back("0 stock");  // line 11
  std::string why;
  EXPECT_EQ(error_line(join(lines), &why), 11);
  EXPECT_EQ(why, "'0 stock': the hand is already over (void deal); no move may follow");
}

TEST(RecordSessionTest, RecordNamesTheFullRuleSet) {
  Rules rules;
  rules.players = 3;
  rules.empty_stock_takes = 1;
  rules.rediscard_taken_card = true;
  std::array<long long, kMaxPlayers> ledger{};
  const auto played = play_session(rules, {"random", "random", "random"}, 1, 5, ledger);
  const auto parsed = parse_records(write_record(played[0].record));
  EXPECT_EQ(parsed[0].rules, rules);
}

// ---- the session's tags: V15, V22, V23a, V23b ---------------------------------------------------

// The scripted hand as hand of a session with The Big One and both side bets: it is played at
// double stakes (V22); hearts are named (V23a: ann's 3h is the highest heart dealt, bob holds none);
// 4 stakes were carried in the naturals pot and nobody lays a book (V23b: the runs are no books),
// so the pot grows to 6. Side bets: ann +1 -1 = 0, bob -1 -1 = -2.
std::vector<std::string> session_lines() {
  auto lines = scripted_lines();
  lines[2] = "[Rules \"players=2 big_one_hands=1 suit_bet=1 naturals_bet=1\"]";  // line 3
  lines.insert(lines.begin() + 7, {"[Stake \"2\"]", "[SideSuit \"h\"]", "[Pot \"4\"]"});  // lines 8-10
  lines.insert(lines.begin() + 13, "[SideBets \"0 -2\"]");                                  // line 14
  return lines;
}

std::string session_with_line(int line, const std::string& text) {
  auto lines = session_lines();
  lines.at(line - 1) = text;
  return join(lines);
}

TEST(RecordSessionTagsTest, V22V23TagsParseReplayAndRoundTrip) {
  const auto records = parse_records(join(session_lines()));
  ASSERT_EQ(records.size(), 1u);
  const HandRecord& r = records[0];
  EXPECT_EQ(r.stake, 2);
  EXPECT_EQ(r.side_suit, Suit::kHearts);
  EXPECT_EQ(r.pot, 4);
  EXPECT_EQ(r.side_bets, (std::array<long long, kMaxPlayers>{0, -2}));
  const Hand hand = replay(r);
  const SideBets side = settle_side_bets(hand, r.side_suit, *r.pot);
  EXPECT_EQ(side.suit_high.player, 0);
  EXPECT_EQ(side.suit_high.card, Card(Rank::kThree, Suit::kHearts));
  EXPECT_EQ(side.naturals_winner, -1);
  EXPECT_EQ(side.pot_after, 6);
  // make_record with the session's tags gives the same record, and the text round trip is exact.
  SessionTags tags;
  tags.stake = 2;
  tags.side_suit = Suit::kHearts;
  tags.pot = 4;
  EXPECT_EQ(make_record(hand, {"ann", "bob"}, 1, tags), r);
  EXPECT_EQ(parse_records(write_record(r))[0], r);
  EXPECT_EQ(write_records(parse_records(write_record(r))), write_record(r));
}

TEST(RecordSessionTagsTest, TagsThatDoNotFitTheRulesAreRefused) {
  std::string why;
  EXPECT_EQ(error_line(session_with_line(14, "[SideBets \"+1 -1\"]"), &why), 14);
  EXPECT_EQ(why, "[SideBets] says '+1 -1', but the replay gives '0 -2'");
  EXPECT_EQ(error_line(session_with_line(3, "[Rules \"players=2 suit_bet=1 naturals_bet=1\"]"), &why), 8);
  EXPECT_EQ(why, "[Stake] is 2, but only The Big One doubles the stake (V22: 2, with big_one_hands > 0)");
  EXPECT_EQ(error_line(session_with_line(8, "[Stake \"3\"]"), &why), 8);
  EXPECT_EQ(error_line(session_with_line(8, "[Stake \"0\"]"), &why), 8);
  EXPECT_EQ(why, "[Stake] must be the multiple of the payouts the session books, 1 or 2 (V22), not '0'");
  EXPECT_EQ(error_line(session_with_line(3, "[Rules \"players=2 big_one_hands=1 naturals_bet=1\"]"), &why), 9);
  EXPECT_EQ(why, "[SideSuit] names a suit, but the rules have no suit bet (suit_bet=0, V23a)");
  EXPECT_EQ(error_line(session_with_line(9, "[SideSuit \"H\"]"), &why), 9);
  EXPECT_EQ(why, "[SideSuit] must be a suit, c, d, h or s (V23a), not 'H'");
  EXPECT_EQ(error_line(session_with_line(3, "[Rules \"players=2 big_one_hands=1 suit_bet=1\"]"), &why), 10);
  EXPECT_EQ(why, "[Pot] is a naturals pot, but the rules have no naturals bet (naturals_bet=0, V23b)");
  EXPECT_EQ(error_line(session_with_line(10, "[Pot \"-1\"]"), &why), 10);
  EXPECT_EQ(error_line(with_line(10, "[Points \"18 0\"]"), &why), 10);
  EXPECT_EQ(why, "[Points] are push-up points, but the rules do not say scoring=pushups (V15)");
  EXPECT_EQ(error_line(with_line(10, "[SideBets \"0 0\"]"), &why), 10);
  EXPECT_EQ(why, "[SideBets] needs a side bet in the rules (suit_bet or naturals_bet, V23)");
}

TEST(RecordSessionTagsTest, V15PointsAreRecordedAndChecked) {
  auto lines = scripted_lines();
  lines[2] = "[Rules \"players=2 scoring=pushups\"]";
  lines[9] = "[Payouts \"0 0\"]";  // V15: no stakes change hands
  lines.insert(lines.begin() + 10, "[Points \"18 0\"]");  // line 11: the caught dropper scores its 18
  const auto r = parse_records(join(lines))[0];
  const Hand hand = replay(r);
  EXPECT_EQ(make_record(hand, {"ann", "bob"}, 1), r);
  lines[10] = "[Points \"36 0\"]";
  std::string why;
  EXPECT_EQ(error_line(join(lines), &why), 11);
  EXPECT_EQ(why, "[Points] says '36 0', but the replay gives '18 0'");
}

// A session of bots under every session rule, recorded with its tags: the records replay, and the
// ledger rebuilt from them (payouts x Stake + SideBets; Points) is the session's (S17).
void expect_session_ledger_replays(const Rules& rules, int hands, std::uint64_t seed) {
  const std::shared_ptr<const Game> game = make_game(rules);
  const bool pushups = rules.scoring == Scoring::kPushups;
  Session session(game, seed, -1, pushups ? 0 : hands);
  const std::vector<std::string> kinds(static_cast<std::size_t>(rules.players), "greedy");
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (int p = 0; p < rules.players; ++p) {
    owned.push_back(make_bot("greedy", mix_seed(seed, p)));
    bots.push_back(owned.back().get());
  }
  std::vector<HandRecord> records;
  while (!session.is_over() && session.hands_played() < hands) {
    Hand hand = session.deal();
    play_out(hand, bots);
    const SessionTags tags = session_tags(session);
    session.finish(hand);
    records.push_back(make_record(hand, kinds, session.hands_played(), tags));
  }
  const auto parsed = parse_records(write_records(records));
  ASSERT_EQ(parsed.size(), records.size());
  std::array<long long, kMaxPlayers> totals{};
  long long pot = 0;
  int doubled = 0;
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    EXPECT_EQ(parsed[i], records[i]) << "hand " << i + 1;
    const Hand hand = replay(parsed[i]);
    doubled += parsed[i].stake == 2;
    if (pushups) {
      ASSERT_TRUE(parsed[i].points.has_value());
      for (int p = 0; p < rules.players; ++p) totals[p] += (*parsed[i].points)[p];
      continue;
    }
    EXPECT_EQ(parsed[i].pot.value_or(0), pot) << "hand " << i + 1;  // the pot carried in is the last one's
    const SideBets side = settle_side_bets(hand, parsed[i].side_suit, parsed[i].pot.value_or(0));
    pot = side.pot_after;
    for (int p = 0; p < rules.players; ++p)
      totals[p] += static_cast<long long>((*parsed[i].payouts)[p]) * parsed[i].stake + (*parsed[i].side_bets)[p];
  }
  EXPECT_EQ(totals, pushups ? session.points() : session.ledger());
  EXPECT_EQ(pot, session.naturals_pot());
  EXPECT_EQ(doubled, std::min(rules.big_one_hands, static_cast<int>(records.size())));
}

TEST(RecordSessionTagsTest, S17TheLedgerIsRebuiltFromTheRecords) {
  Rules side;
  side.players = 3;
  side.big_one_hands = 4;
  side.suit_bet = 2;
  side.naturals_bet = 1;
  expect_session_ledger_replays(side, 40, 3);
  Rules pushups;
  pushups.scoring = Scoring::kPushups;
  pushups.pushup_limit = 150;
  expect_session_ledger_replays(pushups, 1000, 4);
}

// ---- docs/RECORDS.md ----------------------------------------------------------------------------

#ifdef TONK_SOURCE_DIR
// The INDEX-th ```text block of docs/RECORDS.md (0-based; blocks fenced otherwise are not counted).
std::string doc_block(int index) {
  std::ifstream in(std::string(TONK_SOURCE_DIR) + "/docs/RECORDS.md");
  std::string line, block;
  int seen = -1;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line == "```text") {
      inside = ++seen == index;
      continue;
    }
    if (inside && line == "```") return block;
    if (inside) block += line + "\n";
  }
  return "";
}

TEST(RecordDocTest, TheCompleteExampleReplays) {  // S15b, S7
  const auto records = parse_records(doc_block(0));
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0], parse_records(join(scripted_lines()))[0]);
  const Hand first = replay(records[0]);
  EXPECT_EQ(first.outcome().reason, EndReason::kCaught);
  EXPECT_EQ(first.outcome().payouts[0], -2);
  EXPECT_EQ(first.outcome().payouts[1], 2);
  const Hand second = replay(records[1]);
  EXPECT_EQ(second.outcome().reason, EndReason::kDealtTonk);
  EXPECT_EQ(second.outcome().player, 1);
  EXPECT_EQ(second.outcome().payouts[0], -2);
  EXPECT_EQ(second.outcome().payouts[1], 2);
}
#endif

// ---- the command line: `tonk replay` ------------------------------------------------------------

#ifdef TONK_CLI
struct CliRun {
  int exit_code;
  std::string out;
  std::string err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

CliRun run_cli(const std::string& args) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto out = dir / ("tonk_record_test_out_" + std::to_string(::getpid()));
  const auto err = dir / ("tonk_record_test_err_" + std::to_string(::getpid()));
  const std::string cmd = std::string(TONK_CLI) + " " + args + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(cmd.c_str());
  CliRun r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()) + ".tonk");
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// Skips the CLI tests while apps/tonk/main.cc does not dispatch `replay` yet.
bool cli_has_replay() { return run_cli("replay /nonexistent/record.tonk").exit_code == 2; }

TEST(ReplayCommandTest, PrintsEachHandAndTheTotals) {
  if (!cli_has_replay()) GTEST_SKIP() << "the tonk CLI does not dispatch `replay` yet";
  const std::string path = write_temp("ok", join(scripted_lines()) + "\n" + join(scripted_lines()));
  const CliRun r = run_cli("replay " + path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("caught: seat 0 (ann) dropped and was caught; lowest: seat 1 (bob) (S15b)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("total over 2 hands\n  seat 0  ann    -4\n  seat 1  bob    +4\n"), std::string::npos) << r.out;
  const CliRun quiet = run_cli("replay --quiet " + path);
  EXPECT_EQ(quiet.exit_code, 0);
  EXPECT_EQ(quiet.out, "");  // --quiet prints only errors
  EXPECT_EQ(quiet.err, "");
  std::filesystem::remove(path);
}

#ifdef TONK_SOURCE_DIR
TEST(ReplayCommandTest, OutputIsAsDocumented) {
  if (!cli_has_replay()) GTEST_SKIP() << "the tonk CLI does not dispatch `replay` yet";
  const std::string path = write_temp("doc", doc_block(0));
  const CliRun r = run_cli("replay " + path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, doc_block(2));
  std::filesystem::remove(path);
}
#endif

TEST(ReplayCommandTest, PrintsTheSessionTags) {  // V22, V23a, V23b
  if (!cli_has_replay()) GTEST_SKIP() << "the tonk CLI does not dispatch `replay` yet";
  const std::string path = write_temp("session", join(session_lines()));
  const CliRun r = run_cli("replay " + path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "hand 1, dealer seat 1 (bob)\n"
            "  caught: seat 0 (ann) dropped and was caught; lowest: seat 1 (bob) (S15b)\n"
            "  The Big One: double stakes, the ledger books 2x the payouts (V22)\n"
            "  suit bet (V23a): hearts named; seat 0 (ann) holds the highest, 3h, and takes the pot of 2\n"
            "  naturals (V23b): the pot is 6 (4 carried in); no book was laid, so it carries over\n"
            "  seat 0  ann  count  18  payout  -2  x2  -4  side   0\n"
            "  seat 1  bob  count   2  payout  +2  x2  +4  side  -2\n"
            "\n"
            "total over 1 hand\n"
            "  seat 0  ann    -4\n"
            "  seat 1  bob    +2\n"
            "naturals pot left after the last hand: 6 (V23b)\n");
  std::filesystem::remove(path);
}

#ifdef TONK_SOURCE_DIR
TEST(ReplayCommandTest, SessionTagsExampleIsAsDocumented) {  // V22, V23a, V23b
  if (!cli_has_replay()) GTEST_SKIP() << "the tonk CLI does not dispatch `replay` yet";
  EXPECT_EQ(parse_records(doc_block(4)), parse_records(join(session_lines())));
  const std::string path = write_temp("doc_session", doc_block(4));
  const CliRun r = run_cli("replay " + path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, doc_block(5));
  std::filesystem::remove(path);
}
#endif

TEST(ReplayCommandTest, ErrorsNameFileAndLineWithExitCodeOne) {
  if (!cli_has_replay()) GTEST_SKIP() << "the tonk CLI does not dispatch `replay` yet";
  const std::string path = write_temp("bad", with_line(10, "[Payouts \"-1 +1\"]"));
  const CliRun r = run_cli("replay " + path);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, path + ":10: [Payouts] says '-1 +1', but the replay gives '-2 +2'\n");
  std::filesystem::remove(path);
  EXPECT_EQ(run_cli("replay /nonexistent/record.tonk").exit_code, 2);
}
#endif

}  // namespace
}  // namespace tonk
