#!/usr/bin/env bash
# Optional: installs Debian's python3-torch (large) and trains the example policy
# (examples/train_policy.py; docs/PYTHON.md). Arguments go to the example (try --minutes 10).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >&2
scripts/install_deps.sh python3-torch
exec env PYTHONPATH="$PWD/build/python" /usr/bin/python3 examples/train_policy.py "$@"
