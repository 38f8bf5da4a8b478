import { useEffect } from 'react';
import { markScreenShown } from '../utils/when-idle';

/**
 * Rendered beside each lazily loaded screen, inside the same Suspense boundary, so it commits
 * with the screen's content: code deferred with `whenIdle` starts loading only then.
 */
export function ScreenShown() {
  useEffect(markScreenShown, []);
  return null;
}
