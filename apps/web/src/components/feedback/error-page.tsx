import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useRevealApp } from '../../hooks/use-reveal-app';

type ErrorPageProps = {
  title: string;
  message: ReactNode;
  /** Defaults to a Reload button. */
  action?: ReactNode;
};

/** A whole-screen problem: not-found, a crashed screen, a failed start. */
export function ErrorPage({ title, message, action }: ErrorPageProps) {
  useDocumentTitle(title);
  // A failed start or a crashed screen is shown at once, over any first paint.
  useRevealApp();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 4, sm: 8 }, textAlign: 'center' }}>
      <Typography component="h1" variant="h3" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      {action ?? (
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      )}
    </Box>
  );
}
