#!/usr/bin/env node
// Seven accounts play War Room's Global War to its end against a real `wartables serve` (issue 35's
// "Done when"): each account on its own device (cookie jar), told of its turns by a local webhook, its
// seat played from its own view (a seeded random legal action), alliance and table talk, one account
// silent until its clock runs out and the stand-in bot plays its seat, then back. Checks at the end:
// one "your turn" webhook message per turn of each account (and one digest), no alliance message seen
// by the other alliance (views, pushes, replay, lists, My games), the stored actions are those
// acknowledged, the finished game replays, and no request answered 5xx.
//
// --title churchill: three accounts (UK, US, USSR) play a Churchill training game the same way until
// it ends by the rules: UK and US deal in private messages (5.13) that USSR, a spectator and a
// stranger never see, US goes silent until its stand-in plays, and USSR resigns partway (its seat
// then the rulebook 'Bot's to the end, 11.0).
//
//   nice -n 10 node tests/e2e/seven_accounts.mjs [build/release/cli/wartables] [--concede-after N] [--seed S]
//       [--smtp] [--postgres URL] [--title churchill [--resign-after N]]
//
// --smtp: the server sends e-mail through a local SMTP sink (this script's), and the second account
// is told by e-mail as well as by its webhook: one mail per turn and a digest, checked as the webhook's.
// --postgres URL: two servers on that PostgreSQL database (tests/e2e/with_postgres.sh gives a
// throw-away one) instead of one on SQLite; the odd accounts use the second server.
//
// docs/server.md, "Seven accounts play Global War to the end (measured)".
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(new URL('../../web/package.json', import.meta.url));
const WebSocket = require('ws');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
// What differs between the two titles: the scenario, the seats, the stand-in, the secret channel, the end.
const MODES = {
  warroom: { name: 'War Room Global War', scenario: 'global-war', account: 'general', standIn: 'bot:rules', silent: 3,
    concedeAfter: 3000, alliances: true, backAfter: 20000, talkEvery: 4000 },
  // A training game is about 180 actions, two thirds of them the seats': the silent seat goes early
  // and comes back once its stand-in has played (its bot moves at once), so that it plays on; the
  // resigning seat resigns on its first turn after 40 actions once the silent seat is back; the seats
  // talk while they wait too, at most every 3 s (a seat's 20 messages a minute); the turns are counted
  // from the replay.
  churchill: { name: 'Churchill training', scenario: 'training', account: 'leader', standIn: 'bot:rulebook', silent: 1,
    silentAfter: 10, resigner: 2, resignAfter: 40, dealers: [0, 1], backAfter: 0, turnsByReplay: true, talkEvery: 3000,
    talkWaiting: true },
};
const title = option('--title', 'warroom');
const mode = MODES[title];
if (!mode) throw new Error(`--title is ${Object.keys(MODES).join(' or ')}`);
const concedeAfter = Number(option('--concede-after', String(mode.concedeAfter ?? Infinity)));
const resignAfter = Number(option('--resign-after', String(mode.resignAfter ?? Infinity)));
const silentAfter = Number(option('--silent-after', String(mode.silentAfter ?? Math.floor(concedeAfter / 3))));
let seed = Number(option('--seed', '35'));
const withSmtp = args.includes('--smtp') ? (args.splice(args.indexOf('--smtp'), 1), true) : false;
const postgres = option('--postgres', '');
const binary = args[0] || 'build/release/cli/wartables';
const t0 = Date.now();
const elapsed = () => ((Date.now() - t0) / 1000).toFixed(1);
const log = (...a) => console.log(`[${elapsed()} s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rng(s) {  // mulberry32: each seat its own seeded stream
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const failures = [];
const fail = (what) => {
  failures.push(what);
  log('FAIL', what);
};
const figures = { requests: 0, errors5xx: 0, actions: 0, stale: 0, chatSent: 0, chatSecret: 0, chatTable: 0, pushes: 0, leaks: 0, strangerReads: 0 };

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// The webhook receiver: each account's messages by the path it was given.
const hooks = new Map();  // name -> [{content, at}]
const hookWaiters = new Map();  // name -> [resolve]
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    const name = req.url.split('/').pop();
    const message = JSON.parse(body);
    if (!hooks.has(name)) hooks.set(name, []);
    hooks.get(name).push({ content: message.content, at: Date.now() });
    for (const wake of hookWaiters.get(name) || []) wake();
    hookWaiters.set(name, []);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
});
const onHook = (name, ms) => new Promise((resolve) => {
  const list = hookWaiters.get(name) || [];
  const timer = setTimeout(resolve, ms);
  list.push(() => { clearTimeout(timer); resolve(); });
  hookWaiters.set(name, list);
});

// The SMTP sink (--smtp): each mail's text (its base64 body decoded) by the recipient's name.
const mails = new Map();  // name -> [{text, at}]
const sink = net.createServer((socket) => {
  let buffer = '', data = false, to = '';
  socket.write('220 sink ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    for (;;) {
      if (data) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        data = false;
        const body = message.slice(message.indexOf('\r\n\r\n') + 4).replace(/\s+/g, '');
        const name = to.split('@')[0];
        if (!mails.has(name)) mails.set(name, []);
        mails.get(name).push({ text: Buffer.from(body, 'base64').toString('utf8'), at: Date.now() });
        socket.write('250 queued\r\n');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'RCPT') to = (line.match(/<([^>]*)>/) || [])[1] || '';
      if (verb === 'DATA') { data = true; socket.write('354 go on\r\n'); }
      else if (verb === 'QUIT') { socket.end('221 bye\r\n'); return; }
      else socket.write(verb === 'EHLO' ? '250 sink\r\n' : '250 ok\r\n');
    }
  });
  socket.on('error', () => {});
});

let base = '';
// A device: its own cookie jar.
class Device {
  constructor(label, at = base) { this.label = label; this.cookie = ''; this.base = at; }
  async call(method, url, body, token) {
    const headers = { 'X-Churchill-CSRF': '1' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookie) headers.Cookie = this.cookie;
    if (token) headers.Authorization = `Bearer ${token}`;
    figures.requests++;
    const r = await fetch((this.base || base) + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = r.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    const text = await r.text();
    if (r.status >= 500) {
      figures.errors5xx++;
      fail(`${method} ${url} answered ${r.status}: ${text.slice(0, 200)}`);
    }
    let json = null;
    try { json = JSON.parse(text); } catch { /* not JSON */ }
    return { status: r.status, json, text };
  }
}

// A secret message (an alliance's, or a private one between two seats) carries a marker naming the
// seats that may read it: secret~GER.ITA.JPN~n~r. Every text a seat (or nobody's eyes: seat null)
// receives is searched for a marker not naming it. Once the game is over everyone reads every
// message, so a marker seen is a leak only if the game was still on when it had been seen: asked
// again at once through the same server (a game over now may have ended after the text was read:
// not counted).
const secretRe = /secret~([A-Z.]+)~\d+~\d+/g;
function scan(where, text, seat, device) {
  for (const m of text.matchAll(secretRe)) {
    if (seat && m[1].split('.').includes(seat)) continue;
    state.suspects.push((async () => {
      const now = await (device || state.anon).call('GET', `/api/games/${state.game}/view`);
      if (now.json?.terminal) return;
      figures.leaks++;
      fail(`secret message ${m[0]} seen in ${where}${seat ? ` by ${seat}` : ''} while the game was on`);
    })());
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seven-accounts-'));
  const db = postgres || path.join(dir, 'seven.db');
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  const hookPort = receiver.address().port;
  const flags = ['--notify-allow-local', '--notify-poll', '0.2', '--notify-backoff', '1', '--notify-private'];
  if (withSmtp) {
    await new Promise((r) => sink.listen(0, '127.0.0.1', r));
    flags.push('--smtp', `smtp://127.0.0.1:${sink.address().port}`, '--mail-from', 'wartables@example.org');
  }
  // One server on SQLite, or two on PostgreSQL (the odd accounts on the second); each one's log in
  // the run's directory (kept unless the run passes).
  const servers = [];
  for (let n = 0; n < (postgres ? 2 : 1); n++) {
    const port = await freePort();
    const logFile = path.join(dir, `serve${n + 1}.log`);
    const server = spawn(binary, ['serve', '--port', String(port), '--db', db, ...flags],
      { stdio: ['ignore', 'ignore', fs.openSync(logFile, 'w')] });
    servers.push({ server, base: `http://127.0.0.1:${port}` });
    for (let i = 0; ; i++) {
      try { if ((await fetch(servers[n].base + '/api/titles')).ok) break; } catch { /* not yet */ }
      if (i > 100) throw new Error('the server did not start: ' + fs.readFileSync(logFile, 'utf8'));
      await sleep(100);
    }
  }
  base = servers[0].base;
  state.bases = servers.map((s) => s.base);
  const anon = new Device('anonymous');
  state.anon = anon;
  log(`server${servers.length > 1 ? 's' : ''} on ${state.bases.join(' and ')}, database ${db}${withSmtp ? ', e-mail through a local SMTP sink' : ''}, logs in ${dir}`);
  // The database, read with its own client (while the servers run too).
  const query = (sql) => postgres
    ? execFileSync('psql', [postgres, '-At', '-F', '\t', '-c', sql], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : execFileSync('sqlite3', ['-separator', '\t', db, sql], { encoding: 'utf8', maxBuffer: 1 << 28 });
  state.query = query;
  try {
    await play(anon, hookPort, db);
    await Promise.all(state.suspects);
  } finally {
    for (const { server } of servers) {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
    }
    receiver.close();
    if (withSmtp) sink.close();
  }
  // The stored record: every action acknowledged is there, in its seat's order.
  const rows = query(`SELECT seat, action FROM actions WHERE game = '${state.game}' AND NOT sampled ORDER BY idx`)
    .split('\n').filter(Boolean).map((l) => l.split('\t'));
  figures.stored = rows.length;
  figures.chance = Number(query(`SELECT count(*) FROM actions WHERE game = '${state.game}' AND sampled`));
  for (const p of state.players) {
    const stored = rows.filter(([s]) => s === p.seat).map(([, a]) => a);
    let at = 0;
    for (const a of p.acknowledged) {
      while (at < stored.length && stored[at] !== a) at++;
      if (at === stored.length) { fail(`${p.seat}: acknowledged action "${a}" is not in the stored record in order`); break; }
      at++;
    }
    p.storedCount = stored.length;
    if (p !== state.silent && !p.unplanned && !p.resigned && stored.length !== p.acknowledged.length) {
      fail(`${p.seat}: ${stored.length} actions stored, ${p.acknowledged.length} acknowledged`);
    }
  }
  // Turns told too few or too many: the steps where the replay has them begin, and the outbox's
  // turn rows (the action count each was told at, and its status), for the finding.
  for (const p of state.players.filter((q) => q.turnFault)) {
    const who = `(SELECT id FROM accounts WHERE name = '${p.name}')`;
    const rows = query(`SELECT dedupe, status FROM notify_outbox WHERE account = ${who} AND dedupe LIKE 'turn:%:webhook' ORDER BY id`)
      .split('\n').filter(Boolean).map((l) => `${l.split(':')[3]} ${l.split('\t')[1]}`);
    log(`${p.name} (${p.seat}): turns begin at steps ${(p.turnSteps || []).join(' ')}; told at ${rows.join(', ')}`);
  }
  // A digest missing: what the outbox and the seats held of it, for the finding.
  for (const p of state.players.filter((q) => q.digests !== undefined && q.digests !== 1)) {
    const who = `(SELECT id FROM accounts WHERE name = '${p.name}')`;
    log(`${p.name}'s outbox rows of the end: ${JSON.stringify(query(`SELECT dedupe, status, attempts, failure, created FROM notify_outbox WHERE account = ${who} AND dedupe LIKE 'end:%'`))}; its seats: ${JSON.stringify(query(`SELECT game, seat FROM account_seats WHERE account = ${who}`))}; all end rows: ${JSON.stringify(query(`SELECT dedupe, status, created FROM notify_outbox WHERE dedupe LIKE 'end:%'`))}`);
  }
  report();
  if (failures.length) console.log(`the database and the servers' logs are kept: ${db}, ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  process.exit(failures.length ? 1 : 0);
}

const state = { players: [], game: '', over: false, silent: null, suspects: [] };

async function play(anon, hookPort, db) {
  const { json: titles } = await anon.call('GET', '/api/titles');
  const info = titles.find((t) => t.id === title).scenarios.find((s) => s.id === mode.scenario);
  const count = Math.max(...info.players);
  const seats = info.seats[String(count)];
  // 1. An account for each seat, each on its own device, each with a confirmed webhook.
  const players = seats.map((seat, i) => ({ name: `${mode.account}${i + 1}`, seat, device: new Device(`general${i + 1}`, state.bases[i % state.bases.length]), random: rng(seed + i),
    acknowledged: [], turnsSeen: 0, active: false, version: -1, view: null, sent: 0, received: 0 }));
  state.players = players;
  if (mode.dealers) {  // the two seats that deal in private messages
    const [a, b] = mode.dealers.map((i) => players[i]);
    [a.partner, b.partner] = [b, a];
  }
  for (const p of players) {
    const r = await p.device.call('POST', '/api/accounts', { name: p.name, password: `password of ${p.name}` });
    if (r.status !== 201) throw new Error(`register ${p.name}: ${r.status} ${r.text}`);
    const settings = { webhook: `http://127.0.0.1:${hookPort}/hook/${p.name}` };
    if (withSmtp && p === players[1]) settings.email = `${p.name}@example.org`;  // told by e-mail too
    const w = await p.device.call('PUT', '/api/me/notifications', settings);
    if (w.status !== 200) throw new Error(`webhook of ${p.name}: ${w.status} ${w.text}`);
  }
  if (withSmtp) {
    const p = players[1];
    for (let i = 0; i < 100 && !(mails.get(p.name) || []).length; i++) await sleep(50);
    const code = ((mails.get(p.name) || [])[0]?.text || '').match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no confirmation code reached ${p.name}'s address`);
    const c = await p.device.call('POST', '/api/me/notifications/confirm', { channel: 'email', code });
    if (c.status !== 200 || !c.json.email.confirmed) throw new Error(`confirm ${p.name}'s address: ${c.status} ${c.text}`);
    mails.set(p.name, []);
    state.mailed = p;
  }
  for (const p of players) {
    for (let i = 0; i < 100 && !(hooks.get(p.name) || []).length; i++) await sleep(50);
    const code = ((hooks.get(p.name) || [])[0]?.content || '').match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no confirmation code reached ${p.name}'s webhook`);
    const c = await p.device.call('POST', '/api/me/notifications/confirm', { channel: 'webhook', code });
    if (c.status !== 200 || !c.json.webhook.confirmed) throw new Error(`confirm ${p.name}: ${c.status} ${c.text}`);
    hooks.set(p.name, []);  // from here on, only turns and the digest
  }
  log(`${count} accounts registered, ${count} webhooks confirmed`);
  // The first account's second device: My games, read and pushed.
  const second = new Device('general1 (phone)', state.bases[state.bases.length - 1]);  // on the other server, if two
  const s = await second.call('POST', '/api/sessions', { name: players[0].name, password: `password of ${players[0].name}` });
  if (s.status !== 200 && s.status !== 201) throw new Error(`second device sign-in: ${s.status} ${s.text}`);
  const phone = { lists: 0, sawGame: false, yourTurn: 0 };
  const phoneWs = new WebSocket(second.base.replace('http', 'ws') + '/api/me/ws', { headers: { Cookie: second.cookie, Origin: second.base } });
  phoneWs.on('message', (d) => {
    const text = d.toString();
    phone.lists++;
    scan('the second device\'s My games push', text, null, second);
    const list = JSON.parse(text);
    const g = (list.games || []).find((x) => x.id === state.game);
    if (g) { phone.sawGame = true; if (g.your_turn) phone.yourTurn++; }
  });
  phoneWs.on('error', (e) => fail(`My games socket: ${e.message}`));

  // 2. A game for every seat with a 60 s clock and a bot standing in; seats claimed from the open games.
  const pace = { initial: 60, per_move: 30, most: 120 };
  const made = await players[0].device.call('POST', '/api/games',
    { title, scenario: mode.scenario, players: count, seating: 'public', pace, stand_in: mode.standIn });
  if (made.status !== 200 && made.status !== 201) throw new Error(`create: ${made.status} ${made.text}`);
  state.game = made.json.id;
  // On another server sharing the database the game joins the list once its change notice is read
  // (a load on a worker): asked again for up to 5 s, the wait printed.
  const listed = async () => {
    const open = await players[1].device.call('GET', `/api/games/open?title=${title}&scenario=${mode.scenario}&pace=custom`);
    return open.json?.games?.some((g) => g.id === state.game);
  };
  const asked = Date.now();
  let found = await listed();
  while (!found && Date.now() - asked < 5000) {
    await new Promise((r) => setTimeout(r, 50));
    found = await listed();
  }
  if (!found) fail('the new game is not among the open games (pace custom) after 5 s');
  else log(`the new game among the open games of ${players[1].device.base} after ${Date.now() - asked} ms`);
  for (const p of players) {
    const c = await p.device.call('POST', `/api/games/${state.game}/seats/${p.seat}`, {});
    if (c.status !== 200 && c.status !== 201) throw new Error(`claim ${p.seat}: ${c.status} ${c.text}`);
    if (c.json.account !== p.name) fail(`${p.seat}'s claim not tied to ${p.name}`);
    p.token = c.json.token;
  }
  log(`game ${state.game}: ${count} seats claimed (${seats.join(' ')})`);
  const mine = await second.call('GET', '/api/me/games');
  const entry = mine.json.games.find((g) => g.id === state.game);
  if (!entry || entry.seat !== players[0].seat || !entry.token) fail('the second device\'s My games lacks the game or its seat');
  // A spectator's socket: it must never see a secret message.
  const spectator = new WebSocket(base.replace('http', 'ws') + `/api/games/${state.game}/ws`, { headers: { Origin: base } });
  spectator.on('open', () => spectator.send('{}'));
  spectator.on('message', (d) => scan('a spectator\'s push', d.toString(), null));

  state.silent = players[mode.silent];
  state.resigner = players[mode.resigner];
  const started = Date.now();
  await Promise.all([...players.map((p) => seatLoop(p)), strangerLoop(anon)]);
  log(`the game is over after ${figures.actions} actions acknowledged`);
  await finalChecks(players, phone, second);
  figures.seconds = (Date.now() - started) / 1000;
  phoneWs.close();
  spectator.close();
}

