import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { showcaseFormValues } from '@showcase/schema';
import { useState } from 'react';
import { useParams } from 'react-router';
import { hrefs } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useCurrentUser } from '../../../lib/session';
import { useShowcase } from '../../../hooks/use-showcase';
import { showcaseView } from '../../../lib/showcases/snapshot-views';
import { rejectedFormFor } from '../rejected-forms';
import { MembersOnly } from './members-only';
import {
  NotAvailableOffline,
  PageState,
  ShowcaseNotFound,
} from '../../../components/showcases/page-states';
import { ShowcaseEditor } from './showcase-editor';
import { DataErrorAlert } from '../../../components/showcases/data-error-alert';

/** `/s/:id/edit`: the owner edits; everyone else is told why not. */
export function EditShowcasePage() {
  const user = useCurrentUser();
  useDocumentTitle('Edit showcase');
  if (user.isAnonymous) return <MembersOnly />;
  return <EditShowcase uid={user.uid} />;
}

function EditShowcase({ uid }: { uid: string }) {
  const { id } = useParams();
  const [attempt, setAttempt] = useState(0);
  const offline = useConnectionStatus() === 'offline';
  const view = showcaseView(useShowcase(id, attempt), offline);

  let body;
  switch (view.kind) {
    case 'loading':
      body = (
        <Box sx={{ py: 6, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Loading showcase" />
        </Box>
      );
      break;
    case 'not-found':
      return <ShowcaseNotFound />;
    case 'offline-missing':
      return <NotAvailableOffline what="showcase" />;
    case 'error':
      body = <DataErrorAlert error={view.error} onRetry={() => setAttempt((value) => value + 1)} />;
      break;
    case 'ready':
      if (view.showcase.ownerUid !== uid) {
        return (
          <PageState
            headingLevel="h1"
            title="You can only edit your own showcases"
            icon={<LockOutlined />}
            link={{ to: hrefs.showcase(view.showcase.id), label: 'View showcase' }}
          />
        );
      }
      body = (
        <ShowcaseEditor
          key={view.showcase.id}
          id={view.showcase.id}
          mode="update"
          current={view.showcase}
          initial={
            rejectedFormFor(view.showcase.id) ?? {
              values: showcaseFormValues(view.showcase),
              images: view.showcase.images,
            }
          }
        />
      );
      break;
  }

  return (
    <Stack sx={{ gap: 3, maxWidth: 1040, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        Edit showcase
      </Typography>
      {body}
    </Stack>
  );
}
