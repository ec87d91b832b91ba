// Internal: the text of presets/*.toml, embedded in the library at build time by
// cmake/embed_presets.cmake (the generated builtin_presets.cc defines builtin_preset_sources()).
#pragma once

#include <span>
#include <string_view>

namespace tonk::detail {

/// One embedded preset file.
struct PresetSource {
  std::string_view file;  ///< the file name, e.g. "P-RUSH.toml"
  std::string_view text;  ///< its contents
};

/// Every presets/*.toml file, sorted by file name.
std::span<const PresetSource> builtin_preset_sources();

}  // namespace tonk::detail
