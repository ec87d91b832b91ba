// A storage that ends the process (status 137, as kill -9 does) right after the commit that holds
// the n-th action a person sent, before the server sends anything about it: the crash between
// commit and send, on demand rather than by the luck of a random kill. For the tests' server
// (fault_server.cc) only; `tonk serve` has nothing of it.
#pragma once

#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "forwarding_storage.h"

namespace tonk::test {

class CrashAfterActs final : public ForwardingStorage {
 public:
  /// Ends the process after committing the `acts`-th person's action (1 or more) appended through it.
  CrashAfterActs(std::shared_ptr<serve::Storage> db, long long acts) : ForwardingStorage(std::move(db)), acts_(acts) {}

  std::vector<serve::StoredTable> load_tables() override { return learned(ForwardingStorage::load_tables()); }
  std::vector<serve::StoredTable> take_over() override { return learned(ForwardingStorage::take_over()); }
  void append(const std::string& code, std::int64_t seq, const std::string& entry) override {
    ForwardingStorage::append(code, seq, entry);
    if (learn(code, entry)) ++staged_acts_;
  }
  void commit() override {
    ForwardingStorage::commit();
    if (staged_acts_ >= acts_) std::_Exit(137);
  }

 private:
  // Follows table `code`'s seats through its log entry (ServerTable's log: a "join" seats a person,
  // a "leave" hands the seat to a bot); true for an action a person sent (not a bot's, nor one the
  // turn timer had a bot play for the person: "auto").
  bool learn(const std::string& code, const std::string& entry) {
    const nlohmann::json e = nlohmann::json::parse(entry, nullptr, false);
    if (!e.is_object() || !e.contains("k") || !e.contains("seat") || !e["seat"].is_number_integer()) return false;
    std::set<int>& people = people_[code];
    const int seat = e["seat"].get<int>();
    if (e["k"] == "join") people.insert(seat);
    if (e["k"] == "leave") people.erase(seat);
    return e["k"] == "act" && !e.value("auto", false) && people.count(seat) > 0;
  }
  std::vector<serve::StoredTable> learned(std::vector<serve::StoredTable> tables) {
    for (const serve::StoredTable& t : tables)
      for (const std::string& entry : t.log) learn(t.code, entry);
    return tables;
  }

  long long acts_;
  long long staged_acts_ = 0;  // person's actions appended so far
  std::map<std::string, std::set<int>> people_;  // table code -> the seats people hold
};

}  // namespace tonk::test
