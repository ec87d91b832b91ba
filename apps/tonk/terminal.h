// Terminal output: ANSI colours only when the stream is a terminal, and card text for people.
#pragma once

#include <string>
#include <string_view>

#include "tonk/card_set.h"

namespace tonk::cli {

/// True when the file descriptor is a terminal.
bool is_terminal(int fd);

/// True when colours should be used on stdout: stdout is a terminal, NO_COLOR is unset and TERM
/// is not "dumb".
bool stdout_wants_color();

/// Text decoration that is a no-op without colour, so output piped to a file or a test is plain.
class Style {
 public:
  explicit Style(bool color) : color_(color) {}
  bool color() const { return color_; }

  // Each style turns off only its own attribute, so styles nest (a red card inside bold text).
  std::string bold(std::string_view text) const { return wrap("1", "22", text); }
  std::string dim(std::string_view text) const { return wrap("2", "22", text); }
  std::string good(std::string_view text) const { return wrap("32", "39", text); }
  std::string bad(std::string_view text) const { return wrap("31", "39", text); }

  /// A card in notation; hearts and diamonds in red.
  std::string card(Card card) const;
  /// Cards sorted by suit then rank, space-separated; with `group_suits` the suits are set apart
  /// by a wider gap ("Ac 5c   7h 8h 9h   Ks").
  std::string cards(CardSet cards, bool group_suits = false) const;
  /// Cards written together, as in commands ("4h5h6h"), in suit-then-rank order.
  std::string compact(CardSet cards) const;
  /// A signed number of stakes: "+2", "-1", "0"; green when positive, red when negative.
  std::string stakes(long long value) const;

 private:
  std::string wrap(std::string_view on, std::string_view off, std::string_view text) const;
  bool color_;
};

}  // namespace tonk::cli
