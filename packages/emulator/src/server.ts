// createServer: one TCP port for everything. Each connection's first bytes decide its fate: the
// HTTP/2 preface goes to gRPC (Node's HTTP/2 server), anything else to the HTTP/1.1 server
// (REST, WebChannel, control endpoints). Node's http2 cannot fall back to HTTP/1 without TLS,
// hence the sniffing.
//
// Start-up order: the port is bound first, with nothing loaded but this module, so it accepts
// about as soon as a bare Node listener would. The core (service, store) loads right after, and
// each protocol's modules on its first connection: the HTTP/1.1 side (REST, WebChannel, control
// routes) and gRPC (node:http2 and the Firestore descriptor) cost nothing for clients that never
// use them. Connections that arrive meanwhile wait, paused, for what they need. With `--rules`
// or `--import` the core loads before binding, so a broken rules file or import fails without
// ever accepting a connection.
//
// Cloud Storage (with `storagePort`) has a port of its own, plain HTTP/1.1, bound right after
// Firestore's with nothing of Storage loaded; its core, rules and HTTP side load on its first
// connection (before binding with `storageRulesPath` or `importDir`, for the same reason).
import type { RequestListener, Server as HttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { Server as NetServer, Socket } from 'node:net';
import type { CoreHandle } from './admin/core-handle.js';
import type { RulesController } from './admin/rules-controller.js';
import type { Http1Deadlines, Http1DeadlineTracker } from './transport/http1-deadlines.js';
import { consoleLogger } from './transport/logger.js';
import type { Logger } from './transport/logger.js';
import type {
  WebChannelHandler,
  WebChannelLimits,
  WebChannelStats,
} from './transport/webchannel/webchannel-handler.js';
import type { GrpcKeepalive, GrpcTransport } from './transport/grpc/grpc-server.js';
import type { StorageCore } from './storage/index.js';
import type { Clock } from './store/clock.js';
import type { VersionHistoryLimits } from './store/version-history.js';
import type { UploadSessionLimits } from './storage/upload-sessions.js';
import type { StorageRulesController } from './admin/storage-rules-controller.js';
import type { WebChannelObserver, WebChannelProbe } from './transport/webchannel/observer.js';

/** Bounds on what one client connection may hold. Tests shorten them. */
export type ConnectionLimits = Http1Deadlines &
  GrpcKeepalive & {
    /**
     * TCP connections served at once. One more waits, unread, until one of them ends (a burst
     * is served whole, in arrival order); the log says so once per overload.
     */
    readonly maxConnections: number;
    /**
     * Connections that may wait beyond `maxConnections`; one more is closed as it is accepted,
     * so a flood cannot exhaust the process's file descriptors (served plus waiting must fit
     * the descriptor limit). A waiting connection holds a descriptor and at most one socket
     * buffer (the kernel stops reading it there), and no deadline runs until it is served.
     */
    readonly maxWaitingConnections: number;
  };

/**
 * Below the usual 1,024-descriptor soft limit, with room for files and the listener itself. A
 * process started with a lower limit (`ulimit -n`) should lower this too (`--max-connections`);
 * Node offers no portable way to read the limit.
 */
const DEFAULT_MAX_CONNECTIONS = 960;
/**
 * Node raises its soft descriptor limit to the hard one at start (4,096 on most Linux set-ups,
 * more on macOS), so 960 served plus 3,072 waiting still fit.
 */
const DEFAULT_MAX_WAITING_CONNECTIONS = 3_072;

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: DEFAULT_MAX_CONNECTIONS,
  maxWaitingConnections: DEFAULT_MAX_WAITING_CONNECTIONS,
  headersTimeoutMs: 60_000,
  idleTimeoutMs: 65_000,
  http2PingIntervalMs: 30_000,
  http2PingTimeoutMs: 10_000,
};

