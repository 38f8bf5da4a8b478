// The Storage emulator's control endpoints, as the official one serves them:
// `PUT /internal/setRules` (`{rules:{files:[{name,content}]}}`, what rules-unit-testing sends;
// compile errors answered 400 with line and column) and `POST`/`DELETE /internal/reset`
// (every object and upload session dropped).
import { EmulatorError } from '../errors.js';
import type { StorageCore } from '../storage/index.js';
import type {
  StorageControlReply,
  StorageControlRequest,
} from '../transport/storage-http/storage-handler.js';
import { readMessage } from '../transport/json-reader.js';
import { readRulesSource, rulesDidNotCompile } from './rules-source.js';
import type { StorageRulesController } from './storage-rules-controller.js';

export type StorageControlDeps = {
  readonly storage: StorageCore;
  readonly rules: StorageRulesController;
};

function notFound(method: string, pathname: string): EmulatorError {
  return new EmulatorError(
    'NOT_FOUND',
    `No Storage emulator control endpoint for ${method} ${pathname}.`,
  );
}

export async function handleStorageControl(
  deps: StorageControlDeps,
  request: StorageControlRequest,
): Promise<StorageControlReply> {
  const { method, pathname } = request;
  if (pathname === '/internal/setRules') {
    if (method !== 'PUT' && method !== 'POST') throw notFound(method, pathname);
    const body = readMessage(request.body, '', ['rules']);
    const result = await deps.rules.load(
      readRulesSource(body.rules, 'storage.rules', ['resource']),
    );
    if (!result.loaded) throw rulesDidNotCompile(result.message);
    return { status: 200, body: {} };
  }
  if (pathname === '/internal/reset') {
    if (method !== 'POST' && method !== 'DELETE') throw notFound(method, pathname);
    deps.storage.clear();
    return { status: 200, body: {} };
  }
  throw notFound(method, pathname);
}
