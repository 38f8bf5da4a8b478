import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import type { SessionUser } from '../../../lib/session';
import { whenIdle } from '../../../utils/when-idle';

// The menu itself (MUI Menu, Popover, Modal: about 13 KB gzip) is not needed to paint the
// avatar: it loads once the browser is idle, or sooner when the pointer or focus comes to it,
// so it is there when pressed, also after the network has dropped.
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() =>
  loadAccountMenu().then((module) => ({ default: module.AccountMenu })),
);
const preloadAccountMenu = () => {
  loadAccountMenu().catch(() => undefined);
};

/** The avatar button in the app bar and its menu. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing keeps its transition.
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const open = anchor !== null;
  const name = user.isAnonymous ? 'Guest' : user.displayName?.trim() || user.email || 'Member';
  useEffect(() => whenIdle(preloadAccountMenu), []);

  return (
    <>
      <IconButton
        aria-label={`Account menu for ${name}`}
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerEnter={preloadAccountMenu}
        onFocus={preloadAccountMenu}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={32} />
      </IconButton>
      {wanted ? (
        <Suspense fallback={null}>
          <AccountMenu
            id={menuId}
            user={user}
            name={name}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
