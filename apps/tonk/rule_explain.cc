#include "rule_explain.h"

#include <cctype>
#include <iostream>
#include <regex>

#include "commands.h"
#include "tonk/quoted_text.h"

namespace tonk::cli {

namespace {

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// The ID as RULES.md writes it: "S15a", "V4.3", "P-RUSH" (a preset may be named without "P-").
std::string canonical_id(std::string_view id) {
  std::string out = upper(id);
  if (out.size() > 1 && (out[0] == 'S' || out[0] == 'V' || out[0] == 'I') && std::isdigit(static_cast<unsigned char>(out[1]))) {
    // A trailing sub-item letter is lowercase ("V13D" -> "V13d").
    if (std::isalpha(static_cast<unsigned char>(out.back()))) out.back() = static_cast<char>(std::tolower(out.back()));
    return out;
  }
  if (out.rfind("P-", 0) == 0) return out;
  return "P-" + out;
}

std::string_view line_at(std::string_view doc, std::size_t pos) {
  const std::size_t end = doc.find('\n', pos);
  return doc.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
}

}  // namespace

bool is_rule_id(std::string_view text) {
  static const std::regex kId("([SVIsvi][0-9]{1,2}(\\.[0-9])?[a-zA-Z]?)|([Pp]-[A-Za-z]+)");
  return std::regex_match(text.begin(), text.end(), kId);
}

std::string explain_rule(std::string_view doc, std::string_view id) {
  const std::string want = canonical_id(id);
  // A section of its own: "### ID" followed by the end of the line or a space.
  std::size_t heading = std::string_view::npos;
  for (std::size_t pos = 0; pos < doc.size();) {
    const std::string_view line = line_at(doc, pos);
    if (line.rfind("### ", 0) == 0) {
      const std::string_view rest = line.substr(4);
      if (rest.rfind(want, 0) == 0 && (rest.size() == want.size() || rest[want.size()] == ' ')) {
        heading = pos;
        break;
      }
    }
    pos += line.size() + 1;
  }
  if (heading != std::string_view::npos) {
    std::size_t end = doc.find("\n## ", heading);
    const std::size_t next = doc.find("\n### ", heading + 1);
    if (next < end) end = next;
    std::string out(doc.substr(heading + 4, end == std::string_view::npos ? std::string_view::npos : end - heading - 4));
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out + "\n";
  }
  // A sub-item: "- **ID**" inside a parent section, shown with the parent's heading.
  const std::string marker = "- **" + want + "**";
  const std::size_t item = doc.find(marker);
  if (item == std::string_view::npos) return "";
  const std::size_t parent = doc.rfind("\n### ", item);
  std::string out;
  if (parent != std::string_view::npos) out = std::string(line_at(doc, parent + 5)) + "\n\n";
  std::size_t end = item;
  for (std::size_t pos = item;;) {  // the item's lines: up to the next item, heading or blank line
    const std::string_view line = line_at(doc, pos);
    if (pos != item && (line.empty() || line.rfind("- ", 0) == 0 || line.rfind("#", 0) == 0)) break;
    end = pos + line.size();
    if (end >= doc.size()) break;
    pos = end + 1;
  }
  out += std::string(doc.substr(item, end - item)) + "\n";
  return out;
}

int run_explain(std::string_view id) {
  const std::string text = explain_rule(rules_document(), id);
  if (text.empty()) {
    std::cerr << "tonk: no rule " << tonk::quoted_text(id)
              << " in docs/RULES.md (IDs: S1-S18, I1-I12, V1-V23 and their items such as V13d, presets such as "
                 "P-RUSH)\n";
    return 2;
  }
  std::cout << text;
  return 0;
}

}  // namespace tonk::cli
