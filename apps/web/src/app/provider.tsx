import type { ReactNode } from 'react';
import { NotifierProvider } from '../components/feedback/notifier';
import { AppTheme } from '../theme/app-theme';

/** Theme and snackbar area; the router renders inside. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppTheme>
      <NotifierProvider>{children}</NotifierProvider>
    </AppTheme>
  );
}
