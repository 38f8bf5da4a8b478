// Writes packages/emulator/protos/firestore-service.json, the descriptor the emulator's gRPC
// transport loads, from the vendored .proto files (run after changing them; needs the built
// emulator). service-definition.test.ts fails while the committed file differs from what this
// writes.
import fs from 'node:fs';
import { buildServiceDescriptor } from '../packages/emulator/dist/transport/grpc/descriptor-builder.js';
import { DESCRIPTOR_URL } from '../packages/emulator/dist/transport/grpc/service-definition.js';

fs.writeFileSync(DESCRIPTOR_URL, buildServiceDescriptor());
console.log(`wrote ${DESCRIPTOR_URL.pathname}`);
