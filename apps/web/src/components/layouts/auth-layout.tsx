import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (switch between sign-in, sign-up and reset). */
  footer?: ReactNode;
};

/** A centred card for the sign-in family of screens; full width on phones. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <Box sx={{ maxWidth: 440, mx: 'auto', mt: { xs: 0, sm: 2 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography component="h1" variant="h4" gutterBottom={!subtitle}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Paper>
      {footer ? (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
          {footer}
        </Box>
      ) : null}
    </Box>
  );
}
