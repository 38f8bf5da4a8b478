import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { BrandMark } from '../brand-mark';

// Lazy: the first route's JavaScript has a budget, and the field needs MUI's input; its slot
// keeps the layout still until it arrives.
const SearchField = lazy(() =>
  import('../search/search-field').then((module) => ({ default: module.SearchField })),
);

type AppShellProps = {
  /** Where the product name leads: the gallery, with the sort, tag and search last chosen. */
  homeHref?: string;
  /** The connection status indicator (signed-in users, and visitors on screens with data). */
  connection?: ReactNode;
  /** The user menu, or a visitor's **Sign in**. */
  userMenu?: ReactNode;
  /** False keeps Search's slot empty for now (its code waits until the screen has painted). */
  search?: boolean;
  children: ReactNode;
};

/**
 * App bar with the product name, **Search**, the connection slot and the user menu; the page
 * below. On a phone the bar is full, so search takes a row of its own under them.
 */
export function AppShell({
  homeHref = paths.home,
  connection,
  userMenu,
  search = true,
  children,
}: AppShellProps) {
  const appBar = useScrollPaddingBelow<HTMLElement>();
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
      <AppBar position="sticky" ref={appBar}>
        <Toolbar
          sx={{
            gap: 1.5,
            minHeight: { xs: 56, sm: 64 },
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
            py: { xs: 1, sm: 0 },
          }}
        >
          {/* The brand and the right-hand group share the room either side equally, so Search
              sits in the same place on every screen whatever the right-hand group holds. */}
          <Box sx={{ flex: '1 1 0', display: 'flex', minWidth: 'max-content' }}>
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
          </Box>
          <Box
            sx={{
              order: { xs: 1, sm: 0 },
              flex: { xs: '1 1 100%', sm: '0 1 472px' },
              display: 'flex',
              justifyContent: 'center',
              minWidth: 0,
              height: 40,
              px: { sm: 2 },
            }}
          >
            <Box sx={{ width: '100%', maxWidth: { sm: 440 } }}>
              {search ? (
                <Suspense fallback={null}>
                  <SearchField galleryHref={homeHref} />
                </Suspense>
              ) : null}
            </Box>
          </Box>
          <Box
            sx={{
              flex: '1 1 0',
              display: 'flex',
              justifyContent: 'flex-end',
              alignItems: 'center',
              gap: 1.5,
              minWidth: 'max-content',
            }}
          >
            {connection}
            {userMenu}
          </Box>
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

/**
 * Keeps the page's scroll padding as tall as the sticky app bar (one row, or two on a phone),
 * so whatever the browser or a form scrolls into view (a focused field, Tab, a `#` link) lands
 * below the bar rather than under it.
 */
function useScrollPaddingBelow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const bar = ref.current;
    if (bar === null || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const update = () => {
      root.style.scrollPaddingTop = `${Math.ceil(bar.getBoundingClientRect().height)}px`;
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, []);
  return ref;
}
