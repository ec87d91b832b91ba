#include "trusted_proxy.h"

#include <algorithm>
#include <cctype>

namespace tonk::serve {

namespace ip = boost::asio::ip;
namespace http = boost::beast::http;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); });
}

ip::address unmapped(const ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}

/// One node of a forwarding header: "1.2.3.4", "1.2.3.4:5678", "::1", "[::1]" or "[::1]:5678",
/// optionally in double quotes (Forwarded). Nullopt for anything else ("unknown", "_hidden").
std::optional<ip::address> parse_node(std::string_view s) {
  s = trim(s);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
  if (!s.empty() && s.front() == '[') {
    const auto close = s.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    s = s.substr(1, close - 1);
  } else if (std::count(s.begin(), s.end(), ':') == 1) {
    s = s.substr(0, s.find(':'));  // IPv4 with a port
  }
  boost::system::error_code ec;
  const ip::address a = ip::make_address(std::string(s), ec);
  if (ec) return std::nullopt;
  return unmapped(a);
}

/// Splits `s` at `sep` outside double quotes.
std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"') quoted = !quoted;
    else if (s[i] == '\\' && quoted) ++i;
    else if (s[i] == sep && !quoted) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  parts.push_back(s.substr(start));
  return parts;
}

/// Every comma-separated value of every `field` header, in order.
template <class Name>
std::vector<std::string_view> list_values(const http::fields& headers, Name field) {
  std::vector<std::string_view> values;
  for (auto [it, end] = headers.equal_range(field); it != end; ++it)
    for (std::string_view v : split(std::string_view(it->value().data(), it->value().size()), ',')) values.push_back(trim(v));
  return values;
}

/// The forwarded-element parameters of `Forwarded` (RFC 7239 section 4) that tonk reads.
struct ForwardedElement {
  std::string_view for_node, proto, host;
};

std::vector<ForwardedElement> forwarded_elements(const http::fields& headers) {
  std::vector<ForwardedElement> elements;
  for (std::string_view element : list_values(headers, http::field::forwarded)) {
    ForwardedElement e;
    for (std::string_view pair : split(element, ';')) {
      const auto eq = pair.find('=');
      if (eq == std::string_view::npos) continue;
      const std::string_view key = trim(pair.substr(0, eq));
      std::string_view value = trim(pair.substr(eq + 1));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
      if (iequals(key, "for")) e.for_node = value;
      else if (iequals(key, "proto")) e.proto = value;
      else if (iequals(key, "host")) e.host = value;
    }
    elements.push_back(e);
  }
  return elements;
}

}  // namespace

std::string address_text(const ip::address& raw) {
  const ip::address a = unmapped(raw);
  if (a.is_v4()) return a.to_string();
  // One IPv6 subscriber usually holds a whole /64: counted by address, it would have 2^64 limits.
  auto bytes = a.to_v6().to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return ip::address_v6(bytes).to_string() + "/64";
}

bool AddressRange::contains(const ip::address& raw) const {
  const ip::address a = unmapped(raw);
  if (a.is_v4() != network.is_v4()) return false;
  if (a.is_v4()) {
    const std::uint32_t mask = prefix == 0 ? 0 : ~std::uint32_t{0} << (32 - prefix);
    return (a.to_v4().to_uint() & mask) == network.to_v4().to_uint();
  }
  const auto bytes = a.to_v6().to_bytes();
  const auto net = network.to_v6().to_bytes();
  for (int i = 0; i < 16; ++i) {
    const int bits = std::clamp(prefix - 8 * i, 0, 8);
    const auto mask = static_cast<unsigned char>(bits == 0 ? 0 : 0xff << (8 - bits));
    if ((bytes[static_cast<std::size_t>(i)] & mask) != net[static_cast<std::size_t>(i)]) return false;
  }
  return true;
}

std::optional<AddressRange> parse_address_range(std::string_view text) {
  const auto slash = text.find('/');
  boost::system::error_code ec;
  const ip::address a = ip::make_address(std::string(text.substr(0, slash)), ec);
  if (ec) return std::nullopt;
  AddressRange r;
  r.network = unmapped(a);
  const int bits = r.network.is_v4() ? 32 : 128;
  r.prefix = bits;
  if (slash != std::string_view::npos) {
    const std::string_view p = text.substr(slash + 1);
    if (p.empty() || p.size() > 3 || p.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    r.prefix = std::stoi(std::string(p));
    if (r.prefix > bits) return std::nullopt;
  }
  if (r.network.is_v4()) {
    const std::uint32_t mask = r.prefix == 0 ? 0 : ~std::uint32_t{0} << (32 - r.prefix);
    r.network = ip::address_v4(r.network.to_v4().to_uint() & mask);
  } else {
    auto bytes = r.network.to_v6().to_bytes();
    for (int i = 0; i < 16; ++i) {
      const int keep = std::clamp(r.prefix - 8 * i, 0, 8);
      bytes[static_cast<std::size_t>(i)] &= static_cast<unsigned char>(keep == 0 ? 0 : 0xff << (8 - keep));
    }
    r.network = ip::address_v6(bytes);
  }
  return r;
}

bool TrustedProxies::trusts(const ip::address& a) const {
  return std::any_of(ranges_.begin(), ranges_.end(), [&](const AddressRange& r) { return r.contains(a); });
}

RequestOrigin TrustedProxies::origin_of(const ip::address& peer, std::string_view scheme, const http::fields& headers) const {
  const auto host = headers[http::field::host];
  RequestOrigin o{address_text(peer), std::string(scheme), std::string(host.data(), host.size())};
  if (!trusts(peer)) return o;
  // The chain of hops, the client first: X-Forwarded-For when present, else Forwarded's for=.
  const std::vector<ForwardedElement> elements = forwarded_elements(headers);
  std::vector<std::string_view> chain = list_values(headers, boost::beast::string_view("X-Forwarded-For"));
  if (chain.empty())
    for (const ForwardedElement& e : elements) chain.push_back(e.for_node);
  ip::address client = unmapped(peer);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const std::optional<ip::address> hop = parse_node(*it);
    if (!hop) break;  // "unknown" or garbage: the last trusted hop is all that is known
    client = *hop;
    if (!trusts(*hop)) break;
  }
  o.address = address_text(client);
  std::vector<std::string_view> protos = list_values(headers, boost::beast::string_view("X-Forwarded-Proto"));
  if (protos.empty() && !elements.empty() && !elements.back().proto.empty()) protos.push_back(elements.back().proto);
  if (!protos.empty()) {
    if (iequals(protos.back(), "https")) o.scheme = "https";
    else if (iequals(protos.back(), "http")) o.scheme = "http";
  }
  const std::vector<std::string_view> hosts = list_values(headers, boost::beast::string_view("X-Forwarded-Host"));
  if (!hosts.empty() && !hosts.back().empty()) o.host = std::string(hosts.back());
  else if (!elements.empty() && !elements.back().host.empty()) o.host = std::string(elements.back().host);
  return o;
}

}  // namespace tonk::serve
