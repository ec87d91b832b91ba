// The pieces of hosting that need no server: address ranges, which forwarded address is the
// client's, origins, and where the plain listener redirects to.
#include <gtest/gtest.h>

#include "redirect_session.h"
#include "trusted_proxy.h"
#include "web_security.h"

namespace tonk::test {
namespace {

namespace http = boost::beast::http;
using serve::AddressRange;
using serve::TrustedProxies;

boost::asio::ip::address ip(const std::string& text) { return boost::asio::ip::make_address(text); }

TrustedProxies proxies(std::initializer_list<const char*> ranges) {
  std::vector<AddressRange> parsed;
  for (const char* r : ranges) parsed.push_back(serve::parse_address_range(r).value());
  return TrustedProxies(std::move(parsed));
}

serve::RequestOrigin origin_of(const TrustedProxies& p, const std::string& peer, std::vector<std::pair<std::string, std::string>> headers) {
  http::fields fields;
  fields.set(http::field::host, "tonk.test:8080");
  for (const auto& [name, value] : headers) fields.insert(name, value);
  return p.origin_of(ip(peer), "http", fields);
}

TEST(HostingParts, AddressRangesAreIPv4OrIPv6BlocksAndNothingElse) {
  const auto ten = serve::parse_address_range("10.0.0.0/8");
  ASSERT_TRUE(ten);
  EXPECT_TRUE(ten->contains(ip("10.200.3.4")));
  EXPECT_TRUE(ten->contains(ip("::ffff:10.1.2.3")));  // IPv4-mapped: the same client
  EXPECT_FALSE(ten->contains(ip("11.0.0.1")));
  EXPECT_FALSE(ten->contains(ip("::1")));
  const auto host = serve::parse_address_range("127.0.0.1");
  ASSERT_TRUE(host);
  EXPECT_TRUE(host->contains(ip("127.0.0.1")));
  EXPECT_FALSE(host->contains(ip("127.0.0.7")));
  const auto doc = serve::parse_address_range("2001:db8::/32");
  ASSERT_TRUE(doc);
  EXPECT_TRUE(doc->contains(ip("2001:db8:ffff::1")));
  EXPECT_FALSE(doc->contains(ip("2001:db9::1")));
  const auto odd = serve::parse_address_range("2001:db8:8000::/33");
  ASSERT_TRUE(odd);
  EXPECT_TRUE(odd->contains(ip("2001:db8:ffff::1")));
  EXPECT_FALSE(odd->contains(ip("2001:db8:7fff::1")));
  EXPECT_TRUE(serve::parse_address_range("::/0")->contains(ip("2001:db8::1")));
  EXPECT_TRUE(serve::parse_address_range("0.0.0.0/0")->contains(ip("192.0.2.1")));
  EXPECT_TRUE(serve::parse_address_range("10.1.2.3/8")->contains(ip("10.9.9.9")));  // host bits cleared
  for (const char* bad : {"", "banana", "10.0.0.0/33", "::1/129", "10.0.0.0/", "10.0.0.0/8x", "10.0.0.0/-1", "10.0.0/8",
                          "10.0.0.0/ 8", "/8", "1.2.3.4/08888"})
    EXPECT_FALSE(serve::parse_address_range(bad)) << bad;
}

TEST(HostingParts, LimitsCountAnIPv6ClientByItsSlash64) {
  // One subscriber's /64 is one limit key (each of its 2^64 addresses would be a fresh one);
  // IPv4, mapped or not, is counted by address.
  EXPECT_EQ(serve::address_text(ip("2001:db8:1:2::7")), "2001:db8:1:2::/64");
  EXPECT_EQ(serve::address_text(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")), "2001:db8:1:2::/64");
  EXPECT_NE(serve::address_text(ip("2001:db8:1:3::7")), serve::address_text(ip("2001:db8:1:2::7")));
  EXPECT_EQ(serve::address_text(ip("::1")), "::/64");
  EXPECT_EQ(serve::address_text(ip("203.0.113.5")), "203.0.113.5");
  EXPECT_EQ(serve::address_text(ip("::ffff:203.0.113.5")), "203.0.113.5");
}

TEST(HostingParts, TheClientIsTheRightMostForwardedAddressThatIsNoTrustedProxy) {
  const TrustedProxies p = proxies({"127.0.0.1/32", "10.0.0.0/8", "::1/128"});
  // Through one proxy; through two (the inner one trusted, skipped); a spoofed left part is ignored.
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "203.0.113.5"}}).address, "203.0.113.5");
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "203.0.113.5, 10.1.1.1"}}).address, "203.0.113.5");
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "198.51.100.1, 203.0.113.5"}}).address, "203.0.113.5");
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "198.51.100.1"}, {"X-Forwarded-For", "203.0.113.5"}}).address,
            "203.0.113.5");  // two header lines are one list
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "10.0.0.9, 10.0.0.8"}}).address, "10.0.0.9");  // all trusted
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "unknown"}}).address, "127.0.0.1");
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "203.0.113.5, garbage"}}).address, "127.0.0.1");
  EXPECT_EQ(origin_of(p, "::1", {{"X-Forwarded-For", "[2001:db8::7]:4711"}}).address, "2001:db8::/64");
  EXPECT_EQ(origin_of(p, "::ffff:127.0.0.1", {{"X-Forwarded-For", "::ffff:203.0.113.5"}}).address, "203.0.113.5");
  // Forwarded (RFC 7239), read when there is no X-Forwarded-For, with its proto and host.
  const auto rfc = origin_of(p, "127.0.0.1", {{"Forwarded", R"(for=198.51.100.1;proto=http, for="[2001:db8::1]:4711";proto=https;host=tonk.test)"}});
  EXPECT_EQ(rfc.address, "2001:db8::/64");
  EXPECT_EQ(rfc.scheme, "https");
  EXPECT_EQ(rfc.host, "tonk.test");
  // The scheme and host a proxy forwards.
  const auto xf = origin_of(p, "127.0.0.1", {{"X-Forwarded-For", "203.0.113.5"}, {"X-Forwarded-Proto", "https"}, {"X-Forwarded-Host", "play.example"}});
  EXPECT_EQ(xf.scheme, "https");
  EXPECT_EQ(xf.host, "play.example");
  EXPECT_EQ(origin_of(p, "127.0.0.1", {{"X-Forwarded-Proto", "gopher"}}).scheme, "http");  // not a scheme the page has
  // From anyone else every forwarding header is ignored.
  const auto direct = origin_of(p, "127.0.0.7", {{"X-Forwarded-For", "203.0.113.5"}, {"X-Forwarded-Proto", "https"},
                                                 {"X-Forwarded-Host", "play.example"}, {"Forwarded", "for=198.51.100.1"}});
  EXPECT_EQ(direct.address, "127.0.0.7");
  EXPECT_EQ(direct.scheme, "http");
  EXPECT_EQ(direct.host, "tonk.test:8080");
  EXPECT_EQ(origin_of(TrustedProxies{}, "127.0.0.1", {{"X-Forwarded-For", "203.0.113.5"}}).address, "127.0.0.1");
}

