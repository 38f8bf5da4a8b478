/**
 * Design tokens: colours per scheme, type, shape. Component customizations read these through
 * the theme; nothing else hard-codes a colour.
 */
import type { ColorSystemOptions, ThemeOptions } from '@mui/material/styles';

const brand = {
  50: '#eef2ff',
  100: '#e0e7ff',
  200: '#c7d2fe',
  300: '#a5b4fc',
  400: '#818cf8',
  500: '#6366f1',
  600: '#4f46e5',
  700: '#4338ca',
  800: '#3730a3',
  900: '#312e81',
} as const;

const slate = {
  50: '#f7f8fb',
  100: '#eef0f4',
  200: '#dde1e8',
  300: '#c3c9d4',
  400: '#8c95a5',
  500: '#5f6878',
  600: '#454d5b',
  700: '#2d333d',
  800: '#1c2027',
  850: '#171b21',
  900: '#0f1216',
} as const;

export const colorSchemes: { light: ColorSystemOptions; dark: ColorSystemOptions } = {
  light: {
    palette: {
      primary: { main: brand[700], light: brand[500], dark: brand[900], contrastText: '#fff' },
      secondary: { main: '#0f766e', contrastText: '#fff' },
      background: { default: slate[50], paper: '#ffffff' },
      text: { primary: slate[800], secondary: slate[600] },
      divider: slate[200],
      // Status colours dark enough for small text on white (WCAG AA), e.g. chips and alerts.
      error: { main: '#c62828' },
      warning: { main: '#b45309', contrastText: '#fff' },
      info: { main: '#0369a1', contrastText: '#fff' },
      success: { main: '#2e7d32', contrastText: '#fff' },
    },
  },
  dark: {
    palette: {
      primary: { main: brand[300], light: brand[200], dark: brand[500], contrastText: slate[900] },
      secondary: { main: '#5eead4', contrastText: slate[900] },
      background: { default: slate[900], paper: slate[850] },
      text: { primary: slate[100], secondary: slate[300] },
      divider: slate[700],
      error: { main: '#f28b82' },
      warning: { main: '#fbbf24', contrastText: slate[900] },
      info: { main: '#7dd3fc', contrastText: slate[900] },
      success: { main: '#81c995', contrastText: slate[900] },
    },
  },
};

export const typography: ThemeOptions['typography'] = {
  // The system's own UI font: nothing to download, and no font host to allow in the CSP.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.15 },
  h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
  h3: { fontSize: '1.5rem', fontWeight: 650 },
  h4: { fontSize: '1.375rem', fontWeight: 650 },
  h5: { fontSize: '1.25rem', fontWeight: 650 },
  h6: { fontSize: '1.0625rem', fontWeight: 650 },
  button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
};

export const shape: ThemeOptions['shape'] = { borderRadius: 10 };

export const breakpoints: ThemeOptions['breakpoints'] = {
  values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
};
