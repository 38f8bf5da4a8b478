// Writes packages/emulator/protos/firestore-service.json, the descriptor the emulator's gRPC
// transport loads, from the vendored .proto files (run after changing them; needs the built
// emulator). `--check` fails when the committed file differs from what this script generates.
import fs from 'node:fs';
import { buildServiceDescriptor } from '../packages/emulator/dist/transport/grpc/descriptor-builder.js';
import { DESCRIPTOR_URL } from '../packages/emulator/dist/transport/grpc/service-definition.js';

const content = buildServiceDescriptor();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(DESCRIPTOR_URL) ? fs.readFileSync(DESCRIPTOR_URL, 'utf8') : '';
  if (current !== content) {
    console.error(
      `${DESCRIPTOR_URL.pathname} is stale: run node scripts/generate-grpc-descriptor.mjs`,
    );
    process.exit(1);
  }
} else {
  fs.writeFileSync(DESCRIPTOR_URL, content);
  console.log(`wrote ${DESCRIPTOR_URL.pathname}`);
}
