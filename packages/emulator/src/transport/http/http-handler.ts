// The HTTP/1.1 request listener: CORS, health, control endpoints, WebChannel and REST. Every
// request runs inside one catch that maps errors through transport/status.ts, so bad input can
// only ever produce an error response, never an unhandled rejection.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EmulatorError } from '../../errors.js';
import type { FirestoreService } from '../../service/types.js';
import { callerFromAuthorization } from '../caller.js';
import { BodyTooLargeError, parseJsonBody, readBody } from '../http-body.js';
import {
  answerPreflight,
  applyCors,
  mayUseControlEndpoints,
  sendError,
  sendJson,
  sendText,
} from '../http-respond.js';
import type { Logger } from '../logger.js';
import { toEmulatorError } from '../status.js';
import { handleRest } from './rest-routes.js';

/** A request to an emulator control endpoint (`/emulator/v1/…`), its JSON body already parsed. */
export type ControlRequest = {
  readonly method: string;
  readonly pathname: string;
  readonly body: unknown;
};
export type ControlReply = { readonly status: number; readonly body: unknown };
/**
 * Serves the control endpoints. The composition root (server.ts) passes it in, so the transport
 * never imports admin, which sits above it.
 */
export type ControlRoutes = (request: ControlRequest) => Promise<ControlReply>;

/** The WebChannel endpoints, passed in by server.ts: the two adapters do not import each other. */
export type ChannelRoutes = {
  owns(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
};

export type HttpHandlerDeps = {
  readonly service: FirestoreService;
  readonly log: Logger;
  readonly webchannel: ChannelRoutes;
  readonly control: ControlRoutes;
};

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createHttpHandler(
  deps: HttpHandlerDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { log } = deps;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const pathname = url.pathname;
    if (pathname.startsWith('/emulator/') && !mayUseControlEndpoints(req)) {
      // Refused before anything runs (a simple cross-origin POST needs no preflight), and
      // without CORS headers, so the page cannot even read the refusal.
      req.resume();
      throw new EmulatorError(
        'PERMISSION_DENIED',
        `The emulator's control endpoints answer only pages served from a loopback address, not ${req.headers.origin ?? ''}.`,
      );
    }
    applyCors(req, res);
    if (method === 'OPTIONS') {
      req.resume();
      answerPreflight(req, res);
      return;
    }

    if (pathname === '/' && (method === 'GET' || method === 'HEAD')) {
      sendText(res, 200, 'Ok');
      return;
    }
    if (deps.webchannel.owns(pathname)) {
      await deps.webchannel.handle(req, res, url);
      return;
    }
    if (pathname.startsWith('/emulator/v1/')) {
      const body =
        method === 'GET' || method === 'DELETE' ? {} : parseJsonBody(await readBody(req));
      const reply = await deps.control({ method, pathname, body });
      sendJson(res, reply.status, reply.body);
      return;
    }
    if (pathname.startsWith('/v1/')) {
      const body =
        method === 'GET' || method === 'DELETE' ? {} : parseJsonBody(await readBody(req));
      const reply = await handleRest(deps.service, {
        method,
        url,
        body,
        caller: () => callerFromAuthorization(headerValue(req, 'authorization')),
      });
      sendJson(res, reply.status, reply.body);
      return;
    }
    req.resume();
    throw new EmulatorError('NOT_FOUND', `Not found: ${method} ${pathname}`);
  }

  return (req, res) => {
    route(req, res).catch((error: unknown) => {
      const mapped = toEmulatorError(error, log.error);
      if (res.headersSent) {
        res.end();
        return;
      }
      if (error instanceof BodyTooLargeError) {
        // The rest of an oversized upload is not read, so the connection cannot be reused.
        res.setHeader('Connection', 'close');
        sendError(res, mapped, 413);
        return;
      }
      sendError(res, mapped);
    });
  };
}
