// `tonk serve --config FILE` (apps/tonk/config_file.h): the keys are the subcommand's own long flags,
// each value is checked as the command line would check it, a refusal names the file, the line and
// the key, and flags given on the command line win. First against a command line of the test's own
// with one option of every kind (so a flag added to serve later is covered by the same rules), then
// through the real program, and the shipped deploy/serve.toml against `tonk serve --help`.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "config_file.h"
#include "number_flags.h"
#include "text_flags.h"
#include "ws_client.h"

namespace tonk::test {
namespace {

namespace fs = std::filesystem;
using cli::ConfigError;

// A command line with an option of each kind a config file maps.
struct Command {
  CLI::App app{"test"};
  CLI::App* run = nullptr;
  std::string config, text;
  int whole = 0;
  double number = 0;
  std::vector<std::string> list;
  bool flag = false;
  long long hidden = 0;
  Command() {
    run = app.add_subcommand("run");
    run->add_option("--config", config);
    run->add_option("--text", text)->check(cli::not_empty("a text"));
    run->add_option("--whole", whole)->transform(cli::decimal_range(1, 64));
    run->add_option("--number", number)->check(cli::decimal_number_range(0.1, 100));
    run->add_option("--list", list)->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    run->add_flag("--flag", flag);
    run->add_option("--hidden", hidden)->group("");  // tests only: not a key
  }
  void parse(const std::vector<std::string>& arguments) {
    std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());
    reversed.push_back("run");
    app.parse(reversed);
  }
};

std::string check(const std::vector<std::string>& arguments) {
  Command c;
  try {
    c.parse(arguments);
    return "";
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
}

class ConfigFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tonk_config_" + std::to_string(getpid()));
    fs::create_directories(dir_);
    path_ = (dir_ / "serve.toml").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The arguments `toml` stands for after `command_line` was parsed.
  std::vector<std::string> arguments(const std::string& toml, const std::vector<std::string>& command_line = {}) {
    std::ofstream(path_, std::ios::binary) << toml;
    Command c;
    c.parse(command_line);
    return cli::config_arguments(path_, *c.run, "--config", check);
  }
  // Why `toml` is refused, or "accepted".
  std::string refusal(const std::string& toml) {
    try {
      arguments(toml);
      return "accepted";
    } catch (const ConfigError& e) {
      return e.what();
    }
  }
  fs::path dir_;
  std::string path_;
};

TEST_F(ConfigFile, EveryKindOfOptionTakesItsTomlType) {
  const std::vector<std::string> args = arguments(
      "# comments and blank lines are fine\n\n"
      "text = \"a b\"\nwhole = 3\nnumber = 0.5\nlist = [\"x\", \"-y\"]\nflag = true\n");
  EXPECT_EQ(args, (std::vector<std::string>{"--text=a b", "--whole=3", "--number=0.5", "--list=x", "--list=-y", "--flag"}));
  Command c;
  c.parse(args);
  EXPECT_EQ(c.text, "a b");
  EXPECT_EQ(c.whole, 3);
  EXPECT_EQ(c.number, 0.5);
  EXPECT_EQ(c.list, (std::vector<std::string>{"x", "-y"}));
  EXPECT_TRUE(c.flag);

  EXPECT_EQ(arguments("number = 2\nflag = false\nlist = []\n"), (std::vector<std::string>{"--number=2", "--flag=false"}));
  Command off;
  off.parse({"--flag=false"});
  EXPECT_FALSE(off.flag);
  EXPECT_TRUE(arguments("").empty());
}

TEST_F(ConfigFile, FlagsOnTheCommandLineWin) {
  EXPECT_EQ(arguments("whole = 3\ntext = \"file\"\nlist = [\"a\"]\n", {"--whole", "5", "--list", "b"}),
            (std::vector<std::string>{"--text=file"}));
  // The file's values are still checked when the command line gives the flag.
  EXPECT_THROW(arguments("whole = 0\n", {"--whole", "5"}), ConfigError);
}

TEST_F(ConfigFile, EveryMistakeNamesTheFileTheLineAndTheKey) {
  const std::string at = path_ + ":";
  // A key that names no option: the keys are listed (not the hidden ones, --config or --help).
  const std::string unknown = refusal("text = \"t\"\n\nwhol = 3\n");
  EXPECT_EQ(unknown.rfind(at + "3: whol: not a setting of `run`", 0), 0u) << unknown;
  EXPECT_NE(unknown.find("text, whole, number, list, flag"), std::string::npos) << unknown;
  EXPECT_EQ(unknown.find("hidden"), std::string::npos) << unknown;
  EXPECT_EQ(unknown.find("config,"), std::string::npos) << unknown;
  EXPECT_EQ(refusal("hidden = 1\n").rfind(at + "1: hidden: not a setting", 0), 0u);
  EXPECT_EQ(refusal("config = \"x.toml\"\n").rfind(at + "1: config: not a setting", 0), 0u);
  EXPECT_EQ(refusal("help = true\n").rfind(at + "1: help: not a setting", 0), 0u);
  // Wrong types.
  EXPECT_EQ(refusal("whole = \"3\"\n"), at + "1: whole: takes a whole number (such as 4), not a text");
  EXPECT_EQ(refusal("whole = 2.5\n"), at + "1: whole: takes a whole number (such as 4), not a decimal number");
  EXPECT_EQ(refusal("number = \"1\"\n"), at + "1: number: takes a number (such as 2 or 0.5), not a text");
  EXPECT_EQ(refusal("\ntext = 8080\n"), at + "2: text: takes a text in double quotes, not an integer");
  EXPECT_EQ(refusal("text = [\"a\"]\n"), at + "1: text: takes a text in double quotes, not a list");
  EXPECT_EQ(refusal("flag = \"yes\"\n"), at + "1: flag: takes true or false, not a text");
  EXPECT_EQ(refusal("list = \"a\"\n"),
            at + "1: list: takes a list (the flag is repeatable), such as list = [...], each a text in double quotes; not a text");
  EXPECT_EQ(refusal("list = [\"a\", 2]\n"), at + "1: list: takes a text in double quotes, not an integer");
  EXPECT_EQ(refusal("text = 1979-05-27\n"), at + "1: text: takes a text in double quotes, not a date");
  EXPECT_EQ(refusal("[run]\nwhole = 3\n").rfind(at + "1: run: is a table", 0), 0u);
  EXPECT_EQ(refusal("run.whole = 3\n").rfind(at + "1: run: is a table", 0), 0u);
  // Values the option itself refuses, in the option's words.
  EXPECT_EQ(refusal("whole = 0\n"), at + "1: whole: '0' is out of range: expected a whole number from 1 to 64 in decimal digits");
  EXPECT_EQ(refusal("whole = -3\n").rfind(at + "1: whole: '-3' is not a whole number", 0), 0u);
  EXPECT_EQ(refusal("number = 1000.5\n").rfind(at + "1: number: '1000.5' is out of range", 0), 0u);
  EXPECT_EQ(refusal("number = nan\n").rfind(at + "1: number: 'nan' is not a number", 0), 0u);
  EXPECT_EQ(refusal("text = \"\"\n"), at + "1: text: expected a text, not an empty text");
  // A key given twice (the line of the second), and TOML that does not parse.
  EXPECT_EQ(refusal("whole = 3\ntext = \"t\"\nwhole = 4\n"), at + "3: whole: given twice; each key may appear once");
  EXPECT_EQ(refusal("text = \"t\"\nwhole = \n").rfind(at + "2: not valid TOML: ", 0), 0u);
  // The first mistake in the file is the one reported, whatever the keys' order.
  EXPECT_EQ(refusal("zzz = 1\naaa = 2\n").rfind(at + "1: zzz:", 0), 0u);
  // A user's text is escaped in the message.
  EXPECT_EQ(refusal("\"bad\\u001b[2J\" = 1\n").rfind(at + "1: bad\\x1b[2J: not a setting", 0), 0u);
}

TEST_F(ConfigFile, AFileThatCannotBeReadIsRefused) {
  Command c;
  c.parse({});
  try {
    cli::config_arguments((dir_ / "missing.toml").string(), *c.run, "--config", check);
    FAIL() << "a missing file was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), (dir_ / "missing.toml").string() + ": cannot read it: No such file or directory");
  }
  std::ofstream(path_) << std::string(2 << 20, '#');
  EXPECT_THROW(cli::config_arguments(path_, *c.run, "--config", check), ConfigError);
  try {
    cli::config_arguments(dir_.string(), *c.run, "--config", check);
    FAIL() << "a directory was read as a config file with no settings";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), dir_.string() + ": is a directory, not a config file");
  }
}