function onView(p, v, where) {
  if (!v || typeof v.version !== 'number' || v.version < p.version) return;
  p.version = v.version;
  p.view = v;
  if (!p.allies && Array.isArray(v.alliance)) p.allies = v.alliance;
  // A turn as the notifier counts it: the seat waited on after other seats were (chance between two
  // of its decisions breaks no turn).
  const waitedOn = v.terminal ? [] : (v.active || []);
  if (waitedOn.length) {
    if (waitedOn.includes(p.seat) && !(p.waitedOn || []).includes(p.seat) && !p.out && !p.resigned) p.turnsSeen++;
    p.waitedOn = waitedOn;
  }
  p.active = !v.terminal && !p.resigned && (v.legal_actions || []).length > 0;
  if (v.terminal) state.over = true;
  if (p.wake) p.wake();
}

function openSocket(p) {
  return new Promise((resolve) => {
    const at = p.device.base;
    const ws = new WebSocket(at.replace('http', 'ws') + `/api/games/${state.game}/ws`, { headers: { Origin: at } });
    ws.on('open', () => { ws.send(JSON.stringify({ token: p.token })); resolve(ws); });
    ws.on('message', (d) => {
      const text = d.toString();
      figures.pushes++;
      scan(`${p.seat}'s game socket`, text, p.seat, p.device);
      const m = JSON.parse(text);
      if (m.chat) {
        p.received++;
        if (m.chat.channel === 'private') p.privateReceived = (p.privateReceived || 0) + 1;
        return;
      }
      onView(p, m.view || m, 'push');
    });
    ws.on('error', (e) => fail(`${p.seat}'s socket: ${e.message}`));
  });
}

