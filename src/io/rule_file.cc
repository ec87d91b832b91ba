// Rule files in TOML (toml++) or JSON (nlohmann-json): both are read into one small tree of keyed
// entries with their lines, which one checker turns into a RuleFile. Every problem is a RuleError
// naming the option and "SOURCE:LINE".
#include "tonk/rule_file.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_map>

#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "rule_file_parse.h"
#include "tonk/input_file.h"
#include "tonk/preset.h"
#include "tonk/quoted_text.h"
#include "tonk/rule_options.h"

namespace tonk {

namespace {

// A value of the file, whatever its syntax.
struct Entry;
struct Value {
  enum class Kind : std::uint8_t { kInt, kBool, kString, kTable, kOther };
  Kind kind = Kind::kOther;
  std::int64_t number = 0;  // kInt
  bool flag = false;        // kBool
  std::string text;         // kString; kInt as written; for kOther the name of its type ("a decimal number")
  std::vector<Entry> entries;  // kTable, in the order of the file
};
struct Entry {
  std::string key;
  int line = 0;  // 1-based; 0 when unknown
  Value value;
};

// The keys a rule file may have besides its options.
constexpr std::string_view kTopKeys = "base, name, description, rules, max_players and options";

std::string where(std::string_view source, int line) {
  return std::string(source) + (line > 0 ? ":" + std::to_string(line) : "") + ": ";
}

[[noreturn]] void fail(std::string_view option, std::string_view source, int line, const std::string& message) {
  throw RuleError(std::string(option), where(source, line) + message);
}

std::string describe(const Value& v) {
  switch (v.kind) {
    case Value::Kind::kInt: return "a whole number (" + escaped_text(v.text) + ")";
    case Value::Kind::kBool: return std::string("a boolean (") + (v.flag ? "true" : "false") + ")";
    case Value::Kind::kString: return "a string (\"" + escaped_text(v.text) + "\")";
    case Value::Kind::kTable: return "a table";
    case Value::Kind::kOther: break;
  }
  return v.text;
}

// ---- limits on the text, checked before any parser sees it ---------------------------------------
//
// A rule file has two levels, the top and its options: its tables nest at most kMaxLevels deep (an
// option's value may still be an array or a table, so that its type error names it). The checks
// below bound what the parsers and the tree above ever see, so no input can exhaust the stack
// (toml++ and this file recurse on nesting) and the work stays linear in the size of the text.

// Deepest nesting of tables and arrays: the top, [options], and an option's (wrong) value.
constexpr int kMaxLevels = 3;
// Most dots on one line of TOML outside strings and comments: a key has at most two parts.
constexpr int kMaxTomlDots = 16;
// Deepest nesting of TOML arrays and inline tables (toml++ allows 256; a rule file needs 2).
constexpr int kMaxTomlBrackets = kMaxLevels;

constexpr std::string_view kLevels =
    "a rule file has two levels, the top and its options (options.hand_size = 7 or [options])";

int line_at(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// The offset of the first byte that is not part of well-formed UTF-8 (no overlong forms, no
// surrogates, nothing above U+10FFFF), or npos.
std::size_t bad_utf8(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size()) {
    const auto c = static_cast<unsigned char>(t[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int more = 0;
    unsigned lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
    if (c >= 0xc2 && c <= 0xdf) {
      more = 1;
    } else if (c >= 0xe0 && c <= 0xef) {
      more = 2;
      if (c == 0xe0) lo = 0xa0;  // overlong
      if (c == 0xed) hi = 0x9f;  // surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      more = 3;
      if (c == 0xf0) lo = 0x90;  // overlong
      if (c == 0xf4) hi = 0x8f;  // above U+10FFFF
    } else {
      return i;
    }
    if (i + static_cast<std::size_t>(more) >= t.size()) return i;
    for (int k = 1; k <= more; ++k) {
      const auto b = static_cast<unsigned char>(t[i + static_cast<std::size_t>(k)]);
      if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xbf)) return i;
    }
    i += static_cast<std::size_t>(more) + 1;
  }
  return std::string_view::npos;
}

bool is_bare_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// TOML, before toml++ 3.3.0 sees it: bounds the nesting (dotted keys and brackets), and refuses two
// inputs that version mishandles: a table header with no name on its line ("[" then a newline
// aborts in an assertion), and a non-ASCII character right after a line-ending backslash in a
// multi-line string (reaches code marked unreachable; upstream issue 190).
void prescan_toml(std::string_view t, std::string_view source) {
  const std::size_t n = t.size();
  int line = 1;
  int brackets = 0;  // open [ and { of values
  int dots = 0;      // on this line, outside strings and comments
  bool line_start = true;
  std::size_t i = 0;
  auto skip_string = [&](char quote) {
    const bool multi = i + 2 < n && t[i + 1] == quote && t[i + 2] == quote;
    if (!multi) {  // ends at its quote; a newline inside is malformed and toml++ says so
      ++i;
      while (i < n && t[i] != quote && t[i] != '\n') i += (quote == '"' && t[i] == '\\' && i + 1 < n && t[i + 1] != '\n') ? 2 : 1;
      if (i < n && t[i] == quote) ++i;
      return;
    }
    i += 3;
    while (i < n) {
      if (t[i] == '\n') {
        ++line;
        ++i;
      } else if (quote == '"' && t[i] == '\\') {
        std::size_t j = i + 1;
        while (j < n && (t[j] == ' ' || t[j] == '\t' || t[j] == '\r')) ++j;
        if (j < n && t[j] == '\n') {  // a line-ending backslash: what follows must not be non-ASCII
          std::size_t k = j;
          int at = line;
          while (k < n && (t[k] == ' ' || t[k] == '\t' || t[k] == '\r' || t[k] == '\n')) at += t[k++] == '\n' ? 1 : 0;
          if (k < n && static_cast<unsigned char>(t[k]) >= 0x80)
            fail("", source, at,
                 "a non-ASCII character right after a line-ending backslash in a multi-line string cannot be read "
                 "(a bug of toml++ 3.3.0); put it after an ASCII character or drop the backslash");
          i = j;
        } else {
          i = std::min(n, i + 2);
        }
      } else if (t[i] == quote && i + 2 < n && t[i + 1] == quote && t[i + 2] == quote) {
        i += 3;
        while (i < n && t[i] == quote) ++i;  // up to two quotes may end the content
        return;
      } else {
        ++i;
      }
    }
  };
  while (i < n) {
    const char c = t[i];
    if (c == '\n') {
      ++line;
      dots = 0;
      line_start = true;
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#') {
      while (i < n && t[i] != '\n') ++i;
      continue;
    }
    const bool first = line_start;
    line_start = false;
    if (c == '"' || c == '\'') {
      skip_string(c);
    } else if (c == '[' && first && brackets == 0) {  // a table header: [name] or [[name]]
      std::size_t j = i + 1;
      if (j < n && t[j] == '[') ++j;
      while (j < n && (t[j] == ' ' || t[j] == '\t')) ++j;
      if (j >= n || !(is_bare_key_char(t[j]) || t[j] == '"' || t[j] == '\''))
        fail("", source, line, "malformed TOML: a table header is [name], with its name on the same line");
      i = j;
    } else if (c == '[' || c == '{') {
      if (++brackets > kMaxTomlBrackets)
        fail("", source, line, "arrays and tables nested too deep: " + std::string(kLevels));
      ++i;
    } else if (c == ']' || c == '}') {
      if (brackets > 0) --brackets;
      ++i;
    } else if (c == '.') {
      if (++dots > kMaxTomlDots)
        fail("", source, line,
             "more than " + std::to_string(kMaxTomlDots) + " dots on one line: " + std::string(kLevels));
      ++i;
    } else {
      ++i;
    }
  }
}

// JSON, before nlohmann-json sees it: bounds the nesting, and finds the line of every key, in the
// order of the text (the order in which the parser reports them), in one pass.
std::vector<int> prescan_json(std::string_view t, std::string_view source) {
  std::vector<int> key_lines;
  std::vector<bool> in_object;  // the open containers, innermost last
  bool expect_key = false;
  int line = 1;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    switch (c) {
      case '\n': ++line; break;
      case '"': {
        if (expect_key) key_lines.push_back(line);
        expect_key = false;
        for (++i; i < t.size() && t[i] != '"'; ++i) {
          if (t[i] == '\\') ++i;
          else if (t[i] == '\n') ++line;  // malformed; the parser says so
        }
        break;
      }
      case '{':
      case '[':
        in_object.push_back(c == '{');
        if (static_cast<int>(in_object.size()) > kMaxLevels)
          fail("", source, line, "objects and arrays nested too deep: " + std::string(kLevels));
        expect_key = c == '{';
        break;
      case '}':
      case ']':
        if (!in_object.empty()) in_object.pop_back();
        expect_key = false;
        break;
      case ',': expect_key = !in_object.empty() && in_object.back(); break;
      default: break;
    }
  }
  return key_lines;
}

// ---- TOML ----------------------------------------------------------------------------------------

Value from_toml(const toml::node& node, int level, std::string_view source);

std::vector<Entry> toml_entries(const toml::table& table, int level, std::string_view source) {
  std::vector<Entry> out;
  for (auto&& [key, node] : table) {
    const int line = static_cast<int>(key.source().begin.line);
    if (node.is_table() && level >= kMaxLevels)
      fail(std::string(key.str()), source, line, quoted_text(key.str()) + " is nested too deep: " + std::string(kLevels));
    out.push_back({std::string(key.str()), line, from_toml(node, level + 1, source)});
  }
  // toml++ keeps keys sorted; the file's order is the order of their lines.
  std::stable_sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.line < b.line; });
  return out;
}