// ---------------------------------------------------------------- through `tonk serve`

struct Finished {
  int status = -1;
  std::string output;  // stdout and stderr
};

Finished run(const std::string& command) {
  Finished r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), p)) > 0) r.output.append(buffer.data(), n);
  const int status = pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

TEST_F(ConfigFile, TonkServeReadsItsSettingsFromTheFileAndTheCommandLineWins) {
  std::ofstream(path_) << "# a host's settings\nmax-connections-per-address = 2\nworkers = 1\nlisten = \"127.0.0.1:1\"\n";
  {  // The file's cap applies; its listen address loses to the command line's port 0.
    ServerProcess server(":memory:", 1, "20", {"--config", path_});
    WsClient a(server.port(), 5), b(server.port(), 5);
    EXPECT_THROW(WsClient(server.port(), 5), std::exception) << "a third connection from one address";
    EXPECT_EQ(a.request({{"type", "ping"}})["type"], "pong");
  }
  {  // The command line's cap wins over the file's.
    ServerProcess server(":memory:", 1, "20", {"--config", path_, "--max-connections-per-address", "5"});
    WsClient a(server.port(), 5), b(server.port(), 5), c(server.port(), 5);
    EXPECT_EQ(c.request({{"type", "ping"}})["type"], "pong");
  }
}

