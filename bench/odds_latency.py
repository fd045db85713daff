#!/usr/bin/env python3
"""How long GET /api/games/ID/odds takes in the server (docs/warroom/ai.md, "Speed"): the time a client
waits for the answer, against a running `wartables serve` (or `churchill serve`), and the calculator's
own `milliseconds` in the answer. Each position is an Eastern Front game in round 1, Phase 2, asked by
Germany's seat: the opening attack on Smolensk (R12 with GER:42,GER:43,GER:17: 38 units, Monte Carlo)
and smaller battles (Finland's army into Karelia, R3 with GER:46: 3 Infantry and an Artillery against
2 Infantry, the forces of the calculator bench's ThreeAgainstTwo; 3 Infantry and an Artillery into
Leningrad, R2 with GER:41, against 13 units). Each query is asked N times with seeds 1..N, one after another; with
--load K, K other clients (each its own game and address, 127.0.0.2...) ask Smolensk's odds back to
back meanwhile, as other players of a busy server do. Prints the median and the 95th percentile.
Usage: bench/odds_latency.py URL [--n 30] [--load 2]"""
import argparse
import http.client
import json
import statistics
import threading
import time
import urllib.parse

POSITIONS = [
    ("Smolensk opening (38 units)", "region=R12&with=GER:42,GER:43,GER:17"),
    ("Karelia: 3 inf + art vs 2 inf", "region=R3&with=GER:46"),
    ("Leningrad: 3 inf + art vs 13", "region=R2&with=GER:41"),
]


class Client:
    def __init__(self, url, source="127.0.0.1"):
        u = urllib.parse.urlparse(url)
        self.conn = http.client.HTTPConnection(u.hostname, u.port, source_address=(source, 0), timeout=120)
        self.token = None

    def call(self, path, body=None):
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        self.conn.request("POST" if body is not None else "GET", "/" + path, None if body is None else json.dumps(body), headers)
        r = self.conn.getresponse()
        return r.status, json.loads(r.read() or b"null")

    def game(self):
        """An Eastern Front game held by Germany, at its orders (round 1, Phase 2)."""
        _, g = self.call("api/games", {"title": "warroom", "scenario": "eastern-front", "seating": "public", "seats": {"USSR": "bot:rules"}})
        self.id = g["id"]
        _, seat = self.call(f"api/games/{self.id}/seats/GER", {})
        self.token = seat["token"]
        _, v = self.call(f"api/games/{self.id}/view")
        for _ in range(10):
            if "Write Orders" in v["phase"]:
                return self
            _, v = self.call(f"api/games/{self.id}/actions", {"action": "done GER", "version": v["version"]})
            v = v.get("view", v)
        raise SystemExit(f"never reached Germany's orders: {v['phase']}")

    def odds(self, query, seed):
        start = time.perf_counter()
        status, answer = self.call(f"api/games/{self.id}/odds?{query}&seed={seed}")
        wall = (time.perf_counter() - start) * 1000
        if status != 200:
            raise SystemExit(f"{query}: {status} {answer}")
        return wall, answer["odds"]["milliseconds"], answer["odds"]["exact"]


def p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--n", type=int, default=30)
    ap.add_argument("--load", type=int, default=0)
    a = ap.parse_args()
    me = Client(a.url).game()
    stop = threading.Event()
    asked = [0] * a.load

    def loader(k):
        c = Client(a.url, f"127.0.0.{k + 2}").game()
        seed = 1000
        while not stop.is_set():
            seed += 1
            c.odds(POSITIONS[0][1], seed)
            asked[k] += 1

    threads = [threading.Thread(target=loader, args=(k,), daemon=True) for k in range(a.load)]
    for t in threads:
        t.start()
    time.sleep(1 if a.load else 0)
    for name, query in POSITIONS:
        walls, computed, exact = [], [], False
        for seed in range(1, a.n + 1):
            w, m, exact = me.odds(query, seed)
            walls.append(w)
            computed.append(m)
        print(f"{name:30} {'exact' if exact else 'Monte Carlo':11} wait median {statistics.median(walls):6.1f} ms, p95 {p95(walls):6.1f} ms;"
              f" calculator median {statistics.median(computed):6.1f} ms, p95 {p95(computed):6.1f} ms")
    stop.set()
    if a.load:
        print(f"{a.load} other clients asked {sum(asked)} times meanwhile")


main()
