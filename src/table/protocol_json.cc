#include "protocol_json.h"

#include "tonk/bot_factory.h"
#include "tonk/preset.h"
#include "tonk/rule_options.h"
#include "tonk/view_json.h"
#include "tonk/wild_reading.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

std::string_view kind_name(ActionKind k) {
  switch (k) {
    case ActionKind::kDrop: return "drop";
    case ActionKind::kTakeStock: return "stock";
    case ActionKind::kTakeDiscard: return "take";
    case ActionKind::kSpread: return "spread";
    case ActionKind::kHit: return "hit";
    case ActionKind::kDiscard: return "discard";
    case ActionKind::kClaim: return "claim";
    case ActionKind::kEndTurn: return "end";
    case ActionKind::kSlap: return "slap";
    case ActionKind::kPass: return "pass";
  }
  return "?";
}

json cards_json(CardSet cards) {
  json out = json::array();
  for (Card c : cards) out.push_back(to_string(c));
  return out;
}

template <typename Array>
json ints(const Array& a, int n) {
  json out = json::array();
  for (int i = 0; i < n; ++i) out.push_back(a[static_cast<std::size_t>(i)]);
  return out;
}

}  // namespace

json action_json(const Action& a, const Game& game) {
  const std::string id = to_string(a);
  json shape = nullptr;
  if (a.shape != 0) shape = id.substr(id.rfind(' ') + 1);
  const bool targeted = a.kind == ActionKind::kHit || a.kind == ActionKind::kSlap;
  json out{{"id", id},
           {"kind", kind_name(a.kind)},
           {"cards", a.kind == ActionKind::kSlap ? json::array() : cards_json(a.cards)},
           {"target", targeted ? json(a.target) : json(nullptr)},
           {"shape", shape}};
  // V13a: a spread with wild cards says what each stands for (the engine's reading, as the view's).
  if (a.kind == ActionKind::kSpread && a.shape != 0) {
    json stands_for = json::object();
    for (const StandIn& s : read_wild_cards(game, a.cards, a.shape)) stands_for[to_string(s.wild)] = stands_for_text(s);
    out["stands_for"] = stands_for;
  }
  return out;
}

json presets_json() {
  json list = json::array();
  for (const Preset& p : presets()) {
    list.push_back({{"name", p.name}, {"description", p.description}, {"rule_ids", p.rule_ids},
                    {"max_players", largest_table(p)}, {"options", changed_options(p.rules)},
                    {"rules", to_string(p.rules)}});
  }
  json options = json::array();
  for (const OptionSpec& o : rule_options()) {
    json choices = json::array();
    for (std::string_view c : o.choices) choices.push_back(c);
    options.push_back({{"name", o.name},
                       {"type", o.type == OptionType::kInt ? "int" : o.type == OptionType::kBool ? "bool" : "choice"},
                       {"default", o.format(o.default_value())},
                       {"min", o.min},
                       {"max", o.max},
                       {"rule_id", o.rule_id},
                       {"doc", o.doc},
                       {"choices", choices}});
  }
  json bots = json::array();
  for (std::string_view k : bot_kinds()) bots.push_back(k);
  return json{{"type", "presets"}, {"presets", list}, {"options", options}, {"bots", bots}};
}

json ledger_json(const Session* session, int players, bool over) {
  if (!session) {
    json zero = json::array();
    for (int s = 0; s < players; ++s) zero.push_back(0);
    return json{{"hands", 0}, {"net", zero}, {"hand_net", zero}, {"side_net", zero}, {"pot", 0},
                {"points", zero}, {"leaders", json::array()}, {"stake_next", 1}, {"over", over}};
  }
  const Session& s = *session;
  json leaders = json::array();
  for (int p = 0; p < players; ++p)
    if ((s.leaders() >> p) & 1) leaders.push_back(p);
  return json{{"hands", s.hands_played()},        {"net", ints(s.ledger(), players)},
              {"hand_net", ints(s.hand_ledger(), players)}, {"side_net", ints(s.side_ledger(), players)},
              {"pot", s.naturals_pot()},          {"points", ints(s.points(), players)},
              {"leaders", leaders},               {"stake_next", s.is_over() ? 1 : s.stake()},
              {"over", over || s.is_over()}};
}

json hand_over_json(const std::string& table, int number, const View& view, const HandLedger& booked) {
  const json v = json::parse(to_json(view));
  const json& o = v["outcome"];
  const int players = view.num_players;
  json b{{"stake", booked.stake},
         {"payouts", ints(booked.payouts, players)},
         {"points", ints(booked.points, players)},
         {"side", ints(booked.side.net, players)}};
  return json{{"type", "hand_over"}, {"table", table},        {"hand", number},           {"reason", o["reason"]},
              {"player", o["player"]}, {"winners", o["winners"]}, {"hands", o["hands"]}, {"counts", o["counts"]},
              {"payouts", o["payouts"]}, {"points", o["points"]}, {"booked", b}, {"ledger", nullptr},
              {"fair", nullptr}};
}

}  // namespace tonk::serve