Value from_toml(const toml::node& node, int level, std::string_view source) {
  Value v;
  switch (node.type()) {
    case toml::node_type::integer: {
      // Decimal only: 0x10, 0o10 and 0b10 are numbers in other bases that a reader takes for 10.
      const toml::value_flags flags = node.as_integer()->flags();
      constexpr auto kOtherBase = toml::value_flags::format_as_binary | toml::value_flags::format_as_octal |
                                  toml::value_flags::format_as_hexadecimal;
      if ((flags & kOtherBase) != toml::value_flags::none) {
        v.text = "a whole number in another base (" + std::to_string(node.as_integer()->get()) +
                 "); write whole numbers in decimal digits";
        break;
      }
      v.kind = Value::Kind::kInt;
      v.number = node.as_integer()->get();
      v.text = std::to_string(v.number);
      break;
    }
    case toml::node_type::boolean:
      v.kind = Value::Kind::kBool;
      v.flag = node.as_boolean()->get();
      break;
    case toml::node_type::string:
      v.kind = Value::Kind::kString;
      v.text = node.as_string()->get();
      break;
    case toml::node_type::table:
      v.kind = Value::Kind::kTable;
      v.entries = toml_entries(*node.as_table(), level, source);
      break;
    case toml::node_type::floating_point: v.text = "a decimal number"; break;
    case toml::node_type::array: v.text = "an array"; break;
    default: v.text = "a date or time"; break;
  }
  return v;
}

