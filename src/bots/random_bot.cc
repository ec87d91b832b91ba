#include "random_bot.h"

namespace tonk {

Action RandomBot::choose(const View& view, const ActionList& legal) { return legal[choose_index(view, legal)]; }

int RandomBot::choose_index(const View& /*view*/, const ActionList& legal) {
  return static_cast<int>(rng_.below(static_cast<std::uint32_t>(legal.size())));
}

}  // namespace tonk
