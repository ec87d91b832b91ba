#include "tonk/fair_deal.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include <openssl/sha.h>

namespace tonk {

namespace {

std::array<std::uint8_t, 32> sha256(std::string_view data) {
  std::array<std::uint8_t, 32> out{};
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data());
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::vector<std::uint8_t> from_hex(std::string_view hex) {
  if (!is_hex(hex, 0, hex.size())) throw std::invalid_argument("not hex: an even number of hex digits expected");
  std::vector<std::uint8_t> out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(hex_value(hex[2 * i]) * 16 + hex_value(hex[2 * i + 1]));
  return out;
}

// The word stream of tonk-deal/1: SHA-256(digest || u32be(i)), eight big-endian words per block.
class WordStream {
 public:
  explicit WordStream(std::vector<std::uint8_t> digest) : input_(std::move(digest)) { input_.resize(input_.size() + 4); }
  std::uint32_t next() {
    if (used_ == 8) refill();
    const std::uint8_t* p = block_.data() + 4 * used_++;
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
  }

 private:
  void refill() {
    const std::size_t n = input_.size();
    input_[n - 4] = static_cast<std::uint8_t>(counter_ >> 24);
    input_[n - 3] = static_cast<std::uint8_t>(counter_ >> 16);
    input_[n - 2] = static_cast<std::uint8_t>(counter_ >> 8);
    input_[n - 1] = static_cast<std::uint8_t>(counter_);
    ++counter_;
    block_ = sha256(std::string_view(reinterpret_cast<const char*>(input_.data()), n));
    used_ = 0;
  }
  std::vector<std::uint8_t> input_;
  std::array<std::uint8_t, 32> block_{};
  std::uint32_t counter_ = 0;
  int used_ = 8;
};

}  // namespace

std::string to_hex(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

bool is_hex(std::string_view text, std::size_t min, std::size_t max) {
  if (text.size() < min || text.size() > max || text.size() % 2) return false;
  return std::all_of(text.begin(), text.end(), [](char c) { return hex_value(c) >= 0; });
}

std::string sha256_hex(std::string_view data) { return to_hex(sha256(data)); }

std::string fair_commitment(std::string_view seed_hex) {
  const std::vector<std::uint8_t> bytes = from_hex(seed_hex);
  return sha256_hex(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

std::string deal_material(std::string_view seed_hex, int hand, std::vector<Contribution> contributions) {
  std::stable_sort(contributions.begin(), contributions.end(),
                   [](const Contribution& a, const Contribution& b) { return a.seat < b.seat; });
  std::string m(kFairVersion);
  m += "\n" + lower(seed_hex) + "\n" + std::to_string(hand) + "\n";
  for (const Contribution& c : contributions) m += std::to_string(c.seat) + ":" + lower(c.entropy) + "\n";
  return m;
}

std::string deal_digest(std::string_view seed_hex, int hand, const std::vector<Contribution>& contributions) {
  return sha256_hex(deal_material(seed_hex, hand, contributions));
}

std::vector<Card> fair_deck(const Game& game, std::string_view digest_hex) {
  std::vector<Card> deck;
  for (Card c : game.deck()) deck.push_back(c);  // card order: clubs..spades, ace to king, jokers last
  WordStream words(from_hex(digest_hex));
  for (std::size_t j = deck.size() - 1; j >= 1; --j) {
    const std::uint64_t bound = j + 1;
    const std::uint64_t limit = ((std::uint64_t{1} << 32) / bound) * bound;
    std::uint64_t w = words.next();
    while (w >= limit) w = words.next();
    std::swap(deck[j], deck[static_cast<std::size_t>(w % bound)]);
  }
  return deck;
}

std::uint64_t fair_session_seed(std::string_view first_digest_hex) {
  const auto h = sha256("tonk-session/1\n" + lower(first_digest_hex));
  std::uint64_t seed = 0;
  for (int i = 0; i < 8; ++i) seed = (seed << 8) | h[static_cast<std::size_t>(i)];
  return seed;
}

}  // namespace tonk
