// The document CRUD methods no SDK build exercises (GetDocument, CreateDocument, UpdateDocument,
// DeleteDocument, ListDocuments), over gRPC with a generic client on the vendored protos and over
// REST, plus BatchGetDocuments' first-response transaction id.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { DATABASE, DOCUMENTS, genericGrpcClient, startEmulator } from './support.js';
import type { CapturingLogger, GenericGrpcClient, GrpcMessage } from './support.js';

type Message = GrpcMessage;

let server: EmulatorServer;
let log: CapturingLogger;
let client: GenericGrpcClient;
const owner = new grpc.Metadata();
owner.set('authorization', 'Bearer owner');

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  client = genericGrpcClient(server.port);
});

afterAll(async () => {
  client?.close();
  await server?.close();
});

function unary(method: string, request: Message): Promise<Message> {
  return new Promise((resolve, reject) => {
    client[method]!(request, owner, (error, response) =>
      error ? reject(error) : resolve(response!),
    );
  });
}

describe('gRPC document CRUD', () => {
  it('creates, gets, updates, lists and deletes documents', async () => {
    const created = await unary('CreateDocument', {
      parent: DOCUMENTS,
      collection_id: 'crud',
      document_id: 'one',
      document: { fields: { n: { integer_value: '1' } } },
    });
    expect(created).toMatchObject({
      name: `${DOCUMENTS}/crud/one`,
      fields: { n: { integer_value: '1' } },
    });
    await expect(
      unary('CreateDocument', {
        parent: DOCUMENTS,
        collection_id: 'crud',
        document_id: 'one',
        document: {},
      }),
    ).rejects.toMatchObject({ code: grpc.status.ALREADY_EXISTS });
    const auto = await unary('CreateDocument', {
      parent: DOCUMENTS,
      collection_id: 'crud',
      document: {},
    });
    expect(String(auto.name)).toMatch(
      new RegExp(`^${DOCUMENTS.replace(/[()]/g, '\\$&')}/crud/[A-Za-z0-9]{20}$`),
    );

    const updated = await unary('UpdateDocument', {
      document: { name: `${DOCUMENTS}/crud/one`, fields: { m: { string_value: 'x' } } },
      update_mask: { field_paths: ['m'] },
      current_document: { exists: true },
    });
    expect(updated.fields).toEqual({
      n: { integer_value: '1', value_type: 'integer_value' },
      m: { string_value: 'x', value_type: 'string_value' },
    });
    const got = await unary('GetDocument', {
      name: `${DOCUMENTS}/crud/one`,
      mask: { field_paths: ['m'] },
    });
    expect(Object.keys(got.fields as object)).toEqual(['m']);
    await expect(unary('GetDocument', { name: `${DOCUMENTS}/crud/none` })).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });

    const listed = await unary('ListDocuments', {
      parent: DOCUMENTS,
      collection_id: 'crud',
      page_size: 1,
    });
    expect((listed.documents as unknown[]).length).toBe(1);
    expect(listed.next_page_token).not.toBe('');
    await unary('DeleteDocument', { name: `${DOCUMENTS}/crud/one` });
    await expect(unary('GetDocument', { name: `${DOCUMENTS}/crud/one` })).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
  });

  it('returns the new transaction id on the first BatchGetDocuments response', async () => {
    const stream = client.BatchGetDocuments(
      {
        database: DATABASE,
        documents: [`${DOCUMENTS}/crud/a`, `${DOCUMENTS}/crud/b`],
        new_transaction: { read_write: {} },
      },
      owner,
    );
    const responses: Message[] = [];
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (m: Message) => responses.push(m));
      stream.on('end', resolve);
      stream.on('error', reject);
    });
    expect(responses).toHaveLength(2);
    expect(responses[0]!.transaction).toBeInstanceOf(Buffer);
    expect((responses[0]!.transaction as Buffer).length).toBeGreaterThan(0);
    expect(responses[0]!.missing).toBe(`${DOCUMENTS}/crud/a`);
    await unary('Rollback', { database: DATABASE, transaction: responses[0]!.transaction });
  });
});

