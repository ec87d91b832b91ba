#include "chat.h"

#include <algorithm>
#include <array>

#include "tonk/player_name.h"

namespace tonk::serve {

using nlohmann::json;

namespace {

// Ids are stable (stored in tables' logs); a text may be reworded. New phrases go at the end.
constexpr std::array<ChatPhrase, 12> kPhrases{{
    {"hello", "Hello!"},
    {"gl", "Good luck!"},
    {"nice_drop", "Nice drop!"},
    {"well_played", "Well played!"},
    {"gg", "Good game"},
    {"thanks", "Thanks!"},
    {"oops", "Oops!"},
    {"hurry", "Your turn…"},
    {"thumbs", "👍"},
    {"laugh", "😂"},
    {"wow", "😮"},
    {"cards", "🃏"},
}};

}  // namespace

std::span<const ChatPhrase> chat_phrases() { return kPhrases; }

const ChatPhrase* find_chat_phrase(std::string_view id) {
  const auto it = std::find_if(kPhrases.begin(), kPhrases.end(), [&](const ChatPhrase& p) { return p.id == id; });
  return it == kPhrases.end() ? nullptr : &*it;
}

json chat_phrases_json() {
  json out = json::array();
  for (const ChatPhrase& p : kPhrases) out.push_back({{"id", std::string(p.id)}, {"text", std::string(p.text)}});
  return out;
}

std::string chat_text_problem(std::string_view text) { return text_problem(text, kMaxChatChars); }

}  // namespace tonk::serve

namespace tonk::serve::out {

json chat_line(const ChatLine& line) {
  json j{{"seat", line.seat >= 0 ? json(line.seat) : json(nullptr)},
         {"name", line.seat >= 0 ? json(line.name) : json(nullptr)},
         {"phrase", line.phrase.empty() ? json(nullptr) : json(line.phrase)},
         {"at_ms", line.at_ms}};
  if (line.phrase.empty()) {
    j["text"] = line.text;
  } else {
    const ChatPhrase* p = find_chat_phrase(line.phrase);
    j["text"] = p ? std::string(p->text) : line.phrase;  // a phrase withdrawn since: its id
  }
  return j;
}

json chat(const std::string& table, const ChatLine& line) {
  json j = chat_line(line);
  j["type"] = "chat";
  j["table"] = table;
  return j;
}

json chat_log(const std::string& table, const std::vector<ChatLine>& lines) {
  json all = json::array();
  for (const ChatLine& l : lines) all.push_back(chat_line(l));
  return {{"type", "chat_log"}, {"table", table}, {"lines", std::move(all)}};
}

}  // namespace tonk::serve::out