std::vector<Entry> parse_toml(std::string_view text, std::string_view source) {
  prescan_toml(text, source);
  try {
    return toml_entries(toml::parse(text, source), 1, source);
  } catch (const toml::parse_error& e) {
    fail("", source, static_cast<int>(e.source().begin.line), "malformed TOML: " + std::string(e.description()));
  }
}

// ---- JSON ----------------------------------------------------------------------------------------

// Builds the tree from nlohmann-json's events (its SAX interface: no recursion, no DOM), each key
// with its line from prescan_json(). Arrays, and whatever they hold, are not kept: no rule file
// value is an array.
class JsonBuilder : public nlohmann::json_sax<nlohmann::json> {
 public:
  JsonBuilder(std::string_view text, std::string_view source, std::vector<int> key_lines)
      : text_(text), source_(source), key_lines_(std::move(key_lines)) {}

  Value take_root() { return std::move(root_); }

  bool null() override { return put_other("null"); }
  bool boolean(bool b) override {
    if (skipping_) return true;
    slot_->kind = Value::Kind::kBool;
    slot_->flag = b;
    return true;
  }
  bool number_integer(number_integer_t x) override { return put_int(x, std::to_string(x)); }
  bool number_unsigned(number_unsigned_t x) override {
    // Larger than any option's range anyway; kept as the largest int64 with its text.
    const auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return put_int(x > kMax ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(x),
                   std::to_string(x));
  }
  bool number_float(number_float_t, const string_t& text) override {
    // nlohmann-json gives a whole number too large for 64 bits as a float: it is still a whole
    // number (out of every option's range), not a decimal one.
    const bool negative = !text.empty() && text[0] == '-';
    if (text.size() > (negative ? 1u : 0u) &&
        text.find_first_not_of("0123456789", negative ? 1 : 0) == std::string::npos) {
      const auto limit = negative ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
      return put_int(limit, text);
    }
    return put_other("a decimal number");
  }
  bool string(string_t& s) override {
    if (skipping_) return true;
    slot_->kind = Value::Kind::kString;
    slot_->text = std::move(s);
    return true;
  }
  bool binary(binary_t&) override { return put_other("binary data"); }
  bool start_object(std::size_t) override {
    if (skipping_) return ++skipping_ > 0;
    slot_->kind = Value::Kind::kTable;
    open_.push_back(slot_);
    return true;
  }
  bool key(string_t& k) override {
    const int line = next_key_ < key_lines_.size() ? key_lines_[next_key_] : 0;
    ++next_key_;
    if (skipping_) return true;
    Value& table = *open_.back();
    table.entries.push_back({std::move(k), line, Value{}});
    slot_ = &table.entries.back().value;
    return true;
  }
  bool end_object() override {
    if (skipping_) return --skipping_ >= 0;
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override {
    if (skipping_) return ++skipping_ > 0;
    put_other("an array");
    skipping_ = 1;
    return true;
  }
  bool end_array() override {
    --skipping_;
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    // position is the number of bytes read; the message after "] " (and after "column N: ") says why.
    std::string why = e.what();
    if (const std::size_t at = why.find("] "); at != std::string::npos) why = why.substr(at + 2);
    if (const std::size_t at = why.find("syntax error"); at != std::string::npos) why = why.substr(at);
    // The parser quotes the token it stopped at ("number overflow parsing '999…'"): whole, at any
    // length. Quote it as every other user text is (quoted_text.h).
    if (const std::size_t open = why.find('\''), close = why.rfind('\'');
        open != std::string::npos && close > open + 1)
      why = why.substr(0, open) + quoted_text(std::string_view(why).substr(open + 1, close - open - 1)) +
            why.substr(close + 1);
    fail("", source_, line_at(text_, position > 0 ? position - 1 : 0), "malformed JSON: " + why);
  }

 private:
  bool put_int(std::int64_t number, std::string text) {
    if (skipping_) return true;
    slot_->kind = Value::Kind::kInt;
    slot_->number = number;
    slot_->text = std::move(text);
    return true;
  }
  bool put_other(std::string what) {
    if (skipping_) return true;
    slot_->kind = Value::Kind::kOther;
    slot_->text = std::move(what);
    return true;
  }

  std::string_view text_;
  std::string_view source_;
  std::vector<int> key_lines_;
  std::size_t next_key_ = 0;
  Value root_;
  Value* slot_ = &root_;      // where the next value goes
  std::vector<Value*> open_;  // the open objects, innermost last
  int skipping_ = 0;          // > 0 inside an array: how many containers deep
};

std::vector<Entry> parse_json(std::string_view text, std::string_view source) {
  JsonBuilder builder(text, source, prescan_json(text, source));
  nlohmann::json::sax_parse(text, &builder);
  Value root = builder.take_root();
  if (root.kind != Value::Kind::kTable)
    fail("", source, 1, "a JSON rule file is an object: {\"base\": ..., \"options\": {...}}");
  return std::move(root.entries);
}

// Refuses a key given twice in one table (TOML refuses it itself; JSON keeps the last silently).
void check_unique(const std::vector<Entry>& entries, std::string_view source) {
  std::unordered_map<std::string_view, int> first;
  for (const Entry& e : entries) {
    const auto [at, added] = first.emplace(e.key, e.line);
    if (!added)
      fail(e.key, source, e.line,
           quoted_text(e.key) + " is given twice" + (at->second > 0 ? " (first on line " + std::to_string(at->second) + ")" : ""));
  }
}

// ---- the checker ---------------------------------------------------------------------------------

void expect_kind(const Entry& e, Value::Kind kind, std::string_view what, std::string_view source) {
  if (e.value.kind != kind)
    fail(e.key, source, e.line, quoted_text(e.key) + " takes " + std::string(what) + ", not " + describe(e.value));
}

// Applies one option of the file: its value must be of the option's type and in its range.
void apply_option(Rules& rules, const Entry& e, std::string_view source) {
  const OptionSpec* spec = find_option(e.key);
  if (!spec) fail(e.key, source, e.line, "unknown rule option " + quoted_text(e.key) + " (see `tonk rules`)");
  const std::string name = "option '" + e.key + "'";
  switch (spec->type) {
    case OptionType::kInt: {
      if (e.value.kind != Value::Kind::kInt)
        fail(e.key, source, e.line, name + " takes a whole number, not " + describe(e.value));
      if (e.value.number < spec->min || e.value.number > spec->max)
        fail(e.key, source, e.line,
             name + " must be from " + std::to_string(spec->min) + " to " + std::to_string(spec->max) + ", not " +
                 escaped_text(e.value.text));
      spec->set(rules, static_cast<int>(e.value.number));
      return;
    }
    case OptionType::kBool:
      if (e.value.kind != Value::Kind::kBool)
        fail(e.key, source, e.line, name + " takes true or false, not " + describe(e.value));
      spec->set(rules, e.value.flag ? 1 : 0);
      return;
    case OptionType::kChoice:
      if (e.value.kind != Value::Kind::kString) {
        std::string list;
        for (std::size_t i = 0; i < spec->choices.size(); ++i) list += (i ? ", " : "") + std::string(spec->choices[i]);
        fail(e.key, source, e.line, name + " takes one of " + list + " (as a string), not " + describe(e.value));
      }
      try {
        spec->set(rules, spec->parse(e.value.text));
      } catch (const RuleError& error) {
        fail(e.key, source, e.line, error.what());
      }
      return;
  }
}

std::vector<std::string> split_rule_ids(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    const auto first = item.find_first_not_of(" \t");
    const auto last = item.find_last_not_of(" \t");
    if (first != std::string::npos) out.push_back(item.substr(first, last - first + 1));
  }
  return out;
}

}  // namespace

