// Fuzzing the WebChannel surface of a real in-process server: handshakes and forward POSTs with
// garbage framing (count, ofs, reqN___data__, headers=), damaged Listen and Write messages,
// unknown or missing SIDs, garbage AID/CI/TO/TYPE/VER, and double terminates. Every answer must
// be a 200 or 4xx in time; every backchannel must start with well-framed chunks; no internal
// error may be logged; afterwards the server must still serve a commit and a query.
// Failures are not shrunk (endOnFailure): each step is a network exchange, so fast-check
// reports the first counterexample with its seed instead.
import fc from 'fast-check';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../differential/rest-json.js';
import { damagedJsonArb } from './json-damage.js';
import {
  EXCHANGE_TIMEOUT_MS,
  FUZZ_DATABASE,
  FUZZ_DOCUMENTS,
  expectServing,
  httpExchange,
  isAcceptableHttpStatus,
  startFuzzServer,
} from './harness.js';
import type { FuzzServer, HttpAnswer } from './harness.js';

let fuzz: FuzzServer;

beforeAll(async () => {
  // Long polls give up quickly so that a held GET is told apart from a hang in little time.
  fuzz = await startFuzzServer({ webChannelLimits: { longPollHoldMs: 150 } });
});

afterAll(async () => {
  await fuzz.server.close();
});

type Kind = 'Listen' | 'Write';

function channelPath(kind: Kind, params: Record<string, string>): string {
  return `/google.firestore.v1.Firestore/${kind}/channel?${new URLSearchParams(params).toString()}`;
}

const baseParams = (): Record<string, string> => ({
  VER: '8',
  database: FUZZ_DATABASE,
  RID: String(Math.floor(Math.random() * 90000) + 10000),
  CVER: '22',
  'X-HTTP-Session-Id': 'gsessionid',
  zx: 'fuzz',
  t: '1',
});

/** Parses `<length>\n<json>` chunks, checking each declared length (UTF-16 units). */
function parseChunks(text: string): unknown[] {
  const chunks: unknown[] = [];
  let rest = text;
  while (rest.length > 0) {
    const newline = rest.indexOf('\n');
    if (newline <= 0) throw new Error(`no chunk length in ${JSON.stringify(rest.slice(0, 80))}`);
    const length = Number(rest.slice(0, newline));
    if (!Number.isInteger(length) || length <= 0)
      throw new Error(`bad chunk length ${rest.slice(0, newline)}`);
    const json = rest.slice(newline + 1, newline + 1 + length);
    if (json.length !== length)
      throw new Error(`chunk shorter than declared: ${length} vs ${json.length}`);
    chunks.push(JSON.parse(json) as unknown);
    rest = rest.slice(newline + 1 + length);
  }
  return chunks;
}

/** The SID of a successful handshake answer. */
function sessionIdOf(answer: HttpAnswer): string {
  const [chunk] = parseChunks(answer.body) as [
    [[number, [string, string, string, number, number, number]]],
  ];
  const [[arrayId, [c, sid, , version]]] = chunk;
  expect([arrayId, c, version]).toEqual([0, 'c', 8]);
  return sid;
}

/**
 * Opens a backchannel GET and returns what arrives until the response ends or the first
 * complete chunk is in; a GET that yields nothing in time is a hang.
 */
function backchannelHead(port: number, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path, agent: false }, (res) => {
      let text = '';
      const finish = (): void => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      };
      res.setEncoding('utf8');
      res.on('data', (data: string) => {
        text += data;
        try {
          if (parseChunks(text).length > 0) finish();
        } catch {
          // Incomplete chunk: wait for more.
        }
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(
        new Error(
          `backchannel ${path.slice(0, 160)} gave nothing within ${EXCHANGE_TIMEOUT_MS} ms`,
        ),
      );
    }, EXCHANGE_TIMEOUT_MS);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

function expectChannelAnswer(answer: HttpAnswer, label: string): void {
  const text = `${label}\n→ ${answer.status} ${answer.body.slice(0, 300)}`;
  expect(isAcceptableHttpStatus(answer.status) && answer.status !== 501, text).toBe(true);
  if (answer.status >= 400) expect(answer.body.trim().length, text).toBeGreaterThan(0);
}

