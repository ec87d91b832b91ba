// A TCP socket to the test's server from a chosen loopback address, for the tests that speak HTTP or
// WebSocket themselves (with a proxy's headers, over TLS). Defined in ws_client.cc.
#pragma once

#include <string>

#include <boost/asio/ip/tcp.hpp>

namespace tonk::test {

/// Opens `socket` and connects it to 127.0.0.1:`port` from `bind_address` (a loopback address such
/// as 127.0.0.7; "" for any). Throws boost::system::system_error when either fails.
void connect_from(boost::asio::ip::tcp::socket& socket, unsigned short port, const std::string& bind_address);

}  // namespace tonk::test
