#!/usr/bin/env python3
"""Trains a Tonk policy from a search bot's decisions (distillation with DAgger), saves it, and
measures it against `greedy` and `random` on duplicate deals with 95% intervals (docs/PYTHON.md).

The teacher (default `mc:200`, the fair Monte Carlo search of docs/BOTS.md; `expert` too) labels
every decision of hands played by a mix of the teacher and the policy being trained: round 0 follows
the teacher only; each later round follows the policy with probability `--dagger` per decision, so
the policy learns to recover from the positions its own mistakes lead to. The label is the
teacher's choice, or with `--targets values` its search value of every legal action
(`tonk.Bot.evaluate`), learned as the softmax of the values at `--temperature` stakes. The policy
sees only its player's observation tensor, the same one `tonk.VectorEnv` gives; the teacher sees
only that player's view.

Needs Debian's python3-torch (scripts/train.sh installs it). Usage:
  python3 examples/distill_policy.py [--teacher mc:200] [--targets choice|values] [--rounds 4] [--hands 2000] [--eval-deals 20000]
  python3 examples/distill_policy.py --smoke     # a few seconds: CI checks the example runs
Exits 77 (skipped) with a message when torch is not installed."""
import argparse
import os
import sys
import time

import numpy as np

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    print("distill_policy.py: skipped: python3-torch is not installed (scripts/train.sh installs it)")
    sys.exit(77)

import tonk
from train_policy import Policy, arena, policy_action


def collect(game, teacher, net, hands, seed, follow_policy, rng, values=False):
    """Plays `hands` hands from seeds seed.. and returns (observations, masks, targets) for every
    decision with more than one legal action. A target is the teacher's action, or with `values` its
    search value of every legal action (a row of the action codes' width, NaN where not legal). Each
    decision follows the policy `net` with probability `follow_policy`, else the teacher."""
    obs, masks, targets = [], [], []
    width = game.num_distinct_actions()
    for h in range(hands):
        state = game.new_initial_state(seed + h)
        while not state.is_terminal():
            player = state.current_player()
            mask = state.legal_actions_mask().astype(bool)
            choice = mask.sum() > 1
            if values and choice:
                scored = teacher.evaluate(state)
                label = scored[0][0]
                target = np.full(width, np.nan, dtype=np.float32)
                for code, value in scored:
                    target[code] = value
            else:
                label = target = teacher.step(state)
            if choice:
                obs.append(state.observation_tensor(player).copy())
                masks.append(mask)
                targets.append(target)
            follow = net is not None and rng.random() < follow_policy
            state.apply_action(policy_action(net, state, player) if follow else label)
    dtype = np.float32 if values else np.int64
    return np.array(obs, dtype=np.float32), np.array(masks), np.array(targets, dtype=dtype)


def fit(net, opt, obs, masks, targets, epochs, batch, rng, temperature):
    """Cross-entropy of the masked logits against the teacher: its action, or (targets of values)
    the softmax of its values at `temperature` stakes, so a choice the search values nearly as much
    as its best costs little and a costly one much. Returns the last epoch's mean loss and its share
    of decisions where the policy's argmax is the teacher's choice."""
    o, m, y = torch.from_numpy(obs), torch.from_numpy(masks), torch.from_numpy(targets)
    values = y.dtype == torch.float32
    for _ in range(epochs):
        order = torch.from_numpy(rng.permutation(len(y)))
        total, agree = 0.0, 0
        for start in range(0, len(y), batch):
            idx = order[start:start + batch]
            logits, _ = net(o[idx], m[idx])
            if values:
                v = torch.nan_to_num(y[idx], nan=-1e9)  # illegal codes: weight 0 in the softmax
                soft = torch.softmax(v / temperature, -1)
                loss = -(soft * torch.log_softmax(logits, -1)).sum(-1).mean()
                best = v.argmax(-1)
            else:
                loss = F.cross_entropy(logits, y[idx])
                best = y[idx]
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
            agree += int((logits.argmax(-1) == best).sum())
    return total / len(y), agree / len(y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--teacher", default="mc:200", help="the search bot whose decisions are the targets")
    ap.add_argument("--rounds", type=int, default=4, help="rounds of collecting and fitting")
    ap.add_argument("--hands", type=int, default=2000, help="hands played per round")
    ap.add_argument("--dagger", type=float, default=0.5, help="after round 0, the share of decisions the policy makes")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--targets", choices=["choice", "values"], default="choice",
                    help="learn the teacher's choice, or the softmax of its search value of every action (mc or expert teachers)")
    ap.add_argument("--temperature", type=float, default=0.05, help="stakes: the softmax temperature of --targets values")
    ap.add_argument("--eval-deals", type=int, default=20000, help="duplicate deals per opponent (each played twice)")
    ap.add_argument("--out", default="distilled.pt")
    ap.add_argument("--data", help="an .npz of decisions: read when it exists, extended and saved after each round")
    ap.add_argument("--init", help="a saved policy to start from (its rounds follow it from the first round)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="a few seconds of everything, for CI")
    args = ap.parse_args()
    if args.smoke:
        args.teacher, args.rounds, args.hands, args.epochs, args.eval_deals = "mc:10", 2, 4, 1, 4
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    game = tonk.Game("P-STD", players=2)
    teacher = tonk.Bot(args.teacher, args.seed)
    net = Policy(game.observation_tensor_size(), game.num_distinct_actions())
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    if args.init:
        net.load_state_dict(torch.load(args.init))
    data, done = None, 0
    if args.data and os.path.exists(args.data):
        with np.load(args.data) as f:
            data, done = (f["obs"], f["masks"], f["labels"]), int(f["rounds"])
        print(f"{args.data}: {len(data[2])} decisions from {done} rounds", flush=True)
        saved = "values" if data[2].dtype.kind == "f" else "choice"
        if saved != args.targets:
            sys.exit(f"distill_policy.py: {args.data} holds targets of {saved}, not of {args.targets} (--targets)")
    start = time.time()
    for r in range(done, done + args.rounds):
        t0 = time.time()
        seed = 1_000_000 * args.seed + r * args.hands  # training deals; the arena deals from 10,000, below them
        follow = net if (r or args.init) else None
        new = collect(game, teacher, follow, args.hands, seed, args.dagger, rng, args.targets == "values")
        data = new if data is None else tuple(np.concatenate(p) for p in zip(data, new))
        if args.data:
            np.savez_compressed(args.data, obs=data[0], masks=data[1], labels=data[2], rounds=r + 1)
        loss, agree = fit(net, opt, *data, args.epochs, 256, rng, args.temperature)
        print(f"round {r}: {len(new[2])} new decisions ({len(data[2])} in all), collected in {time.time() - t0:.0f} s; "
              f"loss {loss:.3f}, agrees with {args.teacher} on {agree:.1%}", flush=True)
    torch.save(net.state_dict(), args.out)
    print(f"trained {time.time() - start:.0f} s; saved {args.out}", flush=True)
    for kind in ["random", "greedy"]:
        t0 = time.time()
        mean, half = arena(game, net, kind, 2 * args.eval_deals, 10_000)
        print(f"policy vs {kind}: {mean:+.3f} ± {half:.3f} stakes per hand ({args.eval_deals} duplicate deals, "
              f"{time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
