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
import { readArray, readMessage, readString } from '../transport/json-reader.js';
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
    if (body.rules === undefined) throw new EmulatorError('INVALID_ARGUMENT', 'rules is required.');
    const rules = readMessage(body.rules, 'rules', ['files']);
    const files = rules.files === undefined ? [] : readArray(rules.files, 'rules.files');
    if (files.length !== 1) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `Expected exactly one rules file, got ${files.length}.`,
      );
    }
    const file = readMessage(files[0], 'rules.files[0]', ['name', 'content', 'resource']);
    const name =
      file.name === undefined ? 'storage.rules' : readString(file.name, 'rules.files[0].name');
    const content = readString(file.content ?? '', 'rules.files[0].content');
    const result = await deps.rules.load({ name, content });
    if (!result.loaded) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `The rules did not compile; the previous rules stay in force.\n${result.message}`,
      );
    }
    return { status: 200, body: {} };
  }
  if (pathname === '/internal/reset') {
    if (method !== 'POST' && method !== 'DELETE') throw notFound(method, pathname);
    deps.storage.clear();
    return { status: 200, body: {} };
  }
  throw notFound(method, pathname);
}
