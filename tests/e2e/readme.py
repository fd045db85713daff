#!/usr/bin/env python3
"""Every example of README.md runs as written: the terminal commands (each with no input, so `play`
saves and stops), the one-command-at-a-time game, `serve --host`, and the API calls (with the id,
invitation, token and version the server answers put in place of the README's placeholders).
Usage: readme.py CHURCHILL_BINARY"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

binary = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
readme = open(os.path.join(root, 'README.md'), encoding='utf-8').read()
blocks = re.findall(r'```sh\n(.*?)```', readme, re.S)
work = tempfile.mkdtemp()
failures = []


def run(command, **kw):
    return subprocess.run(command, shell=True, cwd=work, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, **kw)


def block_with(text):
    found = [b for b in blocks if text in b]
    if not found:
        failures.append(f'no README example contains {text!r}')
    return found[0] if found else ''


def commands(block):
    lines = [l.split('  #')[0].split(' # ')[0].strip() for l in block.splitlines()]
    return [l for l in lines if l and not l.startswith('#')]


def local(command):
    programs = os.path.dirname(binary)
    return command.replace('build/release/cli/churchill', binary).replace(
        'build/release/cli/wartables', os.path.join(programs, 'wartables'))


# The terminal: each `play` line, in order (the last loads what the first saved).
for command in commands(block_with('churchill play --table')):
    r = run(local(command))
    if r.returncode != 0 or 'Game saved' not in r.stdout:
        failures.append(f'{command}: exit {r.returncode}, {r.stdout[-300:]}{r.stderr[-300:]}')

# One command at a time: the whole block as one script.
script = 'set -e\n' + local(block_with('$B new --scenario training'))
r = run(script)
if r.returncode != 0:
    failures.append(f'the one-command-at-a-time example fails: {r.stdout[-400:]}{r.stderr[-400:]}')

# War Room: its block as one script, with the warroom program beside the churchill one.
script = 'set -e\n' + block_with('$W new --scenario war-in-europe').replace(
    'build/release/cli/warroom', os.path.join(os.path.dirname(binary), 'warroom'))
r = run(script)
if r.returncode != 0 or 'verified' not in r.stdout:
    failures.append(f'the War Room example fails: {r.stdout[-400:]}{r.stderr[-400:]}')

# serve --host, then the API examples against it.
serve_line = commands(block_with('serve --host'))[0]
log = open(os.path.join(work, 'serve.log'), 'w')
server = subprocess.Popen(local(serve_line).replace('--port 8080', '--port 0') + f' --db {work}/g.db --web {root}/web/dist',
                          shell=True, cwd=work, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
try:
    url = None
    for _ in range(50):
        m = re.search(r'http://[0-9.:]+/', open(os.path.join(work, 'serve.log')).read())
        if m:
            url = m.group(0).replace('0.0.0.0', '127.0.0.1')
            break
        time.sleep(0.1)
    if not url:
        failures.append(f'{serve_line} did not start: {open(os.path.join(work, "serve.log")).read()[-300:]}')
    else:
        port = url.rstrip('/').rsplit(':', 1)[1]
        api = commands(block_with('curl -X POST localhost:8080/api/games '))
        answers = {}
        for command in api:
            if not command.startswith('curl'):
                run(command)
                continue
            command = command.replace('localhost:8080', f'127.0.0.1:{port}')
            command = command.replace('$H', 'Content-Type: application/json').replace("H='Content-Type: application/json'", '')
            if 'ID' in command or '"..."' in command or 'TOKEN' in command:
                command = command.replace('/ID/', f'/{answers["id"]}/').replace('"invitation": "..."', f'"invitation": "{answers["invitation"]}"')
                command = command.replace('TOKEN', answers.get('token', ''))
            if '/actions' in command:  # the README's action and version stand for a legal one and the current version
                command = re.sub(r'"action": "[^"]*", "version": \d+',
                                 f'"action": "{answers["legal"][0]}", "version": {answers["version"]}', command)
            r = run(command)
            try:
                body = json.loads(r.stdout)
            except json.JSONDecodeError:
                failures.append(f'{command}: not JSON: {r.stdout[:200]}')
                continue
            if 'error' in body:
                failures.append(f'{command}: {body["error"]}')
            answers.update({k: body[k] for k in ('id', 'invitation', 'token', 'version') if k in body})
            if 'legal_actions' in body:
                answers['legal'] = body['legal_actions']
finally:
    os.killpg(server.pid, 15)
    server.wait()

for f in failures:
    print('FAIL:', f)
print(f'{0 if failures else 1} passed, {1 if failures else 0} failed')
sys.exit(1 if failures else 0)
