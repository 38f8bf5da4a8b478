import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { dataDisplayCustomizations } from './customizations/data-display';
import { feedbackCustomizations } from './customizations/feedback';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';
import { breakpoints, colorSchemes, shape, typography } from './primitives';

let appTheme: ReturnType<typeof createTheme> | null = null;

/**
 * One theme with a light and a dark scheme as CSS variables switched by the
 * `prefers-color-scheme` media query: the page follows the system with no script and no flash.
 * Built on first use rather than when the entry chunk is evaluated: on a slow phone building it
 * is a task of its own (see `main.tsx`).
 */
export function getAppTheme() {
  appTheme ??= createTheme({
    cssVariables: { colorSchemeSelector: 'media' },
    colorSchemes,
    typography,
    shape,
    breakpoints,
    components: {
      ...inputsCustomizations,
      ...feedbackCustomizations,
      ...navigationCustomizations,
      ...surfacesCustomizations,
      ...dataDisplayCustomizations,
    },
  });
  return appTheme;
}

export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={getAppTheme()} noSsr>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
