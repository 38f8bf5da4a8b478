import { useLayoutEffect } from 'react';
import { paintedAddress, revealApp } from '../lib/first-paint-hand-over';

export { revealApp } from '../lib/first-paint-hand-over';

/**
 * Reveals the app once `ready` (the screen has its first content, or its empty, not-found or
 * error state). A layout effect: the content and the reveal reach the screen in the same frame.
 */
export function useRevealApp(ready = true): void {
  useLayoutEffect(() => {
    if (ready) revealApp();
  }, [ready]);
}

/**
 * Reveals the app when it is not at the address the first paint drew (a redirect, a sign-in
 * that came back elsewhere): whatever it shows there, the first paint is not it.
 */
export function useRevealElsewhere(address: string): void {
  useLayoutEffect(() => {
    const painted = paintedAddress();
    if (painted !== null && painted !== address) revealApp();
  }, [address]);
}
