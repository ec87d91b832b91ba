// tonk serve's own TLS: the page and the WebSocket over https/wss with the given certificate, TLS 1.2
// and 1.3 only, HSTS, the plain listener that only redirects, and SIGHUP: a bad new certificate is
// refused and the old one kept; a good one is used by new connections while the open ones and their
// tables go on.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "connect_from.h"
#include "log_wait.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

namespace http = boost::beast::http;
namespace ssl = boost::asio::ssl;
namespace websocket = boost::beast::websocket;

/// A temporary directory with self-signed certificates for tonk.test made by openssl: cert1/key1 and
/// cert2/key2 (two keys, so their fingerprints differ).
class Certificates {
 public:
  Certificates() : dir_(std::filesystem::temp_directory_path() / ("tonk_tls_" + std::to_string(getpid()))) {
    std::filesystem::create_directories(dir_);
    for (const char* n : {"1", "2"}) {
      const std::string cmd = "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=tonk.test -addext subjectAltName=DNS:tonk.test"
                              " -keyout " + path("key" + std::string(n) + ".pem") + " -out " + path("cert" + std::string(n) + ".pem") +
                              " 2>/dev/null";
      if (std::system(cmd.c_str()) != 0) throw std::runtime_error("openssl could not make a test certificate: " + cmd);
    }
  }
  ~Certificates() { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

 private:
  std::filesystem::path dir_;
};

std::string hex(const unsigned char* bytes, unsigned int size) {
  static const char* const kHex = "0123456789abcdef";
  std::string s;
  for (unsigned int i = 0; i < size; ++i) (s += kHex[bytes[i] >> 4]) += kHex[bytes[i] & 15];
  return s;
}

std::string fingerprint(X509* cert) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (!cert || X509_digest(cert, EVP_sha256(), digest, &size) != 1) return "none";
  return hex(digest, size);
}

std::string file_fingerprint(const std::string& file) {
  FILE* f = fopen(file.c_str(), "r");
  if (!f) return "unreadable";
  X509* cert = PEM_read_X509(f, nullptr, nullptr, nullptr);
  fclose(f);
  const std::string fp = fingerprint(cert);
  X509_free(cert);
  return fp;
}

/// A TLS connection to 127.0.0.1:`port` (the certificate is not verified: the test checks its
/// fingerprint), reads bounded by a 20 s socket timeout.
struct TlsConnection {
  explicit TlsConnection(unsigned short port, int max_version = 0) : context(ssl::context::tls_client), stream(io, context) {
    if (max_version) {  // the stream's own settings (it copied the context's when made)
      SSL_set_security_level(stream.native_handle(), 0);  // let the client offer an old version, for the server to refuse
      SSL_set_min_proto_version(stream.native_handle(), 0);
      SSL_set_max_proto_version(stream.native_handle(), max_version);
    }
    connect_from(boost::beast::get_lowest_layer(stream), port, "");
    const timeval tv{20, 0};
    setsockopt(boost::beast::get_lowest_layer(stream).native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    SSL_set_tlsext_host_name(stream.native_handle(), "tonk.test");
  }
  std::string peer_fingerprint() {
    X509* cert = SSL_get1_peer_certificate(stream.native_handle());
    const std::string fp = fingerprint(cert);
    X509_free(cert);
    return fp;
  }
  boost::asio::io_context io;
  ssl::context context;
  boost::beast::ssl_stream<boost::asio::ip::tcp::socket> stream;
};

/// The fingerprint of the certificate a new connection is shown.
std::string served_fingerprint(unsigned short port) {
  TlsConnection c(port);
  c.stream.handshake(ssl::stream_base::client);
  return c.peer_fingerprint();
}

/// A WebSocket over TLS: `request` sends a message with an id and returns the reply.
class WssClient {
 public:
  explicit WssClient(unsigned short port) : tls_(port), ws_(tls_.stream) {
    tls_.stream.handshake(ssl::stream_base::client);
    ws_.handshake("tonk.test:" + std::to_string(port), "/ws");
    if (next()["type"] != "welcome") throw std::runtime_error("no welcome");
  }
  json request(json m) {
    m["id"] = ++id_;
    ws_.write(boost::asio::buffer(m.dump()));
    for (;;)
      if (json r = next(); r.value("re", -1LL) == id_) return r;
  }
  std::string fingerprint() { return tls_.peer_fingerprint(); }

