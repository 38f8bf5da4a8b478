import type { Components, Theme } from '@mui/material/styles';

/** Alerts, snackbars, dialogs, progress. */
export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    styleOverrides: {
      root: { alignItems: 'center' },
      // Long emails and ids wrap instead of overflowing a phone-width alert.
      message: { minWidth: 0, overflowWrap: 'anywhere' },
      action: { paddingTop: 0 },
    },
  },
  MuiDialog: {
    defaultProps: { fullWidth: true, maxWidth: 'xs' },
    styleOverrides: {
      paper: ({ theme }) => ({
        backgroundImage: 'none',
        [theme.breakpoints.down('sm')]: { margin: 16, width: 'calc(100% - 32px)' },
      }),
    },
  },
  MuiSnackbar: {
    defaultProps: { anchorOrigin: { vertical: 'bottom', horizontal: 'center' } },
  },
};
