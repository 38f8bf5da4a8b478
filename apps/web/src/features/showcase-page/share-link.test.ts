import { describe, expect, it, vi } from 'vitest';
import { canShareLink, copyText, shareLink, showcaseShareUrl } from './share-link';

const refused = () =>
  Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));

describe('showcaseShareUrl', () => {
  it('is the origin and /s/:id, whatever the current page carries', () => {
    expect(showcaseShareUrl('https://showcase.example', 'abc123')).toBe(
      'https://showcase.example/s/abc123',
    );
  });

  it('encodes an id that is not URL-safe', () => {
    expect(showcaseShareUrl('http://127.0.0.1:5173', 'a b/c')).toBe(
      'http://127.0.0.1:5173/s/a%20b%2Fc',
    );
  });
});

describe('copyText', () => {
  it('uses the Clipboard API when it works, and nothing else', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const selectAndCopy = vi.fn(() => true);
    expect(await copyText('https://x.example/s/1', { writeText, selectAndCopy })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://x.example/s/1');
    expect(selectAndCopy).not.toHaveBeenCalled();
  });

  it('falls back to select-and-copy when the Clipboard API is refused or missing', async () => {
    const selectAndCopy = vi.fn(() => true);
    expect(await copyText('t', { writeText: refused, selectAndCopy })).toBe('copied');
    expect(await copyText('t', { selectAndCopy })).toBe('copied');
    expect(selectAndCopy).toHaveBeenCalledTimes(2);
    expect(selectAndCopy).toHaveBeenCalledWith('t');
  });

  it('asks for a manual copy when no way works, never failing silently', async () => {
    expect(await copyText('t', { writeText: refused, selectAndCopy: () => false })).toBe('manual');
    const throwing = () => {
      throw new Error('execCommand is not supported');
    };
    expect(await copyText('t', { writeText: refused, selectAndCopy: throwing })).toBe('manual');
    expect(await copyText('t', {})).toBe('manual');
  });
});

describe('canShareLink', () => {
  const data = { title: 'Lamp', url: 'https://x.example/s/1' };
  const share = () => Promise.resolve();

  it('is false without a share sheet', () => {
    expect(canShareLink({}, data)).toBe(false);
    expect(canShareLink({ canShare: () => true }, data)).toBe(false);
  });

  it('follows canShare where the browser has it', () => {
    expect(canShareLink({ share }, data)).toBe(true);
    expect(canShareLink({ share, canShare: () => true }, data)).toBe(true);
    expect(canShareLink({ share, canShare: () => false }, data)).toBe(false);
    const throwing = () => {
      throw new TypeError('bad data');
    };
    expect(canShareLink({ share, canShare: throwing }, data)).toBe(false);
  });
});

describe('shareLink', () => {
  const data = { title: 'Lamp', url: 'https://x.example/s/1' };

  it('passes the title and URL to the share sheet', async () => {
    const share = vi.fn(() => Promise.resolve());
    expect(await shareLink({ share }, data)).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
  });

  it('treats closing the sheet as a cancel, not an error', async () => {
    const share = () => Promise.reject(new DOMException('Share canceled', 'AbortError'));
    expect(await shareLink({ share }, data)).toBe('cancelled');
  });

  it('reports other errors as failures', async () => {
    const share = () => Promise.reject(new DOMException('No activation', 'NotAllowedError'));
    expect(await shareLink({ share }, data)).toBe('failed');
    expect(await shareLink({}, data)).toBe('failed');
  });
});
