// tonk.VectorEnv (vector_env.h). Each environment is one hand; a hand that ends is dealt again at
// once (automatic reset) from the environment's own generator, so a seed gives the same games.
// Outputs live in buffers owned by the VectorEnv and are overwritten by the next call: the arrays
// returned are views of them (copy to keep).
#include "vector_env.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "observation.h"
#include "py_state.h"
#include "tonk/hand.h"
#include "tonk/rng.h"

namespace tonk::py {

namespace {

class VectorEnv {
 public:
  VectorEnv(std::shared_ptr<const GameData> data, int n, std::uint64_t seed, bool masks, int threads)
      : data_(std::move(data)), n_(n), threads_(std::max(1, std::min(threads, n))), players_(data_->game->num_players()),
        obs_size_(observation_size(players_)), actions_(data_->codec.num_distinct_actions()), masks_on_(masks) {
    if (n < 1) throw pybind11::value_error("n_envs must be at least 1");
    if (threads < 1) throw pybind11::value_error("threads must be at least 1");
    states_.resize(static_cast<std::size_t>(n));
    rngs_.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) rngs_.emplace_back(mix_seed(seed, static_cast<std::uint64_t>(i)));
    codes_.resize(static_cast<std::size_t>(n));
    listed_.resize(static_cast<std::size_t>(n));
    picked_.resize(static_cast<std::size_t>(n));
    obs_.assign(static_cast<std::size_t>(n) * obs_size_, 0.0f);
    rewards_.assign(static_cast<std::size_t>(n) * players_, 0.0f);
    dones_.assign(static_cast<std::size_t>(n), 0);
    current_.assign(static_cast<std::size_t>(n), 0);
    offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
    if (masks_on_) masks_.assign(static_cast<std::size_t>(n) * actions_, 0);
    hands_.assign(static_cast<std::size_t>(n), 0);
    pybind11::gil_scoped_release release;
    run_split([this](int lo, int hi, ActionList& legal, long long& skipped) {
      for (int i = lo; i < hi; ++i) {
        deal(i, skipped);
        refresh(i, legal);
      }
    });
    flatten();
  }

  // One action per environment; returns after every environment has moved.
  void step(const std::int64_t* actions) {
    std::fill(rewards_.begin(), rewards_.end(), 0.0f);
    for (int i = 0; i < n_; ++i) {  // all checked before any is applied
      const auto& legal = codes_[static_cast<std::size_t>(i)];
      const auto at = std::find(legal.begin(), legal.end(), actions[i]);
      if (at == legal.end()) {
        bad_env_ = i;
        bad_code_ = actions[i];
        return;
      }
      picked_[static_cast<std::size_t>(i)] = static_cast<int>(at - legal.begin());
    }
    run_split([this](int lo, int hi, ActionList& legal, long long& skipped) {
      for (int i = lo; i < hi; ++i) advance(i, legal, skipped);
    });
    flatten();
  }

  // Splits [0, n) into one range per thread; the calling thread takes the first.
  template <class F>
  void run_split(F&& f) {
    std::vector<long long> skipped(static_cast<std::size_t>(threads_), 0);
    std::vector<std::thread> workers;
    const int chunk = (n_ + threads_ - 1) / threads_;
    for (int t = 1; t < threads_ && t * chunk < n_; ++t)
      workers.emplace_back([&, t] {
        auto legal = std::make_unique<ActionList>();
        f(t * chunk, std::min(n_, (t + 1) * chunk), *legal, skipped[static_cast<std::size_t>(t)]);
      });
    f(0, std::min(n_, chunk), legal_, skipped[0]);
    for (auto& w : workers) w.join();
    for (long long k : skipped) skipped_deals_ += k;
  }

