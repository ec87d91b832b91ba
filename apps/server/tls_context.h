// The server's TLS certificate and key (`tonk serve --tls-cert FILE --tls-key FILE`): loaded before
// listening, reloaded on SIGHUP. New connections take the current context; a connection keeps the one
// it was accepted with, so a reload drops nothing.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <boost/asio/ssl/context.hpp>

namespace tonk::serve {

/// A certificate or key that cannot be used; what() names the file and why.
class TlsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TlsContext {
 public:
  /// Loads `cert_file` (PEM: the certificate, then any intermediates, as certbot's fullchain.pem)
  /// and `key_file` (PEM, unencrypted, as certbot's privkey.pem). TLS 1.2 and 1.3 only. Throws
  /// TlsError for a file that is missing or unreadable, not PEM, or a key that is not the
  /// certificate's.
  TlsContext(std::string cert_file, std::string key_file);

  /// The context for new connections. Runs on the I/O thread only, as reload() does.
  std::shared_ptr<boost::asio::ssl::context> current() const { return current_; }

  /// Reads both files again. On success new connections use them; on failure the old context stays
  /// and the message (naming the file) is returned.
  std::optional<std::string> reload();

  const std::string& cert_file() const { return cert_file_; }
  /// The SHA-256 fingerprint of the current certificate (the first of the chain): 64 lowercase hex
  /// digits, what `openssl x509 -noout -fingerprint -sha256` shows without the colons.
  std::string fingerprint() const;

 private:
  std::string cert_file_;
  std::string key_file_;
  std::shared_ptr<boost::asio::ssl::context> current_;
};

}  // namespace tonk::serve
