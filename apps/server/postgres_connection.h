// PostgresStorage's connection and the players' part of its schema, shared by postgres_storage.cc
// and postgres_players.cc (private to the backend: libpqxx appears nowhere else).
#pragma once

#include <pqxx/pqxx>

#include "postgres_storage.h"

namespace tonk::serve {

struct PostgresStorage::Connection : pqxx::connection {
  using pqxx::connection::connection;
};

/// Creates the players' tables when missing, in the schema transaction `w`.
void create_player_schema(pqxx::work& w);
/// Writes staged players' writes in `w`. Throws StorageError (a standing of an unknown player).
void write_players(pqxx::transaction_base& w, const std::vector<PlayerWrite>& writes);

}  // namespace tonk::serve
