#include "tonk/table.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace tonk {

namespace {

const std::shared_ptr<const Game>& checked(const std::shared_ptr<const Game>& game) {
  if (!game) throw std::invalid_argument("Table: no Game (a null std::shared_ptr<const Game>)");
  return game;
}

std::unique_ptr<Session> open_session(const std::shared_ptr<const Game>& game, const TableOptions& o) {
  return std::make_unique<Session>(game, o.seed, o.first_dealer, o.planned_hands);
}

}  // namespace

Table::Table(std::shared_ptr<const Game> game, std::vector<Seat> seats, TableOptions options)
    : game_(checked(game)),
      seats_(std::move(seats)),
      legal_(std::make_unique<ActionList>()),
      before_(std::make_unique<std::array<View, kMaxPlayers>>()),
      blank_(std::make_unique<View>()) {
  if (num_seats() != game_->num_players())
    throw std::invalid_argument("Table: " + std::to_string(seats_.size()) + " seats for a game of " +
                                std::to_string(game_->num_players()) + " players");
  session_ = open_session(game_, options);
}

void Table::legal_actions(ActionList& out) const {
  out.clear();
  if (in_hand()) hand_->state().legal_actions(out);
}

View Table::view(int seat) const {
  if (!hand_) throw std::logic_error("Table::view: no hand has been dealt");
  if (seat < 0 || seat >= num_seats()) throw std::out_of_range("Table::view: no seat " + std::to_string(seat));
  return hand_->view(seat);
}

void Table::listen(int seat, TableListener listener) {
  if (seat < 0 || seat >= num_seats()) throw std::out_of_range("Table::listen: no seat " + std::to_string(seat));
  const unsigned bit = 1u << seat;
  listeners_ = listener ? listeners_ | bit : listeners_ & ~bit;
  listeners_by_seat_[static_cast<std::size_t>(seat)] = std::move(listener);
}

void Table::deal() {
  if (in_hand()) throw std::logic_error("Table::deal: a hand is in play");
  if (session_->is_over()) throw std::logic_error("Table::deal: the session is over");
  if (hand_) {
    session_->deal_into(*hand_);  // S6, with the session's dealer and shuffle; the last hand's storage reused
  } else {
    hand_.emplace(session_->deal());
  }
  dealt();
}

void Table::deal(std::vector<Card> deck_order) {
  if (in_hand()) throw std::logic_error("Table::deal: a hand is in play");
  if (session_->is_over()) throw std::logic_error("Table::deal: the session is over");
  hand_.emplace(session_->deal(std::move(deck_order)));  // S6 with the session's dealer
  dealt();
}

void Table::dealt() {
  hand_number_ = session_->hands_played() + 1;
  send(TableEventKind::kHandDealt, nullptr);
  if (hand_->is_over()) finish_hand();  // S7: a dealt tonk or a void deal
}

std::optional<Refusal> Table::submit(int seat, const Action& action) {
  if (!in_hand()) return Refusal{"table", "no hand is in play"};
  if (seat < 0 || seat >= num_seats()) return Refusal{"table", "there is no seat " + std::to_string(seat) + " at this table"};
  if (!is_person(seat)) return Refusal{"table", "seat " + std::to_string(seat) + " is played by a bot"};
  if (seat != hand_->current_player())
    return Refusal{"S8", "it is " + name(hand_->current_player()) + "'s turn, not " + name(seat) + "'s"};
  // The engine judges the action: the one place a person's action is checked.
  if (std::optional<Refusal> refusal = hand_->state().why_illegal(action)) return refusal;
  apply(seat, action, Trust::kJudged);
  return std::nullopt;
}

void Table::apply_judged(int seat, const Action& action) {
  if (!in_hand()) throw std::logic_error("Table::apply_judged: no hand is in play");
  if (seat != hand_->current_player())
    throw std::logic_error("Table::apply_judged: seat " + std::to_string(seat) + " is not to move");
  apply(seat, action, Trust::kJudged);
}

