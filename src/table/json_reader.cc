#include "json_reader.h"

#include <optional>
#include <set>
#include <vector>

#include "tonk/quoted_text.h"

namespace tonk::serve {

using nlohmann::json;

RepeatedKeyError::RepeatedKeyError(std::string key, bool at_top, json document)
    : std::runtime_error("`" + escaped_text(key) + "` is given twice in one object; a key may appear once"),
      key_(std::move(key)),
      at_top_(at_top),
      document_(std::move(document)) {}

json read_json(std::string_view text) {
  // The keys seen in each open container, innermost last (nullopt for an array).
  std::vector<std::optional<std::set<std::string>>> open;
  std::optional<std::string> repeated;
  bool repeated_at_top = false;
  const json::parser_callback_t note = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: open.emplace_back(std::set<std::string>()); break;
      case json::parse_event_t::array_start: open.emplace_back(std::nullopt); break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!open.empty()) open.pop_back();
        break;
      case json::parse_event_t::key:
        if (!open.empty() && open.back() && !open.back()->insert(parsed.get<std::string>()).second && !repeated) {
          repeated = parsed.get<std::string>();
          repeated_at_top = open.size() == 1;
        }
        break;
      case json::parse_event_t::value: break;
    }
    return true;
  };
  json document = json::parse(text.begin(), text.end(), note);
  if (repeated) throw RepeatedKeyError(*repeated, repeated_at_top, std::move(document));
  return document;
}

}  // namespace tonk::serve
