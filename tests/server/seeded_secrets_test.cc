// The in-process server's secrets (server seeds, so the deals; tokens; table codes; bots' seeds) come
// from a generator seeded once per test process, not from the OS's CSPRNG, so a test that drives the
// lobby in memory (memory_lobby.h) deals the same cards on every run. Otherwise a test that expects
// the first hand to be in play fails on the rare deal that ends at once (a dealt tonk, S7), and
// only sometimes. ctest runs each test in its own process, so each starts from the same seed. A test
// that installs its own source (ended_tables_test.cc) replaces this one and restores the CSPRNG
// ({}) when done. Servers started as separate processes still draw from the CSPRNG.
#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "fair_deal.h"

namespace tonk {
namespace {

constexpr std::uint64_t kSecretsSeed = 20261206;

class SeededSecrets final : public ::testing::Environment {
 public:
  /// Installs a generator starting at kSecretsSeed.
  void SetUp() override {
    struct Stream {
      std::mutex mutex;  // a server's threads may draw at once
      std::mt19937_64 generator{kSecretsSeed};
    };
    auto stream = std::make_shared<Stream>();
    serve::set_random_source_for_testing([stream](std::span<unsigned char> out) {
      const std::lock_guard<std::mutex> lock(stream->mutex);
      for (unsigned char& b : out) b = static_cast<unsigned char>(stream->generator());
    });
  }
  void TearDown() override { serve::set_random_source_for_testing({}); }
};

[[maybe_unused]] ::testing::Environment* const kSeededSecrets = ::testing::AddGlobalTestEnvironment(new SeededSecrets);

// The secrets drawn after the source is installed are the seeded stream's: the same on every run,
// and two draws differ (the stream goes on).
TEST(SeededSecrets, TheInProcessServerDrawsFromTheSeededStream) {
  SeededSecrets().SetUp();  // from the start of the stream, whatever ran before in this process
  const std::string a = serve::random_hex(8), b = serve::random_hex(8);
  EXPECT_NE(a, b);
  std::mt19937_64 generator(kSecretsSeed);
  std::vector<unsigned char> bytes;
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<unsigned char>(generator()));
  EXPECT_EQ(a, serve::to_hex(bytes));
}

}  // namespace
}  // namespace tonk
