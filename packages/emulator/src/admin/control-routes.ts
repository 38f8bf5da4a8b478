// Emulator-only control endpoints, as the official emulator serves them: load rules (per
// project, or per database), wipe documents, export data. Paths:
// /emulator/v1/projects/{p}:securityRules, /emulator/v1/projects/{p}/databases/{d}:securityRules,
// /emulator/v1/projects/{p}/databases/{d}/documents, /emulator/v1/projects/{p}:export.
import { resolve } from 'node:path';
import { EmulatorError } from '../errors.js';
import type { AuthorizerScope } from '../service/types.js';
import type { ControlReply, ControlRequest } from '../transport/http/http-handler.js';
import { readBoolean, readMessage, readString } from '../transport/json-reader.js';
import type { CoreHandle } from './core-handle.js';
import type { RulesController, RulesIssue } from './rules-controller.js';
import { readRulesSource, rulesDidNotCompile } from './rules-source.js';

export type ControlDeps = {
  readonly core: CoreHandle;
  readonly rules: RulesController;
};

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function toWireIssue(issue: RulesIssue): Record<string, unknown> {
  return {
    sourcePosition: { line: issue.line, column: issue.column },
    description: issue.description,
    severity: issue.severity,
  };
}

function notFound(method: string, pathname: string): EmulatorError {
  return new EmulatorError('NOT_FOUND', `No emulator control endpoint for ${method} ${pathname}.`);
}

export async function handleControl(
  deps: ControlDeps,
  request: ControlRequest,
): Promise<ControlReply> {
  const { method, pathname } = request;
  const rest = pathname.slice('/emulator/v1/'.length).split('/').map(decode);
  if (rest[0] !== 'projects' || rest.length < 2) throw notFound(method, pathname);
  const projectAndVerb = rest[1]!;

  const rulesScope = securityRulesScope(rest);
  if (rulesScope !== undefined) {
    if (method !== 'PUT' && method !== 'POST') throw notFound(method, pathname);
    return loadRules(deps, request.body, rulesScope);
  }
  if (rest.length === 2 && projectAndVerb.endsWith(':export')) {
    if (method !== 'POST') throw notFound(method, pathname);
    const body = readMessage(request.body, '', ['database', 'exportDirectory', 'exportName']);
    if (body.exportDirectory === undefined) {
      throw new EmulatorError('INVALID_ARGUMENT', 'export_directory is required.');
    }
    const directory = readString(body.exportDirectory, 'export_directory');
    const name = body.exportName === undefined ? '' : readString(body.exportName, 'export_name');
    const target = resolve(directory, name);
    await deps.core.exportData(target);
    return { status: 200, body: { path: target } };
  }
  // /emulator/v1/projects/{p}/databases/{d}/documents
  if (rest.length === 5 && rest[2] === 'databases' && rest[4] === 'documents') {
    if (method !== 'DELETE') throw notFound(method, pathname);
    await deps.core.clearDocuments(`projects/${projectAndVerb}/databases/${rest[3]}`);
    return { status: 200, body: {} };
  }
  throw notFound(method, pathname);
}

const RULES_VERB = ':securityRules';

/** `projects/{p}:securityRules` or `projects/{p}/databases/{d}:securityRules`, else undefined. */
function securityRulesScope(rest: readonly string[]): AuthorizerScope | undefined {
  const last = rest[rest.length - 1]!;
  if (!last.endsWith(RULES_VERB)) return undefined;
  const name = last.slice(0, -RULES_VERB.length);
  if (rest.length === 2 && name !== '') return { projectId: name };
  if (rest.length === 4 && rest[2] === 'databases' && rest[1] !== '' && name !== '') {
    return { projectId: rest[1]!, databaseId: name };
  }
  return undefined;
}

async function loadRules(
  deps: ControlDeps,
  raw: unknown,
  scope: AuthorizerScope,
): Promise<ControlReply> {
  const body = readMessage(raw, '', ['rules', 'ignoreErrors']);
  const ignoreErrors =
    body.ignoreErrors === undefined ? false : readBoolean(body.ignoreErrors, 'ignore_errors');
  const source = readRulesSource(body.rules, 'security.rules', ['fingerprint']);
  const result = await deps.rules.load(source, scope);
  if (!result.loaded && !ignoreErrors) throw rulesDidNotCompile(result.message);
  return { status: 200, body: { issues: result.issues.map(toWireIssue) } };
}
