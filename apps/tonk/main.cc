// The `tonk` command line: parses arguments with CLI11, checks the rules and the seats, and runs a
// subcommand (commands.h). Exit codes: 0 done, 1 failed while running, 2 bad input (nothing ran).
#include <cstdint>
#include <cctype>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.h"
#include "config_file.h"
#include "number_flags.h"
#include "rule_explain.h"
#include "rule_flags.h"
#include "seats.h"
#include "server_commands.h"
#include "stop_signal.h"
#include "text_flags.h"
#include "tonk/arena.h"
#include "tonk/bot_level.h"
#include "tonk/hand_review.h"
#include "tonk/preset.h"
#include "tonk/record.h"
#include "tonk/rule_options.h"

namespace {

using tonk::cli::decimal_range;
using tonk::cli::not_empty;
using tonk::cli::UsageError;

constexpr std::uint64_t kMaxSeed = UINT64_MAX;

constexpr int kExitBadInput = 2;
// Most hands one run may ask for (about an hour of simulation): as many as a record can number.
constexpr int kMaxHands = tonk::kMaxRecordHand;
// Most deals one arena run may ask for (its memory is flat in the deals: this bounds its time).
constexpr int kMaxDeals = 10'000'000;

// The flags play, sim, arena and rules share (rule_flags.h).
using tonk::cli::RuleFlags;

void add_rule_flags(CLI::App* app, RuleFlags& flags, const std::string& players_help) {
  app->add_option("--preset", flags.preset,
                  "Start from a house-rule preset, e.g. --preset rush (`tonk rules` lists them)")
      ->type_name("NAME")
      ->check(not_empty("a preset name"));
  app->add_option("--rules", flags.rules_file,
                  "Read rules from a TOML or JSON file, applied after --preset (see docs/OPTIONS.md)")
      ->type_name("FILE")
      ->check(not_empty("a file"));
  app->add_option("--set", flags.settings,
                  "Change a rule option, e.g. --set hand_size=7 (repeatable; `tonk rules` lists them)")
      ->type_name("OPTION=VALUE")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app->add_option("--players", flags.players, players_help)->type_name("N")->transform(decimal_range(2, tonk::kMaxPlayers));
}

std::uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

// The seats of `tonk play`: the person in seat 0 and one bot per opponent (1 to 3).
tonk::cli::PlayOptions make_play_options(const RuleFlags& flags, const std::string& bots_text,
                                         std::optional<int> opponents) {
  tonk::cli::PlayOptions o;
  const tonk::cli::ChosenRules chosen = tonk::cli::choose_rules(flags);
  o.rules = chosen.rules;
  o.rules_base = chosen.base;
  std::vector<std::string> bots =
      bots_text.empty() ? std::vector<std::string>{"greedy"} : tonk::cli::parse_bot_list(bots_text);
  if (opponents) {
    if (*opponents < 1 || *opponents > 3)
      throw UsageError("--opponents must be from 1 to 3, not " + std::to_string(*opponents));
    if (o.rules.players != 0 && o.rules.players != *opponents + 1)
      throw UsageError("--opponents " + std::to_string(*opponents) + " makes " + std::to_string(*opponents + 1) +
                       " players, but the rules say players=" + std::to_string(o.rules.players));
    o.rules.players = *opponents + 1;
  }
  if (o.rules.players == 0) o.rules.players = bots.size() > 1 ? static_cast<int>(bots.size()) + 1 : 2;
  if (o.rules.players > 4)
    throw UsageError("tonk play seats you and 1 to 3 bots (2 to 4 players), not " + std::to_string(o.rules.players) +
                     " players; `tonk sim` plays bigger tables");
  tonk::cli::check_rules(chosen, o.rules);
  o.bots = tonk::cli::fit_bot_list(std::move(bots), o.rules.players - 1, "opponents");
  return o;
}

// The seats of `tonk sim`: one bot per player, as listed.
tonk::cli::SimOptions make_sim_options(const RuleFlags& flags, const std::string& bots_text) {
  tonk::cli::SimOptions o;
  const tonk::cli::ChosenRules chosen = tonk::cli::choose_rules(flags);
  o.rules = chosen.rules;
  o.rules_base = chosen.base;
  std::vector<std::string> bots = tonk::cli::parse_bot_list(bots_text);
  if (o.rules.players == 0) o.rules.players = bots.size() > 1 ? static_cast<int>(bots.size()) : 2;
  tonk::cli::check_rules(chosen, o.rules);
  o.bots = tonk::cli::fit_bot_list(std::move(bots), o.rules.players, "players");
  return o;
}

// The lineup of `tonk arena`: one entrant per player, fair bots or omniscient ones (the oracle).
tonk::cli::ArenaCommandOptions make_arena_options(const RuleFlags& flags, const std::string& bots_text) {
  tonk::cli::ArenaCommandOptions o;
  const tonk::cli::ChosenRules chosen = tonk::cli::choose_rules(flags);
  o.rules = chosen.rules;
  o.rules_base = chosen.base;
  std::vector<std::string> bots = tonk::cli::parse_bot_list(bots_text, /*allow_omniscient=*/true);
  if (o.rules.players == 0) o.rules.players = bots.size() > 1 ? static_cast<int>(bots.size()) : 2;
  tonk::cli::check_rules(chosen, o.rules);
  o.bots = tonk::cli::fit_bot_list(std::move(bots), o.rules.players, "players");
  return o;
}

int run(int argc, char** argv) {
  CLI::App app{
      "tonk: play and simulate the card game Tonk (also called Tunk).\n"
      "Rules follow RULES.md; rule IDs such as S15 refer to it.",
      "tonk"};
  app.set_version_flag("--version", std::string("tonk ") + TONK_VERSION);
  app.require_subcommand(1);

  // tonk play
  RuleFlags play_flags;
  std::string play_bots;
  std::optional<int> opponents;
  std::optional<int> play_hands;
  std::optional<std::uint64_t> play_seed;
  std::string play_record;
  bool play_force = false;
  CLI::App* play = app.add_subcommand("play", "Play Tonk at the terminal against 1 to 3 bots");
  play->footer(
      "You sit in seat 0 (\"you\"); the others are bots. At the prompt, type `help` for the commands\n"
      "(drop, s stock, t take, sp spread, h hit, x discard, a actions, q quit); the prompt shows the moves\n"
      "legal now. `d` asks before dropping (--no-confirm: it does not). End of input quits.\n"
      "Example: tonk play --bots greedy,random --seed 7 --record game.tonk (or --level hard)");
  CLI::Option* play_bots_option =
      play->add_option("--bots", play_bots, "Opponents' bot kinds, comma-separated (one kind fills every seat)")
          ->type_name("KIND,...")
          ->default_str("greedy")
          ->check(not_empty("bot kinds"));
  std::string play_level;
  std::string level_names;
  for (const tonk::BotLevel& l : tonk::bot_levels()) level_names += (level_names.empty() ? "" : ", ") + std::string(l.name);
  play->add_option("--level", play_level, "How hard the bots play: " + level_names + " (every opponent; docs/BOTS.md)")
      ->type_name("NAME")
      ->excludes(play_bots_option)
      ->check(CLI::Validator(
          [level_names](std::string& text) {
            return tonk::find_bot_level(text) ? std::string() : "unknown level `" + text + "` (known: " + level_names + ")";
          },
          "LEVEL"));
  play->add_option("--opponents", opponents, "Number of bots to play against, 1 to 3 (default 1)")
      ->type_name("N")
      ->transform(decimal_range(1, 3));
  add_rule_flags(play, play_flags, "Players at the table, you included: 2 to 4 (same as --opponents N-1)");
  play->add_option("--hands", play_hands, "Play N hands, then stop (default: ask after each hand)")
      ->type_name("N")
      ->transform(decimal_range(1, kMaxHands));
  play->add_option("--seed", play_seed, "Seed for the deals and the bots: the same seed and commands replay the game")
      ->type_name("S")
      ->transform(decimal_range(0, kMaxSeed));
  play->add_option("--record", play_record, "Save every hand to FILE (see `tonk replay`)")
      ->type_name("FILE")
      ->check(not_empty("a file"));
  play->add_flag("--force", play_force, "Replace the --record FILE if it exists");
  bool no_confirm = false;
  play->add_flag("--no-confirm", no_confirm, "Drop at once when you type d (without it, d asks first; drop never asks)");

  // tonk sim
  RuleFlags sim_flags;
  std::string sim_bots;
  long long sim_hands = 0;
  std::optional<std::uint64_t> sim_seed;
  bool sim_json = false;
  bool sim_progress = false;
  std::string sim_record;
  bool sim_force = false;
  CLI::App* sim = app.add_subcommand("sim", "Simulate hands between bots and report each seat's results");
  sim->footer(
      "The hands are played in one session (the deal passes clockwise, S17). Per seat: the mean result\n"
      "per hand in the table's unit (stakes, units, points) with a 95% confidence interval, and the wins\n"
      "of each kind. The Big One (V22) doubles the last hands of the N; side bets (V23) are booked too.\n"
      "Under push-ups (V15) the means are minus the push-ups scored, so higher is better as elsewhere, and\n"
      "with a pushup_limit a new session starts whenever one ends (docs/SESSIONS.md).\n"
      "Example: tonk sim --bots greedy,random --hands 10000 --seed 1 --json");
  sim->add_option("--bots", sim_bots,
                  "Bot kind of each seat, comma-separated, seat 0 first (one kind fills every seat)")
      ->type_name("KIND,...")
      ->required();
  sim->add_option("--hands", sim_hands, "Number of hands to play")
      ->type_name("N")
      ->required()
      ->transform(decimal_range(1, kMaxHands));
  add_rule_flags(sim, sim_flags, "Players at the table (default: the number of bots listed)");
  sim->add_option("--seed", sim_seed, "Seed for the deals and the bots (default: random, and printed)")
      ->type_name("S")
      ->transform(decimal_range(0, kMaxSeed));
  sim->add_flag("--json", sim_json, "Print the results as JSON on stdout");
  sim->add_flag("--progress", sim_progress, "Show the progress bar on stderr even when it is not a terminal");
  sim->add_option("--record", sim_record, "Save every hand to FILE (see `tonk replay`)")
      ->type_name("FILE")
      ->check(not_empty("a file"));
  sim->add_flag("--force", sim_force, "Replace the --record FILE if it exists");

  // tonk arena
  RuleFlags arena_flags;
  std::string arena_bots;
  long long arena_deals = 0;
  std::optional<std::uint64_t> arena_seed;
  int arena_threads = 1;
  bool arena_json = false;
  bool arena_progress = false;
  CLI::App* arena = app.add_subcommand("arena", "Play bots against each other on duplicate deals, with seat rotation");
  arena->footer(
      "Each deal (a deck order and a dealer) is played once per rotation of the seats, so each bot plays\n"
      "every seat's cards. Per bot: the mean result per hand in the table's unit, higher better (push-ups\n"
      "negative; then also the edge over the table's mean), with a 95% confidence interval over deals,\n"
      "and the median and 99th-percentile time per decision. Results depend only on the seed, not\n"
      "on --threads. Bots: random, greedy, mc (Monte Carlo; mc:N searches N worlds per decision, mc:Nms\n"
      "for N ms), oracle (sees every card; oracle:N; arena only) and handsight (sees every hand, not the\n"
      "stock; handsight:N; arena only).\n"
      "Example: tonk arena --bots mc:100,greedy --deals 2000 --seed 1 --threads 2");
  arena->add_option("--bots", arena_bots,
                    "Bot kind of each entrant, comma-separated; entrant i sits in seat i in the first rotation")
      ->type_name("KIND,...")
      ->required();
  arena->add_option("--deals", arena_deals, "Number of duplicate deals (each played once per rotation)")
      ->type_name("N")
      ->required()
      ->transform(decimal_range(1, kMaxDeals));
  add_rule_flags(arena, arena_flags, "Players at the table (default: the number of bots listed)");
  arena->add_option("--seed", arena_seed, "Seed for the deals and the bots (default: random, and printed)")
      ->type_name("S")
      ->transform(decimal_range(0, kMaxSeed));
  arena->add_option("--threads", arena_threads, "Worker threads (the results do not depend on it)")
      ->type_name("N")
      ->default_str("1")
      ->transform(decimal_range(1, tonk::kMaxArenaThreads));
  arena->add_flag("--json", arena_json, "Print the results as JSON on stdout");
  arena->add_flag("--progress", arena_progress, "Show the progress bar on stderr even when it is not a terminal");

  // tonk rules
  RuleFlags rules_flags;
  bool markdown = false;
  CLI::App* rules =
      app.add_subcommand("rules", "List the presets and the rule options with their values, ranges and rule IDs");
  std::string rules_preset;
  rules->add_option("PRESET", rules_preset,
                    "Show this preset's rules (same as --preset PRESET), or the rule behind an ID such as S15 or V13d")
      ->type_name("NAME|ID")
      ->check(not_empty("a preset name or a rule ID"));
  bool rules_all = false;
  rules->add_flag("--all", rules_all, "With a preset or changes: every option, not only the differences");
  add_rule_flags(rules, rules_flags, "Players at the table");
  rules->add_flag("--markdown", markdown, "Print the option table of the standard game as Markdown (docs/OPTIONS.md)");

  // tonk explain
  std::string explain_id;
  CLI::App* explain = app.add_subcommand("explain", "Print the rule behind a rule ID (S15, V13d, I2, P-RUSH) from docs/RULES.md");
  explain->add_option("ID", explain_id, "The rule ID, as messages cite it")->required();

  // tonk replay
  std::string replay_path;
  bool quiet = false;
  tonk::cli::ServerCommands server_commands;  // serve, verify (server_commands.h)
  tonk::cli::add_server_commands(app, server_commands);
  CLI::App* replay = app.add_subcommand("replay", "Check a record file move by move and print each hand's result");
  replay->add_option("FILE", replay_path, "The record file")->required();
  replay->add_flag("--quiet", quiet, "Print only errors");

  // tonk review
  tonk::cli::ReviewCommandOptions review_options;
  std::optional<int> review_hand;
  int review_seat = 0;
  int review_worlds = tonk::ExpertOptions::kDefaultWorlds;
  int review_hindsight = tonk::OracleBot::kDefaultWorlds;
  double review_threshold = tonk::ReviewOptions{}.mistake_threshold;
  std::uint64_t review_seed = tonk::ReviewOptions{}.seed;
  int review_time_ms = 0;
  bool review_json = false;
  CLI::App* review = app.add_subcommand("review", "Review a seat's decisions in a recorded hand: what each move cost");
  review->footer(
      "For each decision of the seat that had a choice: the value of the move played and of the best move\n"
      "by the expert bot's search from that seat's own view (no card it could not see), in the table's\n"
      "unit per hand, and the difference; a move costing more than --threshold is marked a mistake (*).\n"
      "After the hand, the hindsight columns: what the oracle, knowing every card, would have played\n"
      "(not a fair standard). Reproducible from --seed. docs/REVIEW.md.\n"
      "Example: tonk review game.tonk --hand 2 --seat 0");
  review->add_option("RECORD", review_options.path, "The record file (docs/RECORDS.md)")->required()->check(not_empty("a file"));
  review->add_option("--hand", review_hand, "Review only the hand with this number (default: every hand)")
      ->type_name("N")
      ->transform(decimal_range(1, tonk::kMaxRecordHand));
  review->add_option("--seat", review_seat, "The seat whose decisions are reviewed, from 0")
      ->type_name("S")
      ->default_str("0")
      ->transform(decimal_range(0, tonk::kMaxPlayers - 1));
  review->add_option("--worlds", review_worlds, "Worlds of the fair search per decision (expert:N)")
      ->type_name("N")
      ->default_str(std::to_string(review_worlds))
      ->transform(decimal_range(1, 100'000));
  review->add_option("--hindsight", review_hindsight, "The oracle's rollouts per move for hindsight; 0: no hindsight")
      ->type_name("N")
      ->default_str(std::to_string(review_hindsight))
      ->transform(decimal_range(0, 100'000));
  review->add_option("--threshold", review_threshold, "Cost above which a move is a mistake, in the table's unit")
      ->type_name("X")
      ->default_str("0.25")
      ->transform(tonk::cli::decimal_number_range(0, 1000));
  review->add_option("--seed", review_seed, "Seed of the searches (the same seed, the same review)")
      ->type_name("S")
      ->default_str(std::to_string(review_seed))
      ->transform(decimal_range(0, kMaxSeed));
  review->add_option("--time-limit", review_time_ms, "Stop searching after this many ms per hand (0: no limit)")
      ->type_name("MS")
      ->default_str("0")
      ->transform(decimal_range(0, 3'600'000));
  review->add_flag("--json", review_json, "Print the review as JSON on stdout");

  // Set last: subcommands copy the parent's footer when they are added.
  app.footer(
      "Examples:\n"
      "  tonk play                          play against the greedy bot\n"
      "  tonk play --opponents 2 --seed 7   you and two bots, reproducible\n"
      "  tonk sim --bots greedy,random --hands 10000\n"
      "  tonk arena --bots mc:100,greedy --deals 2000 --threads 2\n"
      "  tonk rules --set hand_size=7\n"
      "  tonk rules rush                    what the Rushville preset changes (--all: every option)\n"
      "  tonk rules V13d                    the rule behind an ID that a message cites\n"
      "  tonk sim --preset wash --bots greedy --players 4 --hands 1000\n"
      "  tonk replay game.tonk\n"
      "  tonk review game.tonk --hand 2     what each of seat 0's moves cost\n"
      "Run `tonk COMMAND --help` for the options of a command.");

  try {
    app.parse(argc, argv);
    tonk::cli::apply_serve_config(app, server_commands, argc, argv);  // tonk serve --config FILE
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, or the error with a hint
    return code == 0 ? 0 : kExitBadInput;
  } catch (const tonk::cli::ConfigError& e) {
    std::cerr << "tonk serve: " << e.what() << "\n";
    return kExitBadInput;
  }

  try {
    if (play->parsed()) {
      tonk::cli::PlayOptions o = make_play_options(play_flags, play_level.empty() ? play_bots : play_level, opponents);
      if (play_hands && (*play_hands < 1 || *play_hands > kMaxHands))
        throw UsageError("--hands must be from 1 to " + std::to_string(kMaxHands));
      o.hands = play_hands;
      o.seed = play_seed ? *play_seed : fresh_seed();
      o.record = {play_record, play_force, {play_flags.rules_file}};
      tonk::cli::install_stop_signals();
      o.confirm_drop = !no_confirm;
      return tonk::cli::run_play(o);
    }
    if (sim->parsed()) {
      tonk::cli::SimOptions o = make_sim_options(sim_flags, sim_bots);
      if (sim_hands < 1 || sim_hands > kMaxHands)
        throw UsageError("--hands must be from 1 to " + std::to_string(kMaxHands));
      o.hands = sim_hands;
      o.seed = sim_seed ? *sim_seed : fresh_seed();
      o.json = sim_json;
      o.progress = sim_progress;
      o.record = {sim_record, sim_force, {sim_flags.rules_file}};
      tonk::cli::install_stop_signals();
      return tonk::cli::run_sim(o);
    }
    if (arena->parsed()) {
      tonk::cli::ArenaCommandOptions o = make_arena_options(arena_flags, arena_bots);
      if (arena_deals < 1 || arena_deals > kMaxDeals)
        throw UsageError("--deals must be from 1 to " + std::to_string(kMaxDeals));
      if (arena_threads < 1 || arena_threads > tonk::kMaxArenaThreads)
        throw UsageError("--threads must be from 1 to " + std::to_string(tonk::kMaxArenaThreads));
      o.deals = arena_deals;
      o.seed = arena_seed ? *arena_seed : fresh_seed();
      o.threads = arena_threads;
      o.json = arena_json;
      o.progress = arena_progress;
      return tonk::cli::run_arena(o);
    }
    if (rules->parsed()) {
      // `tonk rules S15` explains a rule; `tonk rules P-RUSH` (a preset) still shows its options.
      if (tonk::cli::is_rule_id(rules_preset) && std::toupper(static_cast<unsigned char>(rules_preset[0])) != 'P')
        return tonk::cli::run_explain(rules_preset);
      if (!rules_preset.empty()) {
        if (!rules_flags.preset.empty() &&
            &tonk::preset_or_throw(rules_flags.preset) != &tonk::preset_or_throw(rules_preset))
          throw UsageError("tonk rules " + rules_preset + " contradicts --preset " + rules_flags.preset);
        rules_flags.preset = rules_preset;
      }
      const tonk::cli::ChosenRules chosen = tonk::cli::choose_rules(rules_flags);
      tonk::cli::RulesOptions o;
      o.rules = chosen.rules;
      if (o.rules.players == 0) o.rules.players = tonk::Rules{}.players;
      tonk::cli::check_rules(chosen, o.rules);
      if (markdown && (o.rules != tonk::Rules{} || !chosen.source.empty()))
        throw UsageError(
            "--markdown documents the standard game; it cannot be combined with a preset, --rules, --set or --players");
      o.markdown = markdown;
      o.source = chosen.source;
      o.all = rules_all;
      o.base = chosen.base;
      return tonk::cli::run_rules(o);
    }
    if (const std::optional<int> code = tonk::cli::run_server_commands(server_commands)) return *code;
    if (replay->parsed()) return tonk::cli::run_replay(replay_path, quiet);
    if (review->parsed()) {
      review_options.hand = review_hand;
      review_options.seat = review_seat;
      review_options.review.fair.worlds = review_worlds;
      review_options.review.hindsight = review_hindsight > 0;
      review_options.review.hindsight_rollouts = review_hindsight > 0 ? review_hindsight : 1;
      review_options.review.mistake_threshold = review_threshold;
      review_options.review.seed = review_seed;
      review_options.review.time_limit_ms = review_time_ms;
      review_options.json = review_json;
      return tonk::cli::run_review(review_options);
    }
    if (explain->parsed()) return tonk::cli::run_explain(explain_id);
  } catch (const tonk::RuleError& e) {
    std::cerr << "tonk: invalid rules: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const UsageError& e) {
    std::cerr << "tonk: " << e.what() << "\n";
    return kExitBadInput;
  }
  return kExitBadInput;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "tonk: error: " << e.what() << "\n";
    return 1;
  }
}
