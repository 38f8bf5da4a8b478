import type { Components, Theme } from '@mui/material/styles';

/** Links and menus. */
export const navigationCustomizations: Components<Theme> = {
  MuiLink: {
    defaultProps: { underline: 'hover' },
    styleOverrides: {
      root: ({ theme }) => ({
        fontWeight: 500,
        '&:focus-visible': {
          outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
          outlineOffset: 2,
          borderRadius: 2,
        },
      }),
    },
  },
  MuiMenu: {
    styleOverrides: {
      paper: ({ theme }) => ({
        minWidth: 220,
        border: `1px solid ${(theme.vars ?? theme).palette.divider}`,
        backgroundImage: 'none',
      }),
    },
  },
};
