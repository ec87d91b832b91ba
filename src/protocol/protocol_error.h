// A request the protocol refuses (docs/PROTOCOL.md "`act` and errors"): the error code a client reads
// ("bad_request", "not_found", "illegal", ...), the message naming what was wrong, and for an
// illegal action the rule that refused it.
#pragma once

#include <stdexcept>
#include <string>

namespace tonk::serve {

class ProtocolError : public std::runtime_error {
 public:
  /// `code`: one of the documented error codes; `message`: names the field or the reason;
  /// `rule_id`: the rule (RULES.md) an `illegal` refusal cites, else "".
  ProtocolError(std::string code, const std::string& message, std::string rule_id = "")
      : std::runtime_error(message), code_(std::move(code)), rule_id_(std::move(rule_id)) {}
  const std::string& code() const { return code_; }
  const std::string& rule_id() const { return rule_id_; }

 private:
  std::string code_;
  std::string rule_id_;
};

}  // namespace tonk::serve
