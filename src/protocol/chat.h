// Table chat (docs/PROTOCOL.md "Chat"): the quick phrases the server offers, the rule for a free-text
// line, and the messages that carry lines to the clients. A line is a phrase by its id, or free text
// where the table allows it (TableConfig::chat_text); the table decides and logs it (ChatEntry in
// src/table/table_log.h), and keeps it out of the hands' records.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace tonk::serve {

/// Longest free-text line, in Unicode code points (not bytes).
inline constexpr int kMaxChatChars = 200;
/// The recent lines a table keeps in memory and sends a (re)connecting client (`chat_log`).
inline constexpr int kChatLinesKept = 50;

/// A connection may send at most kChatBurst lines in any kChatWindowMs (then `rate_limited`), and
/// all the connections of one remote address kChatBurstPerAddress.
inline constexpr int kChatBurst = 5;
inline constexpr int kChatBurstPerAddress = 20;
/// All the writers of one table together: at most kChatBurstPerTable lines in any kChatWindowMs, so
/// a table's stored log grows by at most 3 chat lines a second however many connections write
/// (its chat leaves storage with the rest of its log when it is compacted, docs/PROTOCOL.md
/// "Persistence"). At most kChatLinesKept, so the lines kept in memory can tell.
inline constexpr int kChatBurstPerTable = 30;
inline constexpr std::int64_t kChatWindowMs = 10'000;

/// A quick phrase or emote: `id` is what a client sends, `text` what everyone is shown.
struct ChatPhrase {
  std::string_view id;
  std::string_view text;
};

/// Every phrase the server offers, in the order a client shows them.
std::span<const ChatPhrase> chat_phrases();
/// The phrase `id`, or null when the server offers none by that id.
const ChatPhrase* find_chat_phrase(std::string_view id);
/// The phrases as the `presets` reply's `chat` lists them: [{"id", "text"}, ...].
nlohmann::json chat_phrases_json();

/// "" when `text` may be sent as a free-text line, else why not ("holds a control character"):
/// the name rule's text check (tonk::text_problem) with at most kMaxChatChars code points.
std::string chat_text_problem(std::string_view text);

/// One line said at a table. `seat` -1: a spectator (who has no name). Exactly one of `phrase`
/// (an id; shown as its text) and `text` (free text) is not empty.
struct ChatLine {
  int seat = -1;
  std::string name;
  std::string phrase;
  std::string text;
  std::int64_t at_ms = 0;  ///< when the server accepted it, ms since the Unix epoch
};

}  // namespace tonk::serve

namespace tonk::serve::out {

/// One line as `chat` and `chat_log` carry it: {seat (null: a spectator), name (null: a spectator),
/// phrase (id, or null for free text), text (what to show: the phrase's text, or the free text),
/// at_ms}.
nlohmann::json chat_line(const ChatLine& line);
/// `chat` {table, ...chat_line}: a line, to everyone at the table.
nlohmann::json chat(const std::string& table, const ChatLine& line);
/// `chat_log` {table, lines}: the recent lines, oldest first, for a client that (re)connects.
nlohmann::json chat_log(const std::string& table, const std::vector<ChatLine>& lines);

}  // namespace tonk::serve::out
