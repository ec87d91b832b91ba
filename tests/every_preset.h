// Tests run once per built-in preset (presets/*.toml): the presets' names as the parameters of a
// value-parameterized suite, each test named after its preset without the "P-".
//   INSTANTIATE_TEST_SUITE_P(EveryPreset, Suite, ::testing::ValuesIn(preset_names()), preset_test_name);
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tonk/preset.h"

namespace tonk {

inline std::vector<std::string> preset_names() {
  std::vector<std::string> out;
  for (const Preset& p : presets()) out.push_back(p.name);
  return out;
}

inline std::string preset_test_name(const ::testing::TestParamInfo<std::string>& info) { return info.param.substr(2); }

}  // namespace tonk