const wait = (p, ms) => new Promise((resolve) => {
  const timer = setTimeout(() => { p.wake = null; resolve(); }, ms);
  p.wake = () => { clearTimeout(timer); p.wake = null; resolve(); };
});

// What a seat writes: 70% of the time a secret, to its alliance (War Room) or to the seat it deals
// with (Churchill, 5.13: a private message), marked with the seats that may read it; else to the table.
function message(p) {
  const secret = (p.allies || p.partner) && !p.resigned && p.random() < 0.7;
  if (!secret) return { channel: 'table', text: `${p.seat} greets the table (${++p.sent})` };
  const audience = p.partner ? [p.seat, p.partner.seat] : p.allies;
  const text = `secret~${audience.join('.')}~${++p.sent}~${Math.floor(p.random() * 1e6)} ${p.partner ? 'a deal' : 'hold the line'}`;
  return p.partner ? { channel: 'private', to: p.partner.seat, text } : { channel: 'alliance', text };
}

async function talk(p) {
  if ((mode.alliances && !p.allies) || Date.now() - (p.lastTalk || 0) < mode.talkEvery) return;
  p.lastTalk = Date.now();
  const body = message(p);
  const r = await p.device.call('POST', `/api/games/${state.game}/chat`, body, p.token);
  if (r.status === 201) {
    figures.chatSent++;
    body.channel === 'table' ? figures.chatTable++ : figures.chatSecret++;
    if (body.channel === 'private') p.privateSent = (p.privateSent || 0) + 1;
  }
  else if (r.status !== 429) fail(`${p.seat}'s message: ${r.status} ${r.text}`);
  // Everything else a seat may read while the game is played: its table talk, its replay, the lists.
  const reads = [[`/api/games/${state.game}/chat`, p.token], [`/api/me/games`], [`/api/games?limit=100`], [`/api/games/open?limit=100`]];
  if (p.sent % 3 === 0) reads.push([`/api/games/${state.game}/replay`, p.token]);
  for (const [url, token] of reads) {
    const read = await p.device.call('GET', url, undefined, token);
    if (read.status !== 200 && read.status !== 429) fail(`${p.seat} read ${url}: ${read.status} ${read.text.slice(0, 200)}`);
    scan(`${p.seat}'s ${url}`, read.text, url.startsWith('/api/games?') || url.includes('/open') ? null : p.seat, p.device);
    figures.reads = (figures.reads || 0) + 1;
  }
}

