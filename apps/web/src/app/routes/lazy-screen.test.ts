import type { ComponentType } from 'react';
import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Page = () => createElement('p', null, 'the screen');

/** One render, as the first commit would see it: the screen, or the Suspense fallback. */
const render = (Screen: ComponentType) =>
  renderToStaticMarkup(createElement(Suspense, { fallback: 'waiting' }, createElement(Screen)));

describe('lazyScreen', () => {
  it('renders in the first render once its module has arrived', async () => {
    const screen = lazyScreen(
      async () => ({ Page }),
      (module) => module.Page,
    );
    await screen.preload();
    expect(render(screen.Screen)).toBe('<p>the screen</p>');
  });

  it('suspends while its module is still on its way, as lazy() does', () => {
    const screen = lazyScreen(
      () => new Promise<{ Page: typeof Page }>(() => {}),
      (m) => m.Page,
    );
    expect(render(screen.Screen)).toContain('waiting');
  });

  it('loads once, and tries again after a failed load', async () => {
    let loads = 0;
    const screen = lazyScreen(
      async () => {
        loads += 1;
        if (loads === 1) throw new Error('offline');
        return { Page };
      },
      (module) => module.Page,
    );
    await expect(screen.preload()).rejects.toThrow('offline');
    await screen.preload();
    await screen.preload();
    expect(loads).toBe(2);
    expect(render(screen.Screen)).toBe('<p>the screen</p>');
  });
});
