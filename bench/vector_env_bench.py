#!/usr/bin/env python3
"""Throughput of tonk.VectorEnv (docs/PERFORMANCE.md): environment steps a second, with the actions
chosen at random in numpy among each environment's legal actions.

Usage: python3 bench/vector_env_bench.py [--envs 1024] [--seconds 10] [--preset P-STD] [--threads 1] [--no-masks]
Run it on one core (taskset -c 0) on a quiet machine."""
import argparse
import time

import numpy as np

import tonk


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--preset", default="P-STD")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--threads", type=int, default=1, help="VectorEnv threads (1: one core)")
    ap.add_argument("--no-masks", action="store_true", help="do not fill the dense legal-action masks")
    args = ap.parse_args()
    game = tonk.Game(args.preset, players=args.players)
    env = tonk.VectorEnv(game, args.envs, seed=1, masks=not args.no_masks, threads=args.threads)
    rng = np.random.default_rng(0)
    n = args.envs

    def choose():
        codes, offsets = env.legal_actions()
        counts = offsets[1:] - offsets[:-1]
        return codes[offsets[:-1] + (rng.random(n) * counts).astype(np.int64)]

    for _ in range(20):  # warm up
        env.step(choose())
    steps = hands = 0
    step_time = 0.0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() - start < args.seconds:
        actions = choose()
        t0 = time.perf_counter()
        _, _, dones, _ = env.step(actions)
        step_time += time.perf_counter() - t0
        steps += n
        hands += int(dones.sum())
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"{args.preset}, {args.players} players, n_envs={n}, masks={'off' if args.no_masks else 'on'}, threads={args.threads}, "
          f"obs {game.observation_tensor_size()} floats, {game.num_distinct_actions()} actions")
    print(f"{steps / wall:,.0f} env steps/s overall (numpy action choice included), "
          f"{steps / step_time:,.0f} env steps/s inside step(); {hands / wall:,.0f} hands/s; {steps} steps in {wall:.1f} s")
    # On a busy machine the process gets only part of a core: steps per CPU-second is what one
    # uncontended core would do (threads=1), less what contention costs in caches.
    print(f"{steps / cpu:,.0f} env steps per CPU-second overall ({cpu:.1f} s of CPU in {wall:.1f} s)")


if __name__ == "__main__":
    main()
