// HTTP entry for `/google.firestore.v1.Firestore/{Listen|Write}/channel`: the handshake POST,
// forward POSTs, backchannel GETs, terminate, and the session registry with its bounds
// (max sessions, idle expiry). Framing is in framing.ts, per-session state in session.ts.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EmulatorError } from '../../errors.js';
import type { Caller, FirestoreService, RequestContext } from '../../service/types.js';
import { callerFromAuthorization } from '../caller.js';
import { jsonCodec } from '../codec.js';
import { decodeUtf8Strictly, parseJsonText } from '../json-reader.js';
import { readBody } from '../http-body.js';
import { sendText } from '../http-respond.js';
import type { Logger } from '../logger.js';
import { toEmulatorError, toJsonErrorBody } from '../status.js';
import { CLOSED_STREAM, openStream } from '../streams.js';
import type { WireOutput } from '../streams.js';
import { encodeChunk, parseForwardBody } from './framing.js';
import { epochNow } from './observer.js';
import type { WebChannelProbe } from './observer.js';
import { WebChannelSession } from './session.js';
import type { SessionLimits } from './session.js';

const WEBCHANNEL_PATHS = {
  '/google.firestore.v1.Firestore/Listen/channel': 'Listen',
  '/google.firestore.v1.Firestore/Write/channel': 'Write',
} as const;

export type WebChannelLimits = SessionLimits & {
  readonly maxSessions: number;
  /** A session with no backchannel and no POST for this long is dropped. */
  readonly idleMs: number;
  readonly maxMessagesPerPost: number;
  readonly maxPostBytes: number;
};

export const DEFAULT_WEBCHANNEL_LIMITS: WebChannelLimits = {
  maxSessions: 1000,
  idleMs: 5 * 60_000,
  maxMessagesPerPost: 1000,
  maxPostBytes: 12 * 1024 * 1024,
  maxOutboxArrays: 100_000,
  maxOutboxBytes: 64 * 1024 * 1024,
  keepAliveMs: 25_000,
  longPollHoldMs: 25_000,
  maxStreamingBytes: 1024 * 1024,
};

/** Value of the handshake's keep-alive field; the client times a backchannel out at 1.5×. */
const HANDSHAKE_KEEPALIVE_MS = 30_000;

export type WebChannelDeps = {
  readonly service: FirestoreService;
  readonly log: Logger;
  readonly limits?: Partial<WebChannelLimits>;
  /** Timing probes (benches); its observer may be attached and detached at any time. */
  readonly probe?: WebChannelProbe;
};

