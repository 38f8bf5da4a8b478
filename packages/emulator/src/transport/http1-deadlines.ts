// Request-head and idle deadlines for HTTP/1.1 connections that the sniffer hands to an
// http.Server with emit('connection'). Node checks `headersTimeout` only on a server that
// listen()s itself (the checks start on 'listening'), so a sniffed socket that sends half a
// request head, or drips it a byte at a time, would be held forever. The deadlines here are
// fixed, not refreshed by traffic: the first request head must be complete within
// `headersTimeoutMs` of the connection opening, and each later one within `idleTimeoutMs` of
// the previous response. While a request is being served (WebChannel backchannels hang for
// minutes) no deadline runs.
import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';

export type Http1Deadlines = {
  readonly headersTimeoutMs: number;
  readonly idleTimeoutMs: number;
};

/** Starts the deadlines of one connection, `openedAt` being when it was accepted (`Date.now()`). */
export type Http1DeadlineTracker = { track(socket: Socket, openedAt: number): void };

type SocketState = { timer: NodeJS.Timeout | undefined; active: number };

const REQUEST_TIMEOUT_REPLY =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** Answers 408 (as Node does for its own head time-out) and closes the connection. */
function expire(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket.writable) socket.end(REQUEST_TIMEOUT_REPLY, () => socket.destroy());
  else socket.destroy();
  // A client that never reads must not keep the socket through a full send buffer.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** Watches `httpServer`'s requests; the tracker starts the deadlines of each connection. */
export function enforceHttp1Deadlines(
  httpServer: HttpServer,
  deadlines: Http1Deadlines,
): Http1DeadlineTracker {
  const states = new WeakMap<Socket, SocketState>();

  const arm = (socket: Socket, state: SocketState, ms: number): void => {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => expire(socket), Math.max(0, ms));
    state.timer.unref();
  };

  httpServer.on('request', (req, res) => {
    const socket = req.socket;
    const state = states.get(socket);
    if (state === undefined) return;
    state.active++;
    clearTimeout(state.timer);
    state.timer = undefined;
    res.once('close', () => {
      state.active--;
      if (state.active === 0 && !socket.destroyed) arm(socket, state, deadlines.idleTimeoutMs);
    });
  });

  return {
    track(socket, openedAt) {
      const state: SocketState = { timer: undefined, active: 0 };
      states.set(socket, state);
      arm(socket, state, deadlines.headersTimeoutMs - (Date.now() - openedAt));
      socket.once('close', () => clearTimeout(state.timer));
    },
  };
}
