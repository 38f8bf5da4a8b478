// From spawn to a server that accepts, and to the first answer each client kind gets: ours, the
// peer and a bare Node listener, spawned the same way and in rotating order, run after run.
import { performance } from 'node:perf_hooks';
import {
  processUsage,
  spawnBareListener,
  spawnEmulator,
  spawnPeer,
  stopEmulator,
} from '../lib/emulator-process.mjs';
import { firestoreService, grpcClient, grpcCommit } from '../lib/grpc-client.mjs';
import { restClient } from '../lib/rest.mjs';
import { comparedRow, figure, PEER_CANNOT } from '../lib/rows.mjs';
import { formatMs, formatRatio, formatSeconds, median, rotation } from '../lib/stats.mjs';
import { webChannelSession } from '../lib/webchannel.mjs';

const PROJECT = 'demo-bench';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const DOCUMENTS = `${DATABASE}/documents`;
/** The one document each first request writes (fields valid in proto3 JSON and grpc-js alike). */
const FIRST_DOCUMENT = { title: { stringValue: 'first' }, n: { integerValue: '1' } };

async function timeStart(spawnServer) {
  const server = await spawnServer();
  await stopEmulator(server.child);
  return { acceptMs: server.acceptMs, cpuMs: server.cpuMs, readyMs: server.readyMs };
}

/**
 * Spawn, wait until the port accepts, send one request: ms from spawn to its answer, and the CPU
 * time the server had used by then (which load does not stretch).
 */
async function timeFirstAnswer(spawnServer, ask) {
  const server = await spawnServer({ acceptOnly: true });
  try {
    const answeredAt = await ask(server);
    const { cpuMs } = await processUsage(server.child);
    return { ms: answeredAt - server.startedAt, cpuMs };
  } finally {
    await stopEmulator(server.child);
  }
}

async function grpcAnswer({ port }) {
  const client = grpcClient(port);
  try {
    await grpcCommit(client, DATABASE, [[`${DOCUMENTS}/items/first`, FIRST_DOCUMENT]]);
    return performance.now();
  } finally {
    client.close();
  }
}

async function restAnswer({ url }) {
  await restClient(url, PROJECT).commit([['items/first', FIRST_DOCUMENT]]);
  return performance.now();
}

const webChannelAnswer = ({ port }) =>
  webChannelSession(port, DATABASE, `${DOCUMENTS}/items/first`);

const summary = (values) => ({
  median: median(values),
  best: Math.min(...values),
  all: values,
});

