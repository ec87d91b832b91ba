// The seats' tokens by hash: a token opens the seat it was added for; removing it, or every token of
// its table (a table set aside before it went live), leaves the other tables' tokens as they were.
#include <gtest/gtest.h>

#include <string>

#include "fair_deal.h"
#include "token_registry.h"

namespace tonk::serve {
namespace {

TEST(TokenRegistry, RemovingATablesTokensLeavesTheOthers) {
  const std::string a0(32, 'a'), a1(32, 'b'), b0(32, 'c');
  TokenRegistry tokens;
  tokens.add(sha256_hex(a0), "TABLEA", 0);
  tokens.add(sha256_hex(a1), "TABLEA", 1);
  tokens.add(sha256_hex(b0), "TABLEB", 0);
  ASSERT_TRUE(tokens.find(a1).has_value());
  EXPECT_EQ(tokens.find(a1)->table, "TABLEA");
  EXPECT_EQ(tokens.find(a1)->seat, 1);
  tokens.remove_table("TABLEA");
  EXPECT_FALSE(tokens.find(a0).has_value());
  EXPECT_FALSE(tokens.find(a1).has_value());
  ASSERT_TRUE(tokens.find(b0).has_value());
  EXPECT_EQ(tokens.find(b0)->table, "TABLEB");
  tokens.remove(sha256_hex(b0));
  EXPECT_FALSE(tokens.find(b0).has_value());
  tokens.remove_table("NOSUCH");  // nothing to remove: nothing happens
}

}  // namespace
}  // namespace tonk::serve
