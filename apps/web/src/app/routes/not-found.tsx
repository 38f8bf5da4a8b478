import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ErrorPage } from '../../components/feedback/error-page';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <ErrorPage
      title="Page not found"
      message="There is nothing at this address. It may have moved, or the link may be mistyped."
      action={
        <Button variant="contained" component={RouterLink} to={paths.home}>
          Go to the gallery
        </Button>
      }
    />
  );
}
