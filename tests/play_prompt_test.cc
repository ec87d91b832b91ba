// The `tonk play` prompt and help are generated from the kinds of action the engine lists as legal
// (legal actions): under every preset and the variations that add moves (V13d claim, V19c end, V21 slap
// and pass), at every decision of random play, the prompt offers exactly the legal kinds. Also the
// texts of wild-card spreads (V13a), card tokens, rule IDs in words and docs/RULES.md coverage.
#include <gtest/gtest.h>

#include <memory>

#include <array>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "text_contains.h"
#include "card_tokens.h"
#include "play_prompt.h"
#include "rule_explain.h"
#include "rule_flags.h"
#include "rules_in_words.h"
#include "spread_text.h"
#include "tonk/hand.h"
#include "tonk/preset.h"
#include "tonk/rng.h"
#include "tonk/rule_options.h"

namespace tonk::cli {
namespace {

using tonk::test::contains;

// The words of the prompt that offer each kind (Style without colour).
std::string offer_of(ActionKind kind, const Rules& rules) {
  switch (kind) {
    case ActionKind::kClaim: return "claim a win with your dealt";
    case ActionKind::kDrop: return rules.drop_called_tonk ? "tonk to drop (V12a)" : "drop";
    case ActionKind::kTakeStock: return "s ";
    case ActionKind::kTakeDiscard: return "t take the";
    case ActionKind::kSpread: return "sp CARDS";
    case ActionKind::kHit: return "h N CARDS";
    case ActionKind::kDiscard: return "x CARD";
    case ActionKind::kEndTurn: return "end your turn without a discard (V19c)";
    case ActionKind::kSlap: return "slap N to slap";
    case ActionKind::kPass: return "pass (V21)";
  }
  return "?";
}

// A random move that lets hands run long and reach the rarer kinds: never a drop when something
// else is legal, and a spread, hit, slap or claim two times in three when there is one.
Action busy_move(const ActionList& legal, Rng& rng) {
  std::vector<Action> eager, other;
  for (const Action& a : legal) {
    if (a.kind == ActionKind::kSpread || a.kind == ActionKind::kHit || a.kind == ActionKind::kSlap ||
        a.kind == ActionKind::kClaim)
      eager.push_back(a);
    else if (a.kind != ActionKind::kDrop)
      other.push_back(a);
  }
  if (!eager.empty() && (other.empty() || rng.below(3) != 0)) return eager[rng.below(static_cast<std::uint32_t>(eager.size()))];
  if (!other.empty()) return other[rng.below(static_cast<std::uint32_t>(other.size()))];
  return legal[0];
}

struct Table {
  std::string name;
  Rules rules;
};

std::vector<Table> tables() {
  std::vector<Table> out;
  for (const Preset& p : presets()) out.push_back({p.name, p.rules});
  Rules claim;  // dealt exactly dealt_claim_total, the prompt said nothing of `claim`
  claim.dealt_claim_total = 23;
  out.push_back({"dealt_claim_total=23", claim});
  Rules slap;
  set_option(slap, "slapping", "on");
  out.push_back({"slapping=on", slap});
  Rules hit_ends;
  hit_ends.hit_skips_discard = true;
  out.push_back({"hit_skips_discard=true", hit_ends});
  Rules chicago_slap = preset_or_throw("chicago").rules;
  set_option(chicago_slap, "slapping", "on");
  out.push_back({"P-CHICAGO slapping=on", chicago_slap});
  return out;
}

TEST(PlayPrompt, OffersExactlyTheLegalKindsUnderEveryRuleSet) {
  const Style plain(false);
  for (const Table& t : tables()) {
    const auto game_shared = std::make_shared<const Game>(t.rules);
    const Game& game = *game_shared;
    Rng rng(2026);
    std::array<int, 10> seen{};  // decisions at which each kind was legal
    for (int h = 0; h < 300; ++h) {
      Hand hand(game_shared, shuffled_deck(game, rng), static_cast<int>(rng.below(2)));
      for (int steps = 0; !hand.is_over() && steps < 2000; ++steps) {
        const ActionList legal = hand.legal_actions();
        const View view = hand.view(hand.current_player());
        const std::string prompt = prompt_text(view, legal, plain);
        const std::string help = help_text(view, legal);
        const std::string now = help.substr(0, help.find("Other moves"));
        for (int k = 0; k < 10; ++k) {
          const auto kind = static_cast<ActionKind>(k);
          bool legal_kind = false;
          for (const Action& a : legal) legal_kind = legal_kind || a.kind == kind;
          seen[static_cast<std::size_t>(k)] += legal_kind;
          const std::string offer = offer_of(kind, t.rules);
          // "s " and "drop" are short: check them as whole choices of the prompt line.
          const std::string line = prompt.substr(0, prompt.find("  (help"));
          const bool offered = kind == ActionKind::kTakeStock ? contains(line, "s take from the stock") ||
                                                                    contains(line, "s stock (empty")
                               : kind == ActionKind::kDrop && !t.rules.drop_called_tonk
                                   ? line.rfind("drop", 0) == 0 || contains(line, ", drop") || contains(line, "or drop")
                                   : contains(line, offer);
          ASSERT_EQ(offered, legal_kind) << t.name << ": kind " << k << " in the prompt '" << prompt << "'";
          if (legal_kind) {
            ASSERT_NE(now.find("\n    "), std::string::npos) << help;
          }
        }
        // Uniform moves half the time (drops included), busy ones the other half.
        hand.apply(h % 2 ? busy_move(legal, rng) : legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]);
      }
    }
    // The rule set's own moves did come up, so the test checked them.
    if (t.rules.dealt_claim_total == 23) {
      EXPECT_GT(seen[static_cast<int>(ActionKind::kClaim)], 0) << t.name;
    }
    if (t.rules.hit_skips_discard) {
      EXPECT_GT(seen[static_cast<int>(ActionKind::kEndTurn)], 0) << t.name;
    }
    if (t.rules.slapping != Slapping::kOff) {
      EXPECT_GT(seen[static_cast<int>(ActionKind::kSlap)], 0) << t.name;
    }
  }
}

TEST(PlayPrompt, SlapWindowIsNotCalledYourTurn) {  // V21
  Rules rules;
  set_option(rules, "slapping", "on");
  const auto game_shared = std::make_shared<const Game>(rules);
  const Game& game = *game_shared;
  Rng rng(8);
  for (int h = 0; h < 500; ++h) {
    Hand hand(game_shared, shuffled_deck(game, rng), 0);
    while (!hand.is_over()) {
      const View view = hand.view(hand.current_player());
      if (view.phase == Phase::kSlap) {
        EXPECT_EQ(decision_title(view), "your chance to slap the " + to_string(view.top_discard) + " (V21)");
        return;
      }
      hand.apply(busy_move(hand.legal_actions(), rng));
    }
  }
  FAIL() << "no slap window in 500 random hands";
}

TEST(PlayPrompt, HelpExplainsWildCardShapesOnlyWhereThereAreWildCards) {  // V13a
  const auto chicago_shared = std::make_shared<const Game>(preset_or_throw("chicago").rules);
  const Game& chicago = *chicago_shared;
  const auto standard_shared = std::make_shared<const Game>();
  const Game& standard = *standard_shared;
  Rng rng(1);
  const Hand a(chicago_shared, shuffled_deck(chicago, rng), 0);
  const Hand b(standard_shared, shuffled_deck(standard, rng), 0);
  EXPECT_TRUE(contains(help_text(a.view(a.current_player()), a.legal_actions()), "run:LS is a run of suit S"));
  EXPECT_FALSE(contains(help_text(b.view(b.current_player()), b.legal_actions()), "run:LS"));
}

TEST(SpreadText, WildCardsShowWhatTheyStandFor) {  // V13a, the issue's example
  const auto game_shared = std::make_shared<const Game>(preset_or_throw("chicago").rules);
  const Game& game = *game_shared;
  const Style plain(false);
  const CardSet run = *parse_cards("2h 7s Ts X2");
  const std::uint8_t shape = shape_run(Suit::kSpades, Rank::kSeven);
  ASSERT_TRUE(game.fits(run, shape));
  EXPECT_EQ(spread_text(game, run, shape, plain), "7s [2h=8s] [X2=9s] Ts");
  const CardSet book = *parse_cards("9c 9d X1");
  EXPECT_EQ(spread_text(game, book, shape_book(Rank::kNine), plain), "9c 9d [X1=9]");
  EXPECT_EQ(spread_text(game, *parse_cards("4h 5h 6h"), 0, plain), "4h 5h 6h");
}

TEST(SpreadText, ANamedShapeThatDoesNotFitSaysWhatIsWrong) {  // V13a: `sp 4c5cX1 run:5c`, `run:6c`, `book:4`
  const auto game_shared = std::make_shared<const Game>(preset_or_throw("chicago").rules);
  const Game& game = *game_shared;
  const CardSet cards = *parse_cards("4c 5c X1");
  EXPECT_EQ(shape_problem(game, cards, shape_run(Suit::kClubs, Rank::kFive)),
            "V13a: run:5c with 3 cards is 5c 6c 7c; 4c is outside it (name the lowest card of the run)");
  EXPECT_EQ(shape_problem(game, cards, shape_run(Suit::kClubs, Rank::kSix)),
            "V13a: run:6c with 3 cards is 6c 7c 8c; 4c 5c are outside it (name the lowest card of the run)");
  EXPECT_EQ(shape_problem(game, cards, shape_book(Rank::kFour)),
            "V13a: book:4 is a book of 4s, and 5c is not one (a wild card may stand for one)");
  EXPECT_EQ(shape_problem(game, cards, shape_run(Suit::kHearts, Rank::kThree)),
            "V13a: run:3h is a run of hearts, and 4c is not a heart");
  EXPECT_EQ(shape_problem(game, cards, shape_run(Suit::kClubs, Rank::kThree)), "");  // it fits
  EXPECT_EQ(shape_problem(game, *parse_cards("Qc Kc X1"), shape_run(Suit::kClubs, Rank::kQueen)),
            "V13a: run:Qc with 3 cards would run past the top of the suit; start it lower");
}

TEST(SpreadText, RefusalOfASpreadWithABadShapeExplainsTheShape) {  // V13a through refusal_text
  const auto game_shared = std::make_shared<const Game>(preset_or_throw("chicago").rules);
  const Game& game = *game_shared;
  Rng rng(3);
  const Hand hand(game_shared, shuffled_deck(game, rng), 0);
  const View view = hand.view(0);
  const Action bad = Action::spread(*parse_cards("4c 5c X1"), shape_run(Suit::kClubs, Rank::kFive));
  EXPECT_EQ(refusal_text(view, bad, "V13a: a spread with wild cards names its shape"),
            "V13a: run:5c with 3 cards is 5c 6c 7c; 4c is outside it (name the lowest card of the run)");
  EXPECT_EQ(refusal_text(view, Action::take_stock(), "S9: why"), "S9: why");
}

TEST(CardTokens, NamesTheTokenAtFault) {
  EXPECT_EQ(card_text_problem("Zz"), "'Zz' is not a card");
  EXPECT_EQ(card_text_problem("5h5h5h"), "5h is named twice (each card is in the deck once)");
  EXPECT_EQ(card_text_problem("4h 5h Qx"), "'Qx' is not a card");
  EXPECT_EQ(card_text_problem("4c5cX1"), "");
}

TEST(PlayPrompt, DropQuestionAndAnswers) {
  EXPECT_EQ(parse_yes_no(" Y "), true);
  EXPECT_EQ(parse_yes_no("yes"), true);
  EXPECT_EQ(parse_yes_no(""), false);  // the default is no
  EXPECT_EQ(parse_yes_no("n"), false);
  EXPECT_EQ(parse_yes_no("maybe"), std::nullopt);
}

TEST(RulesInWords, HeaderNamesTheChosenPresetAfterOverrides) {
  Rules vietnam = preset_or_throw("vietnam").rules;
  vietnam.hand_size = 9;
  EXPECT_EQ(describe_changes(vietnam, "P-VIETNAM"), "P-VIETNAM + hand_size=9");
  Rules seattle = preset_or_throw("seattle").rules;
  seattle.hand_size = 9;
  EXPECT_EQ(describe_changes(seattle, "P-SEATTLE"), "P-SEATTLE + hand_size=9");
  EXPECT_EQ(describe_changes(preset_or_throw("rush").rules, "P-RUSH"), "P-RUSH");
}

TEST(RulesInWords, PresetsSayWhatTheyChange) {
  const auto chicago = rules_in_words(preset_or_throw("chicago").rules, "P-CHICAGO");
  ASSERT_EQ(chicago.size(), 1u);
  EXPECT_TRUE(contains(chicago[0], "Chicago: six wild cards, the deuces and two jokers; a joker counts 0 (V13a)"));
  Rules more = preset_or_throw("chicago").rules;
  more.hand_size = 6;
  const auto with_set = rules_in_words(more, "P-CHICAGO");
  ASSERT_EQ(with_set.size(), 2u);
  EXPECT_EQ(with_set[1].rfind("hand_size=6: ", 0), 0u) << with_set[1];
  EXPECT_TRUE(rules_in_words(Rules{}, "").empty());
  EXPECT_TRUE(contains(dealt_end_note("P-SEATTLE"), "17.6%"));
  EXPECT_TRUE(contains(dealt_end_note("P-VIETNAM"), "23.5%"));
  EXPECT_EQ(dealt_end_note("P-STD"), "");
}

// Every rule ID the code cites is explained in docs/RULES.md (and so by `tonk rules ID`).
TEST(RulesDocument, EveryRuleIdTheCodeCitesIsExplained) {
  const std::string root = TONK_SOURCE_DIR;
  std::ifstream in(root + "/docs/RULES.md");
  ASSERT_TRUE(in) << "docs/RULES.md is missing";
  std::stringstream doc_text;
  doc_text << in.rdbuf();
  const std::string doc = doc_text.str();
  EXPECT_EQ(doc, std::string(rules_document())) << "the built-in copy is stale: rebuild";
  const std::regex id_pattern(R"(\b([SVI][0-9]{1,2}(\.[0-9])?[a-z]?|P-[A-Z]+)\b)");
  std::set<std::string> cited;
  for (const char* dir : {"src", "apps", "include", "presets"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root + "/" + dir)) {
      if (!entry.is_regular_file()) continue;
      std::ifstream file(entry.path());
      std::stringstream s;
      s << file.rdbuf();
      const std::string text = s.str();
      for (auto it = std::sregex_iterator(text.begin(), text.end(), id_pattern); it != std::sregex_iterator(); ++it)
        cited.insert((*it)[1]);
    }
  }
  cited.erase("P-NAME");  // the placeholder of usage texts ("tonk rules P-NAME")
  ASSERT_GT(cited.size(), 80u);
  for (const std::string& id : cited) EXPECT_NE(explain_rule(doc, id), "") << id << " is cited but not in docs/RULES.md";
  EXPECT_EQ(explain_rule(doc, "V99"), "");
}

TEST(RulesDocument, ExplainsSectionsAndItems) {
  const std::string_view doc = rules_document();
  const std::string s7 = explain_rule(doc, "s7");
  EXPECT_EQ(s7.rfind("S7 Dealt tonk\n", 0), 0u) << s7;
  EXPECT_FALSE(contains(s7, "S8"));
  const std::string v13d = explain_rule(doc, "V13d");
  EXPECT_EQ(v13d.rfind("V13 Chicago\n\n- **V13d** A dealt 49 may **claim**", 0), 0u) << v13d;
  EXPECT_FALSE(contains(v13d, "V13e"));
  EXPECT_EQ(explain_rule(doc, "rush").rfind("P-RUSH\n", 0), 0u);
  EXPECT_TRUE(is_rule_id("V4.3"));
  EXPECT_TRUE(is_rule_id("p-rush"));
  EXPECT_FALSE(is_rule_id("rush"));  // a preset name: `tonk rules rush` shows the preset's options
}

}  // namespace
}  // namespace tonk::cli
