// `tonk play`: one person (seat 0, "you") against 1 to 3 bots at the terminal.
//
// The person's commands are parsed by play_input.cc and judged by the engine (State::why_illegal);
// bots see only their views. Output is plain text, with colours only on a terminal.
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
#include "table_printer.h"
#include "terminal.h"
#include "tonk/bot_factory.h"
#include "tonk/hand.h"
#include "tonk/record.h"
#include "tonk/rng.h"
#include "tonk/session.h"

namespace tonk::cli {

namespace {

// The seed streams of the session's seed (mix_seed): bots use 100 + seat, hints from here on.
constexpr std::uint64_t kHintSeedStream = 1'000'000;

class PlaySession {
 public:
  explicit PlaySession(const PlayOptions& options)
      : options_(options),
        game_(options.rules),
        names_(seat_names(options.bots, /*human_first=*/true)),
        printer_(std::cout, names_, Style(stdout_wants_color())),
        console_(std::cin, std::cout),
        session_(game_, options.seed, /*first_dealer=*/-1, options.hands.value_or(0)) {
    bots_.resize(names_.size());
    for (std::size_t p = 1; p < names_.size(); ++p)
      bots_[p] = make_bot(options.bots[p - 1], mix_seed(options.seed, 100 + p));
    if (!options.record_path.empty()) record_ = RecordWriter(options.record_path, names_);
  }

  int run();

 private:
  enum class Next { kContinue, kQuit };

  std::string card_values() const;
  std::string scoring_note() const;
  void print_intro();
  Next play_hand(Hand& hand, int number);
  Next play_your_turn(Hand& hand, int number);
  void play_bot_turns(Hand& hand);
  bool confirm_drop(const View& view);
  Next ask_another_hand();

  const PlayOptions& options_;
  Game game_;
  std::vector<std::string> names_;
  TablePrinter printer_;
  LineReader console_;
  Session session_;
  std::vector<std::unique_ptr<Bot>> bots_;  // bots_[0] is empty: seat 0 is the person
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
  printer_.print_cut(session_.cut(), game_);
}

int PlaySession::run() {
  print_intro();
  bool unfinished = false;
  for (int number = 1;; ++number) {
    Hand hand = session_.deal();
    if (play_hand(hand, number) == Next::kQuit) {
      if (!hand.is_over()) {
        std::cout << "You left during hand " << number << "; it is not scored.\n";
        record_.write(hand, number, session_tags(session_));  // the record keeps what was played
        unfinished = true;
      }
      if (session_.hands_played() > 0) printer_.print_score(session_, /*final=*/true);
      break;
    }
    const SessionTags tags = session_tags(session_);  // V22, V23: before finish() moves on
    session_.finish(hand);  // S17: the ledger, and the deal passes clockwise
    // The session ends after its planned hands (--hands) or at the push-up limit (V15).
    const bool last = session_.is_over();
    printer_.print_hand_end(number, hand.view(0));
    printer_.print_session_booked(session_);
    printer_.print_score(session_, /*final=*/last);
    record_.write(hand, number, tags);
    if (last) break;
    if (!options_.hands && ask_another_hand() == Next::kQuit) {
      printer_.print_score(session_, /*final=*/true);  // leaving between hands ends the session too
      break;
    }
  }
  if (record_.active()) {
    const int n = record_.hands_written();
    std::cout << "Saved " << n << " hand" << (n == 1 ? "" : "s") << (unfinished ? " (the last one unfinished)" : "")
              << " to " << record_.path() << "; check it with: " << program_command() << " replay " << record_.path() << "\n";
  }
  std::cout << "Thanks for playing.\n";
  return 0;
}

PlaySession::Next PlaySession::play_hand(Hand& hand, int number) {
  printer_.print_hand_start(number, hand.view(0));
  printer_.print_session_start(session_);  // V22, V23a, V23b
  while (!hand.is_over()) {
    if (hand.current_player() == 0) {
      if (play_your_turn(hand, number) == Next::kQuit) return Next::kQuit;
    } else {
      play_bot_turns(hand);
    }
  }
  return Next::kContinue;
}

void PlaySession::play_bot_turns(Hand& hand) {
  while (!hand.is_over() && hand.current_player() != 0) {
    const int p = hand.current_player();
    const View view = hand.view(p);  // bots see only their own view
    const ActionList legal = hand.legal_actions();
    const Action action = bots_[p]->choose(view, legal);
    const std::string text = printer_.describe(view, action);
    hand.apply(action);  // checked by the engine: throws IllegalAction for a bad bot
    std::cout << "  " << text << "\n";
  }
}

PlaySession::Next PlaySession::play_your_turn(Hand& hand, int number) {
  printer_.print_table(number, hand.view(0));
  bool show_hints = true;
  while (!hand.is_over() && hand.current_player() == 0) {
    const View view = hand.view(0);
    const ActionList legal = hand.legal_actions();
    if (show_hints) printer_.print_hints(view, legal);
    show_hints = false;
    const auto line = console_.ask(prompt_text(view, legal, printer_.style()));  // from the legal kinds
    if (!line) {
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
        printer_.print_score(session_, /*final=*/false);
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
    // The engine judges the action; its reason cites the rule.
    if (const auto refusal = hand.state().why_illegal(cmd.action)) {
      std::cout << "  Not allowed: " << refusal_text(view, cmd.action, refusal->text()) << ".\n";
      continue;
    }
    // A drop typed as the one letter `d` ends the hand: it is confirmed first (--no-confirm: never).
    if (cmd.action.kind == ActionKind::kDrop && cmd.abbreviated && options_.confirm_drop && !confirm_drop(view)) {
      std::cout << "  Not dropped (type drop in full to drop without this question).\n";
      continue;
    }
    const CardSet before_hand = view.hand;
    hand.apply(cmd.action);
    const View after = hand.view(0);
    const CardSet drawn = after.hand - before_hand;
    const bool from_stock = cmd.action.kind == ActionKind::kTakeStock;
    std::cout << "  " << printer_.describe(view, cmd.action, from_stock ? drawn.first() : Card::none()) << "\n";
    if (!hand.is_over() && hand.current_player() == 0) {
      printer_.print_hand(after);
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
