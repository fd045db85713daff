#!/usr/bin/env python3
"""What following another server's moves costs (docs/deploy.md, "Pushes across instances").

Two `churchill serve` on one PostgreSQL database (CHURCHILL_TEST_POSTGRES, as with_postgres.sh sets
it): a game is played through server A (every seat a client choosing random legal actions), while a
spectator's WebSocket watches it on server B. Every block of moves prints the processor time B spent
per move and the game's length, so that the cost can be seen to grow with the game or not.

    tests/e2e/with_postgres.sh python3 tests/e2e/follow_cpu.py build/release/cli/churchill \
        [TITLE churchill] [SCENARIO campaign] [MOVES 3000] [BLOCK 200]
"""
import base64
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def serve(binary, url):
    p = subprocess.Popen([binary, "serve", "--port", "0", "--db", url], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    return p, int(line.rsplit(":", 1)[1].split("/")[0])


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def call(port, method, path, body=None, token=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    c.request(method, path, json.dumps(body) if body is not None else None, headers)
    r = c.getresponse()
    data = json.loads(r.read() or b"null")
    c.close()
    return r.status, data


class Socket:
    """A socket that keeps the bytes of a frame not yet whole."""

    def __init__(self, s):
        self.s, self.pending = s, b""

    def recv(self, n):
        return self.s.recv(n)

    def sendall(self, b):
        self.s.sendall(b)

    def setblocking(self, flag):
        self.s.setblocking(flag)


def spectate(port, game):
    """A spectator's WebSocket: the handshake and its first message, {} (frames are read and dropped)."""
    s = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET /api/games/{game}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(4096)
    assert b" 101 " in answer.split(b"\r\n")[0], answer
    mask = os.urandom(4)
    payload = b"{}"
    s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    s.setblocking(False)
    return Socket(s)


def drain(s):
    """Reads what the server sent: views are dropped, pings answered (else the server closes the socket)."""
    try:
        while True:
            chunk = s.recv(1 << 20)
            if not chunk:
                raise ConnectionError("the server closed the spectator's WebSocket")
            s.pending += chunk
    except BlockingIOError:
        pass
    data = s.pending
    while len(data) >= 2:
        opcode, size, at = data[0] & 0x0F, data[1] & 0x7F, 2
        if size == 126:
            size, at = int.from_bytes(data[2:4], "big"), 4
        elif size == 127:
            size, at = int.from_bytes(data[2:10], "big"), 10
        if len(data) < at + size:
            break
        payload, data = data[at:at + size], data[at + size:]
        if opcode == 0x9:  # ping: pong with its payload, masked as a client's frames are
            mask = os.urandom(4)
            s.setblocking(True)
            s.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            s.setblocking(False)
        elif opcode == 0x8:
            raise ConnectionError("the server closed the spectator's WebSocket")
    s.pending = data


def main():
    binary = sys.argv[1]
    title, scenario, moves, block = (sys.argv[2:] + ["churchill", "campaign", "3000", "200"][len(sys.argv) - 2:])[:4]
    moves, block = int(moves), int(block)
    url = os.environ["CHURCHILL_TEST_POSTGRES"]
    random.seed(1)
    subprocess.run(["psql", url, "-qc", "DROP TABLE IF EXISTS actions, seats, games, buckets, accounts, account_sessions, account_seats, chat, chat_mutes, churchill_schema CASCADE"],
                   check=True, stderr=subprocess.DEVNULL)
    a, port_a = serve(binary, url)
    b, port_b = serve(binary, url)
    try:
        _, titles = call(port_a, "GET", "/api/titles")
        info = next(sc for t in titles if t["id"] == title for sc in t["scenarios"] if sc["id"] == scenario)
        _, made = call(port_a, "POST", "/api/games", {"title": title, "scenario": scenario, "seating": "public"})
        game = made["id"]
        seats = info["seats"][str(info["players"][0])]
        tokens = [call(port_a, "POST", f"/api/games/{game}/seats/{seat}", {})[1]["token"] for seat in seats]
        time.sleep(0.5)
        watcher = spectate(port_b, game)
        time.sleep(0.5)
        drain(watcher)
        print(f"server B (pid {b.pid}) follows game {game} played through server A; load average {os.getloadavg()[0]:.1f}")
        print("moves | actions stored | B's CPU per move (ms)")
        start, played, over = cpu_seconds(b.pid), 0, False
        while played < moves and not over:
            for token in tokens:
                _, view = call(port_a, "GET", f"/api/games/{game}/view", token=token)
                over = view.get("terminal", False)
                if over or not view["legal_actions"]:
                    continue
                status, _ = call(port_a, "POST", f"/api/games/{game}/actions",
                                 {"action": random.choice(view["legal_actions"]), "version": view["version"]}, token)
                if status != 200:
                    continue
                played += 1
                drain(watcher)
                if played % block == 0:
                    time.sleep(0.3)  # B hears of the last move and catches up
                    drain(watcher)
                    now = cpu_seconds(b.pid)
                    stored = subprocess.run(["psql", url, "-tAc", f"SELECT action_count FROM games WHERE id = '{game}'"],
                                            capture_output=True, text=True).stdout.strip()
                    print(f"{played:5} | {stored:>14} | {1000 * (now - start) / block:.2f}")
                    start = cpu_seconds(b.pid)
        print(f"stopped after {played} moves: {'the game ended' if over else 'as asked'}")
    finally:
        a.terminate()
        b.terminate()
        a.wait()
        b.wait()


if __name__ == "__main__":
    main()
