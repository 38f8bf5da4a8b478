import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { dataDisplayCustomizations } from './customizations/data-display';
import { feedbackCustomizations } from './customizations/feedback';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';
import { breakpoints, colorSchemes, shape, typography } from './primitives';

/**
 * One theme with a light and a dark scheme as CSS variables switched by the
 * `prefers-color-scheme` media query: the page follows the system with no script and no flash.
 */
export const appTheme = createTheme({
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

export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme} noSsr>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
