// Rule files in TOML (toml++) or JSON (nlohmann-json): both are read into one small tree of keyed
// entries with their lines, which one checker turns into a RuleFile. Every problem is a RuleError
// naming the option and "SOURCE:LINE".
#include "tonk/rule_file.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "rule_file_parse.h"
#include "tonk/preset.h"
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
    case Value::Kind::kInt: return "a whole number (" + v.text + ")";
    case Value::Kind::kBool: return std::string("a boolean (") + (v.flag ? "true" : "false") + ")";
    case Value::Kind::kString: return "a string (\"" + v.text + "\")";
    case Value::Kind::kTable: return "a table";
    case Value::Kind::kOther: break;
  }
  return v.text;
}

// ---- TOML ----------------------------------------------------------------------------------------

Value from_toml(const toml::node& node);

std::vector<Entry> toml_entries(const toml::table& table) {
  std::vector<Entry> out;
  for (auto&& [key, node] : table)
    out.push_back({std::string(key.str()), static_cast<int>(key.source().begin.line), from_toml(node)});
  // toml++ keeps keys sorted; the file's order is the order of their lines.
  std::stable_sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.line < b.line; });
  return out;
}

Value from_toml(const toml::node& node) {
  Value v;
  switch (node.type()) {
    case toml::node_type::integer:
      v.kind = Value::Kind::kInt;
      v.number = node.as_integer()->get();
      v.text = std::to_string(v.number);
      break;
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
      v.entries = toml_entries(*node.as_table());
      break;
    case toml::node_type::floating_point: v.text = "a decimal number"; break;
    case toml::node_type::array: v.text = "an array"; break;
    default: v.text = "a date or time"; break;
  }
  return v;
}

std::vector<Entry> parse_toml(std::string_view text, std::string_view source) {
  try {
    return toml_entries(toml::parse(text, source));
  } catch (const toml::parse_error& e) {
    fail("", source, static_cast<int>(e.source().begin.line), "malformed TOML: " + std::string(e.description()));
  }
}

// ---- JSON ----------------------------------------------------------------------------------------

// nlohmann-json keeps no positions, so a key's line is found in the text: the first occurrence of
// "key" (with its quotes) at or after `from`. Good enough to point at the option at fault.
int line_of_key(std::string_view text, std::string_view key, std::size_t from, std::size_t* at) {
  const std::string quoted = "\"" + std::string(key) + "\"";
  const std::size_t pos = text.find(quoted, from);
  if (pos == std::string_view::npos) return 0;
  if (at) *at = pos;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
}

Value from_json(const nlohmann::ordered_json& j, std::string_view text, std::size_t from) {
  Value v;
  if (j.is_boolean()) {
    v.kind = Value::Kind::kBool;
    v.flag = j.get<bool>();
  } else if (j.is_number_unsigned()) {
    v.kind = Value::Kind::kInt;
    const auto u = j.get<std::uint64_t>();
    v.number = u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
                   ? std::numeric_limits<std::int64_t>::max()  // out of every option's range anyway
                   : static_cast<std::int64_t>(u);
    v.text = std::to_string(u);
  } else if (j.is_number_integer()) {
    v.kind = Value::Kind::kInt;
    v.number = j.get<std::int64_t>();
    v.text = std::to_string(v.number);
  } else if (j.is_string()) {
    v.kind = Value::Kind::kString;
    v.text = j.get<std::string>();
  } else if (j.is_object()) {
    v.kind = Value::Kind::kTable;
    for (const auto& [key, value] : j.items()) {
      std::size_t at = from;
      const int line = line_of_key(text, key, from, &at);
      v.entries.push_back({key, line, from_json(value, text, at)});
    }
  } else if (j.is_number_float()) {
    v.text = "a decimal number";
  } else if (j.is_array()) {
    v.text = "an array";
  } else {
    v.text = "null";
  }
  return v;
}

std::vector<Entry> parse_json(std::string_view text, std::string_view source) {
  nlohmann::ordered_json j;
  try {
    j = nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based offset where parsing stopped; the message after "column N: " says why.
    const std::size_t stop = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto end = text.begin() + static_cast<std::ptrdiff_t>(stop);
    const int line = 1 + static_cast<int>(std::count(text.begin(), end, '\n'));
    std::string why = e.what();
    const std::size_t syntax = why.find("syntax error");
    if (syntax != std::string::npos) why = why.substr(syntax);
    fail("", source, line, "malformed JSON: " + why);
  }
  if (!j.is_object()) fail("", source, 1, "a JSON rule file is an object: {\"base\": ..., \"options\": {...}}");
  return from_json(j, text, 0).entries;
}

// ---- the checker ---------------------------------------------------------------------------------

void expect_kind(const Entry& e, Value::Kind kind, std::string_view what, std::string_view source) {
  if (e.value.kind != kind)
    fail(e.key, source, e.line, "'" + e.key + "' takes " + std::string(what) + ", not " + describe(e.value));
}

// Applies one option of the file: its value must be of the option's type and in its range.
void apply_option(Rules& rules, const Entry& e, std::string_view source) {
  const OptionSpec* spec = find_option(e.key);
  if (!spec) fail(e.key, source, e.line, "unknown rule option '" + e.key + "' (see `tonk rules`)");
  const std::string name = "option '" + e.key + "'";
  switch (spec->type) {
    case OptionType::kInt: {
      if (e.value.kind != Value::Kind::kInt)
        fail(e.key, source, e.line, name + " takes a whole number, not " + describe(e.value));
      if (e.value.number < spec->min || e.value.number > spec->max)
        fail(e.key, source, e.line,
             name + " must be from " + std::to_string(spec->min) + " to " + std::to_string(spec->max) + ", not " +
                 e.value.text);
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
                         bool builtin) {
  const std::vector<Entry> top = format == RuleFileFormat::kJson ? parse_json(text, source) : parse_toml(text, source);
  const std::string options_key = format == RuleFileFormat::kJson ? "\"options\"" : "[options]";

  RuleFile file;
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
      options = &e;
    } else if (find_option(e.key)) {
      fail(e.key, source, e.line, "rule option '" + e.key + "' belongs under " + options_key);
    } else {
      fail(e.key, source, e.line, "unknown key '" + e.key + "' (a rule file has " + std::string(kTopKeys) + ")");
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
      fail("base", source, base->line, "unknown preset '" + base->value.text + "' (known: " + known + ")");
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

RuleFile parse_rule_file(std::string_view text, RuleFileFormat format, std::string_view source, const Rules& start) {
  return detail::parse_rule_text(text, format, source, start, /*builtin=*/false);
}

RuleFile load_rule_file(const std::string& path, const Rules& start) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RuleError("", "cannot read rule file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw RuleError("", "cannot read rule file '" + path + "'");
  const std::string contents = text.str();
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
  return parse_rule_file(contents, format, path, start);
}

void check_max_players(const Rules& rules, int max_players, std::string_view rule_set) {
  if (rules.players > max_players)
    throw RuleError("players", std::string(rule_set) + " is for 2 to " + std::to_string(max_players) +
                                   " players, not " + std::to_string(rules.players));
}

}  // namespace tonk