TEST(HostingParts, OriginsCompareSchemeHostAndPort) {
  EXPECT_EQ(serve::normalized_origin("HTTPS://Tonk.Test:443"), "https://tonk.test");
  EXPECT_EQ(serve::normalized_origin("http://tonk.test:80/"), "http://tonk.test");
  EXPECT_EQ(serve::normalized_origin("https://tonk.test:8443"), "https://tonk.test:8443");
  EXPECT_EQ(serve::normalized_origin("http://[::1]:8080"), "http://[::1]:8080");
  for (const char* bad : {"", "null", "tonk.test", "ftp://tonk.test", "https://", "https://tonk.test/page", "https://a b",
                          "https://tonk.test:99999", "https://tonk.test:", "https://:80"})
    EXPECT_FALSE(serve::normalized_origin(bad)) << bad;
  const std::vector<std::string> allowed = {"https://friends.example"};
  EXPECT_TRUE(serve::origin_allowed("", "http", "tonk.test:8080", {}));  // no Origin: not a browser
  EXPECT_TRUE(serve::origin_allowed("http://tonk.test:8080", "http", "tonk.test:8080", {}));
  EXPECT_TRUE(serve::origin_allowed("https://tonk.test", "https", "tonk.test:443", {}));
  EXPECT_FALSE(serve::origin_allowed("https://tonk.test:8080", "http", "tonk.test:8080", {}));  // another scheme
  EXPECT_FALSE(serve::origin_allowed("http://tonk.test:8081", "http", "tonk.test:8080", {}));   // another port
  EXPECT_FALSE(serve::origin_allowed("http://evil.example:8080", "http", "tonk.test:8080", {}));
  EXPECT_FALSE(serve::origin_allowed("null", "http", "tonk.test:8080", allowed));
  EXPECT_TRUE(serve::origin_allowed("https://friends.example", "http", "tonk.test:8080", allowed));
  EXPECT_TRUE(serve::origin_allowed("https://friends.example:443", "http", "tonk.test:8080", allowed));
}

TEST(HostingParts, RedirectsKeepThePathAndMoveToTheHttpsPort) {
  EXPECT_EQ(serve::https_location("tonk.test", "/#/x", 443), "https://tonk.test/#/x");
  EXPECT_EQ(serve::https_location("tonk.test:80", "/records/ABC/1?x=1", 8443), "https://tonk.test:8443/records/ABC/1?x=1");
  EXPECT_EQ(serve::https_location("[::1]:8080", "/", 8443), "https://[::1]:8443/");
  EXPECT_FALSE(serve::https_location("", "/", 443));
  EXPECT_FALSE(serve::https_location("evil.example\r\nX: y", "/", 443));
  EXPECT_FALSE(serve::https_location("a b", "/", 443));
}

}  // namespace
}  // namespace tonk::test