export type ServerOptions = {
  /** Interface to bind; 127.0.0.1 unless told otherwise. */
  readonly host?: string;
  /** 0 picks a free port. Default 8080. */
  readonly port?: number;
  /** Project the CLI and banner mention; requests may name any project. */
  readonly projectId?: string;
  /** A firestore.rules file; without one every request is allowed (and the log says so). */
  readonly rulesPath?: string;
  /** Load data exported earlier (by exportOnExit or the export endpoint) before listening. */
  readonly importDir?: string;
  /** Export all data here when close() is called. */
  readonly exportOnExit?: string;
  readonly log?: Logger;
  /** A ready core (tests); by default a fresh in-memory core from src/service. */
  readonly core?: CoreHandle;
  /**
   * Bounds on the old versions kept for reads at a past time (store/version-history.ts) when
   * the default core is built: one hour, 20,000 versions, 32 MiB by storage size.
   */
  readonly versionHistory?: Partial<VersionHistoryLimits>;
  readonly webChannelLimits?: Partial<WebChannelLimits>;
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /**
   * The Storage emulator's own port (0 picks a free one). Without it no Storage port is bound;
   * the CLI binds 9199 by default.
   */
  readonly storagePort?: number;
  /** A storage.rules file; without one, `demo-` projects are open and others refused. */
  readonly storageRulesPath?: string;
  /** Total bytes of Storage objects and uploads in flight (default 512 MiB). */
  readonly storageMaxBytes?: number;
  readonly storageLimits?: Partial<StorageLimits>;
  /** The Storage core's clock (tests fake it to expire upload sessions). */
  readonly storageClock?: Clock;
};

/** Bounds on Storage requests and upload sessions. Tests shorten them. */
export type StorageLimits = UploadSessionLimits & {
  /** A request body that sends nothing for this long is answered 408 and its bytes freed. */
  readonly bodyIdleTimeoutMs: number;
  /** How often abandoned upload sessions are swept (they also expire on every upload call). */
  readonly sweepIntervalMs: number;
  /** Objects at once; the byte budget alone does not bound empty objects. */
  readonly maxObjects: number;
};

export const DEFAULT_STORAGE_LIMITS: StorageLimits = {
  maxSessions: 1_000,
  idleMs: 60 * 60 * 1000,
  bodyIdleTimeoutMs: 30_000,
  sweepIntervalMs: 60_000,
  maxObjects: 100_000,
};

/** The Storage side: its port, and its core once the first request (or an import) loaded it. */
export type StorageServerHandle = {
  readonly port: number;
  /** `http://host:port`: what `connectStorageEmulator` and FIREBASE_STORAGE_EMULATOR_HOST name. */
  readonly url: string;
  /** Loads the Storage core if nothing has yet (tests, tools). */
  load(): Promise<{ readonly core: StorageCore; readonly rules: StorageRulesController }>;
};

export type EmulatorServer = {
  readonly port: number;
  readonly host: string;
  /** `http://host:port` */
  readonly url: string;
  readonly core: CoreHandle;
  readonly rules: RulesController;
  /** The Storage emulator, when `storagePort` was given. */
  readonly storage: StorageServerHandle | undefined;
  /** Test hook: drops every WebChannel session as a restart would; returns how many. */
  dropWebChannelSessions(): number;
  /**
   * Bench hook: `observer` is told, synchronously, when WebChannel forward requests arrive and
   * when responses are queued and written (times on the `performance.timeOrigin + now()` clock);
   * `undefined` detaches it. Nothing on the wire changes.
   */
  observeWebChannel(observer: WebChannelObserver | undefined): void;
  /** Connection and session counters (tests, bench). */
  transportStats(): TransportStats;
  /** Exports (when exportOnExit is set), ends every session and socket, and stops listening. */
  close(): Promise<void>;
};

export type TransportStats = WebChannelStats & {
  /** Connections accepted since start, by protocol. */
  readonly http1Connections: number;
  readonly http2Connections: number;
  /** Connections being served. */
  readonly openSockets: number;
  /** Connections accepted beyond `maxConnections`, waiting unread for a slot. */
  readonly waitingSockets: number;
};

