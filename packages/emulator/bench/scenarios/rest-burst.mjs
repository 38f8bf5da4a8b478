// A burst of 1,000 concurrent REST commits, each on a socket of its own (kept alive, as HTTP/1.1
// clients do), against the emulator and against a bare node:http server (the floor): how many
// are served, and the time from the first request to the last answer. With the default limit
// (960 connections served at once) the last 40 wait for a slot; with --max-connections 50,
// 950 do.
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { spawnEmulator, spawnServer, stopEmulator } from '../lib/emulator-process.mjs';
import { comparedRow, figure } from '../lib/rows.mjs';
import { formatMs, median, rotation } from '../lib/stats.mjs';

const BARE_HTTP_SERVER = fileURLToPath(new URL('../lib/bare-http-server.mjs', import.meta.url));
const DOCUMENTS = 'projects/demo-bench/databases/(default)/documents';

function commitOnOwnSocket(port, agent, i) {
  const body = JSON.stringify({
    writes: [
      { update: { name: `${DOCUMENTS}/burst/d${i}`, fields: { n: { integerValue: `${i}` } } } },
    ],
  });
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/v1/${DOCUMENTS}:commit`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

/** Fires `sockets` commits at once; the time to the last answer and how many got a 200. */
async function burst(port, sockets) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: sockets }, (_, i) => commitOnOwnSocket(port, agent, i)),
  );
  const ms = performance.now() - started;
  agent.destroy();
  return { ms, served: results.filter(Boolean).length };
}

export async function measureRestBurst({ cli, sockets = 1000, runs, log }) {
  const rows = [];
  for (const maxConnections of [undefined, 50]) {
    const servers = {
      ours: await spawnEmulator(cli, {
        args: maxConnections === undefined ? [] : ['--max-connections', String(maxConnections)],
      }),
      floor: await spawnServer(BARE_HTTP_SERVER),
    };
    const times = { ours: [], floor: [] };
    const served = { ours: [], floor: [] };
    try {
      log(
        `rest-burst: ${runs} bursts of ${sockets} commits into each (limit ${maxConnections ?? 'default'}), alternating`,
      );
      // One warm-up burst each: the emulator loads its HTTP side on the first connection.
      for (const key of ['ours', 'floor']) await burst(servers[key].port, sockets);
      for (let round = 0; round < runs; round++) {
        for (const key of rotation(['ours', 'floor'], round)) {
          const result = await burst(servers[key].port, sockets);
          times[key].push(result.ms);
          served[key].push(result.served);
        }
      }
    } finally {
      for (const server of Object.values(servers)) await stopEmulator(server.child);
    }
    const cell = (key) =>
      figure(
        median(times[key]),
        `${formatMs(median(times[key]))}, served ${Math.min(...served[key])} of ${sockets}`,
      );
    const ours = cell('ours');
    const floor = cell('floor');
    rows.push(
      comparedRow({
        figure: `REST burst: ${sockets.toLocaleString('en-US')} concurrent commits, one socket each, ${maxConnections === undefined ? 'default limit (960 served at once)' : `--max-connections ${maxConnections}`}: time to the last answer`,
        ours,
        peer: floor,
        ratio: `${(ours.value / floor.value).toFixed(2)}× (ours ÷ floor)`,
        goal: `all ${sockets} served, none reset`,
        note: `median of ${runs} bursts after one warm-up, alternating with the floor (bench/lib/bare-http-server.mjs: node:http answering a body of the same size, no limit); each burst opens ${sockets} kept-alive HTTP/1.1 connections at once, one REST commit of one document each; "served" is the fewest 200 answers in any burst. Beyond the limit connections wait unread for a slot; while some wait, each answer closes its connection`,
      }),
    );
  }
  return rows;
}
