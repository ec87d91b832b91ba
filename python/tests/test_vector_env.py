"""tonk.VectorEnv: shapes, automatic reset, agreement with the State API, determinism by seed."""
import numpy as np
import pytest

import tonk


def random_actions(env, rng):
    codes, offsets = env.legal_actions()
    counts = np.diff(offsets)
    pick = offsets[:-1] + (rng.random(env.n_envs) * counts).astype(np.int64)
    return codes[pick].astype(np.int64)


def test_shapes_and_masks_agree_with_the_legal_lists():
    game = tonk.Game()
    env = tonk.VectorEnv(game, 8, seed=1)
    rng = np.random.default_rng(0)
    obs, rewards, dones, masks = env.step(random_actions(env, rng))
    assert obs.shape == (8, game.observation_tensor_size()) and obs.dtype == np.float32
    assert rewards.shape == (8, 2) and dones.shape == (8,) and masks.shape == (8, 1651)
    codes, offsets = env.legal_actions()
    for i in range(8):
        assert sorted(np.flatnonzero(masks[i])) == sorted(codes[offsets[i]:offsets[i + 1]])


def test_auto_reset_pays_the_hand_and_deals_again():
    env = tonk.VectorEnv(tonk.Game(), 16, seed=2)
    rng = np.random.default_rng(1)
    finished = paid = 0
    for _ in range(400):
        obs, rewards, dones, masks = env.step(random_actions(env, rng))
        for i in np.flatnonzero(dones):
            finished += 1
            paid += bool(np.abs(rewards[i]).sum() > 0)
            assert rewards[i].sum() == 0  # S4: payments sum to zero
            assert env.state(i).move_number() == 0 and not env.state(i).is_terminal()  # dealt again
            assert masks[i].sum() >= 1
        assert not rewards[~dones].any()
    assert finished > 16 and paid > 0


def test_the_vector_env_plays_the_same_hands_as_states():
    # Environment i deals from mix_seed(seed, i); its moves agree with a State given the same actions.
    game = tonk.Game()
    env = tonk.VectorEnv(game, 4, seed=3)
    rng = np.random.default_rng(2)
    compared = 0
    for _ in range(200):
        states = [env.state(i) for i in range(4)]
        actions = random_actions(env, rng)
        obs, rewards, dones, masks = env.step(actions)
        for i, s in enumerate(states):
            assert int(actions[i]) in s.legal_actions()
            s.apply_action(int(actions[i]))
            assert s.is_terminal() == bool(dones[i])
            if s.is_terminal():
                assert list(rewards[i]) == s.returns()
            else:
                compared += 1
                p = s.current_player()
                assert env.current_players()[i] == p
                np.testing.assert_array_equal(obs[i], s.observation_tensor(p))
                assert sorted(np.flatnonzero(masks[i])) == s.legal_actions()
    assert compared > 500


def test_determinism_by_seed():
    def run(seed):
        env = tonk.VectorEnv(tonk.Game("P-CHICAGO"), 6, seed=seed)
        rng = np.random.default_rng(0)
        out = []
        for _ in range(300):
            obs, rewards, dones, _ = env.step(random_actions(env, rng))
            out.append((obs.copy(), rewards.copy(), dones.copy()))
        return out

    a, b, c = run(5), run(5), run(6)
    assert all(np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1]) for x, y in zip(a, b))
    assert not all(np.array_equal(x[0], y[0]) for x, y in zip(a, c))


def test_illegal_actions_step_nothing():
    env = tonk.VectorEnv(tonk.Game(), 3, seed=0)
    before = env.observations().copy()
    with pytest.raises(ValueError, match="S9: action 1650 is not legal in environment 0"):
        env.step(np.array([1650, 1, 1]))
    with pytest.raises(ValueError, match="one action per environment"):
        env.step(np.array([1, 1]))
    np.testing.assert_array_equal(env.observations(), before)


def test_wild_card_games_skip_masks_by_default():
    env = tonk.VectorEnv(tonk.Game("P-CHICAGO"), 2, seed=0)
    assert env.legal_masks() is None
    env = tonk.VectorEnv(tonk.Game("P-CHICAGO"), 2, seed=0, masks=True)
    assert env.legal_masks().shape == (2, tonk.Game("P-CHICAGO").num_distinct_actions())


def test_threads_do_not_change_the_games():
    def run(threads):
        env = tonk.VectorEnv(tonk.Game(players=3), 50, seed=8, threads=threads)
        rng = np.random.default_rng(4)
        out = []
        for _ in range(200):
            obs, rewards, dones, masks = env.step(random_actions(env, rng))
            out.append((obs.copy(), rewards.copy(), dones.copy(), masks.copy()))
        return out, env.skipped_deals

    (one, skipped1), (two, skipped2) = run(1), run(2)
    assert skipped1 == skipped2
    for x, y in zip(one, two):
        for a, b in zip(x, y):
            np.testing.assert_array_equal(a, b)
