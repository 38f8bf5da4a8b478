import type { Components, Theme } from '@mui/material/styles';

/** Buttons, text fields, toggles. */
export const inputsCustomizations: Components<Theme> = {
  MuiButtonBase: {
    defaultProps: { disableRipple: false },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: { minHeight: 40, paddingInline: 18 },
      sizeLarge: { minHeight: 48, fontSize: '1rem' },
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&:focus-visible': {
          outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
          outlineOffset: 2,
        },
      }),
    },
  },
  MuiToggleButton: {
    styleOverrides: {
      // MUI marks the selected toggle with a faint tint and the primary colour as text: in dark
      // mode that reads fainter than the unselected ones' white text. Filled, it is the most
      // prominent in both schemes.
      root: ({ theme }) => {
        const palette = (theme.vars ?? theme).palette;
        return {
          '&.Mui-selected, &.Mui-selected:hover': {
            backgroundColor: palette.primary.main,
            color: palette.primary.contrastText,
          },
          '&.Mui-selected:hover': { backgroundColor: palette.primary.dark },
        };
      },
    },
  },
  MuiTextField: {
    defaultProps: { fullWidth: true },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: ({ theme }) => ({
        backgroundColor: (theme.vars ?? theme).palette.background.paper,
      }),
    },
  },
};