const listenMessage: Json = {
  database: FUZZ_DATABASE,
  addTarget: {
    query: {
      parent: FUZZ_DOCUMENTS,
      structuredQuery: {
        from: [{ collectionId: 'c' }],
        where: {
          fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: '1' } },
        },
        orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
        limit: 3,
      },
    },
    targetId: 2,
    resumeToken: 'AAE=',
    expectedCount: 1,
  },
  labels: { 'goog-listen-tags': 'limbo-document' },
};

const writeMessages: readonly Json[] = [
  { database: FUZZ_DATABASE },
  {
    streamToken: 'AAE=',
    writes: [
      {
        update: { name: `${FUZZ_DOCUMENTS}/c/a`, fields: { a: { integerValue: '1' } } },
        updateTransforms: [{ fieldPath: 'b', setToServerValue: 'REQUEST_TIME' }],
      },
    ],
  },
];

const messageJsonArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(listenMessage, ...writeMessages)
      .chain(damagedJsonArb)
      .map((json) => JSON.stringify(json)),
  },
  fc.constantFrom(...[listenMessage, ...writeMessages].map((json) => JSON.stringify(json))),
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '{"removeTarget": -1}',
    '{"removeTarget": 99}',
    '{"addTarget": {"targetId": 1.5}}',
  ),
);

const headerLinesArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'X-Goog-Api-Client:gl-js/ fire/12.19.0\r\nContent-Type:text/plain\r\n',
    'Authorization:Bearer owner\r\n',
    'Authorization:Bearer not-a-jwt\r\n',
    'Authorization:Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9.\r\n',
    'no colon here\r\n',
    ':empty name\r\n',
  ),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

/** A forward body: well-formed framing around fuzzed messages, or garbage framing. */
const forwardBodyArb = (withHeaders: boolean): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({
          headers: withHeaders
            ? fc.option(headerLinesArb, { nil: undefined })
            : fc.constant(undefined),
          ofs: fc.oneof(
            fc.constant('0'),
            fc.constantFrom('-1', '1.5', 'x', '99999999999999999999', '3'),
          ),
          messages: fc.array(messageJsonArb, { maxLength: 3 }),
          count: fc.option(fc.constantFrom('-1', '1e9', '99999999999', 'abc', '2', ''), {
            nil: undefined,
          }),
        })
        .map(({ headers, ofs, messages, count }) => {
          const params = new URLSearchParams();
          if (headers !== undefined) params.set('headers', headers);
          params.set('count', count ?? String(messages.length));
          params.set('ofs', ofs);
          messages.forEach((json, i) => params.set(`req${i}___data__`, json));
          return params.toString();
        }),
    },
    fc.string({ unit: 'binary', maxLength: 120 }),
    fc.constantFrom(
      '',
      'count=1',
      'count=1&ofs=0',
      'count=1&ofs=0&req0___data__=%7B',
      `count=${1e6}&ofs=0`,
    ),
  );

const paramsDamageArb: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom('VER', 'database', 'RID', 'CVER', 'TYPE', 'AID', 'CI', 'TO', 'gsessionid'),
  fc.oneof(
    fc.constantFrom(
      '',
      '0',
      '1',
      '-1',
      '9',
      'NaN',
      '1e99',
      'terminate',
      'xmlhttp',
      'projects/x',
      'rpc',
    ),
    fc.string({ maxLength: 12 }),
  ),
  { maxKeys: 3 },
);

async function terminate(kind: Kind, sid: string): Promise<void> {
  const answer = await httpExchange(fuzz.server.port, {
    method: 'POST',
    path: channelPath(kind, { ...baseParams(), SID: sid, TYPE: 'terminate' }),
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: '',
  });
  expect(answer.status).toBe(200);
}