bool Table::step_bot() {
  if (!in_hand()) return false;
  const int seat = hand_->current_player();
  Bot* bot = seats_[static_cast<std::size_t>(seat)].bot.get();
  if (!bot) return false;
  ActionList& legal = *legal_;
  hand_->state().legal_actions(legal);
  // A bot that names an entry of the list (Bot::choose_index) is applied with no search and no
  // second check; any other choice is looked up in the list, and what is not there is judged by
  // the engine (IllegalAction: a bug in the bot).
  auto decide = [&](const View& seen) {
    if (const int index = bot->choose_index(seen, legal); index >= 0) {
      if (index >= legal.size())
        throw std::logic_error("Table::step_bot: bot '" + std::string(bot->name()) + "' chose entry " +
                               std::to_string(index) + " of " + std::to_string(legal.size()) + " legal actions");
      apply(seat, legal[index], Trust::kListed);
      return;
    }
    const Action action = bot->choose(seen, legal);
    apply(seat, action, legal.contains(action) ? Trust::kListed : Trust::kCheck);
  };
  // Bots see only their own view, built only for bots that read it (Bot::reads_view).
  if (bot->reads_view()) {
    decide(hand_->view(seat));
  } else {
    decide(blank_view(seat));
  }
  return true;
}

const View& Table::blank_view(int seat) {
  View& v = *blank_;
  const State& s = hand_->state();
  v.game = game_.get();
  v.player = seat;
  v.num_players = game_->num_players();
  v.dealer = s.dealer();
  v.current_player = s.current_player();
  v.phase = s.phase();
  return v;
}

int Table::run_bots() {
  int actions = 0;
  while (step_bot()) ++actions;
  return actions;
}

void Table::new_session(TableOptions options) {
  if (in_hand()) throw std::logic_error("Table::new_session: a hand is in play");
  session_ = open_session(game_, options);
  hand_.reset();
  hand_number_ = 0;
}

void Table::apply_to_hand(const Action& action, Trust trust) {
  switch (trust) {
    case Trust::kCheck: hand_->apply(action); return;  // checked: throws IllegalAction
    case Trust::kListed: hand_->apply_listed(action); return;
    case Trust::kJudged: hand_->apply_judged(action); return;
  }
}

void Table::apply(int seat, const Action& action, Trust trust) {
  if (!listened()) {
    apply_to_hand(action, trust);
    if (hand_->is_over()) finish_hand();
    return;
  }
  // The card on top of the stock is the one a draw takes (S9): shown to the drawer only.
  const State& before = hand_->state();
  const Card drawn = action.kind == ActionKind::kTakeStock && before.stock_size() > 0 ? before.stock()[0] : Card::none();
  const std::size_t moves_before = hand_->history().size();
  for (int s = 0; s < num_seats(); ++s)
    if ((listeners_ >> s) & 1) (*before_)[static_cast<std::size_t>(s)] = hand_->view(s);
  apply_to_hand(action, trust);
  for (int s = 0; s < num_seats(); ++s) {
    if (!((listeners_ >> s) & 1)) continue;
    View& earlier = (*before_)[static_cast<std::size_t>(s)];
    earlier.history = std::span<const Move>(hand_->history()).first(moves_before);  // the history may have moved
    const View now = hand_->view(s);
    TableEvent e;
    e.kind = TableEventKind::kAction;
    e.seat = s;
    e.hand_number = hand_number_;
    e.actor = seat;
    e.action = action;
    e.drawn = s == seat ? drawn : Card::none();
    e.before = &earlier;
    e.view = &now;
    listeners_by_seat_[static_cast<std::size_t>(s)](e);
  }
  if (hand_->is_over()) finish_hand();
}

void Table::finish_hand() {
  send(TableEventKind::kHandOver, nullptr);
  const HandLedger& booked = session_->finish(*hand_);  // S17, V15, V22, V23
  send(TableEventKind::kSessionBooked, &booked);
}

void Table::send(TableEventKind kind, const HandLedger* booked) {
  if (!listened()) return;
  for (int s = 0; s < num_seats(); ++s) {
    if (!((listeners_ >> s) & 1)) continue;
    const View now = hand_->view(s);
    TableEvent e;
    e.kind = kind;
    e.seat = s;
    e.hand_number = hand_number_;
    e.view = &now;
    e.booked = booked;
    listeners_by_seat_[static_cast<std::size_t>(s)](e);
  }
}

}  // namespace tonk
