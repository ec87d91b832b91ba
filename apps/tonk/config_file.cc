#include "config_file.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>

#include <toml++/toml.h>

#include "tonk/quoted_text.h"

namespace tonk::cli {

namespace {

constexpr std::size_t kMaxConfigBytes = 1 << 20;

// What an option's value is, which decides the TOML type its key takes.
enum class ValueKind { kFlag, kWhole, kNumber, kText };

bool has_validator(CLI::Option& option, const std::string& name) {
  try {
    option.get_validator(name);
    return true;
  } catch (const CLI::OptionNotFound&) {
    return false;
  }
}

ValueKind kind_of(CLI::Option& option) {
  if (option.get_items_expected_max() == 0) return ValueKind::kFlag;
  if (has_validator(option, "decimal_range")) return ValueKind::kWhole;
  if (has_validator(option, "decimal_number_range")) return ValueKind::kNumber;
  return ValueKind::kText;
}

bool repeatable(const CLI::Option& option) {
  const CLI::MultiOptionPolicy policy = option.get_multi_option_policy();
  return option.get_items_expected_max() > 1 || policy == CLI::MultiOptionPolicy::TakeAll ||
         policy == CLI::MultiOptionPolicy::Join;
}

std::string kind_text(ValueKind kind) {
  switch (kind) {
    case ValueKind::kFlag: return "true or false";
    case ValueKind::kWhole: return "a whole number (such as 4)";
    case ValueKind::kNumber: return "a number (such as 2 or 0.5)";
    case ValueKind::kText: return "a text in double quotes";
  }
  return "";
}

std::string node_text(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::string: return "a text";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a decimal number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::array: return "a list";
    case toml::node_type::table: return "a table";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date and time";
    default: return "nothing";
  }
}

// "--flag=VALUE" (so that a value starting with '-' is still the flag's), or "--flag" "" for an empty
// text (CLI11 reads "--flag=" as no value at all; this way the flag's own check refuses it).
std::vector<std::string> with_value(const std::string& flag, const std::string& value) {
  if (value.empty()) return {flag, value};
  return {flag + "=" + value};
}

// The arguments one value stands for, or nullopt when the value is not of the option's kind.
std::optional<std::vector<std::string>> arguments_for(const std::string& flag, const toml::node& value, ValueKind kind) {
  switch (kind) {
    case ValueKind::kFlag:
      if (const auto* b = value.as_boolean()) return b->get() ? std::vector<std::string>{flag} : with_value(flag, "false");
      return std::nullopt;
    case ValueKind::kWhole:
      if (const auto* i = value.as_integer()) return with_value(flag, std::to_string(i->get()));
      return std::nullopt;
    case ValueKind::kNumber:
      if (const auto* i = value.as_integer()) return with_value(flag, std::to_string(i->get()));
      if (const auto* f = value.as_floating_point()) {
        char text[512];  // the fixed notation of the largest double fits
        const auto [end, ec] = std::to_chars(text, text + sizeof text, f->get(), std::chars_format::fixed);
        if (ec != std::errc()) return std::nullopt;
        return with_value(flag, std::string(text, end));
      }
      return std::nullopt;
    case ValueKind::kText:
      if (const auto* s = value.as_string()) return with_value(flag, s->get());
      return std::nullopt;
  }
  return std::nullopt;
}

// toml++ refuses a key given twice as "cannot redefine existing integer 'workers'": the key, or "".
std::string redefined_key(std::string_view description) {
  const std::string_view marker = "cannot redefine existing ";
  const std::size_t at = description.find(marker);
  if (at == std::string_view::npos) return "";
  const std::size_t open = description.find('\'', at);
  const std::size_t close = description.rfind('\'');
  if (open == std::string_view::npos || close <= open) return "";
  return std::string(description.substr(open + 1, close - open - 1));
}

std::string read_config(const std::string& path) {
  std::error_code error;  // a directory opens and reads as empty: it would pass for a file with no settings
  if (std::filesystem::is_directory(path, error)) throw ConfigError(path + ": is a directory, not a config file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot read it: " + std::strerror(errno));
  std::string text;
  char block[65536];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxConfigBytes)
      throw ConfigError(path + ": larger than " + std::to_string(kMaxConfigBytes) + " bytes; a config file is a few lines");
  }
  if (in.bad()) throw ConfigError(path + ": cannot read it: " + std::strerror(errno));
  return text;
}

