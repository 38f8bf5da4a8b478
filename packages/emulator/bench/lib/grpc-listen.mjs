// A raw gRPC Listen client (what the Node and Admin SDKs speak), for listener benches: one
// channel and one Listen stream per listener, a query target, and a callback per document.
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

const PROTO_ROOT = fileURLToPath(new URL('../../protos/', import.meta.url));

let firestoreService;
function service() {
  if (firestoreService === undefined) {
    const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
      includeDirs: [PROTO_ROOT],
      longs: String,
      enums: String,
      oneofs: true,
    });
    firestoreService = grpc.loadPackageDefinition(definition).google.firestore.v1.Firestore;
  }
  return firestoreService;
}

/**
 * Opens a Listen stream with one query target. Resolves once the target is CURRENT and the
 * global read time arrived (the initial snapshot), with a `close()`.
 */
export function openQueryListener({
  port,
  database,
  parent,
  structuredQuery,
  targetId,
  onDocument,
}) {
  const Firestore = service();
  // A channel of its own, as separate clients would have.
  const client = new Firestore(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
    'grpc.use_local_subchannel_pool': 1,
  });
  const metadata = new grpc.Metadata();
  metadata.set('authorization', 'Bearer owner');
  metadata.set('google-cloud-resource-prefix', database);
  const call = client.Listen(metadata);
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
              client.close();
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
