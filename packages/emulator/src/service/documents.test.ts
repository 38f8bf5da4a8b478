// The document CRUD operations, batchWrite, and authorizers kept per project and database.
import { describe, expect, it } from 'vitest';
import { EmulatorError, PERMISSION_DENIED_MESSAGE } from '../errors.js';
import { nameOf, TEST_DATABASE, wrapFields } from '../model/builders.js';
import { createMonotonicClock } from '../store/clock.js';
import { allowAllAuthorizer } from './allow-all-authorizer.js';
import { ownerContext, remove, set, userContext } from './builders.js';
import { createEmulatorCore } from './index.js';
import type { Authorizer, RequestContext } from './types.js';

const ROOT = `${TEST_DATABASE}/documents`;

function setup() {
  let t = 1_700_000_000_000_000;
  const core = createEmulatorCore({ clock: createMonotonicClock(() => (t += 10)) });
  return { core, service: core.service };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof EmulatorError ? error.code : String(error);
  }
  return 'OK';
}

/** Denies every read and write, and says so. */
const denyAll: Authorizer = {
  ...allowAllAuthorizer,
  authorizeGet() {
    throw new EmulatorError('PERMISSION_DENIED', PERMISSION_DENIED_MESSAGE);
  },
  authorizeWrites() {
    throw new EmulatorError('PERMISSION_DENIED', PERMISSION_DENIED_MESSAGE);
  },
  describe: () => 'deny all',
};

describe('document CRUD', () => {
  it('creates with a chosen or a new id, refuses to create twice, and answers the document', async () => {
    const { service } = setup();
    const named = await service.createDocument(ownerContext, {
      parent: ROOT,
      collectionId: 'c',
      documentId: 'one',
      fields: wrapFields({ n: 1 }),
    });
    expect(named.name).toBe(nameOf('c/one'));
    expect(named.fields).toEqual(wrapFields({ n: 1 }));
    const fresh = await service.createDocument(ownerContext, {
      parent: ROOT,
      collectionId: 'c',
      documentId: '',
      fields: new Map(),
    });
    expect(fresh.name).toMatch(new RegExp(`^${ROOT.replace(/[()]/g, '\\$&')}/c/[A-Za-z0-9]{20}$`));
    expect(
      await codeOf(
        service.createDocument(ownerContext, {
          parent: ROOT,
          collectionId: 'c',
          documentId: 'one',
          fields: new Map(),
        }),
      ),
    ).toBe('ALREADY_EXISTS');
  });

  it('gets, updates with a mask and a precondition, and deletes', async () => {
    const { service } = setup();
    await service.commit(ownerContext, { writes: [set('c/d', { a: 1, b: 2 })] });
    const updated = await service.updateDocument(ownerContext, {
      name: nameOf('c/d'),
      fields: wrapFields({ b: 3 }),
      updateMask: [['b']],
      precondition: { kind: 'exists', exists: true },
    });
    expect(updated.fields).toEqual(wrapFields({ a: 1, b: 3 }));
    const masked = await service.getDocument(ownerContext, { name: nameOf('c/d'), mask: [['a']] });
    expect(masked.fields).toEqual(wrapFields({ a: 1 }));
    await service.deleteDocument(ownerContext, { name: nameOf('c/d') });
    expect(await codeOf(service.getDocument(ownerContext, { name: nameOf('c/d') }))).toBe(
      'NOT_FOUND',
    );
    expect(
      await codeOf(
        service.deleteDocument(ownerContext, {
          name: nameOf('c/d'),
          precondition: { kind: 'exists', exists: true },
        }),
      ),
    ).toBe('NOT_FOUND');
  });

  it('answers a write with the written document even when the caller may not read it', async () => {
    const { core, service } = setup();
    core.setAuthorizer({ ...denyAll, authorizeWrites() {} });
    const alice = userContext('alice');
    const written = await service.updateDocument(alice, {
      name: nameOf('c/d'),
      fields: wrapFields({ a: 1 }),
    });
    expect(written.fields).toEqual(wrapFields({ a: 1 }));
    expect(await codeOf(service.getDocument(alice, { name: nameOf('c/d') }))).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe('batchWrite', () => {
  it('applies each write on its own and reports each outcome', async () => {
    const { service } = setup();
    const outcomes = await service.batchWrite(ownerContext, {
      writes: [
        set('c/a', { n: 1 }),
        { ...remove('c/missing'), precondition: { kind: 'exists', exists: true } },
        set('c/b', { n: 2 }),
      ],
    });
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual(['ok', 'NOT_FOUND', 'ok']);
    const { results } = await service.batchGetDocuments(ownerContext, {
      documents: [nameOf('c/a'), nameOf('c/b')],
    });
    expect(results.every((r) => 'found' in r)).toBe(true);
  });

  it('refuses the whole request when one write is malformed, applying none', async () => {
    const { service } = setup();
    const refused = service.batchWrite(ownerContext, {
      writes: [set('c/applied', { n: 1 }), { ...set('c/x', {}), name: 'projects/p/nowhere' }],
    });
    expect(await codeOf(refused)).toBe('INVALID_ARGUMENT');
    const { results } = await service.batchGetDocuments(ownerContext, {
      documents: [nameOf('c/applied')],
    });
    expect(results.every((r) => 'missing' in r)).toBe(true);
  });
});

describe('authorizers per project and database', () => {
  const inDatabase = (database: string): RequestContext => ({
    ...userContext('alice'),
    database,
  });

  it('judges each request by the most specific authorizer for its database', async () => {
    const { core, service } = setup();
    const named = (describe: string): Authorizer => ({
      ...allowAllAuthorizer,
      describe: () => describe,
    });
    const first = named('first project');
    const orchard = named('orchard database');
    core.setAuthorizer(first, { projectId: 'first' });
    core.setAuthorizer(orchard, { projectId: 'first', databaseId: 'orchard' });
    expect(core.authorizer('projects/first/databases/(default)')).toBe(first);
    expect(core.authorizer('projects/first/databases/orchard')).toBe(orchard);
    expect(core.authorizer('projects/second/databases/(default)')).toBe(allowAllAuthorizer);
    expect(core.authorizer()).toBe(allowAllAuthorizer);

    core.setAuthorizer(denyAll);
    expect(core.authorizer('projects/second/databases/(default)')).toBe(denyAll);
    expect(core.authorizer('projects/first/databases/(default)')).toBe(first);
    const write = (database: string) =>
      codeOf(
        service.commit(inDatabase(database), {
          writes: [
            {
              kind: 'update',
              name: `${database}/documents/c/d`,
              fields: new Map(),
              transforms: [],
            },
          ],
        }),
      );
    expect(await write('projects/second/databases/(default)')).toBe('PERMISSION_DENIED');
    expect(await write('projects/first/databases/(default)')).toBe('OK');
  });
});