// CLI11's reason without the flag it starts with ("--workers: ..."): the message names the key.
std::string without_flag(std::string why, const std::string& flag) {
  if (why.rfind(flag + ": ", 0) == 0) why.erase(0, flag.size() + 2);
  return why;
}

}  // namespace

std::string config_key(const CLI::Option& option) {
  return option.get_lnames().empty() ? std::string() : option.get_lnames().front();
}

std::vector<CLI::Option*> config_options(CLI::App& command, const std::string& config_flag) {
  const CLI::Option* help = command.get_help_ptr();
  return command.get_options([&](CLI::Option* o) {
    return !o->get_lnames().empty() && !o->get_group().empty() && o != help && !o->check_name(config_flag);
  });
}

std::vector<std::string> config_arguments(const std::string& path, CLI::App& command, const std::string& config_flag,
                                          const ArgumentCheck& check) {
  const std::string text = read_config(path);
  toml::table table;
  try {
    table = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    const std::string line = path + ":" + std::to_string(e.source().begin.line) + ": ";
    if (const std::string key = redefined_key(e.description()); !key.empty())
      throw ConfigError(line + escaped_text(key) + ": given twice; each key may appear once");
    throw ConfigError(line + "not valid TOML: " + std::string(e.description()));
  }
  const std::vector<CLI::Option*> options = config_options(command, config_flag);
  // In the file's order, so that the first mistake reported is the first in the file.
  std::vector<std::pair<const toml::key*, toml::node*>> entries;
  for (auto&& [key, node] : table) entries.emplace_back(&key, &node);
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first->source().begin < b.first->source().begin; });

  std::vector<std::string> arguments;
  for (const auto& [key, node] : entries) {
    const std::string name(key->str());
    const std::string where =
        path + ":" + std::to_string(key->source().begin.line) + ": " + escaped_text(name) + ": ";
    const auto found = std::find_if(options.begin(), options.end(), [&](CLI::Option* o) { return config_key(*o) == name; });
    if (found == options.end() && node->is_table())
      throw ConfigError(where + "is a table ([" + escaped_text(name) + "] or " + escaped_text(name) +
                        ".KEY = ...); the settings are plain keys at the top of the file");
    if (found == options.end()) {
      std::string keys;
      for (CLI::Option* o : options) keys += (keys.empty() ? "" : ", ") + config_key(*o);
      throw ConfigError(where + "not a setting of `" + command.get_name() + "`; the settings are its long flags " +
                        "without the dashes: " + keys);
    }
    CLI::Option& option = **found;
    const std::string flag = "--" + name;
    const ValueKind kind = kind_of(option);
    std::vector<const toml::node*> values;
    if (repeatable(option)) {
      const toml::array* list = node->as_array();
      if (!list)
        throw ConfigError(where + "takes a list (the flag is repeatable), such as " + name + " = [...], each " +
                          kind_text(kind) + "; not " + node_text(*node));
      for (const toml::node& element : *list) values.push_back(&element);
    } else {
      values.push_back(node);
    }
    std::vector<std::string> own;
    for (const toml::node* value : values) {
      const std::optional<std::vector<std::string>> these = arguments_for(flag, *value, kind);
      if (!these) throw ConfigError(where + "takes " + kind_text(kind) + ", not " + node_text(*value));
      own.insert(own.end(), these->begin(), these->end());
    }
    if (const std::string why = check(own); !why.empty()) throw ConfigError(where + without_flag(why, flag));
    if (option.count() == 0) arguments.insert(arguments.end(), own.begin(), own.end());  // the command line wins
  }
  return arguments;
}

}  // namespace tonk::cli