export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** The project the CLI and the Storage rules policy assume when none is given. */
const DEFAULT_PROJECT_ID = 'demo-showcase';

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

/** The core (service and store) with its rules: what every protocol needs. */
type Core = { readonly core: CoreHandle; readonly rules: RulesController };

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Loads the rules file given at start-up; an unreadable or non-compiling file is fatal. */
async function loadRulesFile(
  rules: Pick<RulesController, 'load'>,
  rulesPath: string,
  what = 'rules',
): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  let source: string;
  try {
    source = await readFile(rulesPath, 'utf8');
  } catch (error) {
    throw new StartupError(`cannot read ${what} file ${rulesPath}: ${reasonOf(error)}`);
  }
  const result = await rules.load({ name: rulesPath, content: source });
  if (!result.loaded) {
    throw new StartupError(`${what} file ${rulesPath} does not compile:\n${result.message}`);
  }
}

async function importStartupData(core: CoreHandle, importDir: string): Promise<void> {
  try {
    await core.importData(importDir);
  } catch (error) {
    throw new StartupError(`cannot import data from ${importDir}: ${reasonOf(error)}`);
  }
}

/** The core (a fresh in-memory one unless injected), its rules and any data to import. */
async function loadCore(options: ServerOptions, log: Logger): Promise<Core> {
  const [core, { createRulesController }] = await Promise.all([
    options.core ??
      import('./service/index.js').then((m) =>
        m.createEmulatorCore(
          options.versionHistory === undefined ? {} : { versionHistory: options.versionHistory },
        ),
      ),
    import('./admin/rules-controller.js'),
  ]);
  const rules = createRulesController(core, log);
  if (options.rulesPath !== undefined) await loadRulesFile(rules, options.rulesPath);
  if (options.importDir !== undefined) await importStartupData(core, options.importDir);
  return { core, rules };
}

/** Something loaded on first use (the core, a protocol), once; every caller shares the load. */
class Lazy<T> {
  private loading: Promise<T> | undefined;
  private value: T | undefined;

  constructor(private readonly loader: () => Promise<T>) {}

  load(): Promise<T> {
    this.loading ??= this.loader().then((value) => (this.value = value));
    return this.loading;
  }

  /** The value if it has finished loading. */
  get current(): T | undefined {
    return this.value;
  }

  /** The value once any load in progress ends; undefined if it never loaded or failed. */
  async settled(): Promise<T | undefined> {
    try {
      return await this.loading;
    } catch {
      return undefined;
    }
  }
}

/** REST, WebChannel and the control endpoints over HTTP/1.1. */
type Http1Protocol = {
  readonly httpServer: HttpServer;
  readonly deadlines: Http1DeadlineTracker;
  readonly webchannel: WebChannelHandler;
};

function createHttp1Server(
  createHttpServer: (handler: RequestListener) => HttpServer,
  handler: RequestListener,
  limits: ConnectionLimits,
): HttpServer {
  const httpServer = createHttpServer(handler);
  // Hanging GETs (WebChannel backchannels) must not be cut by Node's request timeouts. Its
  // headersTimeout never runs here (this server never listens): see http1-deadlines.ts.
  httpServer.requestTimeout = 0;
  httpServer.keepAliveTimeout = limits.idleTimeoutMs;
  httpServer.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return httpServer;
}

