"""The OpenSpiel-style API (docs/PYTHON.md): games, states, round trips, errors, bots, records."""
import subprocess

import numpy as np
import pytest

import tonk


def play_random(state, rng, limit=100000):
    while not state.is_terminal() and limit:
        state.apply_action(int(rng.choice(state.legal_actions())))
        limit -= 1
    return state


def test_game_defaults_and_sizes():
    game = tonk.Game()
    assert repr(game) == "tonk.Game(preset='P-STD', players=2)"
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 1651 == tonk.NATURAL_ACTIONS
    # 2 players: (2*2 + 4) card planes of 56 columns and 12 + 6*2 scalars.
    assert game.observation_tensor_shape() == [8 * 56 + 24]
    assert tonk.Game(players=4).observation_tensor_shape() == [12 * 56 + 36]
    assert tonk.Game("P-CHICAGO").num_distinct_actions() > 1651


def test_options_by_name_are_validated_with_the_engines_messages():
    game = tonk.Game("P-STD", players=3, hand_size=7, drop_on_first_turn=False, stock_end="dead")
    opts = game.options()
    assert (opts["players"], opts["hand_size"], opts["drop_on_first_turn"], opts["stock_end"]) == ("3", "7", "false", "dead")
    with pytest.raises(ValueError, match="no_such_option"):
        tonk.Game(no_such_option=1)
    with pytest.raises(ValueError, match="hand_size"):
        tonk.Game(hand_size=99)
    with pytest.raises(ValueError, match="preset"):
        tonk.Game("P-NOWHERE")
    with pytest.raises(ValueError):
        tonk.Game(players=9)


def test_a_fixed_deal_and_its_legal_actions():
    game = tonk.Game()
    state = game.new_initial_state(seed=3)
    assert state.current_player() == 1  # the dealer's left (S6)
    assert state.legal_actions() == [0, 1, 2]  # drop, stock, take (S9, S15)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["drop", "stock", "take"]
    mask = state.legal_actions_mask()
    assert mask.shape == (1651,) and list(np.flatnonzero(mask)) == [0, 1, 2]
    assert state.legal_actions(0) == []  # not seat 0's turn
    assert state.string_to_action("stock") == 1
    assert state.string_to_action(1, "take") == 2


def test_every_action_round_trips_through_its_string():
    rng = np.random.default_rng(5)
    for preset in tonk.presets():
        game = tonk.Game(preset)
        for seed in range(3):
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                assert legal == sorted(set(legal))
                assert all(0 <= a < game.num_distinct_actions() for a in legal)
                for a in legal:
                    assert state.string_to_action(state.action_to_string(a)) == a
                state.apply_action(int(rng.choice(legal)))


def test_illegal_actions_raise_value_error_naming_the_rule():
    state = tonk.Game().new_initial_state(seed=1)
    with pytest.raises(ValueError, match=r"^S9: take a card \(stock or discard\) before discarding"):
        state.apply_action(6)  # discard Ac: before drawing
    with pytest.raises(tonk.IllegalActionError, match="out of range"):
        state.apply_action(5000)
    with pytest.raises(ValueError, match="names no action"):
        state.apply_action(409)  # a hit on spread 0, which is not there
    assert state.history() == []
    state.apply_action(1)  # stock
    with pytest.raises(ValueError, match=r"^S9: "):
        state.apply_action(1)  # only one card is taken a turn


def test_clone_is_independent_and_history_replays():
    game = tonk.Game()
    rng = np.random.default_rng(0)
    state = game.new_initial_state(seed=11)
    for _ in range(5):  # no drops (code 0), so the hand goes on
        state.apply_action(int(rng.choice([a for a in state.legal_actions() if a != 0])))
    assert not state.is_terminal()
    copy = state.clone()
    play_random(copy, rng)
    assert copy.is_terminal() and not state.is_terminal()
    replayed = game.new_initial_state(seed=11)
    for a in copy.history():
        replayed.apply_action(a)
    assert replayed.is_terminal() and replayed.returns() == copy.returns()
    assert str(replayed) == str(copy)


def test_returns_sum_to_zero_and_the_terminal_player():
    game = tonk.Game(players=3)
    rng = np.random.default_rng(1)
    for seed in range(20):
        state = play_random(game.new_initial_state(seed), rng)
        assert state.current_player() == tonk.TERMINAL
        assert sum(state.returns()) == 0
        assert state.legal_actions() == []
        assert state.view()["outcome"]["payouts"] == [int(r) for r in state.returns()]


def test_bots_choose_legal_actions_and_greedy_beats_random():
    game = tonk.Game()
    greedy, rand = tonk.Bot("greedy", 1), tonk.Bot("random", 2)
    assert set(tonk.bot_kinds()) >= {"random", "greedy"}
    total = 0.0
    for seed in range(200):
        state = game.new_initial_state(seed, dealer=seed % 2)
        seat_of_greedy = seed % 2
        while not state.is_terminal():
            bot = greedy if state.current_player() == seat_of_greedy else rand
            a = bot.step(state)
            assert a in state.legal_actions()
            state.apply_action(a)
        total += state.returns()[seat_of_greedy]
    assert total > 0, "greedy should win against random over 200 hands"
    with pytest.raises(ValueError, match="nosuchbot"):
        tonk.Bot("nosuchbot")


def test_a_random_game_played_in_python_replays_with_tonk_replay(tmp_path, tonk_cli):
    rng = np.random.default_rng(7)
    for preset in ["P-STD", "P-CHICAGO", "P-SEATTLE"]:
        game = tonk.Game(preset, players=3)
        state = play_random(game.new_initial_state(seed=42), rng)
        record = state.to_record(["ann", "bob", "cy"])
        path = tmp_path / f"{preset}.tonk"
        path.write_text(record)
        out = subprocess.run([tonk_cli, "replay", str(path)], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr + out.stdout
        assert "[Seat0 \"ann\"]" in record


def test_view_is_the_view_json_document_of_what_the_player_knows():
    state = tonk.Game().new_initial_state(seed=2)
    v = state.view(0)
    assert v["schema"] == "tonk.view/1"  # docs/VIEW_JSON.md: the server's and the CLI's words
    assert v["player"] == 0 and len(v["hand"]) == 5 and [s["hand_size"] for s in v["seats"]] == [5, 5]
    assert [s["known"] for s in v["seats"]] == [[], []] and v["spreads"] == [] and v["outcome"] is None
    assert v["stock_size"] == 52 - 11 and v["phase"] == "start_of_turn" and v["to_move"] == 1
    assert "hand:" in state.information_state_string(0)


def test_search_bots_evaluate_every_legal_action_best_first_from_the_view_alone():
    game = tonk.Game()
    rng = np.random.default_rng(11)
    for kind in ("mc:8", "expert:8"):
        checked = 0
        for seed in range(21, 31):
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                p = state.current_player()
                scored = tonk.Bot(kind, 5).evaluate(state)
                codes = [code for code, _ in scored]
                values = [value for _, value in scored]
                assert sorted(codes) == sorted(state.legal_actions())
                assert values == sorted(values, reverse=True), "best first"
                if len(codes) > 1:
                    assert codes[0] == tonk.Bot(kind, 5).step(state), "the bot plays its best-valued action"
                # The search sees only the player's view: dealing the unseen cards again changes nothing.
                assert tonk.Bot(kind, 5).evaluate(state.resample_from_view(p, checked)) == scored
                checked += 1
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert checked >= 10, kind
    with pytest.raises(ValueError, match="greedy"):
        tonk.Bot("greedy", 1).evaluate(game.new_initial_state(seed=1))
