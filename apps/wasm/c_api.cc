// The engine's API for the page (web/src/engine.ts wraps it): plain C functions over the offline
// table (offline_table.h), exported from the WebAssembly module scripts/build_wasm.sh builds.
//
// Strings cross as UTF-8: the caller passes NUL-terminated text; a returned `const char*` stays
// valid until the next call into the module. A function that fails returns 0 (or null) and
// tonk_last_error() says why; a refused action is no failure: tonk_table_act returns its refusal.
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "offline_table.h"
#include "protocol_json.h"
#include "review_json.h"
#include "tonk/bot_factory.h"
#include "tonk/hand_review.h"
#include "tonk/record.h"
#include "tonk/view_json.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define TONK_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define TONK_EXPORT extern "C"
#endif

namespace {

using tonk::web::OfflineConfig;
using tonk::web::OfflineTable;

std::map<int, std::unique_ptr<OfflineTable>> g_tables;
int g_next_id = 1;
std::string g_error;
std::string g_out;

OfflineTable& table_of(int id) {
  const auto it = g_tables.find(id);
  if (it == g_tables.end()) throw std::invalid_argument("no table " + std::to_string(id));
  return *it->second;
}

// Runs `f`, which returns the text to hand out; null (and the error kept) when it throws.
template <typename F>
const char* text_or_null(F&& f) {
  try {
    g_out = f();
    return g_out.c_str();
  } catch (const std::exception& e) {
    g_error = e.what();
    return nullptr;
  }
}

template <typename F>
int int_or(int failed, F&& f) {
  try {
    return f();
  } catch (const std::exception& e) {
    g_error = e.what();
    return failed;
  }
}

}  // namespace

/// Why the last call failed.
TONK_EXPORT const char* tonk_last_error() { return g_error.c_str(); }

/// The `presets` message of docs/PROTOCOL.md: the presets, the rule options and the bot kinds.
TONK_EXPORT const char* tonk_presets() {
  return text_or_null([] { return tonk::serve::presets_json().dump(); });
}

/// A new table from its config (OfflineConfig::from_json); its id (> 0), or 0 when refused.
TONK_EXPORT int tonk_table_new(const char* config) {
  return int_or(0, [&] {
    auto t = std::make_unique<OfflineTable>(OfflineConfig::from_json(config));
    g_tables[g_next_id] = std::move(t);
    return g_next_id++;
  });
}

TONK_EXPORT void tonk_table_free(int id) { g_tables.erase(id); }

/// Deals the next hand (a new session first when the last one is over); 1, or 0 on failure.
TONK_EXPORT int tonk_table_deal(int id) {
  return int_or(0, [&] {
    table_of(id).deal();
    return 1;
  });
}

/// A person's action: "" when applied; otherwise the refusal as JSON {"rule_id", "message"}.
TONK_EXPORT const char* tonk_table_act(int id, int seat, const char* action) {
  return text_or_null([&] {
    const std::optional<tonk::Refusal> r = table_of(id).act(seat, action);
    return r ? nlohmann::json{{"rule_id", r->rule_id}, {"message", r->message}}.dump() : std::string();
  });
}

/// One bot move: 1 when a bot moved, 0 when none is to move, -1 on failure.
TONK_EXPORT int tonk_table_step_bot(int id) {
  return int_or(-1, [&] { return table_of(id).step_bot() ? 1 : 0; });
}

/// The seat to move, -1 when no hand is in play (-2 on failure).
TONK_EXPORT int tonk_table_to_move(int id) {
  return int_or(-2, [&] { return table_of(id).table().to_move(); });
}

/// True (1) when a person is to move.
TONK_EXPORT int tonk_table_awaits_person(int id) {
  return int_or(-1, [&] { return table_of(id).table().awaits_person() ? 1 : 0; });
}

/// The number of the hand dealt last (from 1), 0 before the first.
TONK_EXPORT int tonk_table_hand_number(int id) {
  return int_or(-1, [&] { return table_of(id).table().hand_number(); });
}

/// Deals and plays `hands` hands to their end (the bots' moves; nobody listens); the hands played.
/// For a table of bots alone: the same-game test and the speed figures.
TONK_EXPORT int tonk_table_play_hands(int id, int hands) {
  return int_or(-1, [&] {
    OfflineTable& t = table_of(id);
    for (int h = 0; h < hands; ++h) {
      t.deal();
      t.run_bots();
      if (t.table().in_hand()) return h;  // a person is to move
    }
    return hands;
  });
}

