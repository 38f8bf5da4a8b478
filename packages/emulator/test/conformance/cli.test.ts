// The CLI as users run it: the built dist/cli.js in its own process. One ready line, a loud
// warning without rules, clean exits on signals (exporting first when asked), and one clear line
// with a non-zero status for a bad flag, a busy port or rules that do not compile.
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(PACKAGE_DIR, 'dist', 'cli.js');
const DOCS = 'projects/demo-showcase/databases/(default)/documents';

let scratch: string;

beforeAll(async () => {
  const started = Date.now();
  // Build the real artifact, as `npm run firestore-emulator` does. Type errors elsewhere in the
  // package are the typecheck step's business; the emitted files are what is run here.
  await new Promise<void>((resolve) => {
    execFile(
      process.execPath,
      [join(PACKAGE_DIR, '../../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      { cwd: PACKAGE_DIR },
      () => resolve(),
    );
  });
  expect(existsSync(CLI) && statSync(CLI).mtimeMs >= started - 1000).toBe(true);
  scratch = await mkdtemp(join(tmpdir(), 'emulator-cli-'));
}, 180_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

type Run = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
};

function run(args: string[]): Run {
  // The Storage port defaults to 9199; tests must not depend on it being free.
  const storage = args.includes('--storage-port') ? [] : ['--storage-port', '0'];
  const child = spawn(process.execPath, [CLI, ...args, ...storage], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  // 'close' waits for stdout and stderr to drain too, so assertions on output never race the exit.
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function ready(r: Run): Promise<string> {
  const start = Date.now();
  while (!/ready at (\S+)\n/.test(r.stdout())) {
    if (Date.now() - start > 20_000) throw new Error(`not ready: ${r.stdout()} ${r.stderr()}`);
    if (r.child.exitCode !== null) throw new Error(`exited ${r.child.exitCode}: ${r.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return /ready at (\S+)\n/.exec(r.stdout())![1]!;
}

async function storageReady(r: Run): Promise<string> {
  const start = Date.now();
  while (!/Storage emulator ready at (\S+)\n/.test(r.stdout())) {
    if (Date.now() - start > 20_000) throw new Error(`not ready: ${r.stdout()} ${r.stderr()}`);
    if (r.child.exitCode !== null) throw new Error(`exited ${r.child.exitCode}: ${r.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return /Storage emulator ready at (\S+)\n/.exec(r.stdout())![1]!;
}

describe('firestore-emulator CLI', () => {
  it('prints one ready line, warns without rules, and exits 0 on SIGTERM', async () => {
    const r = run(['--port', '0']);
    const url = await ready(r);
    expect(
      r
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('Firestore emulator ready at')),
    ).toEqual([`Firestore emulator ready at ${url}`]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${url}/`)).text()).toBe('Ok');
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    // Read once the process has closed its pipes: the warning may trail the ready line.
    expect(r.stderr()).toMatch(/WARNING: security rules are OFF/);
  });

  it('rejects an unknown flag with one line and status 2', async () => {
    const r = run(['--prot', '8080']);
    expect(await r.exit).toBe(2);
    expect(r.stderr().trim().split('\n')).toEqual([
      'firestore-emulator: unknown option "--prot"; run with --help for the list',
    ]);
    const bad = run(['--port', 'eighty']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toMatch(/--port must be a number/);
  });

  it('serves at most --max-connections connections, the next one waiting for a slot', async () => {
    const bad = run(['--max-connections', 'lots']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toMatch(/--max-connections must be a whole number/);

    const r = run(['--port', '0', '--max-connections', '2']);
    const url = await ready(r);
    const { hostname, port } = new URL(url);
    const open = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
        socket.once('error', reject);
      });
    const held = [await open(), await open()];
    const third = await open();
    const answered = new Promise<string>((resolve) =>
      third.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))),
    );
    third.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // The third waits for a slot rather than being closed (the log says so); ending a held one
    // frees it.
    const limitLine = /connection limit reached: 2 connections are open; new connections wait/;
    const start = Date.now();
    while (!limitLine.test(r.stdout() + r.stderr()) && Date.now() - start < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(r.stdout() + r.stderr()).toMatch(limitLine);
    held[0]!.destroy();
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of [...held, third]) socket.destroy();
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
  });

  it('reports a busy port clearly', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = run(['--port', String(port)]);
      expect(await r.exit).toBe(1);
      expect(r.stderr().trim()).toBe(
        `firestore-emulator: port ${port} is already in use; pass --port to pick another`,
      );
    } finally {
      blocker.close();
    }
  });

  it('refuses rules that do not compile, with line and column', async () => {
    const rules = join(scratch, 'broken.rules');
    await writeFile(
      rules,
      "rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if ; }\n}\n",
    );
    const r = run(['--port', '0', '--rules', rules]);
    expect(await r.exit).toBe(1);
    expect(r.stderr()).toMatch(/does not compile/);
    expect(r.stderr()).toMatch(/broken\.rules:3:\d+/);
  });

  it('enforces --rules and reports them in the banner', async () => {
    const rules = join(scratch, 'closed.rules');
    await writeFile(
      rules,
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents/{doc=**} { allow read, write: if false; }\n}\n",
    );
    const r = run(['--port', '0', '--rules', rules]);
    const url = await ready(r);
    const denied = await fetch(`${url}/v1/${DOCS}:commit`, {
      method: 'POST',
      body: JSON.stringify({ writes: [{ update: { name: `${DOCS}/c/d`, fields: {} } }] }),
    });
    expect(denied.status).toBe(403);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toMatch(/security rules loaded from .*closed\.rules/);
  });

  it('exports on SIGINT and imports on the next start', async () => {
    const dir = join(scratch, 'export');
    const first = run(['--port', '0', '--export-on-exit', dir]);
    const url = await ready(first);
    const write = await fetch(`${url}/v1/${DOCS}:commit`, {
      method: 'POST',
      body: JSON.stringify({
        writes: [
          { update: { name: `${DOCS}/kept/one`, fields: { v: { stringValue: 'survives' } } } },
        ],
      }),
    });
    expect(write.status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);
    expect(first.stdout()).toMatch(/exporting data to/);

    const second = run(['--port', '0', '--import', dir]);
    const url2 = await ready(second);
    const doc = (await (await fetch(`${url2}/v1/${DOCS}/kept/one`)).json()) as { fields: unknown };
    expect(doc.fields).toEqual({ v: { stringValue: 'survives' } });
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('serves Storage on its own port and carries its objects through export and import', async () => {
    const dir = join(scratch, 'export-storage');
    const first = run(['--port', '0', '--export-on-exit', dir]);
    await ready(first);
    const storageUrl = await storageReady(first);
    expect(storageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const bucket = 'demo-showcase.appspot.com';
    const upload = await fetch(`${storageUrl}/v0/b/${bucket}/o?name=kept%2Fpic.png`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=B',
      },
      body: '--B\r\nContent-Type: application/json\r\n\r\n{"metadata":{"k":"v"}}\r\n--B\r\nContent-Type: image/png\r\n\r\nPNGBYTES\r\n--B--',
    });
    expect(upload.status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);
    expect(first.stderr()).toMatch(
      /WARNING: no Storage security rules are loaded: every Storage request to demo-showcase is allowed/,
    );

    const second = run(['--port', '0', '--import', dir]);
    const url2 = await storageReady(second);
    const object = `${url2}/v0/b/${bucket}/o/kept%2Fpic.png`;
    expect(await (await fetch(`${object}?alt=media`)).text()).toBe('PNGBYTES');
    expect(await (await fetch(object)).json()).toMatchObject({
      contentType: 'image/png',
      metadata: { k: 'v' },
      size: '8',
    });
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('refuses storage rules that do not compile, and a bad --storage-port', async () => {
    const rules = join(scratch, 'broken-storage.rules');
    await writeFile(
      rules,
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{b}/o { allow read: if ; }\n}\n",
    );
    const r = run(['--port', '0', '--storage-rules', rules]);
    expect(await r.exit).toBe(1);
    expect(r.stderr()).toMatch(/storage rules file .*broken-storage\.rules does not compile/);
    expect(r.stderr()).toMatch(/broken-storage\.rules:3:\d+/);
    const bad = run(['--port', '0', '--storage-port', 'x']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toMatch(/--storage-port must be a number from 0 to 65535/);
  });

  it('binds the Storage port at start but loads the Storage side only when a client connects', async () => {
    // node:http is loaded by the Storage HTTP side (and by Firestore's, which nothing touches
    // here), so its absence after start-up shows that Storage was not loaded.
    const server = pathToFileURL(join(PACKAGE_DIR, 'dist', 'server.js')).href;
    const script = `
      import { connect } from 'node:net';
      const { createServer } = await import(${JSON.stringify(server)});
      const httpLoaded = () => process.moduleLoadList.includes('NativeModule http');
      const quiet = { info() {}, warn() {}, error() {} };
      const emulator = await createServer({ port: 0, storagePort: 0, log: quiet });
      const atStart = httpLoaded();
      const status = await new Promise((resolve) => {
        const socket = connect(emulator.storage.port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n'),
        );
        let text = '';
        socket.on('data', (d) => (text += d));
        socket.on('close', () => resolve(text.split('\\r\\n')[0]));
      });
      console.log(JSON.stringify({ atStart, status, afterRequest: httpLoaded() }));
      await emulator.close();
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, err).toBe(0);
    expect(JSON.parse(out)).toEqual({
      atStart: false,
      status: 'HTTP/1.1 200 OK',
      afterRequest: true,
    });
  });
});
