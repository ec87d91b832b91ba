// The one reader of JSON a client or a user sent (docs/PROTOCOL.md "Framing"): nlohmann-json's
// parser, refusing an object that gives a key twice. nlohmann-json alone keeps the last value, so a
// filter in front of the server that reads the first one would see another message than the server
// obeys.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tonk::serve {

/// An object of the text gives `key()` twice. `document()` is the text as read through to its end
/// (the repeated key holding its last value), so that a reply can still find the request's `id`;
/// `at_top()` says the repeated key is one of the top object's own.
class RepeatedKeyError : public std::runtime_error {
 public:
  RepeatedKeyError(std::string key, bool at_top, nlohmann::json document);
  const std::string& key() const { return key_; }
  bool at_top() const { return at_top_; }
  const nlohmann::json& document() const { return document_; }

 private:
  std::string key_;
  bool at_top_;
  nlohmann::json document_;
};

/// Parses `text` as one JSON value. Throws nlohmann::json::parse_error when it is not JSON (or not
/// UTF-8), RepeatedKeyError when an object in it gives a key twice (the first such key).
nlohmann::json read_json(std::string_view text);

}  // namespace tonk::serve
