"""Runs a Hub engine behind a filter: every line the wrapper reads goes to the engine
rewritten; the engine answers on the wrapper's own output (time_scaled.py,
fixed_depth.py)."""
import subprocess
import sys


def relay(command, rewrite):
    """Starts `command`, passes it every input line through `rewrite`, returns its exit code."""
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, text=True)
    try:
        for line in sys.stdin:
            engine.stdin.write(rewrite(line))
            engine.stdin.flush()
        engine.stdin.close()
    except BrokenPipeError:
        pass
    return engine.wait()