// A stranger: an account of its own holding no seat, reading whatever anyone may while the game is
// played (the game's view, table talk and replay as a spectator's, the lists, its own My games).
async function strangerLoop() {
  const stranger = new Device('stranger', state.bases[state.bases.length - 1]);
  const r = await stranger.call('POST', '/api/accounts', { name: 'stranger', password: 'password of stranger' });
  if (r.status !== 201) fail(`register the stranger: ${r.status} ${r.text}`);
  const game = `/api/games/${state.game}`;
  while (!state.over) {
    for (const url of [`${game}/view`, `${game}/chat`, `${game}/replay`, '/api/me/games', '/api/games?limit=100', '/api/games/open?limit=100']) {
      const read = await stranger.call('GET', url);
      if (read.status !== 200 && read.status !== 429) fail(`the stranger read ${url}: ${read.status} ${read.text.slice(0, 200)}`);
      scan(`a stranger's ${url}`, read.text, null, stranger);
      figures.strangerReads++;
    }
    await sleep(2000);
  }
}

// 3-4. A seat's player: acts on its own view when its turn comes (after its webhook says so, as a
// player away from the page would), talks now and then; the silent one stops until its stand-in plays.
async function seatLoop(p) {
  const ws = await openSocket(p);
  const first = await p.device.call('GET', `/api/games/${state.game}/view`, undefined, p.token);
  scan(`${p.seat}'s view`, first.text, p.seat, p.device);
  onView(p, first.json, 'get');
  let told = (hooks.get(p.name) || []).length;  // the confirmation code's
  while (!state.over) {
    if (p === state.silent && !p.back) {
      if (!p.silentSince && figures.actions >= silentAfter) {
        p.silentSince = Date.now();
        p.silentStep = await steps(p);
        log(`${p.name} (${p.seat}) goes silent`);
      }
      if (p.silentSince) { await silence(p); continue; }
    }
    if (p.resigned) { await talk(p); await wait(p, 3000); continue; }  // reads on, as a watcher of its old seat
    if (p.view?.clock?.seats?.[p.seat]?.out) { await backFromUnplannedTimeout(p); continue; }
    if (!p.active) {
      if (mode.talkWaiting) await talk(p);
      await wait(p, 2000);
      continue;
    }
    // A new turn: wait for its "your turn" message (a player away would), at most 5 s.
    // A turn played before its message left is not told any more (docs/server.md, "Sending"): on a
    // loaded machine that may happen, and is counted.
    if (p.turnsSeen > (p.turnsWaited || 0)) {
      if ((hooks.get(p.name) || []).length <= told) await onHook(p.name, 5000);
      const now = (hooks.get(p.name) || []).length;
      if (now <= told) p.playedUntold = (p.playedUntold || 0) + 1;
      told = now;
      p.turnsWaited = p.turnsSeen;
    }
    // On its turn, once told, and not while the silent seat is away.
    if (p === state.resigner && figures.actions >= resignAfter && (!state.silent.silentSince || state.silent.back)) { await resign(p); continue; }
    await talk(p);
    await playTurn(p);
    if (figures.actions >= concedeAfter && !state.conceding) await concede();
  }
  await wait(p, 300);
  ws.close();
}

