// The tests' server: `tonk serve` (run_server, the same code) with faults to order, built only for
// the tests and never installed or packaged. The shipped `tonk` has neither of these options.
//
//   tonk_fault_server serve --listen HOST:PORT --db DB [--workers N] [--rate N] [--lease S] [--http-rate N]
//                           [--exit-after-acts N] [--commit-delay-ms MS] [--clock-offset-ms MS]
//
// --exit-after-acts N  exits (status 137) right after the commit that holds the N-th action a
//                      person sent, before anything about it is sent (crash_after_acts.h)
// --commit-delay-ms MS every commit takes MS longer (a distant database): batches are in flight
//                      while others are staged (slow_commits.h)
// --clock-offset-ms MS the wall clock of the turn timers' deadlines runs MS ahead (a restart
//                      "later" without waiting)
#include <iostream>

#include <CLI/CLI.hpp>

#include "clock_ahead.h"
#include "crash_after_acts.h"
#include "slow_commits.h"
#include "server.h"

int main(int argc, char** argv) {
  CLI::App app("tonk serve with faults to order, for the tests");
  CLI::App* serve = app.add_subcommand("serve")->required();
  tonk::serve::ServeOptions options;
  long long exit_after_acts = 0;
  long long clock_offset_ms = 0;
  long long commit_delay_ms = 0;
  serve->add_option("--listen", options.listen);
  serve->add_option("--db", options.db);
  serve->add_option("--workers", options.workers);
  serve->add_option("--rate", options.rate);
  serve->add_option("--lease", options.lease);
  serve->add_option("--http-rate", options.http_rate);
  serve->add_option("--exit-after-acts", exit_after_acts)->check(CLI::Range(1LL, 1000000000LL));
  serve->add_option("--commit-delay-ms", commit_delay_ms)->check(CLI::Range(0LL, 10000LL));
  serve->add_option("--clock-offset-ms", clock_offset_ms);
  CLI11_PARSE(app, argc, argv);
  tonk::serve::ServerParts parts;
  parts.storage = [exit_after_acts, commit_delay_ms](std::unique_ptr<tonk::serve::Storage> db) -> std::unique_ptr<tonk::serve::Storage> {
    // The delay is outside the crash: the crash comes once the slow commit returned.
    if (commit_delay_ms > 0) db = std::make_unique<tonk::test::SlowCommits>(std::move(db), std::chrono::milliseconds(commit_delay_ms));
    if (exit_after_acts > 0) db = std::make_unique<tonk::test::CrashAfterActs>(std::move(db), exit_after_acts);
    return db;
  };
  if (clock_offset_ms != 0) parts.wall_clock = tonk::test::clock_ahead(std::chrono::milliseconds(clock_offset_ms));
  return tonk::serve::run_server(options, parts);
}