describe('REST document CRUD', () => {
  const base = (): string => `${server.url}/v1/${DOCUMENTS}`;

  it('creates, patches, gets, lists and deletes documents', async () => {
    const created = await fetch(`${base()}/rest?documentId=one`, {
      method: 'POST',
      body: JSON.stringify({ fields: { n: { integerValue: '1' } } }),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ name: `${DOCUMENTS}/rest/one` });
    const again = await fetch(`${base()}/rest?documentId=one`, { method: 'POST', body: '{}' });
    expect(again.status).toBe(409);

    const patched = await fetch(
      `${base()}/rest/one?updateMask.fieldPaths=m&currentDocument.exists=true`,
      {
        method: 'PATCH',
        body: JSON.stringify({ fields: { m: { booleanValue: true } } }),
      },
    );
    expect(((await patched.json()) as { fields: unknown }).fields).toEqual({
      n: { integerValue: '1' },
      m: { booleanValue: true },
    });
    const masked = (await (await fetch(`${base()}/rest/one?mask.fieldPaths=n`)).json()) as {
      fields: object;
    };
    expect(Object.keys(masked.fields)).toEqual(['n']);
    const list = (await (await fetch(`${base()}/rest`)).json()) as { documents: unknown[] };
    expect(list.documents).toHaveLength(1);

    expect(
      (await fetch(`${base()}/rest/one?currentDocument.exists=false`, { method: 'DELETE' })).status,
    ).toBe(409);
    expect((await fetch(`${base()}/rest/one`, { method: 'DELETE' })).status).toBe(200);
    const gone = await fetch(`${base()}/rest/one`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
  });

  it('accepts every proto3 JSON form of nulls, enums and int64 and answers canonically', async () => {
    const created = await fetch(`${base()}/proto3?documentId=forms`, {
      method: 'POST',
      body: JSON.stringify({
        fields: {
          nothing: { nullValue: null },
          named: { nullValue: 'NULL_VALUE' },
          numbered: { nullValue: 0 },
          list: { arrayValue: { values: [{ nullValue: null }, { integerValue: 7 }] } },
          big: { integerValue: '-9223372036854775808' },
        },
      }),
    });
    expect(created.status).toBe(200);
    const read = (await (await fetch(`${base()}/proto3/forms`)).json()) as { fields: unknown };
    expect(read.fields).toEqual({
      nothing: { nullValue: 'NULL_VALUE' },
      named: { nullValue: 'NULL_VALUE' },
      numbered: { nullValue: 'NULL_VALUE' },
      list: { arrayValue: { values: [{ nullValue: 'NULL_VALUE' }, { integerValue: '7' }] } },
      big: { integerValue: '-9223372036854775808' },
    });
    const runQuery = async (where: unknown, orderBy: unknown = []): Promise<Response> =>
      fetch(`${base()}:runQuery`, {
        method: 'POST',
        body: JSON.stringify({
          structuredQuery: { from: [{ collectionId: 'proto3' }], where, orderBy },
        }),
      });
    const numbered = await runQuery({ unaryFilter: { op: 3, field: { fieldPath: 'nothing' } } }, [
      { field: { fieldPath: 'named' }, direction: 2 },
    ]);
    expect(numbered.status).toBe(200);
    expect((await numbered.json()) as unknown[]).toHaveLength(1);
    const byNull = await runQuery({
      fieldFilter: { op: 'EQUAL', field: { fieldPath: 'nothing' }, value: { nullValue: null } },
    });
    expect(((await byNull.json()) as { document?: unknown }[])[0]?.document).toBeDefined();
    // What the API refuses stays refused.
    for (const bad of [
      { nullValue: 'NULL' },
      { nullValue: 1 },
      { nullValue: null, booleanValue: true },
      { integerValue: 1.5 },
      { integerValue: '9223372036854775808' },
    ]) {
      const refused = await fetch(`${base()}/proto3?documentId=bad`, {
        method: 'POST',
        body: JSON.stringify({ fields: { v: bad } }),
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await runQuery({ unaryFilter: { op: 99, field: { fieldPath: 'x' } } })).status).toBe(
      400,
    );
  });

  it('answers beginTransaction, rollback, listCollectionIds and batchWrite', async () => {
    const post = async (method: string, body: unknown): Promise<Record<string, unknown>> =>
      (await (
        await fetch(`${base()}:${method}`, { method: 'POST', body: JSON.stringify(body) })
      ).json()) as Record<string, unknown>;
    const { transaction } = (await post('beginTransaction', { options: { readWrite: {} } })) as {
      transaction: string;
    };
    expect(transaction).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(await post('rollback', { transaction })).toEqual({});
    const batch = await post('batchWrite', {
      writes: [
        { update: { name: `${DOCUMENTS}/bw/a`, fields: {} } },
        { update: { name: `${DOCUMENTS}/bw/a`, fields: {} }, currentDocument: { exists: false } },
      ],
    });
    expect(batch.status).toEqual([{}, { code: 6, message: expect.any(String) }]);
    expect(await post('listCollectionIds', {})).toMatchObject({
      collectionIds: expect.arrayContaining(['bw']),
    });
  });

  it('exports through the control endpoint and wipes documents', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emulator-export-'));
    try {
      await fetch(`${base()}:commit`, {
        method: 'POST',
        body: JSON.stringify({
          writes: [{ update: { name: `${DOCUMENTS}/exported/x`, fields: {} } }],
        }),
      });
      const exported = await fetch(`${server.url}/emulator/v1/projects/demo-conformance:export`, {
        method: 'POST',
        body: JSON.stringify({
          database: DATABASE,
          export_directory: dir,
          export_name: 'snapshot',
        }),
      });
      expect(exported.status).toBe(200);
      expect(await readdir(join(dir, 'snapshot'))).not.toHaveLength(0);
      const wiped = await fetch(
        `${server.url}/emulator/v1/projects/demo-conformance/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      expect(wiped.status).toBe(200);
      expect((await fetch(`${base()}/exported/x`)).status).toBe(404);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
