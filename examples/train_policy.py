#!/usr/bin/env python3
"""Trains a small Tonk policy by self-play from tonk.VectorEnv (REINFORCE with a baseline), saves it,
and measures it against the `greedy` and `random` bots with 95% intervals (docs/PYTHON.md).

Needs Debian's python3-torch (scripts/train.sh installs it). Usage:
  python3 examples/train_policy.py [--minutes 10] [--out policy.pt] [--eval-hands 2000]
  python3 examples/train_policy.py --smoke      # a few seconds: CI checks the example runs
Exits 77 (skipped) with a message when torch is not installed."""
import argparse
import math
import sys
import time

import numpy as np

try:
    import torch
    import torch.nn as nn
except ImportError:
    print("train_policy.py: skipped: python3-torch is not installed (scripts/train.sh installs it)")
    sys.exit(77)

import tonk


class Policy(nn.Module):
    """An MLP from the observation tensor to one logit per action code; illegal codes are masked."""

    def __init__(self, obs_size, actions, hidden=256):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs, mask):
        h = self.body(obs)
        logits = self.logits(h).masked_fill(~mask, -1e9)
        return logits, self.value(h).squeeze(-1)


def train(game, minutes, n_envs, seed, log, horizon=32):
    """Self-play: every seat plays the policy. Rollouts of `horizon` steps in every environment; each
    step's return is the payout (S4) its player got when its hand ended; steps of hands still in play
    at the end of a rollout are left out."""
    torch.manual_seed(seed)
    env = tonk.VectorEnv(game, n_envs, seed=seed, masks=True)
    net = Policy(game.observation_tensor_size(), game.num_distinct_actions())
    opt = torch.optim.Adam(net.parameters(), lr=3e-4)
    rows = np.arange(n_envs)
    obs = torch.from_numpy(env.observations().copy())
    mask = torch.from_numpy(env.legal_masks().copy())
    start = time.time()
    updates = hands = 0
    while time.time() - start < minutes * 60:
        b_obs, b_mask, b_act, b_player, b_done, b_rew = [], [], [], [], [], []
        for _ in range(horizon):
            with torch.no_grad():
                logits, _ = net(obs, mask)
                actions = torch.distributions.Categorical(logits=logits).sample()
            b_obs.append(obs)
            b_mask.append(mask)
            b_act.append(actions)
            b_player.append(env.current_players().copy())
            o, rewards, dones, m = env.step(actions.numpy().astype(np.int64))
            b_done.append(dones.copy())
            b_rew.append(rewards.copy())
            obs = torch.from_numpy(o.copy())
            mask = torch.from_numpy(m.copy())
        # Returns, backwards: the payouts of the hand each step belongs to.
        final = np.zeros_like(b_rew[0])
        known = np.zeros(n_envs, dtype=bool)
        returns = np.zeros((horizon, n_envs), dtype=np.float32)
        valid = np.zeros((horizon, n_envs), dtype=bool)
        for t in reversed(range(horizon)):
            final = np.where(b_done[t][:, None], b_rew[t], final)
            known |= b_done[t]
            returns[t] = final[rows, b_player[t]]
            valid[t] = known
        hands += int(np.sum(b_done))
        v = torch.from_numpy(valid.reshape(-1))
        bo = torch.cat(b_obs)[v]
        bm = torch.cat(b_mask)[v]
        ba = torch.cat(b_act)[v]
        br = torch.from_numpy(returns.reshape(-1))[v]
        logits, value = net(bo, bm)
        logp = torch.log_softmax(logits, -1).gather(1, ba[:, None]).squeeze(1)
        adv = (br - value).detach()
        loss = -(logp * adv).mean() + 0.5 * ((br - value) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        updates += 1
        if updates % 20 == 0:
            log(f"{time.time() - start:6.0f} s: {updates} updates, {hands} hands, loss {loss.item():.3f}", flush=True)
    return net, hands, updates, time.time() - start


def policy_action(net, state, player):
    obs = torch.from_numpy(state.observation_tensor(player))[None]
    mask = torch.from_numpy(state.legal_actions_mask().astype(bool))[None]
    with torch.no_grad():
        logits, _ = net(obs, mask)
    return int(torch.argmax(logits, -1))


def arena(game, net, bot_kind, hands, seed):
    """Duplicate deals: each deal is played twice, the policy in each seat. The mean result of the
    policy per hand, in stakes (S4), with a 95% interval over the deals."""
    results = []
    for d in range(hands // 2):
        pair = 0.0
        for seat in range(2):
            bot = tonk.Bot(bot_kind, seed + d)
            state = game.new_initial_state(seed + d)
            while not state.is_terminal():
                p = state.current_player()
                state.apply_action(policy_action(net, state, p) if p == seat else bot.step(state))
            pair += state.returns()[seat]
        results.append(pair / 2)
    mean = float(np.mean(results))
    half = 1.96 * float(np.std(results, ddof=1)) / math.sqrt(len(results))
    return mean, half


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--envs", type=int, default=128)
    ap.add_argument("--eval-hands", type=int, default=2000)
    ap.add_argument("--out", default="policy.pt")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="a few seconds of everything, for CI")
    args = ap.parse_args()
    if args.smoke:
        args.minutes, args.envs, args.eval_hands = 0.05, 16, 20
    torch.set_num_threads(1)
    game = tonk.Game("P-STD", players=2)
    net, hands, updates, secs = train(game, args.minutes, args.envs, args.seed, print)
    torch.save(net.state_dict(), args.out)
    print(f"trained {secs:.0f} s: {hands} hands of self-play, {updates} updates; saved {args.out}", flush=True)
    for kind in ["random", "greedy"]:
        mean, half = arena(game, net, kind, args.eval_hands, 10_000)
        print(f"policy vs {kind}: {mean:+.3f} ± {half:.3f} stakes per hand ({args.eval_hands} hands, duplicate deals)", flush=True)


if __name__ == "__main__":
    main()
