"""The observation holds nothing the player may not see (docs/PYTHON.md, the observation tensor).

For states along random games of every preset, player p's observation tensor, observation string
and view are unchanged when every card p has not seen is dealt again at random
(resample_from_view): so they are functions of what p may know. And they do change when p's own
hand does, so the check can fail."""
import numpy as np

import tonk


def test_observations_do_not_depend_on_hidden_cards():
    rng = np.random.default_rng(3)
    checked = 0
    for preset in tonk.presets():
        game = tonk.Game(preset, players=3)
        for seed in range(8):
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                for p in range(3):
                    obs = state.observation_tensor(p)
                    assert obs.dtype == np.float32 and obs.shape == tuple(game.observation_tensor_shape())
                    for k in range(2):
                        other = state.resample_from_view(p, seed * 1000 + k)
                        np.testing.assert_array_equal(other.observation_tensor(p), obs)
                        assert other.information_state_string(p) == state.information_state_string(p)
                        assert other.view(p) == state.view(p)
                    checked += 1
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 500


def test_resampling_does_change_hidden_cards_and_other_views():
    game = tonk.Game(players=2)
    state = game.new_initial_state(seed=9)
    seen_other_hands = set()
    for k in range(20):
        other = state.resample_from_view(0, k)
        assert other.view(0)["hand"] == state.view(0)["hand"]
        seen_other_hands.add(tuple(other.view(1)["hand"]))
    assert len(seen_other_hands) > 1, "resampling should deal the hidden cards differently"
    # The observer's own hand is in the tensor: another player's tensor differs.
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))


def test_observation_planes():
    game = tonk.Game()
    state = game.new_initial_state(seed=4)
    obs = state.observation_tensor(0)
    C = 56
    hand = {c for c in state.view(0)["hand"]}
    assert obs[:C].sum() == 5 == len(hand)
    top = state.view(0)["top_discard"]
    # The top discard plane (after hand, 2 spread planes and the wild plane) marks one card.
    assert obs[4 * C:5 * C].sum() == 1 and top is not None
    # Scalars: stock fraction first.
    scalars = obs[8 * C:]
    assert abs(scalars[0] - 41 / 52) < 1e-6


def test_vector_env_observations_do_not_depend_on_hidden_cards():
    # VectorEnv writes each observation from the View of the player to move, as the State API does:
    # dealing that player's unseen cards again at random leaves it as it is.
    game = tonk.Game("P-CHICAGO", players=3)
    env = tonk.VectorEnv(game, 4, seed=7)
    rng = np.random.default_rng(5)
    checked = 0
    for step in range(150):
        obs = env.observations()
        players = env.current_players()
        for i in range(env.n_envs):
            p = int(players[i])
            other = env.state(i).resample_from_view(p, step * 10 + i)
            np.testing.assert_array_equal(other.observation_tensor(p), obs[i])
            checked += 1
        codes, offsets = env.legal_actions()
        pick = offsets[:-1] + (rng.random(env.n_envs) * np.diff(offsets)).astype(np.int64)
        env.step(codes[pick].astype(np.int64))
    assert checked == 600