TEST_F(ConfigFile, TonkServeRefusesABadFileBeforeListening) {
  const std::string serve = std::string(TONK_CLI) + " serve --listen 127.0.0.1:0 --db :memory: --config " + path_;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"workers = 2\nlisen = \"0.0.0.0:8080\"\n", ":2: lisen: not a setting of `serve`"},
      {"workers = \"2\"\n", ":1: workers: takes a whole number"},
      {"rate = true\n", ":1: rate: takes a number"},
      {"listen = 8080\n", ":1: listen: takes a text in double quotes, not an integer"},
      {"workers = 0\n", ":1: workers: '0' is out of range"},
      {"lease = 0.01\n", ":1: lease: '0.01' is out of range"},
      {"workers = 2\n\nworkers = 3\n", ":3: workers: given twice"},
      {"db = \"\"\n", ":1: db: expected a file or a URL, not an empty text"},
  };
  for (const auto& [toml, message] : cases) {
    std::ofstream(path_, std::ios::trunc) << toml;
    const Finished r = run(serve);
    EXPECT_EQ(r.status, 2) << toml << r.output;
    EXPECT_EQ(r.output.rfind("tonk serve: " + path_ + message, 0), 0u) << toml << r.output;
    EXPECT_EQ(r.output.find("listening"), std::string::npos) << r.output;
  }
  const Finished missing = run(std::string(TONK_CLI) + " serve --config " + (dir_ / "none.toml").string());
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.output.find("none.toml: cannot read it"), std::string::npos) << missing.output;
}

// The shipped /etc/tonk/serve.toml lists every flag of `tonk serve --help` as a key (commented out,
// with its default), so it cannot drift from the program; and the server accepts it as it is shipped.
TEST(ShippedServeToml, ListsEveryServeFlagAndIsAccepted) {
  const std::string shipped = std::string(TONK_SOURCE_DIR) + "/deploy/serve.toml";
  std::ifstream in(shipped);
  ASSERT_TRUE(in) << shipped;
  std::set<std::string> keys;
  const std::regex key_line(R"(^# ([a-z][a-z-]*) = \S.*$)");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, key_line)) keys.insert(m[1]);
  }
  const Finished help = run(std::string(TONK_CLI) + " serve --help");
  ASSERT_EQ(help.status, 0) << help.output;
  std::set<std::string> flags;
  const std::regex flag_line(R"(^\s+(?:-\w,)?--([a-z][a-z-]*)\b)");
  std::istringstream lines(help.output);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, flag_line) && m[1] != "help" && m[1] != "config") flags.insert(m[1]);
  }
  EXPECT_GE(flags.size(), 12u) << help.output;  // listen, db, ..., unjoined-expiry at least
  for (const std::string& flag : flags) EXPECT_TRUE(keys.count(flag)) << "deploy/serve.toml has no `# " << flag << " = ...` line";

  ServerProcess server(":memory:", 1, "20", {"--config", shipped});  // every line a comment: all defaults
  WsClient client(server.port());
  EXPECT_EQ(client.request({{"type", "ping"}})["type"], "pong");
}

}  // namespace
}  // namespace tonk::test
