import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import type { SessionUser } from '../../../lib/session';

// The menu itself (MUI Menu, Popover, Modal: about 13 KB gzip) loads when the pointer or the
// focus comes to the avatar, or at the latest when it is pressed; the avatar paints without it.
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