async function playTurn(p) {
  while (p.active && !state.over) {
    const legal = p.view.legal_actions;
    const action = legal[Math.floor(p.random() * legal.length)];
    const r = await p.device.call('POST', `/api/games/${state.game}/actions`, { action, version: p.version }, p.token);
    if (r.status === 200) {
      p.acknowledged.push(action);
      figures.actions++;
      scan(`${p.seat}'s action answer`, r.text, p.seat, p.device);
      onView(p, r.json.view || r.json, 'answer');
    } else if (r.status === 409 && r.json?.view) {
      figures.stale++;
      onView(p, r.json.view, 'stale');
      if (r.json.code === 'game_over' || r.json.code === 'seat_is_bot') return;
    } else if (r.status === 409) {
      return;
    } else {
      fail(`${p.seat} played "${action}": ${r.status} ${r.text.slice(0, 200)}`);
      return;
    }
  }
}

// A change that is not an action (I'm back, concede). On two servers it may meet a change committed
// through the other one in the same moment (409 stale): sent again, as the web client does.
async function changeAgain(p, path, body) {
  let r = await p.device.call('POST', `/api/games/${state.game}/${path}`, body, p.token);
  for (let i = 0; i < 10 && r.status === 409 && r.json?.code === 'stale'; ++i) {
    await sleep(200);
    r = await p.device.call('POST', `/api/games/${state.game}/${path}`, body, p.token);
  }
  return r;
}