async function loadHttp1(
  { core, rules }: Core,
  storage: Lazy<StorageParts> | undefined,
  options: ServerOptions,
  probe: WebChannelProbe,
  log: Logger,
  limits: ConnectionLimits,
): Promise<Http1Protocol> {
  const [http, { createHttpHandler }, { createWebChannelHandler }, control, deadlines] =
    await Promise.all([
      import('node:http'),
      import('./transport/http/http-handler.js'),
      import('./transport/webchannel/webchannel-handler.js'),
      import('./admin/control-routes.js'),
      import('./transport/http1-deadlines.js'),
    ]);
  const webchannel = createWebChannelHandler({
    service: core.service,
    log,
    probe,
    ...(options.webChannelLimits ? { limits: options.webChannelLimits } : {}),
  });
  const controlDeps = { core: withStorageExport(core, storage), rules };
  const httpServer = createHttp1Server(
    http.createServer,
    createHttpHandler({
      service: core.service,
      log,
      webchannel,
      control: (request) => control.handleControl(controlDeps, request),
    }),
    limits,
  );
  return {
    httpServer,
    deadlines: deadlines.enforceHttp1Deadlines(httpServer, limits),
    webchannel,
  };
}

/** node:http2, the gRPC adapter and the Firestore descriptor load on the first HTTP/2 connection. */
async function loadGrpc(
  { core }: Core,
  log: Logger,
  keepalive: GrpcKeepalive,
): Promise<GrpcTransport> {
  const { createGrpcTransport } = await import('./transport/grpc/grpc-server.js');
  return createGrpcTransport(core.service, log, keepalive);
}

type SniffingListener = {
  readonly netServer: NetServer;
  /** Connections being served. */
  readonly sockets: ReadonlySet<Socket>;
  /** Connections waiting, unread and in arrival order, for one of `sockets` to end. */
  readonly waiting: ReadonlySet<Socket>;
  readonly connections: { readonly http1Connections: number; readonly http2Connections: number };
  /** From now on new connections, and those still waiting for their protocol, are dropped. */
  stopAccepting(): void;
};

/**
 * A TCP server that reads each connection's first bytes: the HTTP/2 preface hands the socket to
 * gRPC, anything else to the HTTP/1.1 server. It refuses connections beyond
 * `limits.maxConnections`, and the first bytes must arrive within the head deadline.
 */
