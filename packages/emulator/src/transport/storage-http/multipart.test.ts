import { describe, expect, it } from 'vitest';
import { multipartBoundaryOf, multipartParse } from './multipart.js';

describe('multipart/related', () => {
  it('reads the boundary, quoted or not', () => {
    expect(multipartBoundaryOf('multipart/related; boundary=abc123')).toBe('abc123');
    expect(multipartBoundaryOf('Multipart/Related; charset=x; boundary="a b"')).toBe('a b');
    expect(() => multipartBoundaryOf('application/json')).toThrow(/multipart\/related/);
    expect(() => multipartBoundaryOf(undefined)).toThrow(/multipart\/related/);
  });

  it('splits the SDK body into a JSON part and the bytes, keeping bytes that look like CRLF', () => {
    const data = Buffer.from([0, 13, 10, 45, 45, 255]);
    const body = Buffer.concat([
      Buffer.from('--X\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"a":1}\r\n--X\r\n'),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      data,
      Buffer.from('\r\n--X--'),
    ]);
    const parts = multipartParse(body, 'X');
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(parts[0]!.body.toString()).toBe('{"a":1}');
    expect(parts[1]!.headers.get('content-type')).toBe('image/png');
    expect(parts[1]!.body.equals(data)).toBe(true);
  });

  it('accepts a trailing CRLF after the closing boundary and parts without headers', () => {
    const parts = multipartParse(Buffer.from('--X\r\n\r\n{}\r\n--X\r\n\r\nabc\r\n--X--\r\n'), 'X');
    expect(parts.map((p) => p.body.toString())).toEqual(['{}', 'abc']);
  });

  it('refuses bodies without a closing boundary, with junk before it, or with too many parts', () => {
    expect(() => multipartParse(Buffer.from('--X\r\n\r\nabc'), 'X')).toThrow(/closing boundary/);
    expect(() => multipartParse(Buffer.from('junk--X\r\n\r\na\r\n--X--'), 'X')).toThrow(
      /does not start with the boundary/,
    );
    expect(() => multipartParse(Buffer.from('--X--'), 'X')).toThrow(/no parts/);
    expect(() =>
      multipartParse(Buffer.from('--X\r\n\r\na\r\n--X\r\n\r\nb\r\n--X\r\n\r\nc\r\n--X--'), 'X'),
    ).toThrow(/more than 2 parts/);
    expect(() => multipartParse(Buffer.from('--Xgarbage'), 'X')).toThrow(/not followed by CRLF/);
  });
});