 private:
  json next() {
    boost::beast::flat_buffer buffer;
    ws_.read(buffer);
    return json::parse(boost::beast::buffers_to_string(buffer.data()));
  }
  TlsConnection tls_;
  websocket::stream<boost::beast::ssl_stream<boost::asio::ip::tcp::socket>&> ws_;
  long long id_ = 0;
};

/// Waits (bounded: 20 s) until the server's stderr holds `text` `count` times.
TEST(ServeTls, ServesHttpsAndWssWithTheCertificateTls12AndUpOnly) {
  Certificates certs;
  ServerProcess server(":memory:", 1, "20",
                       {"--tls-cert", certs.path("cert1.pem"), "--tls-key", certs.path("key1.pem"), "--redirect-http", "127.0.0.1:0"});
  EXPECT_EQ(served_fingerprint(server.port()), file_fingerprint(certs.path("cert1.pem")));
  {
    TlsConnection c(server.port());
    c.stream.handshake(ssl::stream_base::client);
    http::request<http::empty_body> req{http::verb::get, "/", 11};
    req.set(http::field::host, "tonk.test");
    http::write(c.stream, req);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(c.stream, buffer, res);
    EXPECT_EQ(res.result_int(), 200);
    EXPECT_EQ(res[http::field::strict_transport_security], "max-age=31536000");
    EXPECT_NE(std::string(res["Content-Security-Policy"]).find("connect-src 'self'"), std::string::npos);
  }
  WssClient player(server.port());
  const json created = player.request({{"type", "create"}, {"seats", 2}});
  EXPECT_EQ(created["type"], "created") << created.dump();
  for (const int old : {TLS1_VERSION, TLS1_1_VERSION}) {
    TlsConnection c(server.port(), old);
    boost::beast::error_code ec;
    c.stream.handshake(ssl::stream_base::client, ec);
    EXPECT_TRUE(ec) << "the server accepted TLS version " << std::hex << old;
  }
  // Plain http to the TLS port is not answered as http.
  EXPECT_THROW(http_get(server.port(), "/"), std::exception);
}

TEST(ServeTls, ThePlainListenerOnlyRedirectsToHttps) {
  Certificates certs;
  ServerProcess server(":memory:", 1, "20",
                       {"--tls-cert", certs.path("cert1.pem"), "--tls-key", certs.path("key1.pem"), "--redirect-http", "127.0.0.1:0"});
  const auto at = server.said().find("; http://127.0.0.1:");
  ASSERT_NE(at, std::string::npos) << server.said();
  const auto plain = static_cast<unsigned short>(std::stoi(server.said().substr(at + 19)));
  for (const std::string target : {"/", "/ws", "/records/ABC/1?x=1"}) {
    boost::asio::io_context io;
    boost::beast::tcp_stream stream(io);
    stream.expires_after(std::chrono::seconds(20));
    stream.connect({boost::asio::ip::make_address("127.0.0.1"), plain});
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "tonk.test:" + std::to_string(plain));
    http::write(stream, req);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    EXPECT_EQ(res.result_int(), 301) << target;
    EXPECT_EQ(res[http::field::location], "https://tonk.test:" + std::to_string(server.port()) + target);
  }
}

