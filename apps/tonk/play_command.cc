// `tonk play`: one person (seat 0, "you") against 1 to 3 bots at the terminal.
//
// The game runs on a tonk::Table: the person is seat 0, whose commands are parsed by play_input.cc
// and submitted to the table (the engine judges them, citing the rule); the table runs the bots,
// which see only their views, and sends seat 0's events, which are printed as they come. Output
// is plain text, with colours only on a terminal.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "hint.h"
#include "line_reader.h"
#include "play_prompt.h"
#include "program_path.h"
#include "play_input.h"
#include "record_writer.h"
#include "rules_in_words.h"
#include "rule_flags.h"
#include "seats.h"
#include "stop_signal.h"
#include "table_printer.h"
#include "terminal.h"
#include "tonk/bot_factory.h"
#include "tonk/hand.h"
#include "tonk/record.h"
#include "tonk/rng.h"
#include "tonk/session.h"
#include "tonk/table.h"

namespace tonk::cli {

namespace {

// The seed streams of the session's seed (mix_seed): bots use 100 + seat, hints from here on.
constexpr std::uint64_t kHintSeedStream = 1'000'000;

// Seat 0 is the person; each other seat the bot named for it, seeded from the session's seed.
std::vector<Seat> seats_of(const PlayOptions& options, const std::vector<std::string>& names) {
  std::vector<Seat> seats;
  seats.push_back({names[0], nullptr});
  for (std::size_t p = 1; p < names.size(); ++p)
    seats.push_back({names[p], make_bot(options.bots[p - 1], mix_seed(options.seed, 100 + p))});
  return seats;
}

class PlaySession {
 public:
  explicit PlaySession(const PlayOptions& options)
      : options_(options),
        names_(seat_names(options.bots, /*human_first=*/true)),
        printer_(std::cout, names_, Style(stdout_wants_color())),
        console_(std::cin, std::cout),
        table_(make_game(options.rules), seats_of(options, names_),
               {options.seed, /*first_dealer=*/-1, options.hands.value_or(0)}),
        game_(table_.game()) {
    if (!options.record.path.empty()) record_ = RecordWriter(options.record, names_);
    table_.listen(0, [this](const TableEvent& event) { show(event); });
  }

  int run();

 private:
  enum class Next { kContinue, kQuit };

  std::string card_values() const;
  std::string scoring_note() const;
  void print_intro();
  Next play_hand(int number);
  Next play_your_turn(int number);
  void show(const TableEvent& event);
  bool confirm_drop(const View& view);
  Next ask_another_hand();