export interface WebChannelHandler {
  /** Whether `pathname` is one of the two channel endpoints. */
  owns(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Drops every session, as a server restart would (test hook: the SDK must resume). */
  dropAllSessions(): number;
  stats(): WebChannelStats;
  close(): void;
}

export type WebChannelStats = {
  readonly sessions: number;
  /** Backchannel GETs served, by mode, since start. */
  readonly streamingGets: number;
  readonly longPollGets: number;
};

export function createWebChannelHandler(deps: WebChannelDeps): WebChannelHandler {
  const limits: WebChannelLimits = { ...DEFAULT_WEBCHANNEL_LIMITS, ...deps.limits };
  const sessions = new Map<string, WebChannelSession>();
  const { service, log } = deps;
  const probe: WebChannelProbe = deps.probe ?? { observer: undefined };
  const counters = { streamingGets: 0, longPollGets: 0 };

  /** The one way a session ends: it leaves the registry, then closes (with its stream). */
  const dropSession = (session: WebChannelSession, stop: boolean): void => {
    if (sessions.get(session.id) !== session) return;
    sessions.delete(session.id);
    session.close({ stop });
  };

  const onOverflow = (session: WebChannelSession): void => {
    log.warn(
      `webchannel: ${session.kind} session ${session.id} dropped: the client has not acknowledged ` +
        `${session.pendingBytes} bytes of responses`,
    );
    dropSession(session, true);
  };

  const sweep = (): void => {
    const now = Date.now();
    for (const session of sessions.values()) {
      if (!session.hasBackchannel && now - session.lastActivity > limits.idleMs)
        dropSession(session, false);
    }
  };
  const sweeper = setInterval(sweep, Math.min(30_000, limits.idleMs));
  sweeper.unref();

  const makeRoom = (): boolean => {
    if (sessions.size < limits.maxSessions) return true;
    sweep();
    if (sessions.size < limits.maxSessions) return true;
    let oldest: WebChannelSession | undefined;
    for (const session of sessions.values()) {
      if (session.hasBackchannel) continue;
      if (!oldest || session.lastActivity < oldest.lastActivity) oldest = session;
    }
    if (!oldest) return false;
    dropSession(oldest, false);
    return true;
  };

  const unknownSid = (res: ServerResponse): void => {
    // The client looks for "Unknown SID" at an index > 0 of a 400 body.
    sendText(res, 400, 'Error 400: Unknown SID');
  };

  async function handshake(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    kind: 'Listen' | 'Write',
  ): Promise<void> {
    const body = parseForwardBody(
      decodeUtf8Strictly(await readBody(req, limits.maxPostBytes)),
      limits.maxMessagesPerPost,
    );
    const messages = body.messages.map((m) => ({ mapId: m.mapId, json: parseJsonText(m.json) }));
    if (!makeRoom()) {
      sendText(res, 503, 'Too many WebChannel sessions are open on this emulator.');
      return;
    }
    const id = randomBytes(12).toString('hex');
    const session = new WebChannelSession(id, kind, limits, onOverflow, probe);
    sessions.set(id, session);

    let caller: Caller | undefined;
    let callerError: EmulatorError | undefined;
    try {
      caller = callerFromAuthorization(body.headers?.get('authorization'));
    } catch (error) {
      callerError = toEmulatorError(error, log.error);
    }
    const firstDatabase = messages
      .map((m) =>
        m.json && typeof m.json === 'object'
          ? (m.json as { database?: unknown }).database
          : undefined,
      )
      .find((d): d is string => typeof d === 'string');
    const database = url.searchParams.get('database') ?? firstDatabase;
    if (database === undefined && !callerError) {
      callerError = new EmulatorError('INVALID_ARGUMENT', 'The request names no database.');
    }
    // Stream failures go out as {"error":{code,message,status}}: the SDK reads its `status`
    // string, then closes the channel itself.
    const output: WireOutput = {
      send: (message) => session.enqueue(message),
      end: (error) => {
        if (error) session.enqueue(toJsonErrorBody(error));
      },
    };
    if (callerError || !caller || database === undefined) {
      output.end(callerError);
      session.setStream(CLOSED_STREAM);
    } else {
      const ctx: RequestContext = { caller, database };
      session.setStream(openStream(kind, service, ctx, jsonCodec, output, log));
      session.receive(messages);
    }
    const json = JSON.stringify([[0, ['c', id, '', 8, 14, HANDSHAKE_KEEPALIVE_MS]]]);
    sendText(res, 200, encodeChunk(json));
  }

  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    session: WebChannelSession,
    url: URL,
    receivedAt: number,
  ): Promise<void> {
    const aid = Number(url.searchParams.get('AID'));
    const text = decodeUtf8Strictly(await readBody(req, limits.maxPostBytes));
    const body = parseForwardBody(text, limits.maxMessagesPerPost);
    const messages = body.messages.map((m) => ({ mapId: m.mapId, json: parseJsonText(m.json) }));
    if (Number.isInteger(aid)) session.ack(aid);
    session.receive(messages);
    // Skipped when the observer was attached after this request arrived (no `receivedAt`).
    if (receivedAt > 0) {
      probe.observer?.({
        type: 'forward',
        kind: session.kind,
        sessionId: session.id,
        receivedAt,
        handledAt: epochNow(),
        messages: messages.length,
      });
    }
    // [backchannel present, last array id queued, bytes not yet acknowledged]. A 0 makes the
    // client restart a backchannel it believes is open.
    const json = JSON.stringify([
      session.hasBackchannel ? 1 : 0,
      session.lastArrayId,
      session.pendingBytes,
    ]);
    sendText(res, 200, encodeChunk(json));
  }

  return {
    owns: (pathname) => Object.hasOwn(WEBCHANNEL_PATHS, pathname),
    async handle(req, res, url) {
      const receivedAt = probe.observer ? epochNow() : 0;
      const kind = WEBCHANNEL_PATHS[url.pathname as keyof typeof WEBCHANNEL_PATHS];
      const sid = url.searchParams.get('SID');
      const type = url.searchParams.get('TYPE');
      if (type === 'terminate') {
        const session = sid === null ? undefined : sessions.get(sid);
        if (session) dropSession(session, false);
        req.resume();
        sendText(res, 200, '');
        return;
      }
      if (req.method === 'POST') {
        if (sid === null || sid === 'null') {
          await handshake(req, res, url, kind);
          return;
        }
        const session = sessions.get(sid);
        if (!session || session.kind !== kind) {
          req.resume();
          unknownSid(res);
          return;
        }
        await forward(req, res, session, url, receivedAt);
        return;
      }
      if (req.method === 'GET') {
        const session = sid === null ? undefined : sessions.get(sid);
        if (!session || session.kind !== kind) {
          unknownSid(res);
          return;
        }
        const aid = Number(url.searchParams.get('AID') ?? '0');
        const longPoll = url.searchParams.get('CI') === '1';
        if (longPoll) counters.longPollGets++;
        else counters.streamingGets++;
        const timeout = Number(url.searchParams.get('TO'));
        session.attachBackchannel(res, {
          longPoll,
          aid: Number.isInteger(aid) ? aid : 0,
          ...(Number.isFinite(timeout) && timeout > 0 ? { holdMs: timeout } : {}),
        });
        return;
      }
      sendText(res, 405, `Method ${req.method} is not allowed on a WebChannel.`);
    },
    dropAllSessions() {
      const count = sessions.size;
      for (const session of [...sessions.values()]) dropSession(session, false);
      return count;
    },
    stats: () => ({ sessions: sessions.size, ...counters }),
    close() {
      clearInterval(sweeper);
      for (const session of [...sessions.values()]) dropSession(session, false);
    },
  };
}
