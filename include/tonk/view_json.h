// A View as JSON: what a game server sends one seat (schema: docs/VIEW_JSON.md).
//
// The JSON is written from the View's public fields alone (never View::public_state(), never a
// State), so it holds exactly what the seat may know: its own hand, the sizes of the others and
// the cards they publicly took, the table, the top discard and the pile, the public history, and
// at the showdown every hand and the outcome. Never a stock card.
#pragma once

#include <cstdint>
#include <string>

#include "tonk/game.h"
#include "tonk/view.h"

namespace tonk {

/// The version named in every document's "schema" field.
inline constexpr const char* kViewJsonSchema = "tonk.view/1";

/// `view` as a JSON object (docs/VIEW_JSON.md): compact on one line, or pretty-printed with
/// `indent` spaces per level when indent >= 0. Cards are in the record notation ("Ac", "Th", "X1").
/// Throws std::invalid_argument when view.game is null (a View not built by make_view nor filled in).
std::string to_json(const View& view, int indent = -1);

/// The public document of the hand `view` is of: what anyone watching may know (a server's
/// spectators, docs/PROTOCOL.md "state"). The same document as to_json's, written by the same
/// writer, with what only view.player knows left out: `player`, `count` and `taken_discard` null,
/// `hand` empty. Throws as to_json.
std::string to_public_json(const View& view, int indent = -1);

/// A spread's form as the view's `form` writes it (docs/VIEW_JSON.md): {"kind":"book","rank":"9"},
/// or {"kind":"run","suit":"h","places":["3","4","5"]}: the ranks of `size` places from the shape's lowest
/// (no "places" when `size` is 0: a hit's shape). `shape` is action.h's (0 gives "null"; a spread
/// without wild cards: Game::shape_of). The one writer of it, for the view, the server's `legal`,
/// events and hints.
std::string form_json(const Game& game, std::uint8_t shape, int size);

}  // namespace tonk
