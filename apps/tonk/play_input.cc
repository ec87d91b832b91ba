#include "play_input.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

#include "card_tokens.h"
#include "tonk/quoted_text.h"

namespace tonk::cli {

namespace {

constexpr std::string_view kCardHint =
    " (cards are rank then suit: ranks A 2 3 4 5 6 7 8 9 T J Q K, suits c d h s, e.g. 7h or Ts)";

// Short and long forms of the action verbs, and the notation of to_string(Action) they stand for.
constexpr std::pair<std::string_view, std::string_view> kVerbs[] = {
    {"d", "drop"}, {"drop", "drop"}, {"s", "stock"},   {"stock", "stock"},     {"draw", "stock"},
    {"t", "take"}, {"take", "take"}, {"sp", "spread"}, {"spread", "spread"},   {"lay", "spread"},
    {"h", "hit"},  {"hit", "hit"},   {"x", "discard"}, {"discard", "discard"},
    {"claim", "claim"}, {"end", "end"}, {"e", "end"}, {"slap", "slap"}, {"pass", "pass"}, {"p", "pass"},
    {"tonk", "drop"},  // V12a: Rushville calls the drop "tonk"
};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// "10h" -> "Th": the ten is written T in card notation, but people type 10.
std::string tens_as_t(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool starts_token = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])) ||
                              std::isalpha(static_cast<unsigned char>(text[i - 1]));
    if (starts_token && text.compare(i, 2, "10") == 0 && i + 2 < text.size() &&
        std::isalpha(static_cast<unsigned char>(text[i + 2]))) {
      out += 'T';
      ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace

PlayCommand parse_play_command(std::string_view line) {
  PlayCommand cmd;
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) line.remove_prefix(1);
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
  if (line.empty()) return cmd;
  const std::size_t space = line.find_first_of(" \t");
  const std::string verb = lower(line.substr(0, space));
  std::string_view rest = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
  while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.front()))) rest.remove_prefix(1);

  auto simple = [&](PlayCommand::Kind kind) {
    if (!rest.empty()) {
      cmd.kind = PlayCommand::Kind::kError;
      cmd.error = quoted_text(verb) + " takes nothing after it";
      return cmd;
    }
    cmd.kind = kind;
    return cmd;
  };
  if (verb == "help" || verb == "?" || verb == "commands") return simple(PlayCommand::Kind::kHelp);
  if (verb == "a" || verb == "actions" || verb == "moves") return simple(PlayCommand::Kind::kActions);
  if (verb == "hint") return simple(PlayCommand::Kind::kHint);
  if (verb == "hand" || verb == "table" || verb == "show" || verb == "look") return simple(PlayCommand::Kind::kShow);
  if (verb == "score") return simple(PlayCommand::Kind::kScore);
  if (verb == "quit" || verb == "q" || verb == "exit") return simple(PlayCommand::Kind::kQuit);
  if (std::isdigit(static_cast<unsigned char>(verb[0]))) {
    int n = 0;
    const auto [ptr, ec] = std::from_chars(verb.data(), verb.data() + verb.size(), n);
    if (ec != std::errc() || ptr != verb.data() + verb.size() || n < 1) {
      cmd.kind = PlayCommand::Kind::kError;
      cmd.error = quoted_text(verb) + " is not a command (a number picks from the list of `a`)";
      return cmd;
    }
    if (!rest.empty()) {
      cmd.kind = PlayCommand::Kind::kError;
      cmd.error = "a number picks one action from the list of `a`; nothing goes after it";
      return cmd;
    }
    cmd.kind = PlayCommand::Kind::kPick;
    cmd.pick = n;
    return cmd;
  }

  std::string canonical;
  for (const auto& [alias, full] : kVerbs)
    if (verb == alias) canonical = full;
  if (canonical.empty()) {
    cmd.kind = PlayCommand::Kind::kError;
    cmd.error = "unknown command " + quoted_text(line.substr(0, space)) + "; type help for the commands";
    return cmd;
  }
  std::string error;
  const std::string text = canonical + (rest.empty() ? "" : " " + tens_as_t(rest));
  if (auto action = parse_action(text, &error)) {
    cmd.kind = PlayCommand::Kind::kAction;
    cmd.action = *action;
    cmd.abbreviated = verb.size() == 1;
    return cmd;
  }
  cmd.kind = PlayCommand::Kind::kError;
  cmd.error = error;
  // Name the card token at fault ("'Zz' is not a card", "5h is named twice") when there is one.
  if (canonical == "spread" || canonical == "discard" || canonical == "hit") {
    std::string cards = tens_as_t(rest);
    if (canonical == "hit") {  // after the spread number
      const std::size_t sp = cards.find(' ');
      cards = sp == std::string::npos ? std::string() : cards.substr(sp + 1);
    }
    if (const std::size_t colon = cards.find(':'); colon != std::string::npos) {  // drop the shape (V13a)
      const std::size_t start = cards.find_last_of(" \t", colon);
      cards = start == std::string::npos ? std::string() : cards.substr(0, start);
    }
    if (std::string problem = card_text_problem(cards); !problem.empty()) {
      cmd.error = problem + std::string(kCardHint);
      return cmd;
    }
  }
  const bool about_cards = canonical == "spread" || canonical == "discard" ||
                           (canonical == "hit" && error.find("spread number") == std::string::npos);
  if (!rest.empty() && about_cards) cmd.error += kCardHint;
  return cmd;
}

}  // namespace tonk::cli
