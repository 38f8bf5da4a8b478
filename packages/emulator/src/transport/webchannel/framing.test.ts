import { describe, expect, it } from 'vitest';
import { encodeChunk, parseForwardBody, parseInitHeaders, toAsciiJson } from './framing.js';

describe('WebChannel framing', () => {
  it('emits ASCII-only JSON so chunk lengths count UTF-16 units and bytes alike', () => {
    const json = toAsciiJson([1, [{ s: 'é😀\u2028' }]]);
    expect(json).toBe('[1,[{"s":"\\u00e9\\ud83d\\ude00\\u2028"}]]');
    expect(JSON.parse(json)).toEqual([1, [{ s: 'é😀\u2028' }]]);
    const chunk = encodeChunk(json);
    const [length, body] = [
      Number(chunk.slice(0, chunk.indexOf('\n'))),
      chunk.slice(chunk.indexOf('\n') + 1),
    ];
    expect(length).toBe(body.length);
    expect(length).toBe(Buffer.byteLength(body));
  });

  it('parses forward bodies with map ids from ofs', () => {
    const body = parseForwardBody(
      `count=2&ofs=5&req0___data__=${encodeURIComponent('{"a":"x+y &z"}')}&req1___data__=${encodeURIComponent('{"b":2}')}`,
      10,
    );
    expect(body.messages).toEqual([
      { mapId: 5, json: '{"a":"x+y &z"}' },
      { mapId: 6, json: '{"b":2}' },
    ]);
    expect(() => parseForwardBody('count=2&ofs=0&req0___data__=%7B%7D', 10)).toThrow(
      /req1___data__/,
    );
    expect(() => parseForwardBody('count=11&ofs=0', 10)).toThrow(/Too many/);
    expect(() => parseForwardBody('count=-1', 10)).toThrow(/count/);
  });

  it('splits handshake headers at the first colon only', () => {
    const text =
      'X-Goog-Api-Client:gl-js/ fire/12.19.0\r\nAuthorization:Bearer a.b:c.\r\nx-custom:http://h:1/p\r\n';
    const headers = parseInitHeaders(text);
    expect(headers.get('authorization')).toBe('Bearer a.b:c.');
    expect(headers.get('x-custom')).toBe('http://h:1/p');
    const body = parseForwardBody(
      `headers=${encodeURIComponent(text)}&count=1&ofs=0&req0___data__=%7B%7D`,
      10,
    );
    expect(body.headers?.get('x-goog-api-client')).toBe('gl-js/ fire/12.19.0');
    expect(body.messages).toHaveLength(1);
  });
});
