import { ScrollRestoration } from 'react-router';
import { useHeadingFocusOnNavigation } from '../../hooks/use-heading-focus';

/**
 * What navigating between screens does beyond rendering them: React Router's scroll
 * restoration (a new screen starts at the top or at its `#id`; Back and Forward return to where
 * that history entry was left, also after a reload) and focus moved to the new screen's
 * heading. The gallery, whose height comes with its live query, finishes its own restoring
 * (features/gallery/hooks/use-gallery-scroll.ts). A lazy chunk: both first matter on the first
 * navigation.
 */
export function NavigationEffects() {
  useHeadingFocusOnNavigation();
  return <ScrollRestoration />;
}
