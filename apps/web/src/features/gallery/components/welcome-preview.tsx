import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { sameShowcase } from '@showcase/schema';
import { showcasesQuery } from '../../../lib/firebase/showcases';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useQuerySnapshot } from '../../../lib/firebase/use-snapshot';
import { ShowcaseGrid } from '../../../components/showcases/showcase-grid';

type WelcomePreviewProps = {
  /** How many of the newest showcases to show. */
  size: number;
  /** Shown until the first answer: the same skeleton the screen shows while this loads. */
  placeholder: ReactNode;
};

/**
 * The newest published showcases, live, for the welcome screen. Its own chunk (it brings the
 * Firestore SDK), so the pitch around it paints first and this streams in.
 */
export function WelcomePreview({ size, placeholder }: WelcomePreviewProps) {
  const snapshot = useQuerySnapshot(showcasesQuery, [{ sort: 'newest', tag: null, limit: size }], {
    reuse: sameShowcase,
  });
  const offline = useConnectionStatus() === 'offline';
  const items = snapshot.data ?? [];
  // An empty answer from the cache only means "nothing cached yet" while the server may answer.
  const waiting =
    snapshot.status === 'loading' || (snapshot.fromCache && items.length === 0 && !offline);

  if (snapshot.status === 'error' && items.length === 0) {
    return (
      <Typography color="text.secondary">
        The newest showcases could not be loaded right now. The gallery has them all.
      </Typography>
    );
  }
  if (waiting) return placeholder;
  if (items.length === 0) {
    return (
      <Typography color="text.secondary">
        {offline
          ? "You're offline: the newest showcases appear here when you're back."
          : 'Nothing is published yet: the first showcase appears here the moment it is.'}
      </Typography>
    );
  }
  // Below the pitch and the ways in: its images wait until they near the viewport.
  return (
    <ShowcaseGrid showcases={items} label="Newest showcases" headingLevel="h3" leadsPage={false} />
  );
}
