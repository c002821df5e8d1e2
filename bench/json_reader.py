"""The JSON reader's checks before parsing, on the audit's bodies (issue 31, item 1): linear or not.

    .venv/bin/python bench/json_reader.py [--sizes 16384,65536,1000000]

``judge.web.json_api.read_json`` on ``"[" * 40 + '"\\' * n`` (a string of escaped quotes that never closes,
under 40 open lists) and on a valid board-like list of the same size, each size and four times it: CPU
seconds (best of three) and the ratio of 4n to n, about 4 when the work is linear, about 16 when it is
quadratic. In-process, no server; the audit measured 1.2–2.0 s for 16 KB and 10 s for 32 KB before.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.test")

import django  # noqa: E402

django.setup()

from judge.engine.errors import InvalidInputError  # noqa: E402
from judge.web.json_api import read_json  # noqa: E402


def audit(size: int) -> str:
    return "[" * 40 + '"\\' * ((size - 40) // 2)


def board_like(size: int) -> str:
    item = json.dumps({"id": "o1", "name": "Soldier, token", "zone": "battlefield"})
    return "[" + ", ".join([item] * max(1, size // (len(item) + 2))) + "]"


def cpu(text: str) -> tuple[float, str]:
    best, answer = float("inf"), ""
    for _ in range(3):
        started = time.process_time()
        try:
            read_json(text)
            answer = "read"
        except InvalidInputError as err:
            answer = err.messages[0].code
        best = min(best, time.process_time() - started)
    return best, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="16384,65536,1000000", help="bytes, comma-separated")
    args = parser.parse_args()
    print("| body | n bytes | answer | CPU at n | CPU at 4n | 4n / n |")
    print("|---|---:|---|---:|---:|---:|")
    for name, build in (("audit", audit), ("board-like", board_like)):
        for size in (int(s) for s in args.sizes.split(",")):
            small, answer = cpu(build(size))
            large, _ = cpu(build(4 * size))
            ratio = large / small if small > 0 else float("nan")
            print(f"| {name} | {size} | {answer} | {small:.4f} s | {large:.4f} s | {ratio:.1f} |", flush=True)


if __name__ == "__main__":
    main()
