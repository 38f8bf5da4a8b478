import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { hrefs } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { newShowcaseId } from '../../../lib/firebase/showcases';
import { showcaseIsOnDevice } from '../../../lib/firebase/showcase-writes';
import { useFirestore } from '../../../lib/firebase/use-snapshot';
import { useCurrentUser } from '../../../lib/session';
import { rejectedFormFor } from '../rejected-forms';
import { emptyShowcaseForm } from '@showcase/schema';
import { MembersOnly } from './members-only';
import { ShowcaseEditor } from './showcase-editor';

const ID_PATTERN = /^[A-Za-z0-9]{20}$/;

/**
 * `/new`: the id is chosen on the client when the draft starts and kept in the URL
 * (`/new?id=…`), so every retry, and a reload, reuse it instead of creating a duplicate.
 */
export function NewShowcasePage() {
  const user = useCurrentUser();
  useDocumentTitle('New showcase');
  if (user.isAnonymous) return <MembersOnly />;
  return <NewShowcase />;
}

function NewShowcase() {
  const db = useFirestore();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('id');
  const id = requested !== null && ID_PATTERN.test(requested) ? requested : null;
  const [checkedId, setCheckedId] = useState<string | null>(null);

  useEffect(() => {
    if (id === null) {
      setParams({ id: newShowcaseId(db) }, { replace: true });
      return undefined;
    }
    let cancelled = false;
    // Already on this device (a save queued before a reload): continue by editing it.
    void showcaseIsOnDevice(db, id).then((exists) => {
      if (cancelled) return;
      if (exists && rejectedFormFor(id) === undefined)
        navigate(hrefs.editShowcase(id), { replace: true });
      else setCheckedId(id);
    });
    return () => {
      cancelled = true;
    };
  }, [db, id, navigate, setParams]);

  return (
    <Stack sx={{ gap: 3, maxWidth: 1040, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        New showcase
      </Typography>
      {id !== null && checkedId === id ? (
        <ShowcaseEditor
          key={id}
          id={id}
          mode="create"
          initial={rejectedFormFor(id) ?? { values: emptyShowcaseForm, images: [] }}
        />
      ) : (
        <Box sx={{ py: 6, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label="Preparing the form" />
        </Box>
      )}
    </Stack>
  );
}
