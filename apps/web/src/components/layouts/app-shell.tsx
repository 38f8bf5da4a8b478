import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { BrandMark } from '../brand-mark';

type AppShellProps = {
  /** Where the product name leads: the gallery, with the sort and tag last chosen. */
  homeHref?: string;
  /** The connection status indicator (signed-in users, and visitors on screens with data). */
  connection?: ReactNode;
  /** The user menu, or a visitor's **Sign in**. */
  userMenu?: ReactNode;
  children: ReactNode;
};

/** App bar with the product name, the connection slot and the user menu; the page below. */
export function AppShell({ homeHref = paths.home, connection, userMenu, children }: AppShellProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.appBar + 1,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          color: 'primary.main',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1.5, minHeight: { xs: 56, sm: 64 } }}>
          <Box
            component={RouterLink}
            to={homeHref}
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              borderRadius: 1,
              '&:focus-visible': {
                outline: '2px solid',
                outlineColor: 'primary.main',
                outlineOffset: 2,
              },
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              fontWeight: 700,
              fontSize: '1.125rem',
            }}
          >
            <BrandMark />
            Showcase
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {connection}
          {userMenu}
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        // Headings take focus on navigation for screen readers; they are not controls to ring.
        sx={{ flexGrow: 1, outline: 'none', '& h1:focus': { outline: 'none' } }}
      >
        <Box sx={{ maxWidth: 'lg', mx: 'auto', py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
