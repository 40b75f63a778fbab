"""The benchmarks: `doorkick bench` runs them all (runner.py); each also runs alone as a script."""