namespace detail {

RuleFile parse_rule_text(std::string_view text, RuleFileFormat format, std::string_view source, const Rules& start,
                         int start_max_players, bool builtin) {
  if (text.size() > kMaxRuleFileBytes)
    fail("", source, 0,
         "the text has " + std::to_string(text.size()) + " bytes; a rule file may have at most " +
             std::to_string(kMaxRuleFileBytes));
  if (const std::size_t bad = bad_utf8(text); bad != std::string_view::npos)
    fail("", source, line_at(text, bad), "the text is not UTF-8 (byte " + std::to_string(bad + 1) + ")");
  // A control character other than tab, line feed and carriage return is no part of a rule file in
  // either format; nlohmann-json would even take a NUL byte for the end of the text and ignore the
  // rest of the file without a word.
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02x", byte);
      fail("", source, line_at(text, i),
           "the text holds a control character (byte " + std::to_string(i + 1) + ", " + hex +
               "); a rule file is text");
    }
  }
  std::vector<Entry> top;
  try {
    top = format == RuleFileFormat::kJson ? parse_json(text, source) : parse_toml(text, source);
  } catch (const RuleError&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {  // a parser's own error that the code above did not foresee
    fail("", source, 0, std::string("cannot read the rule file: ") + e.what());
  }
  check_unique(top, source);
  const std::string options_key = format == RuleFileFormat::kJson ? "\"options\"" : "[options]";

  RuleFile file;
  file.max_players = start_max_players;  // layered: what the file does not change stays
  const Entry* options = nullptr;
  const Entry* base = nullptr;
  const Entry* max_players = nullptr;
  for (const Entry& e : top) {
    if (e.key == "base") {
      if (builtin) fail("base", source, e.line, "a built-in preset lists its options itself; it has no base");
      expect_kind(e, Value::Kind::kString, "a preset's name", source);
      base = &e;
    } else if (e.key == "name") {
      expect_kind(e, Value::Kind::kString, "a string", source);
      file.name = e.value.text;
    } else if (e.key == "description") {
      expect_kind(e, Value::Kind::kString, "a string", source);
      file.description = e.value.text;
    } else if (e.key == "rules") {
      expect_kind(e, Value::Kind::kString, "a string of RULES.md items such as \"V18, V11\"", source);
      file.rule_ids = split_rule_ids(e.value.text);
    } else if (e.key == "max_players") {
      expect_kind(e, Value::Kind::kInt, "a whole number", source);
      if (e.value.number < 2 || e.value.number > kMaxPlayers)
        fail(e.key, source, e.line,
             "'max_players' must be from 2 to " + std::to_string(kMaxPlayers) + ", not " + e.value.text);
      max_players = &e;
    } else if (e.key == "options") {
      expect_kind(e, Value::Kind::kTable, "a table of rule options", source);
      check_unique(e.value.entries, source);
      options = &e;
    } else if (find_option(e.key)) {
      fail(e.key, source, e.line, "rule option " + quoted_text(e.key) + " belongs under " + options_key);
    } else {
      fail(e.key, source, e.line, "unknown key " + quoted_text(e.key) + " (a rule file has " + std::string(kTopKeys) + ")");
    }
  }
  if (builtin) {
    for (const char* key : {"name", "description", "rules"}) {
      const bool present = std::any_of(top.begin(), top.end(), [&](const Entry& e) { return e.key == key; });
      if (!present) fail(key, source, 0, std::string("a built-in preset needs '") + key + "'");
    }
  }

  file.rules = start;
  if (base) {
    const Preset* p = find_preset(base->value.text);
    if (!p) {
      std::string known;
      for (const Preset& q : presets()) known += (known.empty() ? "" : ", ") + q.name;
      fail("base", source, base->line, "unknown preset " + quoted_text(base->value.text) + " (known: " + known + ")");
    }
    file.base = p->name;
    file.rules = p->rules;
    file.max_players = p->max_players;
  }
  if (max_players) file.max_players = static_cast<int>(max_players->value.number);
  if (options) {
    for (const Entry& e : options->value.entries) {
      apply_option(file.rules, e, source);
      file.options.push_back(e.key);
    }
  }

  // The whole set: validate() names the option at fault; point at its line when the file set it.
  auto line_of = [&](std::string_view option) {
    if (options)
      for (const Entry& e : options->value.entries)
        if (e.key == option) return e.line;
    return option == "players" && max_players ? max_players->line : 0;
  };
  try {
    validate(file.rules);
    const std::string label = !file.name.empty() ? file.name : !file.base.empty() ? file.base : std::string(source);
    check_max_players(file.rules, file.max_players, label);
  } catch (const RuleError& e) {
    fail(e.option(), source, line_of(e.option()), e.what());
  }
  return file;
}

}  // namespace detail

RuleFile parse_rule_file(std::string_view text, RuleFileFormat format, std::string_view source, const Rules& start,
                         int start_max_players) {
  return detail::parse_rule_text(text, format, source, start, start_max_players, /*builtin=*/false);
}

RuleFile load_rule_file(const std::string& path, const Rules& start, int start_max_players) {
  std::string contents;
  try {
    contents = read_input_file(path, kMaxRuleFileBytes, "a rule file");
  } catch (const InputFileError& e) {
    throw RuleError("", e.what());
  }
  auto ends_with = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  RuleFileFormat format = RuleFileFormat::kToml;
  if (ends_with(".json")) {
    format = RuleFileFormat::kJson;
  } else if (!ends_with(".toml")) {
    const auto first = contents.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && contents[first] == '{') format = RuleFileFormat::kJson;
  }
  return parse_rule_file(contents, format, path, start, start_max_players);
}

void check_max_players(const Rules& rules, int max_players, std::string_view rule_set) {
  if (rules.players > max_players)
    throw RuleError("players", std::string(rule_set) + " is for 2 to " + std::to_string(max_players) +
                                   " players, not " + std::to_string(rules.players));
}

}  // namespace tonk
