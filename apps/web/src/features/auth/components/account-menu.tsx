import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { hrefs, paths } from '../../../config/paths';
import type { SessionUser } from '../../../lib/session';
import { locationPath } from '../../../utils/return-to';
import { useSignOut } from '../../../hooks/use-sign-out';

/** The user menu's contents: My showcases (members), profile, upgrade (guests), sign out. */
export function AccountMenu({
  id,
  user,
  name,
  anchor,
  onClose,
}: {
  id: string;
  user: SessionUser;
  name: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { signOut, pending } = useSignOut();
  const location = useLocation();
  const open = anchor !== null;
  const close = onClose;
  return (
    <Menu
      id={id}
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
      <MenuItem component={RouterLink} to={paths.saved} onClick={close}>
        <ListItemText>Saved</ListItemText>
      </MenuItem>
      {user.isAnonymous ? null : (
        <MenuItem component={RouterLink} to={hrefs.userProfile(user.uid)} onClick={close}>
          <ListItemText>Your public page</ListItemText>
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
  );
}
