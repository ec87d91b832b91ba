#include "tls_context.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

namespace tonk::serve {

namespace ssl = boost::asio::ssl;

namespace {

std::string read_pem(const std::string& file, const char* what) {
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (error) throw TlsError(std::string(what) + " " + file + ": " + error.message());
  if (!std::filesystem::is_regular_file(status)) throw TlsError(std::string(what) + " " + file + ": not a regular file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw TlsError(std::string(what) + " " + file + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw TlsError(std::string(what) + " " + file + ": cannot be read");
  return text.str();
}

/// The first error OpenSSL queued, as text, and the queue cleared.
std::string openssl_error() {
  const unsigned long e = ERR_get_error();
  ERR_clear_error();
  if (e == 0) return "no reason given";
  char text[256];
  ERR_error_string_n(e, text, sizeof text);
  return text;
}

int no_passphrase(char*, int, int, void*) { return 0; }  // an encrypted key is refused, never prompted for

std::shared_ptr<ssl::context> load(const std::string& cert_file, const std::string& key_file) {
  const std::string cert = read_pem(cert_file, "--tls-cert");
  const std::string key = read_pem(key_file, "--tls-key");
  auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
  SSL_CTX* native = context->native_handle();
  SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
  SSL_CTX_set_max_proto_version(native, TLS1_3_VERSION);
  context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                       ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
  SSL_CTX_set_default_passwd_cb(native, no_passphrase);
  ERR_clear_error();
  boost::system::error_code ec;
  context->use_certificate_chain(boost::asio::buffer(cert), ec);
  if (ec) throw TlsError("--tls-cert " + cert_file + ": not a PEM certificate (" + ec.message() + ")");
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(key.data(), static_cast<int>(key.size())), BIO_free);
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> pkey(
      bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, no_passphrase, nullptr) : nullptr, EVP_PKEY_free);
  if (!pkey) throw TlsError("--tls-key " + key_file + ": not an unencrypted PEM private key (" + openssl_error() + ")");
  if (SSL_CTX_use_PrivateKey(native, pkey.get()) != 1 || SSL_CTX_check_private_key(native) != 1) {
    ERR_clear_error();
    throw TlsError("--tls-key " + key_file + " is not the key of the certificate in --tls-cert " + cert_file);
  }
  return context;
}

}  // namespace

TlsContext::TlsContext(std::string cert_file, std::string key_file)
    : cert_file_(std::move(cert_file)), key_file_(std::move(key_file)), current_(load(cert_file_, key_file_)) {}

std::optional<std::string> TlsContext::reload() {
  try {
    current_ = load(cert_file_, key_file_);
    return std::nullopt;
  } catch (const TlsError& e) {
    return std::string(e.what());
  }
}

std::string TlsContext::fingerprint() const {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  X509* cert = SSL_CTX_get0_certificate(current_->native_handle());
  if (!cert || X509_digest(cert, EVP_sha256(), digest, &size) != 1) return "?";
  static const char* const kHex = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 15];
  }
  return hex;
}

}  // namespace tonk::serve