// A player too slow (a loaded machine) whose clock ran out: back at once; its counts are not checked.
async function backFromUnplannedTimeout(p) {
  const b = await changeAgain(p, 'clock', { back: true });
  if (b.status !== 200 && b.json?.code !== 'not_out') fail(`${p.seat}'s "I'm back": ${b.status} ${b.text}`);
  p.unplanned = (p.unplanned || 0) + 1;
  figures.unplanned = (figures.unplanned || 0) + 1;
  log(`${p.seat}'s clock ran out although its player plays (too slow); back`);
  onView(p, b.json?.view || b.json, 'back');
  p.active = false;
}

// The silent seat: nothing until its clock runs out and its stand-in has played, then "I'm back".
async function silence(p) {
  const r = await p.device.call('GET', `/api/games/${state.game}/view`, undefined, p.token);
  const clock = r.json?.clock?.seats?.[p.seat];
  if (clock?.out && !p.outAt) { p.outAt = Date.now(); p.out = true; log(`${p.seat}'s clock ran out; its stand-in is ${clock.stand_in}`); }
  // The log's entries and lines go together: the clock's line, then the stand-in's moves (lines of the seat).
  const lines = r.json?.log || [], entries = r.json?.log_events || [];
  const outLine = entries.findLastIndex((e) => e.event === 'clock_out' && e.seat === p.seat && e.bot);
  const standInLogged = p.standInLogged || outLine >= 0;
  if (standInLogged && !p.standInLogged) {
    p.standInLogged = true;
    log(`the log says: ${JSON.stringify(lines[outLine])}`);
  }
  if (outLine >= 0 && !p.standInPlayed && lines.slice(outLine + 1).some((l) => new RegExp(`^\\[[^\\]]*\\] ${p.seat} `).test(l))) {
    p.standInPlayed = Date.now();
    log(`its stand-in plays: ${JSON.stringify(lines.slice(outLine + 1).find((l) => l.includes(` ${p.seat} `)))}`);
  }
  // Back once its stand-in has played (or, not seen in the log, 20 s later).
  if (p.outAt && Date.now() - p.outAt > mode.backAfter && standInLogged && (p.standInPlayed || Date.now() - p.outAt > mode.backAfter + 20000)) {
    const b = await changeAgain(p, 'clock', { back: true });
    if (b.status !== 200) fail(`${p.seat}'s "I'm back": ${b.status} ${b.text}`);
    p.back = true;
    p.out = false;
    p.silentFor = (Date.now() - p.silentSince) / 1000;
    log(`${p.seat} is back after ${p.silentFor.toFixed(0)} s`);
    onView(p, b.json.view || b.json, 'back');
    p.backStep = await steps(p);  // its turns are told again from here
    p.active = false;  // its next turn counts from here
    return;
  }
  if (p.outAt && !standInLogged && Date.now() - p.outAt > 5000) fail(`${p.seat}'s clock ran out but the log does not say so`);
  await sleep(1000);
}

// Resign (Churchill 11.0): the seat's bot plays it to the end; its player reads on.
async function resign(p) {
  p.resigned = true;  // no turn of its counted from here
  p.active = false;
  p.resignedAfter = figures.actions;
  const r = await changeAgain(p, 'resign', {});
  if (r.status !== 200) return fail(`${p.seat} resigns: ${r.status} ${r.text}`);
  const event = ((r.json.view || r.json).events || []).find((e) => e.event === 'resign' && e.seat === p.seat);
  if (!event) fail(`${p.seat}'s resignation is not among the view's events`);
  log(`after ${figures.actions} actions ${p.name} (${p.seat}) resigns: ${event?.controller} plays it from here`);
}

async function concede() {
  state.conceding = true;
  // The alliance without the first seat concedes: the game ends with a result.
  const first = state.players[0];
  const losers = state.players.filter((p) => p.allies && !p.allies.includes(first.seat));
  log(`after ${figures.actions} actions, ${losers.map((p) => p.seat).join(', ')} concede`);
  for (const p of losers) {
    const r = await changeAgain(p, 'concede', { agree: true });
    if (r.status !== 200 && !(r.status === 409 && r.json?.code === 'game_over')) fail(`${p.seat} concedes: ${r.status} ${r.text}`);
    if (r.json?.terminal || r.json?.view?.terminal) state.over = true;
  }
  for (const p of state.players) if (p.wake) p.wake();
}