/// Seat `seat`'s View as the JSON `tonk serve` sends (tonk.view/1, docs/VIEW_JSON.md).
TONK_EXPORT const char* tonk_table_view(int id, int seat) {
  return text_or_null([&] { return tonk::to_json(table_of(id).table().view(seat)); });
}

/// The legal actions of the seat to move, as a `state` message lists them.
TONK_EXPORT const char* tonk_table_legal(int id) {
  return text_or_null([&] {
    tonk::ActionList list;
    table_of(id).table().legal_actions(list);
    nlohmann::json out = nlohmann::json::array();
    for (const tonk::Action& a : list) out.push_back(tonk::serve::action_json(a, table_of(id).table().game()));
    return out.dump();
  });
}

/// The `state` message for `seat`.
TONK_EXPORT const char* tonk_table_state(int id, int seat) {
  return text_or_null([&] { return table_of(id).state_json(seat); });
}

/// The `history` message for `seat` ("null" before the first deal).
TONK_EXPORT const char* tonk_table_history(int id, int seat) {
  return text_or_null([&] { return table_of(id).history_json(seat); });
}

/// The `event` and `hand_over` messages since the last call, as a JSON array.
TONK_EXPORT const char* tonk_table_messages(int id) {
  return text_or_null([&] { return table_of(id).take_messages(); });
}

/// The `hint` message for `seat` (to move): MonteCarloBot with `worlds` worlds from `seed`.
TONK_EXPORT const char* tonk_table_hint(int id, int seat, int worlds, unsigned seed) {
  return text_or_null([&] { return table_of(id).hint_json(seat, worlds, seed); });
}

/// What a bot of `kind` (seeded `seed`) would play for the seat to move, from its View: the action's
/// text (action.h).
TONK_EXPORT const char* tonk_table_bot_choice(int id, const char* kind, unsigned seed) {
  return text_or_null([&] {
    const tonk::Table& t = table_of(id).table();
    if (!t.in_hand()) throw std::logic_error("no hand is in play");
    tonk::ActionList legal;
    t.legal_actions(legal);
    return tonk::to_string(tonk::make_bot(kind, seed)->choose(t.view(t.to_move()), legal));
  });
}

/// The record of hand `hand` (record.h, docs/RECORDS.md); "" when that hand has not ended.
TONK_EXPORT const char* tonk_table_record(int id, int hand) {
  return text_or_null([&] { return table_of(id).record(hand); });
}

/// Every hand's record, a blank line between them: a session's file for `tonk replay`.
TONK_EXPORT const char* tonk_table_records(int id) {
  return text_or_null([&] { return table_of(id).records(); });
}

/// The review (tonk/hand_review.h, docs/REVIEW.md) of seat `seat` in the hand numbered `hand` of
/// `record` (a record's or a session's text): the JSON of one review of `tonk review --json`. The
/// fair search runs `worlds` expert worlds per decision, the hindsight `hindsight` oracle rollouts
/// (0: no hindsight); the review stops searching after `time_limit_ms` (0: no limit). Any table of
/// this module is untouched: the page runs reviews in a worker of their own (web/src/review.ts).
TONK_EXPORT const char* tonk_review(const char* record, int hand, int seat, int worlds, int hindsight, unsigned seed,
                                    int time_limit_ms) {
  return text_or_null([&] {
    for (const tonk::HandRecord& r : tonk::parse_records(record)) {
      if (r.number != hand) continue;
      if (seat < 0 || seat >= static_cast<int>(r.seats.size()))
        throw std::invalid_argument("hand " + std::to_string(hand) + " has no seat " + std::to_string(seat));
      tonk::ReviewOptions o;
      o.fair.worlds = worlds;
      o.hindsight = hindsight > 0;
      o.hindsight_rollouts = hindsight > 0 ? hindsight : 1;
      o.seed = seed;
      o.time_limit_ms = time_limit_ms;
      const tonk::Hand replayed = tonk::replay(r);
      const tonk::HandReview review = tonk::review_hand(replayed, seat, o);
      return tonk::serve::review_json(review, replayed.game(), r.number, r.seats[static_cast<std::size_t>(seat)], o).dump();
    }
    throw std::invalid_argument("no hand " + std::to_string(hand) + " in the record");
  });
}
