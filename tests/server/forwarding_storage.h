// A lobby's storage that forwards every call to a database outliving the lobby, so that a second
// lobby can be restored from what the first one committed (a restart without a process). Tests
// derive from it to watch one call (ended_tables_test.cc counts the whole-log reads; the tests'
// server crashes after a commit, crash_after_acts.h); the protocol fuzz target uses it as it is.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage.h"

namespace tonk::test {

class ForwardingStorage : public serve::Storage {
 public:
  explicit ForwardingStorage(std::shared_ptr<serve::Storage> db) : db_(std::move(db)) {}
  std::vector<serve::StoredTable> load_tables() override { return db_->load_tables(); }
  std::optional<serve::StoredTable> read_table(const std::string& code) override { return db_->read_table(code); }
  void create_table(const std::string& code, const std::string& config) override { db_->create_table(code, config); }
  void append(const std::string& code, std::int64_t seq, const std::string& entry) override { db_->append(code, seq, entry); }
  void close_table(const std::string& code, std::int64_t ended_ms, const std::string& final_state) override {
    db_->close_table(code, ended_ms, final_state);
  }
  void drop_table(const std::string& code) override { db_->drop_table(code); }
  bool code_used(const std::string& code) override { return db_->code_used(code); }
  void put_record(const std::string& code, int hand, const std::string& text) override { db_->put_record(code, hand, text); }
  std::optional<std::string> read_record(const std::string& code, int hand) override { return db_->read_record(code, hand); }
  std::optional<serve::EndedTable> read_ended(const std::string& code) override { return db_->read_ended(code); }
  std::size_t compact_logs(std::int64_t before, std::size_t n) override { return db_->compact_logs(before, n); }
  std::size_t delete_ended(std::int64_t before, bool keep, std::size_t n) override { return db_->delete_ended(before, keep, n); }
  std::vector<std::string> tables_without_records() override { return db_->tables_without_records(); }
  void commit() override { db_->commit(); }
  bool pending() const override { return db_->pending(); }
  void renew_leases() override { db_->renew_leases(); }
  std::vector<serve::StoredTable> take_over() override { return db_->take_over(); }
  void set_address(const std::string& url) override { db_->set_address(url); }
  std::optional<serve::LeaseInfo> lease_of(const std::string& code) override { return db_->lease_of(code); }
  std::chrono::milliseconds lease_period() const override { return db_->lease_period(); }
  void put_player(const std::string& key_hash, const std::string& name, std::int64_t created_ms) override {
    db_->put_player(key_hash, name, created_ms);
  }
  void put_standing(const std::string& key_hash, const serve::PlayerStanding& s) override { db_->put_standing(key_hash, s); }
  void add_player_hand(const std::string& key_hash, const serve::PlayerHand& h) override { db_->add_player_hand(key_hash, h); }
  void forget_player(const std::string& key_hash) override { db_->forget_player(key_hash); }
  std::optional<serve::PlayerRecord> read_player(const std::string& key_hash) override { return db_->read_player(key_hash); }
  std::vector<serve::PlayerHand> player_hands(const std::string& key_hash, std::size_t limit) override {
    return db_->player_hands(key_hash, limit);
  }
  std::vector<serve::LeaderboardRow> leaderboard(const std::string& group, double max_deviation, std::size_t limit) override {
    return db_->leaderboard(group, max_deviation, limit);
  }

 private:
  std::shared_ptr<serve::Storage> db_;
};

}  // namespace tonk::test
