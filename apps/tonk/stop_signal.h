// Ctrl-C (SIGINT) and SIGTERM as a request to stop, not a kill: `tonk play` then does what it does at
// the end of input (keeps the unfinished hand in the record, prints the final score) and `tonk sim`
// stops after the hand in play and prints the results of the hands played. A second signal kills
// the program as usual.
#pragma once

namespace tonk::cli {

/// Installs the handlers (once; later calls do nothing). A read from the terminal that is waiting
/// when a signal arrives returns (the handlers do not restart it), so a prompt sees end of input.
void install_stop_signals();

/// True once SIGINT or SIGTERM has arrived since install_stop_signals().
bool stop_requested();

/// The signal that asked to stop (SIGINT or SIGTERM), 0 when none has.
int stop_signal();

}  // namespace tonk::cli
