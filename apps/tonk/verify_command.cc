// `tonk verify RECORD` (server_commands.h).
#include <iostream>
#include <sstream>

#include "fair_deal.h"
#include "server_commands.h"
#include "tonk/input_file.h"
#include "tonk/quoted_text.h"
#include "tonk/record.h"
#include "tonk/session.h"

namespace tonk::cli {

namespace {

constexpr std::size_t kMaxVerifyBytes = 256u << 20;

// The fair-deal comment lines before one hand's [Game] tag.
struct FairLines {
  std::int64_t line = 0;  // of "# fair: VERSION"
  std::string version;
  std::string seed;
  std::string commitment;
  std::vector<serve::Contribution> contributions;
  std::string abandoned;  // why the hand was cut short ("# fair-abandoned: REASON"), or ""
};

std::string after(const std::string& line, std::string_view prefix) {
  std::string v = line.substr(prefix.size());
  while (!v.empty() && (v.back() == '\r' || v.back() == ' ')) v.pop_back();
  return v;
}

}  // namespace

int run_verify(const std::string& path) {
  // Read with the bound as it goes (input_file.h): `tonk verify /dev/zero` or a directory gets a
  // clear error, not all the memory there is.
  std::string text;
  try {
    text = read_input_file(path, kMaxVerifyBytes, "a record to verify");
  } catch (const InputFileError& e) {
    std::cerr << "tonk verify: " << e.what() << "\n";
    return 2;
  }
  std::vector<HandRecord> records;
  try {
    records = parse_records(text);
  } catch (const RecordError& e) {
    std::cerr << path << ":" << e.line() << ": " << e.what() << "\n";
    return 2;
  }
  std::vector<FairLines> groups;
  {
    std::istringstream lines(text);
    std::string line;
    std::int64_t number = 0;
    while (std::getline(lines, line)) {
      ++number;
      if (line.rfind("# fair: ", 0) == 0) {
        groups.push_back({number, after(line, "# fair: "), "", "", {}, ""});
      } else if (!groups.empty() && line.rfind("# fair-seed: ", 0) == 0) {
        groups.back().seed = after(line, "# fair-seed: ");
      } else if (!groups.empty() && line.rfind("# fair-commitment: ", 0) == 0) {
        groups.back().commitment = after(line, "# fair-commitment: ");
      } else if (!groups.empty() && line.rfind("# fair-abandoned: ", 0) == 0) {
        groups.back().abandoned = after(line, "# fair-abandoned: ");
        if (groups.back().abandoned.empty()) groups.back().abandoned = "ended";
      } else if (!groups.empty() && line.rfind("# fair-contribution: ", 0) == 0) {
        const std::string v = after(line, "# fair-contribution: ");
        const auto colon = v.find(':');
        if (colon == std::string::npos || colon == 0 || colon > 1 || v[0] < '0' || v[0] > '7') {
          std::cerr << path << ":" << number << ": a fair-contribution is SEAT:HEX\n";
          return 2;
        }
        groups.back().contributions.push_back({v[0] - '0', v.substr(colon + 1)});
      }
    }
  }
  int failures = 0;
  std::int64_t previous = 0;
  std::size_t g = 0;
  for (const HandRecord& r : records) {
    const FairLines* fair = nullptr;
    while (g < groups.size() && groups[g].line < r.lines.game) {
      if (groups[g].line > previous) fair = &groups[g];
      ++g;
    }
    previous = r.lines.game;
    const std::string where = path + ":" + std::to_string(r.lines.game) + ": hand " + std::to_string(r.number) + ": ";
    if (!fair) {
      std::cout << where << "NOT VERIFIED: no fair-deal lines (not dealt by tonk serve)\n";
      ++failures;
      continue;
    }
    try {
      if (fair->version != serve::kFairVersion) throw std::runtime_error("unknown derivation " + quoted_text(fair->version));
      if (!serve::is_hex(fair->seed, 64, 64)) throw std::runtime_error("the seed is not 64 hex digits");
      for (const serve::Contribution& c : fair->contributions)
        if (!serve::is_hex(c.entropy, 2, 64)) throw std::runtime_error("a contribution is not 2 to 64 hex digits");
      const std::vector<std::uint8_t> seed = serve::from_hex(fair->seed);
      const std::string commitment =
          serve::sha256_hex(std::string_view(reinterpret_cast<const char*>(seed.data()), seed.size()));
      if (commitment != fair->commitment)
        throw std::runtime_error("SHA-256 of the seed is " + commitment + ", not the commitment " + quoted_text(fair->commitment));
      const std::string digest = serve::deal_digest(fair->seed, r.number, fair->contributions);
      const auto game = make_game(r.rules);
      if (serve::fair_deck(*game, digest) != r.deck)
        throw std::runtime_error("the deck dealt is not the one the seed and the contributions give");
      if (r.number == 1) {
        const Session session(game, serve::fair_session_seed(digest));
        if (session.dealer() != r.dealer)
          throw std::runtime_error("the first dealer is not the cut of the derived session seed (S5)");
      }
      const Hand played = replay(r);  // the hand played from that deck is legal and its result is right
      if (!fair->abandoned.empty() && played.is_over())
        throw std::runtime_error("marked abandoned (" + quoted_text(fair->abandoned) + ") but the hand is finished");
      std::cout << where << "verified (" << fair->version << ", " << fair->contributions.size() << " contribution"
                << (fair->contributions.size() == 1 ? "" : "s");
      if (!fair->abandoned.empty())
        std::cout << "; abandoned: " << quoted_text(fair->abandoned) << ", " << r.moves.size() << " move"
                  << (r.moves.size() == 1 ? "" : "s") << " played";
      std::cout << ")\n";
    } catch (const RecordError& e) {
      std::cout << path << ":" << e.line() << ": hand " << r.number << ": NOT VERIFIED: " << e.what() << "\n";
      ++failures;
    } catch (const std::exception& e) {
      std::cout << where << "NOT VERIFIED: " << e.what() << "\n";
      ++failures;
    }
  }
  if (records.empty()) {
    std::cerr << "tonk verify: " << path << " holds no hand\n";
    return 2;
  }
  return failures ? 1 : 0;
}

}  // namespace tonk::cli