  void advance(int i, ActionList& legal, long long& skipped) {
    {
      State& s = states_[static_cast<std::size_t>(i)];
      s.apply(listed_[static_cast<std::size_t>(i)][static_cast<std::size_t>(picked_[static_cast<std::size_t>(i)])]);
      dones_[static_cast<std::size_t>(i)] = s.is_over();
      if (s.is_over()) {
        const bool pushups = data_->game->rules().scoring == Scoring::kPushups;
        for (int p = 0; p < players_; ++p)
          rewards_[static_cast<std::size_t>(i) * players_ + p] =
              static_cast<float>(pushups ? -s.outcome().points[p] : s.outcome().payouts[p]);
        deal(i, skipped);
      }
      refresh(i, legal);
    }
  }

  int bad_env_ = -1;
  std::int64_t bad_code_ = 0;

  std::shared_ptr<const GameData> data_;
  int n_;
  int threads_;
  int players_;
  int obs_size_;
  int actions_;
  bool masks_on_;
  std::vector<State> states_;
  std::vector<Rng> rngs_;
  std::vector<std::vector<int>> codes_;  // each environment's legal codes, in listing order
  std::vector<std::vector<Action>> listed_;  // ... and the actions they name
  std::vector<int> picked_;                  // the index in codes_ of each environment's action
  std::vector<float> obs_;
  std::vector<float> rewards_;
  std::vector<std::uint8_t> dones_;
  std::vector<std::int32_t> current_;
  std::vector<std::uint8_t> masks_;
  std::vector<std::int32_t> flat_;     // every environment's legal codes, one after another
  std::vector<std::int32_t> offsets_;  // environment i's are flat_[offsets_[i] .. offsets_[i+1])
  std::vector<std::int64_t> hands_;    // hands dealt per environment
  long long skipped_deals_ = 0;        // hands over at the deal (S7), dealt again

 private:
  void deal(int i, long long& skipped) {
    const Game& game = *data_->game;
    Rng& rng = rngs_[static_cast<std::size_t>(i)];
    State& state = states_[static_cast<std::size_t>(i)];
    for (;;) {
      const int dealer = static_cast<int>(hands_[static_cast<std::size_t>(i)]++ % players_);
      state.redeal(game, rng, dealer);  // shuffled_deck(game, rng)'s order, dealt in place
      if (!state.is_over()) return;
      ++skipped;  // a dealt tonk or a void deal (S7): nobody acts, so it is dealt again
    }
  }

  void refresh(int i, ActionList& legal) {
    const State& s = states_[static_cast<std::size_t>(i)];
    auto& codes = codes_[static_cast<std::size_t>(i)];
    std::uint8_t* mask = masks_on_ ? masks_.data() + static_cast<std::size_t>(i) * actions_ : nullptr;
    if (mask)
      for (int c : codes) mask[c] = 0;
    codes.clear();
    auto& listed = listed_[static_cast<std::size_t>(i)];
    listed.clear();
    s.legal_actions(legal);
    for (const Action& a : legal) {
      codes.push_back(data_->codec.encode(s, a));
      listed.push_back(a);
    }
    if (mask)
      for (int c : codes) mask[c] = 1;
    current_[static_cast<std::size_t>(i)] = s.current_player();
    // The observation of the player to move, from that player's View (the history is not part of it).
    encode_observation(make_view(s, s.current_player(), {}), std::span<float>(obs_.data() + static_cast<std::size_t>(i) * obs_size_, static_cast<std::size_t>(obs_size_)));
  }

