"""Shared fixtures: the `ashtapada` CLI binary the Python side is checked against."""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def cli_path() -> str:
    """The CLI: $ASHTAPADA_BIN, else the workspace's release or debug build, else PATH."""
    env = os.environ.get("ASHTAPADA_BIN")
    if env:
        return env
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "ashtapada"
        if p.exists():
            return str(p)
    found = shutil.which("ashtapada")
    if found:
        return found
    pytest.fail("no ashtapada CLI binary: build it (cargo build -p ashtapada-cli) or set ASHTAPADA_BIN")


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI with the given arguments; returns its standard output (checked)."""
    path = cli_path()

    def run(*args: str) -> str:
        out = subprocess.run([path, *args], capture_output=True, text=True, cwd=ROOT)
        assert out.returncode == 0, f"{args}: {out.stderr}"
        return out.stdout

    return run


@pytest.fixture(scope="session")
def cli_error():
    """Runs the CLI with arguments it refuses (exit 1); returns its standard error, as drawn
    without colour (`NO_COLOR`, not a terminal)."""
    path = cli_path()

    def run(*args: str) -> str:
        env = {**os.environ, "NO_COLOR": "1"}
        out = subprocess.run([path, *args], capture_output=True, text=True, cwd=ROOT, env=env)
        assert out.returncode == 1, f"{args}: exit {out.returncode}: {out.stderr}"
        return out.stderr

    return run
