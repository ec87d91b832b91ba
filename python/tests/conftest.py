# pytest set-up for the tonk module's tests: the module is found through PYTHONPATH (ctest sets it
# to build/python; scripts/setup.sh installs a .pth file for the system python3).
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def tonk_cli():
    """The built `tonk` command line (ctest passes its path in TONK_CLI)."""
    path = os.environ.get("TONK_CLI", str(ROOT / "build" / "tonk"))
    if not os.path.exists(path):
        pytest.fail(f"the tonk command line is not built at {path}")
    return path