async function finalChecks(players, phone, second) {
  await sleep(3000);  // the digests
  const game = state.game;
  // After the end: everyone reads every message; the replay works from each seat.
  const v = await players[0].device.call('GET', `/api/games/${game}/view`, undefined, players[0].token);
  figures.result = v.json.conceded ? `conceded by ${v.json.conceded.seats.join(', ')}; winners ${v.json.conceded.winners.join(', ')}` : (v.json.result || v.json.winners || v.json.winner || 'over');
  if (!v.json.terminal) fail('the game is not over');
  if (!mode.concedeAfter && v.json.conceded) fail('the game was conceded, not ended by the rules');
  figures.rounds = v.json.round ?? v.json.state?.round;
  // A player whose clock ran out while the game was ending (too slow on a loaded machine, after its
  // loop stopped looking): its stand-in played, so its counts are not checked either.
  for (const e of v.json.clock?.events || []) {
    const p = state.players.find((q) => q.seat === e.seat);
    if (e.event === 'out' && p && p !== state.silent && !p.unplanned) {
      p.unplanned = 1;
      figures.unplanned = (figures.unplanned || 0) + 1;
    }
  }
  const steps = (await players[0].device.call('GET', `/api/games/${game}/replay?step=0`)).json?.steps;
  for (const p of players) {
    const r = await p.device.call('GET', `/api/games/${game}/replay?step=${steps}&seat=${p.seat}`);
    if (r.status !== 200) fail(`the finished game's replay from ${p.seat}: ${r.status}`);
  }
  figures.steps = steps;
  if (mode.turnsByReplay) await turnsFromReplay(players, steps, v.json.events || []);
  const chat = await players[0].device.call('GET', `/api/games/${game}/chat`, undefined, players[0].token);
  figures.chatStored = chat.json.messages.length;
  if (chat.json.messages.length !== figures.chatSent) fail(`${figures.chatSent} messages sent, ${chat.json.messages.length} stored`);
  // Notifications: one per turn, one digest.
  figures.notifications = 0;
  for (const p of players) {
    const got = hooks.get(p.name) || [];
    figures.notifications += got.length;
    p.turnMessages = got.filter((m) => /turn/i.test(m.content)).length;
    p.digests = got.length - p.turnMessages;
    if (p.digests !== 1) fail(`${p.name}: ${p.digests} digests`);
    toldOnceATurn(p, p.turnMessages, '"your turn" messages', 'webhook');
  }
  // Private messages: each dealer's socket was pushed every message between the two, its own too.
  for (const p of players.filter((q) => q.partner)) {
    const due = (p.privateSent || 0) + (p.partner.privateSent || 0);
    if ((p.privateReceived || 0) !== due) fail(`${p.seat}: ${p.privateReceived || 0} private messages pushed of ${due}`);
  }
  const resigner = state.resigner;
  if (resigner) {
    if (!resigner.resigned) fail(`${resigner.seat} never resigned`);
    const events = (v.json.events || []).filter((e) => e.event === 'resign' && e.seat === resigner.seat);
    if (events.length !== 1) fail(`${events.length} resignations of ${resigner.seat} among the view's events`);
    figures.resignedBot = events[0]?.controller;
    const mine = await resigner.device.call('GET', '/api/me/games');
    if (!(mine.json?.games || []).some((g) => g.id === game && !g.your_turn)) fail(`${resigner.name}'s My games lacks the game it resigned`);
  }
  if (state.mailed) {
    const p = state.mailed, got = mails.get(p.name) || [];
    p.mailTurns = got.filter((m) => /your turn/i.test(m.text)).length;
    p.mailDigests = got.length - p.mailTurns;
    figures.mails = got.length;
    if (p.mailDigests !== 1) fail(`${p.name}: ${p.mailDigests} digests by e-mail`);
    toldOnceATurn(p, p.mailTurns, '"your turn" mails', 'email');
  }
  if (!phone.sawGame) fail('the second device\'s My games socket never showed the game');
  figures.phone = phone;
  const silent = state.silent;
  if (!silent.outAt) fail(`${silent.seat}'s clock never ran out`);
  if (!silent.back) fail(`${silent.seat} never came back`);
  const all = (await silent.device.call('GET', `/api/games/${game}/view`, undefined, silent.token)).json;
  figures.silentEvents = (all.clock?.events || []).filter((e) => e.seat === silent.seat).map((e) => e.event);
  figures.clockEvents = (all.clock?.events || []).map((e) => `${e.seat} ${e.event}`);
}

// One message a turn: the notifier's outbox has one row a turn of the seat (by the replay's count;
// the silent seat's turns while it was away may or may not be told), and every row sent reached the
// account once; a row not sent is a turn played before its message left ("stale", by design: a
// player's views may not show a turn begin -- a socket is sent the newest view -- so it may play at
// once). Without the replay's count (War Room: the views' count, which sees every turn of seven
// humans), one message a turn at most and none missing but those the player played before its message
// came, and the silent seat's are not checked.
function toldOnceATurn(p, told, what, channel) {
  if (p.turnsMost === undefined) {
    const least = p.turnsSeen - (p.playedUntold || 0);
    if (p !== state.silent && !p.unplanned && (told > p.turnsSeen || told < least))
      fail(`${p.name} (${p.seat}): ${told} ${what} for ${least === p.turnsSeen ? least : `${least} to ${p.turnsSeen}`} turns (${p.playedUntold || 0} played before their message came)`);
    return;
  }
  const most = p.turnsMost, least = p.turnsLeast ?? most;
  const rows = { sent: 0, stale: 0, pending: 0, failed: 0 };
  const who = `(SELECT id FROM accounts WHERE name = '${p.name}')`;
  for (const line of state.query(`SELECT status, count(*) FROM notify_outbox WHERE account = ${who} AND dedupe LIKE 'turn:%:${state.game}:%:${channel}' GROUP BY status`).split('\n').filter(Boolean)) {
    const [status, count] = line.split('\t');
    rows[status] = Number(count);
  }
  const total = rows.sent + rows.stale + rows.pending + rows.failed;
  p.turnRows = { ...(p.turnRows || {}), [channel]: rows };
  if ((p !== state.silent || p.turnsLeast !== undefined) && !p.unplanned && (total > most || total < least)) {
    p.turnFault = true;
    fail(`${p.name} (${p.seat}): ${total} turns told by ${channel} (${rows.sent} sent, ${rows.stale} played before their message left) for ${least === most ? most : `${least} to ${most}`} turns`);
  }
  if (told < rows.sent || told > rows.sent + rows.pending) fail(`${p.name} (${p.seat}): ${told} ${what} received for ${rows.sent} sent`);
}

