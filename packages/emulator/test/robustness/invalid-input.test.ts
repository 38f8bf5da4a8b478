// Input production refuses must be refused here too, not repaired and stored: invalid UTF-8 in
// a JSON body (REST and WebChannel), an escaped lone surrogate, and a document with more index
// entries than production allows (60,000 fields).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { DATABASE, DOCUMENTS, startEmulator } from '../conformance/support.js';
import type { CapturingLogger } from '../conformance/support.js';

let server: EmulatorServer;
let log: CapturingLogger;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
});

afterAll(async () => {
  await server?.close();
});

type ErrorBody = { error?: { status?: string; message?: string } };

async function commitBytes(body: Buffer | string): Promise<{ status: number; json: ErrorBody }> {
  const response = await fetch(`${server.url}/v1/${DOCUMENTS}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body,
  });
  return { status: response.status, json: (await response.json()) as ErrorBody };
}

async function stored(path: string): Promise<boolean> {
  const response = await fetch(`${server.url}/v1/${DOCUMENTS}/${path}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return response.status === 200;
}

/** A commit writing `fieldsJson` (raw JSON text of the fields object) to `path`. */
function commitText(path: string, fieldsJson: string): string {
  return `{"writes":[{"update":{"name":"${DOCUMENTS}/${path}","fields":${fieldsJson}}}]}`;
}

describe('REST refuses what production refuses', () => {
  it('refuses invalid UTF-8 in a JSON string instead of storing U+FFFD', async () => {
    const [before, after] = commitText('utf8/bad', '{"s":{"stringValue":"#"}}').split('#');
    const body = Buffer.concat([
      Buffer.from(before!),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from(after!),
    ]);
    const { status, json } = await commitBytes(body);
    expect(status).toBe(400);
    expect(json.error?.status).toBe('INVALID_ARGUMENT');
    expect(json.error?.message).toMatch(/UTF-8/);
    expect(await stored('utf8/bad')).toBe(false);
  });

  it.each([
    ['a value', '{"s":{"stringValue":"a\\ud800b"}}'],
    ['a field name', '{"a\\udc00":{"stringValue":"x"}}'],
  ])('refuses an escaped lone surrogate in %s', async (_, fields) => {
    const { status, json } = await commitBytes(commitText('surrogate/bad', fields));
    expect(status).toBe(400);
    expect(json.error?.status).toBe('INVALID_ARGUMENT');
    expect(json.error?.message).toMatch(/unpaired surrogate/);
    expect(await stored('surrogate/bad')).toBe(false);
  });

  it('still stores a proper surrogate pair and non-ASCII text', async () => {
    const { status } = await commitBytes(
      commitText('utf8/good', '{"s":{"stringValue":"\\ud83d\\ude00 é ✓"}}'),
    );
    expect(status).toBe(200);
    expect(await stored('utf8/good')).toBe(true);
  });

  it('refuses a document with 60,000 fields (over 40,000 index entries)', async () => {
    const fields: Record<string, unknown> = {};
    for (let i = 0; i < 60_000; i++) fields[`f${i}`] = { integerValue: String(i) };
    const { status, json } = await commitBytes(commitText('wide/doc', JSON.stringify(fields)));
    expect(status).toBe(400);
    expect(json.error?.status).toBe('INVALID_ARGUMENT');
    expect(json.error?.message).toBe('too many index entries for entity /wide/doc');
    expect(await stored('wide/doc')).toBe(false);
  });
});

describe('WebChannel refuses invalid UTF-8', () => {
  it('answers a handshake whose message is not UTF-8 with 400', async () => {
    const write = `{"database":"${DATABASE}"}`;
    const body = `count=1&ofs=0&req0___data__=${encodeURIComponent(write).replace('database', 'data%FFbase')}`;
    const response = await fetch(
      `${server.url}/google.firestore.v1.Firestore/Write/channel?VER=8&database=${encodeURIComponent(DATABASE)}&RID=1&CVER=22`,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/UTF-8/);
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