  void flatten() {
    flat_.clear();
    for (int i = 0; i < n_; ++i) {
      offsets_[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(flat_.size());
      const auto& c = codes_[static_cast<std::size_t>(i)];
      flat_.insert(flat_.end(), c.begin(), c.end());
    }
    offsets_[static_cast<std::size_t>(n_)] = static_cast<std::int32_t>(flat_.size());
  }

  ActionList legal_;
};

template <class T>
pybind11::array_t<T> view_of(std::vector<T>& v, std::vector<pybind11::ssize_t> shape, pybind11::handle owner) {
  return pybind11::array_t<T>(shape, v.data(), owner);
}

}  // namespace

void bind_vector_env(pybind11::module_& m) {
  namespace pyb = pybind11;
  pyb::class_<VectorEnv>(m, "VectorEnv")
      .def(pyb::init([](std::shared_ptr<GameData> game, int n_envs, std::uint64_t seed, std::optional<bool> masks, int threads) {
             const bool on = masks.value_or(game->codec.num_distinct_actions() <= 8192);
             return std::make_unique<VectorEnv>(game, n_envs, seed, on, threads);
           }),
           pyb::arg("game"), pyb::arg("n_envs"), pyb::arg("seed") = 0, pyb::arg("masks") = pyb::none(),
           pyb::arg("threads") = 1,
           "n_envs hands in play; masks: fill dense legal masks (default: when num_distinct_actions() <= 8192); "
           "threads: step the environments on this many threads (results do not depend on it).")
      .def_property_readonly("n_envs", [](const VectorEnv& e) { return e.n_; })
      .def("state", [](const VectorEnv& e, int i) {
        if (i < 0 || i >= e.n_) throw pyb::index_error("no environment " + std::to_string(i));
        return PyState{e.data_, e.states_[static_cast<std::size_t>(i)], {}, {}, {}, 0};
      }, pyb::arg("i"), "A copy of environment i's hand (its history and deck order are not kept).")
      .def_property_readonly("skipped_deals", [](const VectorEnv& e) { return e.skipped_deals_; })
      .def("observations", [](pyb::object self) {
        auto& e = self.cast<VectorEnv&>();
        return view_of(e.obs_, {e.n_, e.obs_size_}, self);
      })
      .def("current_players", [](pyb::object self) {
        auto& e = self.cast<VectorEnv&>();
        return view_of(e.current_, {e.n_}, self);
      })
      .def("legal_masks", [](pyb::object self) -> pyb::object {
        auto& e = self.cast<VectorEnv&>();
        if (!e.masks_on_) return pyb::none();
        return pyb::array_t<bool>({e.n_, e.actions_}, reinterpret_cast<const bool*>(e.masks_.data()), self);
      })
      .def("legal_actions", [](pyb::object self) {
        auto& e = self.cast<VectorEnv&>();
        return pyb::make_tuple(view_of(e.flat_, {static_cast<pyb::ssize_t>(e.flat_.size())}, self),
                               view_of(e.offsets_, {e.n_ + 1}, self));
      }, "(codes, offsets): environment i's legal action codes are codes[offsets[i]:offsets[i+1]].")
      .def("step", [](pyb::object self, pyb::array_t<std::int64_t, pyb::array::c_style | pyb::array::forcecast> actions) {
        auto& e = self.cast<VectorEnv&>();
        if (actions.ndim() != 1 || actions.shape(0) != e.n_)
          throw pyb::value_error("step() takes one action per environment: an array of shape (" + std::to_string(e.n_) + ",)");
        e.bad_env_ = -1;
        {
          pyb::gil_scoped_release release;
          e.step(actions.data());
        }
        if (e.bad_env_ >= 0)
          throw pyb::value_error("S9: action " + std::to_string(e.bad_code_) + " is not legal in environment " +
                                 std::to_string(e.bad_env_) + " (nothing was stepped)");
        pyb::object masks = e.masks_on_ ? pyb::object(pyb::array_t<bool>({e.n_, e.actions_}, reinterpret_cast<const bool*>(e.masks_.data()), self))
                                        : pyb::object(pyb::none());
        return pyb::make_tuple(view_of(e.obs_, {e.n_, e.obs_size_}, self), view_of(e.rewards_, {e.n_, e.players_}, self),
                               pyb::array_t<bool>({e.n_}, reinterpret_cast<const bool*>(e.dones_.data()), self), masks);
      }, pyb::arg("actions"));
}

}  // namespace tonk::py