function createSniffingListener(
  http1: Lazy<Http1Protocol>,
  grpc: Lazy<GrpcTransport>,
  limits: ConnectionLimits,
  log: Logger,
): SniffingListener {
  const sockets = new Set<Socket>();
  const connections = { http1Connections: 0, http2Connections: 0 };
  let closing = false;

  /**
   * Hands the socket to its protocol once loaded: always from a later microtask, never inside
   * this socket's 'data' event, where an HTTP/2 session taking over the socket comes up broken
   * (a healthy client's pings then go unanswered).
   */
  const connect = <T>(
    socket: Socket,
    protocol: Lazy<T>,
    name: string,
    hand: (loaded: T) => void,
  ): void => {
    protocol.load().then(
      (loaded) => {
        if (closing || socket.destroyed) {
          socket.destroy();
          return;
        }
        hand(loaded);
        socket.resume();
      },
      (error: unknown) => {
        log.error(
          `${name} transport failed to load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        socket.destroy();
      },
    );
  };

  const route = (socket: Socket, head: Buffer, isHttp2: boolean, openedAt: number): void => {
    socket.unshift(head);
    if (isHttp2) {
      connections.http2Connections++;
      connect(socket, grpc, 'gRPC', (transport) => transport.inject(socket));
    } else {
      connections.http1Connections++;
      connect(socket, http1, 'HTTP/1.1', ({ deadlines, httpServer }) => {
        releaseKeptAliveWhileWaiting(httpServer);
        deadlines.track(socket, openedAt);
        httpServer.emit('connection', socket);
      });
    }
  };

  /** Logs once each time the limit starts to bite, and once more if the waiting room fills. */
  let warned: 'none' | 'waiting' | 'closing' = 'none';
  const warnOverload = (now: 'waiting' | 'closing'): void => {
    if (warned === now || warned === 'closing') return;
    warned = now;
    log.warn(
      now === 'waiting'
        ? `connection limit reached: ${limits.maxConnections} connections are open; ` +
            'new connections wait until some end'
        : `connection limit reached: ${limits.maxConnections} connections are open and ` +
            `${limits.maxWaitingConnections} wait; new connections are closed until some end`,
    );
  };

  const waiting = new Set<Socket>();

  /**
   * While connections wait, a kept-alive HTTP/1.1 connection would hold its slot idle until the
   * idle deadline: each response then closes its connection, and idle ones are closed as soon as
   * someone waits, so the slot passes to the oldest waiting connection.
   */
  let keepAliveReleaseInstalled = false;
  const releaseKeptAliveWhileWaiting = (httpServer: HttpServer): void => {
    if (keepAliveReleaseInstalled) return;
    keepAliveReleaseInstalled = true;
    httpServer.prependListener('request', (_request, response) => {
      if (waiting.size > 0) response.setHeader('Connection', 'close');
    });
  };
  let idleReleaseScheduled = false;
  const releaseIdleSoon = (): void => {
    if (idleReleaseScheduled) return;
    idleReleaseScheduled = true;
    // Once per turn of the event loop, however many connections arrived in it.
    setImmediate(() => {
      idleReleaseScheduled = false;
      if (waiting.size > 0) http1.current?.httpServer.closeIdleConnections();
    });
  };

  /** Serves waiting connections, oldest first, while there is room. */
  const admitWaiting = (): void => {
    for (const socket of waiting) {
      if (sockets.size >= limits.maxConnections) return;
      waiting.delete(socket);
      if (!socket.destroyed) serve(socket);
    }
    if (sockets.size < limits.maxConnections) warned = 'none';
  };

  const serve = (socket: Socket): void => {
    const openedAt = Date.now();
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (!closing) admitWaiting();
    });
    // Fixed, not refreshed by each byte: a preface dripped byte by byte is cut as well.
    const silence = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    silence.unref();
    socket.once('close', () => clearTimeout(silence));
    let head: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const n = Math.min(head.length, HTTP2_PREFACE.length);
      const matches = head.subarray(0, n).equals(HTTP2_PREFACE.subarray(0, n));
      if (matches && head.length < HTTP2_PREFACE.length) return;
      socket.removeListener('data', onData);
      socket.pause();
      clearTimeout(silence);
      route(socket, head, matches, openedAt);
    };
    socket.on('data', onData);
    socket.resume();
  };

  const netServer = createNetServer({ pauseOnConnect: true }, (socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    // Resets before a protocol took over must not become uncaught 'error' events.
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    if (sockets.size < limits.maxConnections && waiting.size === 0) {
      serve(socket);
      return;
    }
    if (waiting.size < limits.maxWaitingConnections) {
      // Left paused since accept: the kernel buffers what the client sends, and stops there.
      waiting.add(socket);
      socket.once('close', () => waiting.delete(socket));
      warnOverload('waiting');
      releaseIdleSoon();
      return;
    }
    warnOverload('closing');
    socket.destroy();
  });

  return {
    netServer,
    sockets,
    waiting,
    connections,
    stopAccepting: () => {
      closing = true;
    },
  };
}

/** The Storage core and its rules; loads on the first Storage request (or at start to import). */
type StorageParts = { readonly core: StorageCore; readonly rules: StorageRulesController };

type StorageProtocol = {
  readonly httpServer: HttpServer;
  readonly deadlines: Http1DeadlineTracker;
  readonly sweeper: NodeJS.Timeout;
};

async function loadStorage(
  firestore: Lazy<Core>,
  options: ServerOptions,
  log: Logger,
  limits: StorageLimits,
): Promise<StorageParts> {
  const [{ core }, { createStorageCore }, controller] = await Promise.all([
    firestore.load(),
    import('./storage/index.js'),
    import('./admin/storage-rules-controller.js'),
  ]);
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const storage = createStorageCore({
    authorizer: controller.storageAuthorizerWithoutRules(projectId),
    ...(options.storageMaxBytes === undefined ? {} : { budgetBytes: options.storageMaxBytes }),
    sessionLimits: { maxSessions: limits.maxSessions, idleMs: limits.idleMs },
    maxObjects: limits.maxObjects,
    ...(options.storageClock === undefined ? {} : { clock: options.storageClock }),
  });
  const rules = controller.createStorageRulesController(storage, {
    firestore: { getDocument: (name) => core.readDocument(name) },
    projectId,
    log,
  });
  if (options.storageRulesPath !== undefined) {
    await loadRulesFile(rules, options.storageRulesPath, 'storage rules');
  }
  if (options.importDir !== undefined) {
    try {
      await storage.importData(options.importDir);
    } catch (error) {
      throw new StartupError(
        `cannot import Storage objects from ${options.importDir}: ${reasonOf(error)}`,
      );
    }
  }
  return { core: storage, rules };
}

async function loadStorageHttp(
  parts: StorageParts,
  log: Logger,
  limits: ConnectionLimits,
  storageLimits: StorageLimits,
  fallbackOrigin: () => string,
): Promise<StorageProtocol> {
  const [http, { createStorageHttpHandler }, control, deadlines] = await Promise.all([
    import('node:http'),
    import('./transport/storage-http/storage-handler.js'),
    import('./admin/storage-control-routes.js'),
    import('./transport/http1-deadlines.js'),
  ]);
  const controlDeps = { storage: parts.core, rules: parts.rules };
  const httpServer = createHttp1Server(
    http.createServer,
    createStorageHttpHandler({
      service: parts.core.service,
      log,
      limits: { bodyIdleTimeoutMs: storageLimits.bodyIdleTimeoutMs },
      fallbackOrigin: fallbackOrigin(),
      control: (request) => control.handleStorageControl(controlDeps, request),
    }),
    limits,
  );
  const sweeper = setInterval(() => parts.core.expireUploads(), storageLimits.sweepIntervalMs);
  sweeper.unref();
  return { httpServer, deadlines: deadlines.enforceHttp1Deadlines(httpServer, limits), sweeper };
}

type PlainListener = {
  readonly netServer: NetServer;
  readonly sockets: ReadonlySet<Socket>;
  stopAccepting(): void;
};

/**
 * The Storage port: plain HTTP/1.1, handed to the Storage HTTP server once it has loaded, with
 * the same connection limit and head/idle deadlines as the Firestore port.
 */
function createStorageListener(
  protocol: Lazy<StorageProtocol>,
  limits: ConnectionLimits,
  log: Logger,
): PlainListener {
  const sockets = new Set<Socket>();
  let closing = false;
  let overloaded = false;
  const netServer = createNetServer({ pauseOnConnect: true }, (socket) => {
    if (closing || sockets.size >= limits.maxConnections) {
      if (!closing && !overloaded) {
        overloaded = true;
        log.warn(
          `storage connection limit reached: ${limits.maxConnections} connections are open; ` +
            'new connections are closed until some end',
        );
      }
      socket.destroy();
      return;
    }
    overloaded = false;
    const openedAt = Date.now();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    protocol.load().then(
      ({ httpServer, deadlines }) => {
        if (closing || socket.destroyed) {
          socket.destroy();
          return;
        }
        deadlines.track(socket, openedAt);
        httpServer.emit('connection', socket);
        socket.resume();
      },
      (error: unknown) => {
        log.error(
          `Storage transport failed to load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        socket.destroy();
      },
    );
  });
  return {
    netServer,
    sockets,
    stopAccepting: () => {
      closing = true;
    },
  };
}

