import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import type { SessionUser } from '../../../lib/session';
import { locationPath } from '../../../utils/return-to';
import { useSignOut } from '../hooks/use-sign-out';

/**
 * The avatar button in the app bar and its menu: My showcases (members), profile, upgrade
 * (guests), sign out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { signOut, pending } = useSignOut();
  const location = useLocation();
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const name = user.isAnonymous ? 'Guest' : user.displayName?.trim() || user.email || 'Member';

  return (
    <>
      <IconButton
        aria-label={`Account menu for ${name}`}
        aria-controls={open ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={32} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography fontWeight={600} noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.isAnonymous ? 'Browsing as a guest' : (user.email ?? 'Member')}
          </Typography>
        </Box>
        <Divider />
        {user.isAnonymous ? null : (
          <MenuItem component={RouterLink} to={paths.myShowcases} onClick={close}>
            <ListItemText>My showcases</ListItemText>
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to={paths.me} onClick={close}>
          <ListItemText>Your profile</ListItemText>
        </MenuItem>
        {user.isAnonymous ? (
          <MenuItem
            component={RouterLink}
            to={paths.signUp}
            state={{ from: locationPath(location) }}
            onClick={close}
          >
            <ListItemText>Create account</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem
          disabled={pending}
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemText>Sign out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
