#include "websocket_session.h"

#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include "http_session.h"

#include "lobby.h"
#include "server_message.h"

namespace tonk::serve {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

template <class Stream>
WebSocketSession<Stream>::WebSocketSession(Stream stream, Lobby& lobby, std::string address, std::shared_ptr<void> slot,
                                           std::string refusal, std::shared_ptr<boost::asio::ssl::context> tls)
    : tls_(std::move(tls)),
      ws_(std::move(stream)),
      lobby_(lobby),
      slot_(std::move(slot)),
      refusal_(std::move(refusal)),
      tokens_(2 * lobby.rate()) {
  this->address = std::move(address);
}

template <class Stream>
WebSocketSession<Stream>::~WebSocketSession() = default;

template <class Stream>
void WebSocketSession<Stream>::run(beast::http::request<beast::http::string_body> request) {
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "tonk"); }));
  ws_.read_message_max(kMaxMessageBytes);  // a longer message fails the read: close 1009
  ws_.async_accept(request, [self = this->shared_from_this()](beast::error_code ec) {
    if (ec) return;
    if (!self->refusal_.empty()) {  // a connection limit (listener.h): say why, then close
      self->closed_ = true;
      self->gone_ = true;
      websocket::close_reason reason(websocket::close_code::try_again_later, self->refusal_.substr(0, 120));
      self->ws_.async_close(reason, [self](beast::error_code) {});
      return;
    }
    self->deliver(std::make_shared<const std::string>(out::welcome(1, TONK_SERVER_VERSION).dump()));
    self->read();
  });
}

template <class Stream>
void WebSocketSession<Stream>::read() {
  ws_.async_read(buffer_, [self = this->shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

template <class Stream>
bool WebSocketSession<Stream>::take_token() {
  const auto now = std::chrono::steady_clock::now();
  const double rate = lobby_.rate();
  tokens_ = std::min(2 * rate, tokens_ + std::chrono::duration<double>(now - last_).count() * rate);
  last_ = now;
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

template <class Stream>
void WebSocketSession<Stream>::on_read(beast::error_code ec) {
  if (ec) {
    // Too big (the stream itself fails the connection with close 1009), closed, reset or timed
    // out: the client is gone.
    gone();
    return;
  }
  auto self = this->shared_from_this();
  if (!ws_.got_text()) {
    lobby_.send_error(self, Lobby::request_id(beast::buffers_to_string(buffer_.data())), "bad_request",
                      "messages are text frames holding JSON");
    lobby_.flush();
  } else if (!take_token()) {
    lobby_.send_error(self, Lobby::request_id(beast::buffers_to_string(buffer_.data())), "rate_limited", "more than " + std::to_string(static_cast<long long>(lobby_.rate())) + " messages a second");
    lobby_.flush();
    if (++refusals_ >= kMaxRateRefusals) {
      close_for_abuse();
      gone();
      return;
    }
  } else {
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    lobby_.on_message(self, text);
    read();
    return;
  }
  buffer_.consume(buffer_.size());
  read();
}

template <class Stream>
void WebSocketSession<Stream>::gone() {
  if (gone_) return;
  gone_ = true;
  closed_ = true;
  lobby_.on_close(this);
  following = {};
}

template <class Stream>
void WebSocketSession<Stream>::deliver(std::shared_ptr<const std::string> message) {
  if (closed_) return;
  if (queue_.size() >= kMaxQueuedMessages) {  // a client that does not read: drop it at once
    closed_ = true;
    queue_.clear();
    beast::get_lowest_layer(ws_).socket().close();
    return;
  }
  queue_.push_back(std::move(message));
  if (!writing_) write();
}

template <class Stream>
void WebSocketSession<Stream>::write() {
  writing_ = true;
  std::shared_ptr<const std::string> message = std::move(queue_.front());
  queue_.pop_front();
  ws_.text(true);
  ws_.async_write(boost::asio::buffer(*message), [self = this->shared_from_this(), message](beast::error_code ec, std::size_t) {
    self->writing_ = false;
    if (ec) {
      self->queue_.clear();
      return;
    }
    if (!self->queue_.empty()) return self->write();
    if (self->closing_) self->start_close();
  });
}

template <class Stream>
void WebSocketSession<Stream>::close_for_abuse() {
  if (closed_) return;
  closed_ = true;  // nothing more is queued; what is queued (the errors that explain) is still sent
  closing_ = true;
  if (!writing_) start_close();
}

template <class Stream>
void WebSocketSession<Stream>::start_close() {
  closing_ = false;
  ws_.async_close(websocket::close_code::policy_error, [self = this->shared_from_this()](beast::error_code) {});
}

template class WebSocketSession<PlainStream>;
template class WebSocketSession<TlsStream>;

}  // namespace tonk::serve