/** Connections the kernel queues before accept: a burst of this many is accepted whole. */
const ACCEPT_BACKLOG = 4096;

/** Binds `host:port`, turning the usual bind failures into StartupErrors with advice. */
async function listen(
  netServer: NetServer,
  host: string,
  requestedPort: number,
  flag = '--port',
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      netServer.removeListener('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(`port ${requestedPort} is already in use; pass ${flag} to pick another`),
        );
      } else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
        reject(new StartupError(`cannot bind ${host}:${requestedPort}: ${error.message}`));
      } else if (error.code === 'EACCES') {
        reject(
          new StartupError(
            `no permission to bind ${host}:${requestedPort}; pick a port above 1023`,
          ),
        );
      } else {
        reject(error);
      }
    };
    const onListening = (): void => {
      netServer.removeListener('error', onError);
      resolve();
    };
    netServer.once('error', onError);
    netServer.once('listening', onListening);
    // Node's default accept queue (511) overflows under a burst of connects: the kernel then
    // drops the handshakes' last packets and those clients wait out SYN-ACK retries (about a
    // minute) before the server sees them. Connections beyond the limit wait in user space
    // (the waiting room), so the queue only needs to hold a burst until it is accepted; the
    // kernel caps it at net.core.somaxconn.
    netServer.listen({ host, port: requestedPort, backlog: ACCEPT_BACKLOG });
  });
}