describe('WebChannel fuzz', () => {
  it('answers fuzzed handshakes with 200 or 4xx, and their backchannels start well framed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Kind>('Listen', 'Write'),
        paramsDamageArb,
        forwardBodyArb(true),
        async (kind, damage, body) => {
          const path = channelPath(kind, { ...baseParams(), ...damage });
          const label = `handshake ${path}\n${body.slice(0, 300)}`;
          const answer = await httpExchange(fuzz.server.port, {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          });
          expectChannelAnswer(answer, label);
          if (answer.status !== 200 || damage['TYPE'] === 'terminate') return;
          const sid = sessionIdOf(answer);
          const head = await backchannelHead(
            fuzz.server.port,
            channelPath(kind, {
              ...baseParams(),
              SID: sid,
              RID: 'rpc',
              AID: '0',
              CI: '0',
              TYPE: 'xmlhttp',
            }),
          );
          expect(head.status, label).toBe(200);
          for (const chunk of parseChunks(head.text))
            expect(Array.isArray(chunk), label).toBe(true);
          await terminate(kind, sid);
        },
      ),
      { numRuns: 120, endOnFailure: true },
    );
  });

  it('answers fuzzed forward POSTs and backchannel GETs on a live session, and terminates twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Kind>('Listen', 'Write'),
        paramsDamageArb,
        forwardBodyArb(false),
        fc.constantFrom('live', 'unknown', 'null', ''),
        async (kind, damage, body, sidChoice) => {
          const handshake = await httpExchange(fuzz.server.port, {
            method: 'POST',
            path: channelPath(kind, baseParams()),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              headers: 'Authorization:Bearer owner\r\n',
              count: '1',
              ofs: '0',
              req0___data__: JSON.stringify(
                kind === 'Listen' ? { database: FUZZ_DATABASE } : writeMessages[0],
              ),
            }).toString(),
          });
          expect(handshake.status).toBe(200);
          const sid = sessionIdOf(handshake);
          const usedSid =
            sidChoice === 'live' ? sid : sidChoice === 'unknown' ? 'f'.repeat(24) : sidChoice;
          const forwardPath = channelPath(kind, {
            ...baseParams(),
            SID: usedSid,
            AID: '0',
            ...damage,
          });
          const label = `forward ${forwardPath}\n${body.slice(0, 300)}`;
          const answer = await httpExchange(fuzz.server.port, {
            method: 'POST',
            path: forwardPath,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          });
          expectChannelAnswer(answer, label);
          if (answer.status === 200 && damage['TYPE'] !== 'terminate') {
            if (usedSid === sid) {
              const [ack] = parseChunks(answer.body);
              expect(
                Array.isArray(ack) && ack.length === 3,
                `${label}\nforward answer ${answer.body}`,
              ).toBe(true);
            } else if (sidChoice === 'null' || sidChoice === '') {
              // Without a SID a POST is a handshake: it opened a session of its own.
              await terminate(kind, sessionIdOf(answer));
            }
          }
          const getPath = channelPath(kind, {
            RID: 'rpc',
            SID: usedSid,
            AID: '0',
            CI: '0',
            TYPE: 'xmlhttp',
            ...damage,
            // An AID beyond what was sent has its own test below; here it would only repeat it.
            ...(Number(damage['AID']) > 0 ? { AID: '0' } : {}),
          });
          const head = await backchannelHead(fuzz.server.port, getPath);
          expect(
            isAcceptableHttpStatus(head.status) && head.status !== 501,
            `GET ${getPath} → ${head.status}`,
          ).toBe(true);
          if (head.status === 200) parseChunks(head.text);
          await terminate(kind, sid);
          await terminate(kind, sid);
        },
      ),
      { numRuns: 100, endOnFailure: true },
    );
  });

  it('answers a backchannel GET whose AID is beyond every array sent at once, not never', async () => {
    // A GET acknowledging arrays the server never sent must not silence the session: answer 400,
    // or treat the AID as the last array id and deliver (a noop at least) as every GET does.
    const handshake = await httpExchange(fuzz.server.port, {
      method: 'POST',
      path: channelPath('Listen', baseParams()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'count=0&ofs=0',
    });
    const sid = sessionIdOf(handshake);
    try {
      for (const aid of ['1e99', '1000000']) {
        const head = await backchannelHead(
          fuzz.server.port,
          channelPath('Listen', { RID: 'rpc', SID: sid, AID: aid, CI: '0', TYPE: 'xmlhttp' }),
        );
        expect(head.status === 400 || parseChunks(head.text).length > 0, `AID=${aid}`).toBe(true);
      }
    } finally {
      await terminate('Listen', sid);
    }
  });

  it('answers other methods and unknown sessions with a 4xx', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const answer = await httpExchange(fuzz.server.port, {
        method,
        path: channelPath('Listen', baseParams()),
        body: 'x',
      });
      expectChannelAnswer(answer, method);
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    const unknown = await backchannelHead(
      fuzz.server.port,
      channelPath('Write', { RID: 'rpc', SID: 'nope', AID: '0', CI: '0', TYPE: 'xmlhttp' }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('Unknown SID');
  });

  it('keeps no fuzzed session open, still serves a commit and a query, and logged no internal error', async () => {
    await expectServing(fuzz.server);
    expect(fuzz.errors).toEqual([]);
    expect(fuzz.server.transportStats().sessions).toBe(0);
  });
});
