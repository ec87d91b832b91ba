// A connected client as the lobby and the tables see it: somewhere to deliver messages, and which
// table and seat it follows. The WebSocket session implements it (websocket_session.h); tests may
// implement it in memory.
#pragma once

#include <memory>
#include <string>

#include "chat_rate.h"

namespace tonk::serve {

/// What a connection follows.
struct Following {
  std::string table;  ///< the table's code, "" in the lobby
  int seat = -1;      ///< the seat, or -1 for a spectator
};

class Client {
 public:
  virtual ~Client() = default;
  /// Queues one message (a JSON text) for the client, in order. Called on the I/O thread only.
  virtual void deliver(std::shared_ptr<const std::string> message) = 0;
  /// Closes the connection (policy violation, e.g. a flood). Called on the I/O thread only.
  virtual void close_for_abuse() {}

  Following following;      ///< set by the lobby
  std::string address;       ///< the remote IP address (for the limits per address), "" in tests
  int unjoined_tables = 0;   ///< tables this connection created that nobody joined yet (lobby.h limits)
  ChatRate chat_rate;        ///< the lines this connection said lately (the chat's rate limit)
};

}  // namespace tonk::serve