type RunningParts = {
  readonly core: CoreHandle;
  readonly exportOnExit: string | undefined;
  readonly listener: SniffingListener;
  readonly http1: Lazy<Http1Protocol>;
  readonly grpc: Lazy<GrpcTransport>;
  readonly storageListener: PlainListener | undefined;
  readonly storage: Lazy<StorageParts>;
  readonly storageHttp: Lazy<StorageProtocol>;
};

/** Stops accepting, ends every socket and upload session, and stops listening. */
async function shutDownStorage(parts: RunningParts): Promise<void> {
  const listener = parts.storageListener;
  if (listener === undefined) return;
  listener.stopAccepting();
  const stopped = new Promise<void>((resolve) => listener.netServer.close(() => resolve()));
  const http = await parts.storageHttp.settled();
  if (http !== undefined) {
    clearInterval(http.sweeper);
    http.httpServer.closeAllConnections();
  }
  for (const socket of listener.sockets) socket.destroy();
  (await parts.storage.settled())?.core.dropUploads();
  await stopped;
}

/** Exports if asked, then stops accepting, ends every session and socket, and stops listening. */
async function shutDown(parts: RunningParts): Promise<void> {
  const { listener } = parts;
  if (parts.exportOnExit !== undefined) {
    await exportAll(
      parts.core,
      parts.storageListener === undefined ? undefined : parts.storage,
      parts.exportOnExit,
    );
  }
  listener.stopAccepting();
  const stopped = new Promise<void>((resolve) => listener.netServer.close(() => resolve()));
  const http1 = await parts.http1.settled();
  http1?.webchannel.close();
  (await parts.grpc.settled())?.close();
  http1?.httpServer.closeAllConnections();
  for (const socket of listener.waiting) socket.destroy();
  for (const socket of listener.sockets) socket.destroy();
  await Promise.all([stopped, shutDownStorage(parts)]);
}

/** Firestore's export, with the Storage objects in its `storage/` subfolder. */
async function exportAll(
  core: CoreHandle,
  storage: Lazy<StorageParts> | undefined,
  dir: string,
): Promise<void> {
  await core.exportData(dir);
  if (storage !== undefined) await (await storage.load()).core.exportData(dir);
}

/** The core as the control endpoints see it: its export carries the Storage objects too. */
function withStorageExport(core: CoreHandle, storage: Lazy<StorageParts> | undefined): CoreHandle {
  if (storage === undefined) return core;
  return {
    get service() {
      return core.service;
    },
    setAuthorizer: (authorizer, scope) => core.setAuthorizer(authorizer, scope),
    authorizer: (database) => core.authorizer(database),
    clearDocuments: (database) => core.clearDocuments(database),
    readDocument: (name) => core.readDocument(name),
    exportData: (dir) => exportAll(core, storage, dir),
    importData: (dir) => core.importData(dir),
  };
}

const NO_WEBCHANNEL_STATS: WebChannelStats = { sessions: 0, streamingGets: 0, longPollGets: 0 };

