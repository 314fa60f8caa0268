"""Ctrl-C (SIGINT) stops a long perft or simulation started from Python: the call raises
KeyboardInterrupt instead of running on. Not a timed test: the bound is generous (a minute,
against the hours the work would take), the point is that it ends, and ends so."""

import os
import signal
import subprocess
import sys
import time

import pytest

# Each script prints `ready` and then starts work that would take hours.
SCRIPTS = {
    "perft": "g = ashtapada.load('chess').start()\nprint('ready', flush=True)\ng.perft(12)",
    "simulate": "print('ready', flush=True)\n"
                "ashtapada.simulate('chess', games=10**9, threads=1, max_plies=10**6)",
}


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
@pytest.mark.parametrize("work", sorted(SCRIPTS))
def test_sigint_raises_keyboard_interrupt(work):
    # Python's own Ctrl-C handler, even where the harness starts this test with SIGINT ignored
    # (a shell's background job: Python then installs no handler and the signal is lost).
    code = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import ashtapada\n"
        "try:\n"
        + "".join(f"    {line}\n" for line in SCRIPTS[work].splitlines())
        + "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    raise\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "ready"
        # Into the Rust call (the signal before it would be raised in Python anyway).
        time.sleep(1.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert "interrupted" in out, err
    assert "KeyboardInterrupt" in err
    assert p.returncode != 0
