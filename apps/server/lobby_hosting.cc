// Hosting tables: restoring them from the storage at start, and with a shared storage (storage.h
// leases) renewing this server's leases, taking over the tables of a server that stopped, and saying
// where an open table is hosted (GET /tables/CODE/host).
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>

#include "lobby.h"
#include "server_table.h"
#include "table_code.h"

namespace tonk::serve {

using nlohmann::json;

std::size_t Lobby::restore() {
  store_missing_records();
  adopt(storage_->load_tables());
  return tables_.size();
}

void Lobby::store_missing_records() {
  for (const std::string& code : storage_->tables_without_records()) {
    const std::optional<StoredTable> stored = storage_->read_table(code);
    if (!stored) continue;
    std::string final_state;
    std::vector<std::string> records;
    try {
      records = ServerTable::records_of(*stored, &final_state);
    } catch (const std::exception& e) {
      set_aside_unrestorable(code, e);  // or throws
      continue;
    }
    // Before the tables run: one commit per table, on this thread.
    storage_->with_backend([&](Storage& backend) {
      for (std::size_t i = 0; i < records.size(); ++i)
        if (!records[i].empty()) backend.put_record(code, static_cast<int>(i) + 1, records[i]);
      if (stored->closed) backend.close_table(code, now_ms(), final_state);  // its final state, for `watch`
      backend.commit();
    });
  }
}

void Lobby::set_aside_unrestorable(const std::string& code, const std::exception& why) {
  const std::string what = "table " + code + " does not restore from the storage: " + why.what();
  // One server: it stops, and its host sees why (run_server returns 1). Shared: every other server
  // would take the table over in turn and stop too, so it is set aside here, its lease held
  // (renewed with this server's others) and its rows left as they are for the host.
  if (storage_->lease_period().count() == 0) throw std::runtime_error(what);
  storage_->drop_waiting(code);  // no other server points quick play at it (committed with the next batch)
  std::cerr << "tonk serve: " << what << "; set aside (not hosted, its rows left in the storage)" << std::endl;
}

std::size_t Lobby::adopt(std::vector<StoredTable> stored) {
  std::vector<std::shared_ptr<ServerTable>> adopted;
  for (StoredTable& t : stored) {
    std::shared_ptr<ServerTable> table;
    try {
      table = std::make_shared<ServerTable>(*this, TableConfig::from_json(t.config));
      for (const std::string& entry : t.log) table->replay(entry);
    } catch (const std::exception& e) {
      tokens_.remove_table(t.code);  // what its replay registered before it failed
      set_aside_unrestorable(t.code, e);  // or throws
      continue;
    }
    tables_[t.code] = table;
    if (table->config().listed) listed_.insert(t.code);  // quick play may still seat people there
    adopt_rematch(*table);  // a rematch's offer stands
    adopted.push_back(table);
    if (table->never_joined()) arm_expiry(t.code);  // the full period again after a restart
  }
  for (auto& table : adopted) table->go_live();
  flush();
  return adopted.size();
}

void Lobby::keep_leases() {
  try {
    storage_->renew_leases();
    const std::size_t n = adopt(storage_->take_over());
    if (n > 0) std::cerr << "tonk serve: took over " << n << " table" << (n == 1 ? "" : "s") << " whose server stopped" << std::endl;
  } catch (const std::exception& e) {  // StorageError (a taken table that does not restore is set aside)
    std::cerr << "tonk serve: storage failed, stopping: " << e.what() << std::endl;
    std::_Exit(3);
  }
}

void Lobby::set_advertise(const std::string& url) {
  advertise_ = url;
  storage_->set_address(url);
}

std::optional<json> Lobby::table_host(const std::string& code) {
  if (!is_table_code_form(code)) return std::nullopt;
  if (storage_->lease_period().count() == 0) {  // one server hosts every open table: this one
    auto t = find(code);
    if (!t || t->over()) return std::nullopt;
    return json{{"table", code}, {"host", advertise_}, {"lease_until", nullptr}, {"expired", false}};
  }
  const std::optional<LeaseInfo> lease = storage_->lease_of(code);
  if (!lease) return std::nullopt;
  return json{{"table", code},
              {"host", lease->address.empty() ? json(nullptr) : json(lease->address)},
              {"lease_until", lease->until},
              {"expired", lease->expired}};
}

}  // namespace tonk::serve