export async function createServer(options: ServerOptions = {}): Promise<EmulatorServer> {
  const host = options.host ?? '127.0.0.1';
  const requestedPort = options.port ?? 8080;
  const log = options.log ?? consoleLogger;
  const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  const core = new Lazy(() => loadCore(options, log));
  const storageLimits: StorageLimits = { ...DEFAULT_STORAGE_LIMITS, ...options.storageLimits };
  const storageEnabled = options.storagePort !== undefined;
  const storage = new Lazy(() => loadStorage(core, options, log, storageLimits));
  let storageOrigin = '';
  const storageHttp = new Lazy(async () =>
    loadStorageHttp(await storage.load(), log, limits, storageLimits, () => storageOrigin),
  );
  // A rules file or an import can fail: then the port is never bound.
  if (options.rulesPath !== undefined || options.importDir !== undefined) await core.load();
  if (
    storageEnabled &&
    (options.storageRulesPath !== undefined || options.importDir !== undefined)
  ) {
    await storage.load();
  }

  const webChannelProbe: WebChannelProbe = { observer: undefined };
  const http1 = new Lazy(async () =>
    loadHttp1(
      await core.load(),
      storageEnabled ? storage : undefined,
      options,
      webChannelProbe,
      log,
      limits,
    ),
  );
  const grpc = new Lazy(async () => loadGrpc(await core.load(), log, limits));
  const listener = createSniffingListener(http1, grpc, limits, log);
  const storageListener = storageEnabled
    ? createStorageListener(storageHttp, limits, log)
    : undefined;

  await listen(listener.netServer, host, requestedPort);
  listener.netServer.on('error', (error) => log.error(`server error: ${error.message}`));
  const stopListening = (): void => {
    listener.stopAccepting();
    listener.netServer.close();
    for (const socket of listener.waiting) socket.destroy();
    for (const socket of listener.sockets) socket.destroy();
  };
  if (storageListener !== undefined) {
    try {
      await listen(storageListener.netServer, host, options.storagePort!, '--storage-port');
    } catch (error) {
      stopListening();
      throw error;
    }
    storageListener.netServer.on('error', (error) =>
      log.error(`storage server error: ${error.message}`),
    );
  }
  let loaded: Core;
  try {
    loaded = await core.load();
  } catch (error) {
    stopListening();
    storageListener?.netServer.close();
    throw error;
  }

  const address = listener.netServer.address();
  const port = typeof address === 'object' && address ? address.port : requestedPort;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const parts: RunningParts = {
    core: loaded.core,
    exportOnExit: options.exportOnExit,
    listener,
    http1,
    grpc,
    storageListener,
    storage,
    storageHttp,
  };
  let storageHandle: StorageServerHandle | undefined;
  if (storageListener !== undefined) {
    const storageAddress = storageListener.netServer.address();
    const storagePort =
      typeof storageAddress === 'object' && storageAddress ? storageAddress.port : 0;
    storageOrigin = `http://${urlHost}:${storagePort}`;
    storageHandle = { port: storagePort, url: storageOrigin, load: () => storage.load() };
    if (options.storageRulesPath === undefined) {
      // Loud, once, at start: a small module, not the Storage core.
      const { describeStorageWithoutRules } = await import('./admin/storage-rules-controller.js');
      log.warn(describeStorageWithoutRules(options.projectId ?? DEFAULT_PROJECT_ID));
    }
  }

  let closed: Promise<void> | undefined;
  return {
    port,
    host,
    url: `http://${urlHost}:${port}`,
    core: loaded.core,
    rules: loaded.rules,
    storage: storageHandle,
    observeWebChannel: (observer) => {
      webChannelProbe.observer = observer;
    },
    dropWebChannelSessions: () => http1.current?.webchannel.dropAllSessions() ?? 0,
    transportStats: () => ({
      ...(http1.current?.webchannel.stats() ?? NO_WEBCHANNEL_STATS),
      ...listener.connections,
      openSockets: listener.sockets.size,
      waitingSockets: listener.waiting.size,
    }),
    close: () => (closed ??= shutDown(parts)),
  };
}
