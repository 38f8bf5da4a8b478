import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while the auth state (or a screen's code) is not known yet, instead of a wrong screen. */
export function FullPageProgress({ label = 'Loading Showcase' }: { label?: string }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** The same, for a section inside the layout (the app bar stays). */
export function SectionProgress({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ py: 8, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
