// A raw gRPC client of the Firestore API (what the Node and Admin SDKs speak), for benches that
// need the wire without an SDK's own work in the figure: Listen streams with one query target
// each, and unary Commit calls.
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

const PROTO_ROOT = fileURLToPath(new URL('../../protos/', import.meta.url));

let loadedService;
/** The generated Firestore client class; the protos load once per bench process. */
export function firestoreService() {
  if (loadedService === undefined) {
    const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
      includeDirs: [PROTO_ROOT],
      longs: String,
      enums: String,
      oneofs: true,
    });
    loadedService = grpc.loadPackageDefinition(definition).google.firestore.v1.Firestore;
  }
  return loadedService;
}

/** A client on a channel of its own, as a separate client process would have. */
export function grpcClient(port) {
  const Firestore = firestoreService();
  return new Firestore(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
    'grpc.use_local_subchannel_pool': 1,
  });
}

function ownerMetadata(database) {
  const metadata = new grpc.Metadata();
  metadata.set('authorization', 'Bearer owner');
  metadata.set('google-cloud-resource-prefix', database);
  return metadata;
}

/** One unary Commit of `{ update: { name, fields } }` writes; `docs` maps a full name to fields. */
export function grpcCommit(client, database, docs) {
  return new Promise((resolve, reject) => {
    client.Commit(
      {
        database,
        writes: docs.map(([name, fields]) => ({ update: { name, fields } })),
      },
      ownerMetadata(database),
      (error, response) => (error ? reject(error) : resolve(response)),
    );
  });
}

/**
 * Opens a Listen stream with one query target, on `client`'s channel or, without one, on a
 * channel of its own. Resolves once the target is CURRENT and the global read time arrived (the
 * initial snapshot), with a `close()`.
 */
export function openQueryListener({
  port,
  client,
  database,
  parent,
  structuredQuery,
  targetId,
  onDocument,
}) {
  const channel = client ?? grpcClient(port);
  const call = channel.Listen(ownerMetadata(database));
  return new Promise((resolve, reject) => {
    let current = false;
    let settled = false;
    call.on('data', (response) => {
      if (response.documentChange) onDocument?.(response.documentChange.document);
      const change = response.targetChange;
      if (change) {
        if (change.targetChangeType === 'CURRENT') current = true;
        const global = (change.targetIds ?? []).length === 0 && change.readTime;
        if (current && global && !settled) {
          settled = true;
          resolve({
            close() {
              call.cancel();
              if (client === undefined) channel.close();
            },
          });
        }
      }
    });
    call.on('error', (error) => {
      if (!settled) reject(error);
    });
    call.write({ database, addTarget: { query: { parent, structuredQuery }, targetId } });
  });
}

/**
 * Matches listeners' documents to commits by the document's `counter` field: pass `onDocument`
 * to every listener, then `arrival(counter, listeners)` resolves with the moment (performance.now())
 * the last of them saw that value.
 */
export function counterArrivals() {
  const waiters = new Map();
  return {
    onDocument(document) {
      waiters.get(Number(document.fields?.counter?.integerValue ?? -1))?.();
    },
    arrival(counter, listeners) {
      let arrivals = 0;
      return new Promise((resolve) => {
        waiters.set(counter, () => {
          if (++arrivals < listeners) return;
          waiters.delete(counter);
          resolve(performance.now());
        });
      });
    },
    /** Stops waiting for `counter` (after a time-out). */
    forget(counter) {
      waiters.delete(counter);
    },
  };
}
