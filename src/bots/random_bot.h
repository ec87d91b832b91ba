// The uniform-random bot: every legal action with equal probability. A baseline, and the driver of
// the random-play tests and benchmarks.
#pragma once

#include "tonk/bot.h"
#include "tonk/rng.h"

namespace tonk {

class RandomBot final : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::string_view name() const override { return "random"; }
  Action choose(const View& view, const ActionList& legal) override;
  int choose_index(const View& view, const ActionList& legal) override;
  bool reads_view() const override { return false; }  // only the legal list

 private:
  Rng rng_;
};

}  // namespace tonk
