import type { Components, Theme } from '@mui/material/styles';

/** Lists, chips, avatars. */
export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: {
    styleOverrides: { root: { fontWeight: 500 } },
  },
  MuiAvatar: {
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: (theme.vars ?? theme).palette.primary.main,
        color: (theme.vars ?? theme).palette.primary.contrastText,
        fontWeight: 600,
      }),
    },
  },
  MuiListItemText: {
    styleOverrides: { secondary: { overflowWrap: 'anywhere' } },
  },
};
