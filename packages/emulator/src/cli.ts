#!/usr/bin/env node
// `npm run firestore-emulator -- [--host H] [--port P] [--project ID] [--rules PATH]
// [--import DIR] [--export-on-exit DIR] [--max-connections N] [--storage-port P]
// [--storage-rules PATH] [--storage-max-bytes N]`. Prints one ready line per emulator
// (Firestore, then Storage), then the rules banner; exits
// cleanly on SIGINT/SIGTERM (exporting first when asked) and with one clear line on bad input.
import { createServer, StartupError } from './server.js';
import type { EmulatorServer, ServerOptions } from './server.js';

const USAGE = `Usage: firestore-emulator [options]

  --host HOST             interface to bind (default 127.0.0.1)
  --port PORT             port for REST, WebChannel and gRPC (default 8080; 0 picks one)
  --project ID            default project id (default demo-showcase)
  --rules PATH            firestore.rules to enforce (default: allow everything)
  --import DIR            load data exported earlier before serving
  --export-on-exit DIR    export all data to DIR on SIGINT/SIGTERM
  --max-connections N     TCP connections served at once; up to 3,072 more wait unread
                          for a slot, and more than that are closed on arrival (default
                          960; keep both below the process's descriptor limit)
  --storage-port PORT     port of the Cloud Storage emulator (default 9199; 0 picks one)
  --storage-rules PATH    storage.rules to enforce (default: demo-* projects open,
                          every other project refused)
  --storage-max-bytes N   total bytes of Storage objects and uploads in flight
                          (default 536870912 = 512 MiB); beyond it uploads get 402
  -h, --help              show this help`;

type Flags = {
  host: string;
  port: number;
  project: string;
  rules?: string;
  import?: string;
  exportOnExit?: string;
  maxConnections?: number;
  storagePort: number;
  storageRules?: string;
  storageMaxBytes?: number;
};

class UsageError extends Error {}

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again (left to itself: up to 4×). Loading a store promotes short-lived request objects
 * next to the documents that stay, so at 100,000 documents about half the old generation was
 * garbage waiting for a collection that a heap four times the survivors never needed: ~190 MiB
 * resident where ~150 do. Collections that come sooner cost a little CPU while a store fills and
 * nothing once it is steady. The CLI owns its process; the library leaves an embedder's V8 alone.
 */
const OLD_GENERATION_GROWTH_PERCENT = 20;

/** After the port accepts, so that start-up does not wait for `node:v8`. */
async function limitOldGenerationGrowth(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}

const VALUE_FLAGS = [
  '--host',
  '--port',
  '--project',
  '--rules',
  '--import',
  '--export-on-exit',
  '--max-connections',
  '--storage-port',
  '--storage-rules',
  '--storage-max-bytes',
] as const;

function portOf(name: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new UsageError(`${name} must be a number from 0 to 65535, got ${JSON.stringify(value)}`);
  }
  return port;
}

export function parseFlags(argv: readonly string[]): Flags | 'help' {
  const flags: Flags = {
    host: '127.0.0.1',
    port: 8080,
    project: 'demo-showcase',
    storagePort: 9199,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return 'help';
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!(VALUE_FLAGS as readonly string[]).includes(name)) {
      throw new UsageError(`unknown option ${JSON.stringify(arg)}; run with --help for the list`);
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) {
      throw new UsageError(`option ${name} needs a value`);
    }
    switch (name as (typeof VALUE_FLAGS)[number]) {
      case '--host':
        flags.host = value;
        break;
      case '--port':
        flags.port = portOf(name, value);
        break;
      case '--storage-port':
        flags.storagePort = portOf(name, value);
        break;
      case '--storage-rules':
        flags.storageRules = value;
        break;
      case '--storage-max-bytes':
        if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
          throw new UsageError(
            `--storage-max-bytes must be a whole number of bytes, got ${JSON.stringify(value)}`,
          );
        }
        flags.storageMaxBytes = Number(value);
        break;
      case '--project':
        if (!/^[a-z0-9][a-z0-9-]*$/i.test(value)) {
          throw new UsageError(
            `--project must be a project id such as demo-showcase, got ${JSON.stringify(value)}`,
          );
        }
        flags.project = value;
        break;
      case '--rules':
        flags.rules = value;
        break;
      case '--import':
        flags.import = value;
        break;
      case '--export-on-exit':
        flags.exportOnExit = value;
        break;
      case '--max-connections':
        if (!/^\d+$/.test(value) || Number(value) < 1) {
          throw new UsageError(
            `--max-connections must be a whole number of at least 1, got ${JSON.stringify(value)}`,
          );
        }
        flags.maxConnections = Number(value);
        break;
    }
  }
  return flags;
}

async function main(): Promise<void> {
  let flags: Flags | 'help';
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`firestore-emulator: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (flags === 'help') {
    console.log(USAGE);
    return;
  }
  const options: ServerOptions = {
    host: flags.host,
    port: flags.port,
    projectId: flags.project,
    ...(flags.rules === undefined ? {} : { rulesPath: flags.rules }),
    ...(flags.import === undefined ? {} : { importDir: flags.import }),
    ...(flags.exportOnExit === undefined ? {} : { exportOnExit: flags.exportOnExit }),
    ...(flags.maxConnections === undefined
      ? {}
      : { connectionLimits: { maxConnections: flags.maxConnections } }),
    storagePort: flags.storagePort,
    ...(flags.storageRules === undefined ? {} : { storageRulesPath: flags.storageRules }),
    ...(flags.storageMaxBytes === undefined ? {} : { storageMaxBytes: flags.storageMaxBytes }),
  };
  let server: EmulatorServer;
  try {
    server = await createServer(options);
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(`firestore-emulator: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  console.log(`Firestore emulator ready at ${server.url}`);
  if (server.storage !== undefined) console.log(`Storage emulator ready at ${server.storage.url}`);
  await limitOldGenerationGrowth();
  const description = server.core.authorizer().describe();
  if (flags.rules === undefined) {
    console.warn(`WARNING: ${description}`);
  } else {
    console.log(description);
  }

  const exportDir = flags.exportOnExit;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) {
      // A second signal means "now".
      process.exit(130);
    }
    stopping = true;
    if (exportDir !== undefined) console.log(`${signal}: exporting data to ${exportDir}`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(
          `firestore-emulator: shutdown failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    `firestore-emulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