/** Start to accepting (ours, peer, bare floor), then spawn to first answer per client kind. */
export async function measureStartUp({ cli, runs, log }) {
  const ours = (options) => spawnEmulator(cli, options);
  const starts = { ours: [], peer: [], floor: [] };
  const cpu = { ours: [], peer: [] };
  const readies = [];
  log(`start-up: ours, peer and a bare listener ×${runs}, rotating`);
  const starters = [
    ['ours', ours],
    ['peer', spawnPeer],
    ['floor', spawnBareListener],
  ];
  for (let round = 0; round < runs; round++) {
    for (const [key, spawnServer] of rotation(starters, round)) {
      const sample = await timeStart(spawnServer);
      starts[key].push(sample.acceptMs);
      if (key !== 'floor') cpu[key].push(sample.cpuMs);
      if (key === 'ours' && sample.readyMs !== undefined) readies.push(sample.readyMs);
    }
  }

  // The bench process loads its own clients first (protos, fetch), so only the servers' work is timed.
  firestoreService();
  const kinds = [
    ['oursGrpc', ours, grpcAnswer],
    ['peerGrpc', spawnPeer, grpcAnswer],
    ['oursRest', ours, restAnswer],
    ['oursWebChannel', ours, webChannelAnswer],
  ];
  for (const [, spawnServer, ask] of kinds) await timeFirstAnswer(spawnServer, ask);
  log(`start-up: first answer per client kind ×${runs}, rotating`);
  const answers = Object.fromEntries(kinds.map(([key]) => [key, []]));
  const answerCpu = Object.fromEntries(kinds.map(([key]) => [key, []]));
  for (let round = 0; round < runs; round++) {
    for (const [key, spawnServer, ask] of rotation(kinds, round)) {
      const { ms, cpuMs } = await timeFirstAnswer(spawnServer, ask);
      answers[key].push(ms);
      answerCpu[key].push(cpuMs);
    }
  }

  const start = {
    ours: summary(starts.ours),
    peer: summary(starts.peer),
    floor: summary(starts.floor),
  };
  const first = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, summary(v)]));
  const seconds = (s) =>
    figure(s.median, `${formatSeconds(s.median)} (best ${formatSeconds(s.best)})`);
  const all = (s) => s.all.map((ms) => formatMs(ms)).join(', ');
  return [
    comparedRow({
      figure: 'start to port accepting',
      ours: seconds(start.ours),
      peer: seconds(start.peer),
      goal: '≤ 1.2× the bare Node floor',
      reference: '0.74 s (2.5 s through firebase-tools)',
      note: `median of ${runs} spawns each of \`node --import usage-probe.mjs dist/cli.js --port P\` and of the peer the same way (bench/lib/peer-server.mjs), rotating with the bare listener below; spawn to the first successful TCP connect, Node's own start-up included. Ours: ${all(start.ours)}; ready line ${formatSeconds(median(readies))}; CPU until accepting ${formatMs(median(cpu.ours))} (median, as the process reports it; load does not stretch it). Peer: ${all(start.peer)}; CPU ${formatMs(median(cpu.peer))}`,
    }),
    comparedRow({
      figure: 'bare Node floor: start to port accepting',
      ours: seconds(start.floor),
      peer: '—',
      ratio: `ours ÷ floor ${formatRatio(start.ours.median, start.floor.median)}`,
      goal: 'ours ÷ floor ≤ 1.2×',
      note: `bench/lib/bare-listener.mjs (\`net.createServer().listen(P, '127.0.0.1')\` and nothing else), spawned exactly as the emulators are, in the same rotation; the least any Node server can take here under this load. All runs: ${all(start.floor)}`,
    }),
    comparedRow({
      figure: 'spawn to first gRPC answer',
      ours: seconds(first.oursGrpc),
      peer: seconds(first.peerGrpc),
      goal: 'ahead of the peer (ratio > 1×)',
      note: `median of ${runs} spawns each, rotating with the REST and WebChannel runs below (after one unrecorded round of each): wait until the port accepts, then a new grpc-js channel sends one unary Commit of one document (what the Admin SDK sends for a set()), timed from spawn to the answer; the bench process loaded its protos beforehand. Ours: ${all(first.oursGrpc)}. Peer: ${all(first.peerGrpc)}. CPU time each server had used by its answer (median, as the process reports it; load does not stretch it): ours ${formatMs(median(answerCpu.oursGrpc))}, peer ${formatMs(median(answerCpu.peerGrpc))}`,
    }),
    comparedRow({
      figure: 'spawn to first REST answer',
      ours: seconds(first.oursRest),
      peer: PEER_CANNOT.rest,
      goal: '—',
      note: `same runs; one REST commit of one document over fetch. All runs: ${all(first.oursRest)}; CPU by the answer ${formatMs(median(answerCpu.oursRest))} (median)`,
    }),
    comparedRow({
      figure: 'spawn to first WebChannel answer',
      ours: seconds(first.oursWebChannel),
      peer: PEER_CANNOT.webChannel,
      goal: '—',
      note: `same runs; a WebChannel Listen handshake with a document target, then the long-poll backchannel until it brings the target's answer (what the web SDK waits for before its first snapshot). All runs: ${all(first.oursWebChannel)}; CPU by the answer ${formatMs(median(answerCpu.oursWebChannel))} (median)`,
    }),
  ];
}
