import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useViewer } from '../../../lib/session';
import { locationPath, signInFirst } from '../../../utils/return-to';

// The dialog (its radio group and the write) loads on the first press: most readers never report.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * **Report** on a showcase or a comment. Members choose a reason in a dialog; a visitor is asked
 * to sign in and a guest to create an account, and both come back here.
 */
export function ReportButton({
  target,
  what,
  size = 'medium',
  icon = <FlagOutlined />,
  accessibleName,
}: {
  /** `showcases/{id}` or `showcases/{id}/comments/{commentId}`. */
  target: string;
  what: 'showcase' | 'comment';
  size?: 'small' | 'medium';
  icon?: ReactNode;
  /** Where several buttons share the label (one per comment), the one that tells them apart. */
  accessibleName?: string;
}) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  const press = () => {
    if (viewer === null || viewer.isAnonymous) {
      const here = locationPath(location);
      const wayIn =
        viewer === null ? signInFirst(here) : { to: paths.signUp, state: { from: here } };
      void navigate(wayIn.to, { state: wayIn.state });
      return;
    }
    setOpened(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        variant={size === 'small' ? 'text' : 'outlined'}
        size={size}
        color="inherit"
        startIcon={icon}
        onClick={press}
        aria-label={accessibleName}
        aria-haspopup={viewer !== null && !viewer.isAnonymous ? 'dialog' : undefined}
      >
        Report
      </Button>
      {opened && viewer !== null ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            target={target}
            what={what}
            reporterUid={viewer.uid}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
