#!/usr/bin/env node
// `npm run firestore-emulator -- [--host H] [--port P] [--project ID] [--rules PATH]
// [--import DIR] [--export-on-exit DIR] [--max-connections N]`. Prints one ready line, then the rules banner; exits
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
  --max-connections N     TCP connections open at once; more are closed on arrival
                          (default 960; keep it below the process's descriptor limit)
  -h, --help              show this help`;

type Flags = {
  host: string;
  port: number;
  project: string;
  rules?: string;
  import?: string;
  exportOnExit?: string;
  maxConnections?: number;
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
] as const;

export function parseFlags(argv: readonly string[]): Flags | 'help' {
  const flags: Flags = { host: '127.0.0.1', port: 8080, project: 'demo-showcase' };
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
      case '--port': {
        const port = Number(value);
        if (!/^\d+$/.test(value) || port > 65535) {
          throw new UsageError(
            `--port must be a number from 0 to 65535, got ${JSON.stringify(value)}`,
          );
        }
        flags.port = port;
        break;
      }
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
