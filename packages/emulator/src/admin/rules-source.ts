// The rules payload both control surfaces accept, `{ rules: { files: [{ name, content }] } }`
// (Firestore's `:securityRules` and Storage's `/internal/setRules`), read once here.
import { EmulatorError } from '../errors.js';
import { readArray, readMessage, readString } from '../transport/json-reader.js';
import type { RulesSource } from './rules-controller.js';

/** The one rules file in `rules`; `fileKeys` are the keys each endpoint's file may carry. */
export function readRulesSource(
  rules: unknown,
  defaultName: string,
  fileKeys: readonly string[],
): RulesSource {
  if (rules === undefined) throw new EmulatorError('INVALID_ARGUMENT', 'rules is required.');
  const message = readMessage(rules, 'rules', ['files']);
  const files = message.files === undefined ? [] : readArray(message.files, 'rules.files');
  if (files.length !== 1) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Expected exactly one rules file, got ${files.length}.`,
    );
  }
  const file = readMessage(files[0], 'rules.files[0]', ['name', 'content', ...fileKeys]);
  const name = file.name === undefined ? defaultName : readString(file.name, 'rules.files[0].name');
  const content = readString(file.content ?? '', 'rules.files[0].content');
  return { name, content };
}

/** A ruleset that did not compile, answered as production's rules endpoints do. */
export function rulesDidNotCompile(message: string): EmulatorError {
  return new EmulatorError(
    'INVALID_ARGUMENT',
    `The rules did not compile; the previous rules stay in force.\n${message}`,
  );
}
