// The WebChannel Listen exchange the browser SDK makes, in plain HTTP/1.1 requests, for the
// benches that time or repeat it without a browser.
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

function channelPath(database, params) {
  const query = new URLSearchParams({ VER: '8', database, ...params });
  return `/google.firestore.v1.Firestore/Listen/channel?${query}`;
}

/** One request on its own connection, closed after it, so that no pooled socket outlives a bench. */
function exchange(port, method, path, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(body === undefined
            ? {}
            : {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(body),
              }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One WebChannel Listen session as the browser SDK runs it: handshake with a target on one
 * document (its full name), one long-poll backchannel that must bring the target's answer,
 * terminate. Resolves with the moment (performance.now()) the answer arrived.
 */
export async function webChannelSession(port, database, document) {
  const addTarget = { database, addTarget: { documents: { documents: [document] }, targetId: 2 } };
  const handshake = await exchange(
    port,
    'POST',
    channelPath(database, { RID: '1', CVER: '22' }),
    `count=1&ofs=0&req0___data__=${encodeURIComponent(JSON.stringify(addTarget))}`,
  );
  const sid = /\["c","([0-9a-f]+)"/.exec(handshake.text)?.[1];
  if (handshake.status !== 200 || sid === undefined) {
    throw new Error(`WebChannel handshake failed: ${handshake.status} ${handshake.text}`);
  }
  const backchannel = await exchange(
    port,
    'GET',
    channelPath(database, { RID: 'rpc', SID: sid, AID: '0', CI: '1', TYPE: 'xmlhttp' }),
  );
  if (!backchannel.text.includes('targetChange')) {
    throw new Error(`WebChannel backchannel brought no target change: ${backchannel.text}`);
  }
  const answeredAt = performance.now();
  await exchange(port, 'POST', channelPath(database, { SID: sid, TYPE: 'terminate' }), '');
  return answeredAt;
}