// The plain listener's requests count against their address's rate as the TLS port's do: at 0.1 a
// second the burst is one request, so the second is answered 429 with Retry-After (10 s: no wait).
TEST(ServeTls, ThePlainListenerIsRateLimitedPerAddress) {
  Certificates certs;
  ServerProcess server(":memory:", 1, "20",
                       {"--tls-cert", certs.path("cert1.pem"), "--tls-key", certs.path("key1.pem"), "--redirect-http", "127.0.0.1:0",
                        "--http-rate", "0.1"});
  const auto at = server.said().find("; http://127.0.0.1:");
  ASSERT_NE(at, std::string::npos) << server.said();
  const auto plain = static_cast<unsigned short>(std::stoi(server.said().substr(at + 19)));
  std::vector<http::response<http::string_body>> answers;
  for (int i = 0; i < 2; ++i) {
    boost::asio::io_context io;
    boost::beast::tcp_stream stream(io);
    stream.expires_after(std::chrono::seconds(20));
    stream.connect({boost::asio::ip::make_address("127.0.0.1"), plain});
    http::request<http::empty_body> req{http::verb::get, "/tables/ZZZZZZ/host", 11};
    req.set(http::field::host, "tonk.test");
    http::write(stream, req);
    boost::beast::flat_buffer buffer;
    http::read(stream, buffer, answers.emplace_back());
  }
  EXPECT_EQ(answers[0].result_int(), 301);
  EXPECT_EQ(answers[1].result_int(), 429);
  EXPECT_EQ(answers[1][http::field::retry_after], "10");
  EXPECT_EQ(answers[1][http::field::location], "");
}

TEST(ServeTls, SighupReloadsTheCertificateForNewConnectionsAndKeepsTheOpenOnes) {
  Certificates certs;
  const std::string cert = certs.path("live-cert.pem"), key = certs.path("live-key.pem"), log = certs.path("serve.err");
  std::filesystem::copy_file(certs.path("cert1.pem"), cert);
  std::filesystem::copy_file(certs.path("key1.pem"), key);
  ServerProcess server(":memory:", 1, "20", {"--tls-cert", cert, "--tls-key", key}, log);
  const std::string first = file_fingerprint(certs.path("cert1.pem")), second = file_fingerprint(certs.path("cert2.pem"));
  ASSERT_NE(first, second);
  WssClient player(server.port());
  const std::string code = player.request({{"type", "create"}, {"seats", 2}})["table"];
  ASSERT_EQ(player.request({{"type", "join"}, {"table", code}, {"name", "Ann"}, {"seat", 0}})["type"], "joined");

  // A bad new certificate (not PEM), then a key that is not the certificate's: refused, the old pair kept.
  std::ofstream(cert) << "not a certificate\n";
  kill(server.pid(), SIGHUP);
  ASSERT_TRUE(wait_for_log(log, "kept the TLS certificate in use", 1)) << slurp(log);
  EXPECT_NE(slurp(log).find(cert + ": not a PEM certificate"), std::string::npos) << slurp(log);
  EXPECT_EQ(served_fingerprint(server.port()), first);
  std::filesystem::copy_file(certs.path("cert2.pem"), cert, std::filesystem::copy_options::overwrite_existing);
  kill(server.pid(), SIGHUP);
  ASSERT_TRUE(wait_for_log(log, "kept the TLS certificate in use", 2)) << slurp(log);
  EXPECT_NE(slurp(log).find("is not the key of the certificate"), std::string::npos) << slurp(log);
  EXPECT_EQ(served_fingerprint(server.port()), first);

  // The matching key: new connections get the new certificate.
  std::filesystem::copy_file(certs.path("key2.pem"), key, std::filesystem::copy_options::overwrite_existing);
  kill(server.pid(), SIGHUP);
  ASSERT_TRUE(wait_for_log(log, "reloaded the TLS certificate", 1)) << slurp(log);
  EXPECT_NE(slurp(log).find("(SHA-256 " + second + ")"), std::string::npos) << slurp(log);
  EXPECT_EQ(served_fingerprint(server.port()), second);
  // The open connection and its table went on: it still has its first certificate and its seat.
  EXPECT_EQ(player.fingerprint(), first);
  EXPECT_EQ(player.request({{"type", "ping"}})["type"], "pong");
  WssClient friend_(server.port());
  EXPECT_EQ(friend_.fingerprint(), second);
  const json joined = friend_.request({{"type", "join"}, {"table", code}, {"name", "Bo"}, {"seat", 1}});
  EXPECT_EQ(joined["type"], "joined") << joined.dump();
}

}  // namespace
}  // namespace tonk::test
