#include "stop_signal.h"

#include <signal.h>

namespace tonk::cli {

namespace {

volatile sig_atomic_t g_signal = 0;
bool g_installed = false;

extern "C" void on_stop_signal(int sig) { g_signal = sig; }

}  // namespace

void install_stop_signals() {
  if (g_installed) return;
  g_installed = true;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // no SA_RESTART: a waiting read returns; a second signal kills
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

bool stop_requested() { return g_signal != 0; }

int stop_signal() { return g_signal; }

}  // namespace tonk::cli
