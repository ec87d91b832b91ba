#include "server_commands.h"

#include <algorithm>
#include <filesystem>

#include "config_file.h"
#include "number_flags.h"
#include "program_path.h"
#include "text_flags.h"

namespace tonk::cli {

void add_server_commands(CLI::App& app, ServerCommands& c) {
  c.serve = app.add_subcommand("serve", "Host Tonk tables for browsers and other clients (HTTP + WebSocket, docs/PROTOCOL.md)");
  c.serve->footer(
      "Tables, seats and every action are kept in the database (a SQLite file, created when missing):\n"
      "a restarted server resumes every table where it was. Port 0 picks a free port (printed).\n"
      "With --db postgresql://USER@HOST:PORT/DB several servers share one database, each table hosted by\n"
      "one of them under a lease; when a server stops, another takes its tables over (docs/SCALING.md).\n"
      "Settings can also come from a TOML file (--config; the package's is /etc/tonk/serve.toml): each key\n"
      "is a long flag without its dashes (max-connections = 4096); flags on the command line win.\n"
      "On the internet: https with --tls-cert and --tls-key, or a reverse proxy in front (--trusted-proxy;\n"
      "deploy/ holds an nginx site and a Caddyfile). Every page is served with a Content-Security-Policy.\n"
      "Example: tonk serve --listen 127.0.0.1:8080 --db tonk-serve.db");
  c.serve->add_option("--config", c.config_file,
                      "Read settings from a TOML file, one key per flag (listen = \"0.0.0.0:8080\"); flags given here win")
      ->type_name("FILE")
      ->check(not_empty("a file"));
  c.serve->add_option("--listen", c.serve_options.listen, "HOST:PORT to listen on (default 127.0.0.1:8080)")
      ->type_name("HOST:PORT")
      ->check(not_empty("HOST:PORT"));
  c.serve->add_option("--db", c.serve_options.db,
                      "The database: a SQLite file (default tonk-serve.db), :memory:, or postgresql://USER@HOST:PORT/DB (shared)")
      ->type_name("FILE|URL")
      ->check(not_empty("a file or a URL"));
  c.serve->add_option("--lease", c.serve_options.lease,
                      "PostgreSQL: seconds a table's lease lasts when its server stops renewing it (default 10)")
      ->type_name("SECONDS")
      ->check(decimal_number_range(0.1, 3600.0));
  c.serve->add_option("--static", c.static_dir,
                      "Serve the browser client's built files from DIR (default web/dist if present here, else the "
                      "installed page, /usr/share/tonk/web)")
      ->type_name("DIR")
      ->check(not_empty("a directory"));
  c.serve->add_option("--advertise", c.serve_options.advertise,
                      "The URL clients reach this server at, recorded with its tables' leases for a load balancer "
                      "(GET /tables/CODE/host; default http://HOST:PORT of --listen)")
      ->type_name("URL")
      ->check(not_empty("a URL"));
  c.serve->add_option("--workers", c.serve_options.workers, "Threads that think for bots and hints (default 2)")
      ->type_name("N")
      ->transform(decimal_range(1, 64));
  c.serve->add_option("--rate", c.serve_options.rate, "Messages per second each connection may send (default 20; burst twice that)")
      ->type_name("N")
      ->check(decimal_number_range(1.0, 1e9));
  c.serve->add_option("--http-rate", c.serve_options.http_rate,
                      "HTTP requests per second one remote address may make, WebSocket upgrades included (default "
                      "20; a burst of ten seconds' worth; more get 429 with Retry-After)")
      ->type_name("N")
      ->check(decimal_number_range(0.01, 1e9));
  c.serve->add_option("--max-connections-per-address", c.serve_options.max_connections_per_address,
                      "Connections one remote address may hold open at once (default 64; more are refused)")
      ->type_name("N")
      ->transform(decimal_range(1, 1000000));
  c.serve->add_option("--max-connections", c.serve_options.max_connections,
                      "Connections open at once in all (default 4096; keep it under ulimit -n)")
      ->type_name("N")
      ->transform(decimal_range(1, 1000000));
  c.serve->add_option("--max-hints", c.serve_options.max_hints,
                      "Hints one table may have queued or running at once (default 8: one per seat, never `busy`; "
                      "other tables' hints never count)")
      ->type_name("N")
      ->transform(decimal_range(1, 1000));
  c.serve->add_option("--max-bot-worlds", c.serve_options.max_bot_worlds,
                      "The ceiling on a bot's or a hint's search, in worlds per decision (default 2000): `create` "
                      "refuses an mc:N bot above it, and a stored table's bot searches no more")
      ->type_name("N")
      ->transform(decimal_range(1, 1000000));
  c.serve->add_option("--max-unjoined-per-address", c.serve_options.max_unjoined_per_address,
                      "Tables nobody joined yet one remote address may have created (default 20; more get "
                      "`too_many_tables`; a load test or a proxy in front needs more)")
      ->type_name("N")
      ->transform(decimal_range(1, 1000000));
  c.serve->add_option("--unjoined-expiry", c.serve_options.unjoined_expiry,
                      "Seconds after which a table nobody joined is removed (default 600)")
      ->type_name("SECONDS")
      ->check(decimal_number_range(0.1, 1e7));
  c.serve->add_option("--quick-wait-seconds", c.serve_options.quick_wait,
                      "Quick play: seconds a new public table waits for people before bots of the asked level fill "
                      "its open seats and the first hand is dealt (default 20)")
      ->type_name("SECONDS")
      ->check(decimal_number_range(0.1, 3600));
  c.serve->add_option("--max-quick-asks-per-minute", c.serve_options.max_quick_asks_per_minute,
                      "Quick play: asks one remote address may make a minute, on average and at once; more are "
                      "refused rate_limited (default 30)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000));
  c.serve->add_option("--rating-period-hands", c.serve_options.rating_period_hands,
                      "Ratings: a player's rating period closes at their N-th rated hand of it, in each preset "
                      "group (default 10)")
      ->type_name("N")
      ->transform(decimal_range(1, 1000));
  c.serve->add_flag("--rating-period-day", c.serve_options.rating_period_day,
                    "Ratings: a rating period closes at midnight UTC instead, and each day away grows the "
                    "deviation");
  c.serve->add_option("--leaderboard-deviation", c.serve_options.leaderboard_deviation,
                      "Ratings: a leaderboard lists the players whose rating deviation is below this many "
                      "rating points (default 150)")
      ->type_name("POINTS")
      ->check(decimal_number_range(1, 350));
  c.serve->add_option("--rematch-wait-seconds", c.serve_options.rematch_wait,
                      "Play again: seconds a rematch waits, from its first accept, for the other seats of the "
                      "ended table before bots take the seats nobody accepted (a public table's after the quick wait "
                      "more, open to strangers meanwhile; default 60)")
      ->type_name("SECONDS")
      ->check(decimal_number_range(0.1, 3600));
  c.serve->add_option("--keep-log", c.serve_options.keep_log,
                      "Seconds an ended table's whole log is kept before it is compacted to its records and final "
                      "ledger (default 0: at the next sweep; a closed table is never replayed)")
      ->type_name("SECONDS")
      ->check(decimal_number_range(0, 1e10));
  c.serve->add_option("--delete-ended-after", c.serve_options.delete_ended_after,
                      "Seconds after which an ended table is deleted from the database, its records too unless "
                      "--keep-records (default 2592000: 30 days; 0: never)")
      ->type_name("SECONDS")
      ->check(decimal_number_range(0, 1e10));
  c.serve->add_flag("--keep-records", c.serve_options.keep_records,
                    "Deleting an ended table keeps its hands' records (GET /records/CODE/N answers for ever)");
  c.serve->add_option("--retention-sweep", c.serve_options.retention_sweep,
                      "Seconds between two applications of the retention policy (default 60)")
      ->type_name("SECONDS")
      ->check(decimal_number_range(0.1, 86400));
  c.serve->add_option("--tls-cert", c.serve_options.tls_cert,
                      "Serve https and wss with this PEM certificate chain (certbot's fullchain.pem); with --tls-key. "
                      "SIGHUP reloads both (a bad new file is refused and the old one kept)")
      ->type_name("FILE")
      ->check(not_empty("a file"));
  c.serve->add_option("--tls-key", c.serve_options.tls_key, "The certificate's unencrypted PEM private key (certbot's privkey.pem)")
      ->type_name("FILE")
      ->check(not_empty("a file"));
  c.serve->add_option("--redirect-http", c.serve_options.redirect_http,
                      "With TLS: also listen for plain http on HOST:PORT, only to redirect every request to https")
      ->type_name("HOST:PORT")
      ->check(not_empty("HOST:PORT"));
  c.serve->add_option("--trusted-proxy", c.serve_options.trusted_proxies,
                      "A reverse proxy's address range (CIDR, e.g. 127.0.0.1/32 or ::1/128; repeatable): from it only, "
                      "the client's address and scheme are read from X-Forwarded-For / Forwarded and X-Forwarded-Proto "
                      "(for every per-address limit and log line)")
      ->type_name("CIDR")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->check(not_empty("an address range"));
  c.serve->add_option("--allowed-origin", c.serve_options.allowed_origins,
                      "A web origin besides the server's own whose pages may open /ws (https://HOST[:PORT]; repeatable). "
                      "Browsers' requests from any other origin are refused; clients sending no Origin are not")
      ->type_name("ORIGIN")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->check(not_empty("an origin"));
  c.serve_backup = app.add_subcommand(
      "serve-backup", "Copy the SQLite database of `tonk serve` into a file, consistently, even while the server runs");
  c.serve_backup->footer(
      "A server started on the copy resumes every table as it was when the copy was taken.\n"
      "Example: tonk serve-backup /var/lib/tonk/tonk-serve.db /var/backups/tonk-$(date +%F).db");
  c.serve_backup->add_option("DB", c.backup_db, "The server's SQLite database (its --db)")
      ->required()
      ->type_name("FILE")
      ->check(not_empty("a file"));
  c.serve_backup->add_option("FILE", c.backup_file, "The copy to write")->required()->type_name("FILE")->check(not_empty("a file"));
  c.serve_backup->add_flag("--force", c.backup_force, "Replace FILE if it exists");
  c.verify = app.add_subcommand("verify", "Check that each served hand in a record file was dealt as committed (provably fair deals)");
  c.verify->add_option("RECORD", c.verify_path, "A record file downloaded from `tonk serve`")->required();
}

namespace {

// Whether `serve` accepts these arguments: they are parsed by a fresh copy of the command line.
std::string check_serve_arguments(const std::vector<std::string>& arguments) {
  CLI::App scratch;
  ServerCommands commands;
  add_server_commands(scratch, commands);
  std::vector<std::string> reversed(arguments.rbegin(), arguments.rend());  // CLI11 reads them from the back
  reversed.push_back(commands.serve->get_name());
  try {
    scratch.parse(reversed);
    return "";
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
}

}  // namespace

void apply_serve_config(CLI::App& app, ServerCommands& c, int argc, char** argv) {
  if (!c.serve->parsed() || c.config_file.empty()) return;
  const std::vector<std::string> settings = config_arguments(c.config_file, *c.serve, "--config", check_serve_arguments);
  if (settings.empty()) return;
  std::vector<std::string> arguments(argv + 1, argv + argc);
  // The program takes no arguments of its own before a subcommand, so its name is the first "serve".
  const auto serve = std::find(arguments.begin(), arguments.end(), c.serve->get_name());
  arguments.insert(serve == arguments.end() ? serve : serve + 1, settings.begin(), settings.end());
  std::reverse(arguments.begin(), arguments.end());
  app.parse(arguments);
}

std::optional<int> run_server_commands(ServerCommands& c) {
  if (c.serve->parsed()) {
    serve::ServeOptions o = c.serve_options;
    o.static_dir = c.static_dir;
    std::error_code error;  // the non-throwing checks: a symlink loop or a name too long is a usage error
    if (o.static_dir.empty() && std::filesystem::is_directory("web/dist", error)) o.static_dir = "web/dist";
    // Installed (the package): the page is in <prefix>/share/tonk/web beside the program's bin/.
    if (const std::string installed = installed_page_dir();
        o.static_dir.empty() && !installed.empty() && std::filesystem::is_directory(installed, error))
      o.static_dir = installed;
    if (o.static_dir.empty())
      std::cerr << "tonk serve: no browser page to serve (no web/dist here, none installed): run scripts/serve.sh "
                   "from the repository's root to build it and start the server, or pass --static DIR\n";
    if (!o.static_dir.empty() && !std::filesystem::is_directory(o.static_dir, error)) {
      std::cerr << "tonk serve: --static " << o.static_dir << " is not a directory"
                << (error ? " (" + error.message() + ")" : "") << "\n";
      return 2;
    }
    // A SQLite database is a regular file (created when missing): a device or a directory is refused
    // before SQLite opens it (it would write a journal beside /dev/zero).
    if (o.db != ":memory:" && o.db.rfind("postgresql://", 0) != 0 && o.db.rfind("postgres://", 0) != 0) {
      const auto status = std::filesystem::status(o.db, error);
      if (error && error != std::errc::no_such_file_or_directory) {
        std::cerr << "tonk serve: --db " << o.db << ": " << error.message() << "\n";
        return 2;
      }
      if (!error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
        std::cerr << "tonk serve: --db " << o.db << ": is not a regular file; give a SQLite database file, "
                  << ":memory: or a postgresql:// URL\n";
        return 2;
      }
    }
    return serve::run_server(o);
  }
  if (c.serve_backup->parsed()) return run_serve_backup(c.backup_db, c.backup_file, c.backup_force);
  if (c.verify->parsed()) return run_verify(c.verify_path);
  return std::nullopt;
}

}  // namespace tonk::cli
