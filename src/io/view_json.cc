#include "tonk/view_json.h"

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace tonk {

namespace {

using Json = nlohmann::ordered_json;

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kStartOfTurn: return "start_of_turn";
    case Phase::kAfterDraw: return "after_draw";
    case Phase::kOver: return "over";
    case Phase::kSlap: return "slap";
    case Phase::kSlapDiscard: return "slap_discard";
  }
  return "unknown";
}

Json card_or_null(Card c) { return c.valid() ? Json(to_string(c)) : Json(nullptr); }

Json cards(CardSet set) {  // in card id order: clubs, diamonds, hearts, spades, ace to king; jokers last
  Json out = Json::array();
  for (Card c : set) out.push_back(to_string(c));
  return out;
}

// V13a: "book:9" or "run:3h" (the shape's rank, and suit for a run), null for a spread without wild cards.
Json shape_or_null(std::uint8_t shape) {
  if (shape_is_run(shape)) return "run:" + to_string(Card(shape_rank(shape), shape_suit(shape)));
  if (shape_is_book(shape)) return "book:" + to_string(Card(shape_rank(shape), Suit::kClubs)).substr(0, 1);
  return nullptr;
}

template <class T>
Json per_seat(const std::array<T, kMaxPlayers>& values, int n) {
  Json out = Json::array();
  for (int p = 0; p < n; ++p) out.push_back(values[static_cast<std::size_t>(p)]);
  return out;
}

}  // namespace

std::string to_json(const View& v, int indent) {
  if (!v.game) throw std::invalid_argument("to_json(View): the view has no game");
  const int n = v.num_players;
  Json j;
  j["schema"] = kViewJsonSchema;
  j["player"] = v.player;
  j["players"] = n;
  j["dealer"] = v.dealer;
  j["to_move"] = v.current_player;
  j["phase"] = phase_name(v.phase);
  j["turn"] = v.turn;
  j["hand"] = cards(v.hand);
  j["count"] = v.count();  // I8
  j["taken_discard"] = card_or_null(v.taken_discard);
  j["seats"] = Json::array();
  for (int p = 0; p < n; ++p) {
    Json seat;
    seat["seat"] = p;
    seat["hand_size"] = v.hand_sizes[static_cast<std::size_t>(p)];
    seat["known"] = cards(v.known_cards[static_cast<std::size_t>(p)]);
    seat["turns"] = v.turns_of[static_cast<std::size_t>(p)];
    seat["empty_stock_takes"] = v.empty_stock_takes[static_cast<std::size_t>(p)];
    j["seats"].push_back(seat);
  }
  j["spreads"] = Json::array();
  for (int i = 0; i < v.num_spreads; ++i) {
    Json spread;
    spread["owner"] = v.spread_owners[static_cast<std::size_t>(i)];
    spread["cards"] = cards(v.spreads[static_cast<std::size_t>(i)]);
    spread["shape"] = shape_or_null(v.spread_shapes[static_cast<std::size_t>(i)]);
    j["spreads"].push_back(spread);
  }
  j["top_discard"] = card_or_null(v.top_discard);
  j["discard_size"] = v.discard_size;
  j["discard_pile"] = cards(v.discard_pile);
  j["stock_size"] = v.stock_size;
  j["history"] = Json::array();
  for (const Move& m : v.history) j["history"].push_back({{"player", m.player}, {"action", to_string(m.action)}});
  if (v.outcome.reason == EndReason::kNone) {
    j["outcome"] = nullptr;
  } else {
    const Outcome& o = v.outcome;
    Json out;
    out["reason"] = std::string(to_string(o.reason));
    out["player"] = o.player >= 0 ? Json(static_cast<int>(o.player)) : Json(nullptr);
    out["winners"] = Json::array();
    for (int p = 0; p < n; ++p)
      if (o.is_winner(p)) out["winners"].push_back(p);
    out["payouts"] = per_seat(o.payouts, n);
    out["counts"] = per_seat(o.counts, n);
    out["points"] = per_seat(o.points, n);
    out["hands"] = Json::array();  // the showdown: every hand is shown
    for (int p = 0; p < n; ++p) out["hands"].push_back(cards(v.revealed[static_cast<std::size_t>(p)]));
    j["outcome"] = out;
  }
  return j.dump(indent);
}

}  // namespace tonk
