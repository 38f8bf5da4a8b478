import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { To } from 'react-router';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { useGalleryHref } from '../../lib/showcases/gallery-link';
import { useViewer } from '../../lib/session';

type StateProps = {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** The usual action: a contained button that leads elsewhere. */
  link?: { to: To; label: string; state?: unknown };
  icon?: ReactNode;
  /** Heading level: h1 when the state is the whole page. */
  headingLevel?: 'h1' | 'h2';
};

/** An empty, offline or not-found state: an icon, a heading, one sentence, one action. */
export function PageState({
  title,
  children,
  action,
  link,
  icon,
  headingLevel = 'h2',
}: StateProps) {
  return (
    <Stack sx={{ py: { xs: 6, sm: 8 }, alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
      {icon ? (
        <Box aria-hidden sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }}>
          {icon}
        </Box>
      ) : null}
      <Typography component={headingLevel} variant="h5">
        {title}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {children}
        </Typography>
      ) : null}
      {link ? (
        <Box sx={{ mt: 1 }}>
          <Button variant="contained" component={RouterLink} to={link.to} state={link.state}>
            {link.label}
          </Button>
        </Box>
      ) : null}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Stack>
  );
}

export function ShowcaseNotFound() {
  return (
    <PageState
      headingLevel="h1"
      title="Showcase not found"
      icon={<SearchOffOutlined />}
      link={{ to: paths.home, label: 'Back to the gallery' }}
    >
      It may have been deleted, or the link is not quite right.
    </PageState>
  );
}

/**
 * Offline, for something this device does not have: not an error and not "not found", just not
 * here yet. The screen under it keeps listening, so it turns into the real page by itself when
 * the connection returns. What it says depends on who is looking: a signed-in user's device keeps
 * what they opened, a visitor's keeps nothing (the memory cache), so "not opened here" would be
 * false for them.
 */
export function NotAvailableOffline({ what }: { what: 'showcase' | 'profile' }) {
  const galleryHref = useGalleryHref();
  const keepsNothing = useViewer() === null;
  return (
    <PageState
      headingLevel="h1"
      title={NOT_AVAILABLE_OFFLINE}
      icon={<CloudOffOutlined />}
      link={{ to: galleryHref, label: 'Back to gallery' }}
    >
      {keepsNothing
        ? `You're offline, and while you're signed out nothing is kept on this device. This ${what} will load by itself when you're back online.`
        : `This ${what} was not opened on this device while it was online, so it is not saved here. It will load by itself when you're back online.`}
    </PageState>
  );
}

/** The heading of that state, and the document title of a screen showing it. */
export const NOT_AVAILABLE_OFFLINE = 'Not available offline yet';
