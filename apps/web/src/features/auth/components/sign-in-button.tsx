import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { locationPath, signInFirst } from '../../../utils/return-to';

/** **Sign in** in a visitor's app bar; signing in comes back to the screen it was pressed on. */
export function SignInButton() {
  const location = useLocation();
  const link = signInFirst(locationPath(location));
  return (
    <Button
      variant="outlined"
      color="inherit"
      component={RouterLink}
      to={link.to}
      state={link.state}
      sx={{ flexShrink: 0 }}
    >
      Sign in
    </Button>
  );
}
