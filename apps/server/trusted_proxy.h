// Reverse proxies the server trusts (`tonk serve --trusted-proxy CIDR`): which socket addresses are
// proxies, and for a request that came through them, the client's address and scheme read from
// `X-Forwarded-For` / `Forwarded` (RFC 7239) and `X-Forwarded-Proto`. From any other address those
// headers are ignored, so a client cannot choose the address its limits are counted by.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ip/address.hpp>
#include <boost/beast/http/fields.hpp>

namespace tonk::serve {

/// A block of addresses, `ADDRESS/PREFIX` (IPv4 prefix 0..32, IPv6 0..128); a lone address is its /32 or /128.
struct AddressRange {
  boost::asio::ip::address network;  ///< with the bits past the prefix cleared
  int prefix = 0;
  bool contains(const boost::asio::ip::address& a) const;
};

/// Parses `text` as a CIDR block ("10.0.0.0/8", "::1/128", "127.0.0.1"). Returns nullopt for
/// anything else (a bad address, a prefix out of range or not decimal, host bits set past the prefix
/// are allowed and cleared).
std::optional<AddressRange> parse_address_range(std::string_view text);

/// Who sent a request, as far as the server can tell.
struct RequestOrigin {
  std::string address;  ///< the client's IP address, text (IPv4-mapped IPv6 written as IPv4)
  std::string scheme;   ///< "http" or "https": how the client reached the server (or the proxy)
  std::string host;     ///< the host (and port) the client asked for: X-Forwarded-Host through a proxy, else Host
};

class TrustedProxies {
 public:
  TrustedProxies() = default;
  explicit TrustedProxies(std::vector<AddressRange> ranges) : ranges_(std::move(ranges)) {}

  bool empty() const { return ranges_.empty(); }
  /// True when `a` is in one of the ranges (an IPv4-mapped IPv6 address is compared as IPv4).
  bool trusts(const boost::asio::ip::address& a) const;

  /// The client behind a request that reached the server from `peer` over `scheme` ("http", "https").
  /// From a trusted peer: the right-most address of `X-Forwarded-For` (every such header, in order),
  /// or when it is absent of `Forwarded`'s `for=` parameters, that is not itself a trusted proxy (when
  /// all are, the left-most); the scheme from the right-most `X-Forwarded-Proto` (else the `proto=`
  /// of `Forwarded`); the host from `X-Forwarded-Host` (else `host=`, else Host). A value that is not
  /// an IP address ("unknown", an obfuscated name, garbage) stops the walk: the last trusted hop is
  /// the client. From any other peer, or with no such header: the peer, `scheme` and Host.
  RequestOrigin origin_of(const boost::asio::ip::address& peer, std::string_view scheme,
                          const boost::beast::http::fields& headers) const;

 private:
  std::vector<AddressRange> ranges_;
};

/// The address as the limits and the logs write it: IPv4 as is, IPv4-mapped IPv6 ("::ffff:1.2.3.4")
/// as IPv4, other IPv6 as its /64 ("2001:db8:1:2::/64"): one subscriber's block, so that every
/// per-address limit (connections, requests, tables, chat) counts the block, not each of its 2^64.
std::string address_text(const boost::asio::ip::address& a);

}  // namespace tonk::serve
