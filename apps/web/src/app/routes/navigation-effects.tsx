import { useHeadingFocusOnNavigation } from '../../hooks/use-heading-focus';
import { useScrollRestoration } from '../../hooks/use-scroll-restoration';

/**
 * What navigating between screens does beyond rendering them: scroll kept per history entry and
 * focus moved to the new screen's heading. Both first matter on the first navigation, so this
 * is a lazy chunk, out of the first route's JavaScript.
 */
export function NavigationEffects() {
  useScrollRestoration();
  useHeadingFocusOnNavigation();
  return null;
}