// The steps of the game so far, as the seat's replay counts them.
async function steps(p) {
  return (await p.device.call('GET', `/api/games/${state.game}/replay?step=0`, undefined, p.token)).json?.steps;
}

// The turns of each seat as the notifier counts them, from the finished game's replay: a turn begins
// at a step whose \`active\` has the seat after one that had not (a step waiting on chance alone
// carries the seats waited on before). Pushed views cannot count them when bots play: a socket is
// sent the newest view, so a bot's quick moves between two turns of a seat may never be seen. A
// resigned seat's turns count until its resignation; the silent seat's at least outside its silence.
async function turnsFromReplay(players, total, events) {
  const began = new Map(players.map((p) => [p.seat, []]));
  let before = [];
  for (let n = 0; n <= total; n++) {
    const r = await state.anon.call('GET', `/api/games/${state.game}/replay?step=${n}`);
    if (r.status !== 200) return fail(`the finished game's replay at step ${n}: ${r.status}`);
    const active = r.json.view.terminal ? [] : r.json.view.active || [];
    if (!active.length) continue;
    for (const seat of active) if (!before.includes(seat)) began.get(seat)?.push(n);
    before = active;
  }
  const resigned = new Map(events.filter((e) => e.event === 'resign').map((e) => [e.seat, e.at]));
  for (const p of players) {
    const at = began.get(p.seat), within = (from, to) => at.filter((n) => n >= from && n <= to).length;
    p.turnsMost = resigned.has(p.seat) ? within(0, resigned.get(p.seat)) : at.length;
    p.turnsLeast = p === state.silent && p.backStep !== undefined ? within(0, p.silentStep) + within(p.backStep + 1, total) : p.turnsMost;
    p.turnSteps = at;
  }
}

function report() {
  const silent = state.silent;
  console.log(`\n${state.players.length} accounts, ${mode.name}, seats by account:`);
  for (const p of state.players) {
    console.log(`  ${p.name.padEnd(9)} ${p.seat.padEnd(4)} actions acknowledged ${String(p.acknowledged.length).padStart(5)}, stored ${String(p.storedCount).padStart(5)}, turns ${String(p.turnsSeen).padStart(4)}, "your turn" messages ${String(p.turnMessages).padStart(4)} (${p.playedUntold || 0} turns played after 5 s without one${p.turnRows?.webhook ? `; outbox: ${p.turnRows.webhook.sent} sent, ${p.turnRows.webhook.stale} stale` : ''}), digests ${p.digests}, messages sent ${p.sent}, received ${p.received}${p.partner ? `, private sent ${p.privateSent || 0} pushed ${p.privateReceived || 0}` : ''}`);
  }
  console.log(`  result: ${JSON.stringify(figures.result)}; ${figures.stored} actions stored (${figures.actions} acknowledged to the accounts, ${figures.stored - figures.actions} by bots) and ${figures.chance} chance outcomes, ${figures.seconds?.toFixed(0)} s of play`);
  console.log(`  silent seat ${silent.seat}: silent ${silent.silentFor?.toFixed(0)} s (steps ${silent.silentStep} to ${silent.backStep}), stand-in actions ${silent.storedCount - silent.acknowledged.length}, clock events ${JSON.stringify(figures.silentEvents)}`);
  if (mode.turnsByReplay) console.log(`  turns by the replay (${figures.steps} steps): ${state.players.map((p) => `${p.seat} ${p.turnsLeast === p.turnsMost ? p.turnsMost : `${p.turnsLeast} to ${p.turnsMost}`}`).join(', ')}`);
  const resigner = state.resigner;
  if (resigner) console.log(`  resigned seat ${resigner.seat}: after ${resigner.resignedAfter} actions, then ${figures.resignedBot} played it: ${resigner.storedCount - resigner.acknowledged.length} actions`);
  if (figures.unplanned) console.log(`  clocks run out of players still playing (too slow): ${figures.unplanned} (${state.players.filter((p) => p.unplanned).map((p) => p.seat).join(', ')}): their counts are not checked`);
  console.log(`  clock events: ${figures.clockEvents?.join(', ')}`);
  console.log(`  reads of table talk, replays and lists during play: ${figures.reads} by the seats, ${figures.strangerReads} by a stranger`);
  console.log(`  notifications ${figures.notifications}; messages ${figures.chatSent} (${mode.alliances ? 'alliance' : 'private'} ${figures.chatSecret}, table ${figures.chatTable}), stored ${figures.chatStored}; pushes ${figures.pushes}; stale ${figures.stale}`);
  if (state.mailed) console.log(`  e-mail: ${state.mailed.name} (${state.mailed.seat}) ${state.mailed.mailTurns} "your turn" mails for ${state.mailed.turnsSeen} turns, ${state.mailed.mailDigests} digest`);
  if (state.bases.length > 1) console.log(`  two servers on PostgreSQL: ${state.bases.join(', ')} (the odd accounts and the second device on the second)`);
  console.log(`  second device: ${figures.phone?.lists} My games pushes; requests ${figures.requests}, 5xx ${figures.errors5xx}, leaks ${figures.leaks}`);
  console.log(failures.length ? `\n${failures.length} FAILURES` : '\nOK');
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