  const PlayOptions& options_;
  std::vector<std::string> names_;
  TablePrinter printer_;
  LineReader console_;
  Table table_;  // seat 0 is the person
  const Game& game_;
  RecordWriter record_;
  std::uint64_t hints_ = 0;  // hints given so far: each hint's search has a seed of its own
};

// The card values of this game (S3, V17), e.g. "A=1, 2-10 face value, J Q K=10".
std::string PlaySession::card_values() const {
  const int j = game_.value(Card(Rank::kJack, Suit::kClubs));
  const int q = game_.value(Card(Rank::kQueen, Suit::kClubs));
  const int k = game_.value(Card(Rank::kKing, Suit::kClubs));
  std::string faces = j == q && q == k ? "J Q K=" + std::to_string(j)
                                       : "J=" + std::to_string(j) + " Q=" + std::to_string(q) + " K=" + std::to_string(k);
  return "A=" + std::to_string(game_.value(Card(Rank::kAce, Suit::kClubs))) + ", 2-10 face value, " + faces;
}

// How the session is scored (S4, V15) and its session rules (V22, V23a, V23b), in sentences.
std::string PlaySession::scoring_note() const {
  const Rules& r = game_.rules();
  if (r.scoring == Scoring::kPushups) {
    std::string note = "Scores are push-up points (V15): a hand's winner scores nothing, each loser the count left "
                       "(doubled after a tonk); the lowest total wins";
    if (r.pushup_limit > 0) note += ", and the session ends when a total reaches " + std::to_string(r.pushup_limit);
    return note + ".";
  }
  std::string note = r.scoring == Scoring::kUnits    ? "Scores are in units (V12c)."
                     : r.scoring == Scoring::kPoints ? "Scores are in points (V14a)."
                                                     : "Scores are in stakes.";
  if (r.big_one_hands > 0)
    note += (r.big_one_hands == 1 ? std::string(" The last hand is") : " The last " + std::to_string(r.big_one_hands) +
                                                                        " hands are") +
            " The Big One, at double stakes (V22).";
  if (r.suit_bet > 0)
    note += " Suit bet (V23a): before each deal the dealer names a suit (here at random) and everyone puts " +
            std::to_string(r.suit_bet) + " in a pot for the highest card of it dealt.";
  if (r.naturals_bet > 0)
    note += " Naturals (V23b): everyone puts " + std::to_string(r.naturals_bet) +
            " in a pot every deal; the first to lay a book takes it.";
  return note;
}

void PlaySession::print_intro() {
  const Style& s = printer_.style();
  std::string opponents;
  for (std::size_t p = 1; p < names_.size(); ++p)
    opponents += (p == 1 ? "" : p + 1 == names_.size() ? " and " : ", ") + names_[p];
  std::cout << s.bold("Tonk") << ": you against " << opponents << " (" << game_.num_players()
            << " players; rules: " << describe_changes(game_.rules(), options_.rules_base) << "). " << scoring_note() << "\n"
            << rules_intro(game_.rules(), options_.rules_base)  // the differences in words
            << "Seed " << options_.seed << " (the same seed and the same commands replay the same game).\n"
            << "Empty your hand to win, or drop when your count is the lowest (" << card_values() << ").\n"
            << "Type " << s.bold("help") << " for the commands, " << s.bold("a") << " for your legal actions.\n\n";
  printer_.print_cut(table_.session().cut(), game_);
}

int PlaySession::run() {
  print_intro();
  bool unfinished = false;
  while (true) {
    table_.deal();  // seat 0's events are printed as the table sends them (show)
    const int number = table_.hand_number();
    if (play_hand(number) == Next::kQuit) {
      if (table_.in_hand()) {
        std::cout << "You left during hand " << number << "; it is not scored.\n";
        record_.write(*table_.hand(), number, session_tags(table_.session()));  // the record keeps what was played
        unfinished = true;
      }
      if (table_.session().hands_played() > 0) printer_.print_score(table_.session(), /*final=*/true);
      break;
    }
    // The session ends after its planned hands (--hands) or at the push-up limit (V15).
    if (table_.session().is_over()) break;
    if (!options_.hands && ask_another_hand() == Next::kQuit) {
      printer_.print_score(table_.session(), /*final=*/true);  // leaving between hands ends the session too
      break;
    }
  }
  if (record_.requested()) {
    const int n = record_.hands_written();
    const std::string hands = std::to_string(n) + " hand" + (n == 1 ? "" : "s");
    if (record_.failed() && n == 0) {
      std::cout << "Saved no hand to " << record_.path() << ": writing it failed (see above).\n";
    } else {
      std::cout << "Saved " << hands << (unfinished && !record_.failed() ? " (the last one unfinished)" : "")
                << " to " << record_.path() << (record_.failed() ? " before writing it failed (see above)" : "")
                << "; check it with: " << program_command() << " replay " << record_.path() << "\n";
    }
  }
  std::cout << "Thanks for playing.\n";
  if (!console_.input_error().empty()) return 2;  // the input broke off (a line over the limit): bad input
  return record_.failed() ? 1 : 0;  // the game was played, but its record is not whole
}

PlaySession::Next PlaySession::play_hand(int number) {
  while (table_.in_hand()) {
    if (table_.awaits_person()) {
      if (play_your_turn(number) == Next::kQuit) return Next::kQuit;
    } else {
      table_.run_bots();  // checked by the engine: a bad bot's action throws IllegalAction
    }
  }
  return Next::kContinue;
}

// Seat 0's events, as the table sends them: all drawn from seat 0's views.
void PlaySession::show(const TableEvent& event) {
  const Session& session = table_.session();
  switch (event.kind) {
    case TableEventKind::kHandDealt:
      printer_.print_hand_start(event.hand_number, *event.view);
      printer_.print_session_start(session);  // V22, V23a, V23b
      break;
    case TableEventKind::kAction:  // the card drawn from the stock is there for seat 0's own draws only
      std::cout << "  " << printer_.describe(*event.before, event.action, event.drawn) << "\n";
      break;
    case TableEventKind::kHandOver: break;  // shown once booked, with what the session booked
    case TableEventKind::kSessionBooked:   // S17: the ledger, and the deal passes clockwise
      printer_.print_hand_end(event.hand_number, *event.view);
      printer_.print_session_booked(session);
      printer_.print_score(session, /*final=*/session.is_over());
      record_.write(*table_.hand(), event.hand_number, session_tags(*event.booked));  // V22, V23
      break;
  }
}

PlaySession::Next PlaySession::play_your_turn(int number) {
  printer_.print_table(number, table_.view(0));
  bool show_hints = true;
  while (table_.awaits_person()) {  // seat 0 is the only person
    const View view = table_.view(0);
    ActionList legal;
    table_.legal_actions(legal);
    if (show_hints) printer_.print_hints(view, legal);
    show_hints = false;
    const auto line = console_.ask(prompt_text(view, legal, printer_.style()));  // from the legal kinds
    if (!line) {
      if (const std::string& error = console_.input_error(); !error.empty())
        std::cerr << "tonk play: " << error << "; leaving the game\n";
      else
        std::cout << "End of input: leaving the game.\n";
      return Next::kQuit;
    }
    PlayCommand cmd = parse_play_command(*line);
    switch (cmd.kind) {
      case PlayCommand::Kind::kEmpty: continue;
      case PlayCommand::Kind::kHelp: std::cout << help_text(view, legal); continue;
      case PlayCommand::Kind::kActions: printer_.print_actions(view, legal); continue;
      case PlayCommand::Kind::kHint:  // from the person's view only; reproducible from the seed
        std::cout << hint_text(view, legal, mix_seed(options_.seed, kHintSeedStream + hints_++), printer_.style());
        continue;
      case PlayCommand::Kind::kShow:
        printer_.print_table(number, view);
        show_hints = true;
        continue;
      case PlayCommand::Kind::kScore:
        printer_.print_score(table_.session(), /*final=*/false);
        continue;
      case PlayCommand::Kind::kQuit: return Next::kQuit;
      case PlayCommand::Kind::kError: std::cout << "  " << cmd.error << "\n"; continue;
      case PlayCommand::Kind::kPick:
        if (cmd.pick > legal.size()) {
          std::cout << "  there are " << legal.size() << " legal actions; type a to list them\n";
          continue;
        }
        cmd.action = legal[cmd.pick - 1];
        break;
      case PlayCommand::Kind::kAction: break;
    }
    // A drop typed as the one letter `d` ends the hand: it is confirmed first (--no-confirm: never).
    if (cmd.action.kind == ActionKind::kDrop && cmd.abbreviated && options_.confirm_drop && legal.contains(cmd.action) &&
        !confirm_drop(view)) {
      std::cout << "  Not dropped (type drop in full to drop without this question).\n";
      continue;
    }
    // The table submits it to the engine, whose refusal cites the rule; the action is shown by show().
    if (const auto refusal = table_.submit(0, cmd.action)) {
      std::cout << "  Not allowed: " << refusal_text(view, cmd.action, refusal->text()) << ".\n";
      continue;
    }
    if (table_.in_hand() && table_.to_move() == 0) {
      printer_.print_hand(table_.view(0));
      show_hints = true;
    }
  }
  return Next::kContinue;
}

bool PlaySession::confirm_drop(const View& view) {
  while (true) {
    const auto line = console_.ask(drop_question(view));
    if (!line) return false;
    if (const auto yes = parse_yes_no(*line)) return *yes;
    std::cout << "Please answer y or n.\n";
  }
}

PlaySession::Next PlaySession::ask_another_hand() {
  while (true) {
    const auto line = console_.ask("\nAnother hand? [Y/n] ");
    if (!line) return Next::kQuit;
    std::string answer;
    for (char c : *line)
      if (c != ' ' && c != '\t') answer += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (answer.empty() || answer == "y" || answer == "yes") return Next::kContinue;
    if (answer == "n" || answer == "no" || answer == "q" || answer == "quit") return Next::kQuit;
    std::cout << "Please answer y or n.";
  }
}

}  // namespace

int run_play(const PlayOptions& options) {
  if (options.rules.big_one_hands > 0 && !options.hands) {  // V22 needs a session of known length
    std::cerr << "tonk play: The Big One (big_one_hands=" << options.rules.big_one_hands
              << ", V22) doubles the last hands of a session of known length: give the number of hands with "
                 "--hands N\n";
    return 2;
  }
  std::optional<PlaySession> session;
  try {
    session.emplace(options);
  } catch (const std::runtime_error& e) {  // the record file cannot be written: nothing has started
    std::cerr << "tonk play: " << e.what() << "\n";
    return 2;
  }
  return session->run();
}

}  // namespace tonk::cli
