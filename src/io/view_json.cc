#include "tonk/view_json.h"

#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "tonk/game.h"
#include "tonk/wild_reading.h"

namespace tonk {

namespace {

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

// The document is written as text, in the order and the compact form nlohmann::ordered_json's
// dump() gives (the server writes one per seat per move: building a JSON object first took most
// of the time); pretty-printing goes through the library.
class Writer {
 public:
  std::string text;

  // A string value, escaped as the JSON library escapes (every value here is plain ASCII, but the
  // writer does not rely on it).
  void string(std::string_view s) {
    text += '"';
    for (const char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      switch (c) {
        case '"': text += "\\\""; break;
        case '\\': text += "\\\\"; break;
        case '\b': text += "\\b"; break;
        case '\f': text += "\\f"; break;
        case '\n': text += "\\n"; break;
        case '\r': text += "\\r"; break;
        case '\t': text += "\\t"; break;
        default:
          if (c < 0x20) {
            static constexpr char kHex[] = "0123456789abcdef";
            text += "\\u00";
            text += kHex[c >> 4];
            text += kHex[c & 15];
          } else {
            text += ch;
          }
      }
    }
    text += '"';
  }
  void number(long long n) { text += std::to_string(n); }
  void null() { text += "null"; }
  // `"name":` after a comma unless it opens the object.
  void key(std::string_view name) {
    if (text.back() != '{') text += ',';
    string(name);
    text += ':';
  }
  void separator() {
    if (text.back() != '[') text += ',';
  }
  void card_or_null(Card c) { c.valid() ? string(to_string(c)) : null(); }
  void cards(CardSet set) {  // in card id order: clubs, diamonds, hearts, spades, ace to king; jokers last
    text += '[';
    for (Card c : set) {
      separator();
      string(to_string(c));
    }
    text += ']';
  }
  // V13a: "book:9" or "run:3h" (the shape's rank, and suit for a run), null for a spread without wild cards.
  void shape_or_null(std::uint8_t shape) {
    if (const std::string text = shape_text(shape); !text.empty()) return string(text);
    null();
  }
  // A spread's form in players' terms (docs/VIEW_JSON.md "form"): a book's rank, or a run's suit
  // and, when `size` is known, the ranks of its places low to high as the cards stand (the deck's
  // run order, V11, is the Game's: Game::rank_at). Ranks, not cards: a place a wild card fills
  // names no card anyone holds. A reader never parses the shape notation.
  void form(const Game& game, std::uint8_t shape, int size) {
    if (shape == 0) return null();
    text += '{';
    if (shape_is_book(shape)) {
      key("kind"), string("book");
      key("rank"), string(std::string(1, rank_char(shape_rank(shape))));
    } else {
      key("kind"), string("run");
      key("suit"), string(std::string(1, suit_char(shape_suit(shape))));
      if (size > 0) {
        key("places"), text += '[';
        const int low = game.shape_low(shape);
        for (int pos = low; pos < low + size; ++pos)
          if (const std::optional<Rank> rank = game.rank_at(pos)) separator(), string(std::string(1, rank_char(*rank)));
        text += ']';
      }
    }
    text += '}';
  }
  template <class T>
  void per_seat(const std::array<T, kMaxPlayers>& values, int n) {
    text += '[';
    for (int p = 0; p < n; ++p) {
      separator();
      number(values[static_cast<std::size_t>(p)]);
    }
    text += ']';
  }
};

// The one writer of a View's document: a seat's (`seat_only`) or the public one, which leaves out
// what only the seat knows.
std::string write_view(const View& v, int indent, bool seat_only) {
  if (!v.game) throw std::invalid_argument("to_json(View): the view has no game");
  const int n = v.num_players;
  Writer w;
  w.text.reserve(512 + 24 * v.history.size());
  w.text += '{';
  w.key("schema"), w.string(kViewJsonSchema);
  w.key("player");
  if (seat_only) w.number(v.player);
  else w.null();
  w.key("players"), w.number(n);
  w.key("dealer"), w.number(v.dealer);
  w.key("to_move"), w.number(v.current_player);
  w.key("phase"), w.string(phase_name(v.phase));
  w.key("turn"), w.number(v.turn);
  w.key("hand"), w.cards(seat_only ? v.hand : CardSet());
  w.key("count");
  if (seat_only) w.number(v.count());  // I8
  else w.null();
  // Each rank of this table's deck (S2, V11) with its count (S3, V17), and "X" when it has jokers
  // (V16): what a client needs to reckon counts without a copy of the rules.
  w.key("card_values"), w.text += '{';
  for (int r = 0; r < kNumRanks; ++r) {
    const Card card(static_cast<Rank>(r), static_cast<Suit>(0));
    if (v.game->deck().contains(card)) w.key(std::string(1, rank_char(card.rank()))), w.number(v.game->value(card));
  }
  if (v.game->rules().jokers > 0) w.key("X"), w.number(v.game->value(Card::joker(0)));
  w.text += '}';
  w.key("taken_discard"), w.card_or_null(seat_only ? v.taken_discard : Card::none());
  w.key("seats"), w.text += '[';
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    w.separator();
    w.text += '{';
    w.key("seat"), w.number(p);
    w.key("hand_size"), w.number(v.hand_sizes[i]);
    w.key("known"), w.cards(v.known_cards[i]);
    w.key("turns"), w.number(v.turns_of[i]);
    w.key("empty_stock_takes"), w.number(v.empty_stock_takes[i]);
    w.text += '}';
  }
  w.text += ']';
  w.key("spreads"), w.text += '[';
  for (int s = 0; s < v.num_spreads; ++s) {
    const auto i = static_cast<std::size_t>(s);
    w.separator();
    w.text += '{';
    w.key("owner"), w.number(v.spread_owners[i]);
    w.key("cards"), w.cards(v.spreads[i]);
    w.key("shape"), w.shape_or_null(v.spread_shapes[i]);
    const std::uint8_t shape = v.spread_shapes[i] != 0 ? v.spread_shapes[i] : v.game->shape_of(v.spreads[i]);
    w.key("form"), w.form(*v.game, shape, v.spreads[i].size());
    // V13a: in a spread with a shape (one holding a wild card), what each wild card stands for (the
    // engine's reading; {} when each stands for itself, as a deuce in its own place does).
    if (v.spread_shapes[i] != 0) {
      w.key("stands_for"), w.text += '{';
      for (const StandIn& s : read_wild_cards(*v.game, v.spreads[i], v.spread_shapes[i])) {
        w.key(to_string(s.wild));
        w.string(stands_for_text(s));
      }
      w.text += '}';
    }
    w.text += '}';
  }
  w.text += ']';
  w.key("top_discard"), w.card_or_null(v.top_discard);
  w.key("discard_size"), w.number(v.discard_size);
  w.key("discard_pile"), w.cards(v.discard_pile);
  w.key("stock_size"), w.number(v.stock_size);
  w.key("history"), w.text += '[';
  for (const Move& m : v.history) {
    w.separator();
    w.text += '{';
    w.key("player"), w.number(m.player);
    w.key("action"), w.string(to_string(m.action));
    w.text += '}';
  }
  w.text += ']';
  w.key("outcome");
  if (v.outcome.reason == EndReason::kNone) {
    w.null();
  } else {
    const Outcome& o = v.outcome;
    w.text += '{';
    w.key("reason"), w.string(to_string(o.reason));
    w.key("player");
    if (o.player >= 0) w.number(o.player);
    else w.null();
    w.key("winners"), w.text += '[';
    for (int p = 0; p < n; ++p)
      if (o.is_winner(p)) w.separator(), w.number(p);
    w.text += ']';
    w.key("payouts"), w.per_seat(o.payouts, n);
    w.key("counts"), w.per_seat(o.counts, n);
    w.key("points"), w.per_seat(o.points, n);
    w.key("hands"), w.text += '[';  // the showdown: every hand is shown
    for (int p = 0; p < n; ++p) w.separator(), w.cards(v.revealed[static_cast<std::size_t>(p)]);
    w.text += ']';
    w.text += '}';
  }
  w.text += '}';
  if (indent < 0) return std::move(w.text);
  return nlohmann::ordered_json::parse(w.text).dump(indent);
}

}  // namespace

std::string to_json(const View& view, int indent) { return write_view(view, indent, true); }

std::string to_public_json(const View& view, int indent) { return write_view(view, indent, false); }

std::string form_json(const Game& game, std::uint8_t shape, int size) {
  Writer w;
  w.form(game, shape, size);
  return std::move(w.text);
}

}  // namespace tonk
