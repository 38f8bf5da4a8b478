import CloudQueueOutlined from '@mui/icons-material/CloudQueueOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  ShowcaseField,
  ShowcaseFormValues,
  ShowcaseInput,
  ShowcaseStatus,
} from '@showcase/schema';
import {
  characterCount,
  DESCRIPTION_MAX,
  parseTags,
  SHOWCASE_FORM_FIELDS,
  TITLE_MAX,
  validateShowcaseForm,
} from '@showcase/schema';
import type { FormEvent } from 'react';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useFormFields } from '../../../hooks/use-form-fields';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import type { SaveState } from '../hooks/use-save-showcase';
import type { FieldConflict } from '../save-plan';
import { ShowcaseImage } from './showcase-image';

type ShowcaseFormProps = {
  initial: ShowcaseFormValues;
  saveState: SaveState;
  onSave(fields: ShowcaseInput, status: ShowcaseStatus, values: ShowcaseFormValues): void;
  /** The user picked a version of a conflicting field (the form holds it already). */
  onSettle?(field: ShowcaseField): void;
};

const formErrors = (values: ShowcaseFormValues) => {
  const result = validateShowcaseForm(values);
  return result.ok ? {} : result.errors;
};

/**
 * Title, Description, Link, Image URL, Tags; **Publish** and **Save draft**. What is typed stays
 * in the form until the server confirms the save, and after a rejection too.
 */
export function ShowcaseForm({ initial, saveState, onSave, onSettle }: ShowcaseFormProps) {
  // After a first attempt, messages follow the typing so the user sees them clear.
  const { values, setFieldErrors, errorFor, change } = useFormFields(initial, {
    validate: formErrors,
  });
  const offline = useConnectionStatus() === 'offline';
  const fields = useRef<
    Partial<Record<ShowcaseField, HTMLInputElement | HTMLTextAreaElement | null>>
  >({});
  const saving = saveState.phase === 'saving';

  const submit = (status: ShowcaseStatus) => {
    if (saving) return;
    const result = validateShowcaseForm(values);
    setFieldErrors(result.ok ? {} : result.errors);
    if (!result.ok) {
      const first = SHOWCASE_FORM_FIELDS.find((field) => result.errors[field] !== undefined);
      if (first) fields.current[first]?.focus();
      return;
    }
    onSave(result.value, status, values);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit('published');
  };

  const register =
    (field: ShowcaseField) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[field] = element;
    };

  const common = (field: ShowcaseField) => ({
    value: values[field],
    onChange: change(field),
    error: errorFor(field) !== undefined,
    inputRef: register(field),
    fullWidth: true,
    slotProps: { input: { readOnly: saving } },
  });

  const tags = parseTags(values.tags);
  const titleCount = characterCount(values.title.trim());
  const descriptionCount = characterCount(values.description.trim());

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={saving}>
      <Stack sx={{ gap: 2.5 }}>
        <TextField
          {...common('title')}
          label="Title"
          required
          autoFocus={initial.title === ''}
          helperText={errorFor('title') ?? `${titleCount}/${TITLE_MAX}`}
        />
        <TextField
          {...common('description')}
          label="Description"
          multiline
          minRows={4}
          helperText={
            errorFor('description') ??
            `${descriptionCount.toLocaleString()}/${DESCRIPTION_MAX.toLocaleString()}`
          }
        />
        <TextField
          {...common('url')}
          label="Link"
          type="url"
          required
          placeholder="https://"
          helperText={errorFor('url') ?? 'Where people can see what you made.'}
        />
        <TextField
          {...common('imageUrl')}
          label="Image URL"
          type="url"
          placeholder="https://"
          helperText={errorFor('imageUrl') ?? 'Optional. A picture for the gallery card.'}
        />
        {values.imageUrl.trim() && errorFor('imageUrl') === undefined ? (
          <Box
            sx={{
              maxWidth: 360,
              borderRadius: 1,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <ShowcaseImage imageUrl={values.imageUrl.trim()} title={values.title} height={160} />
          </Box>
        ) : null}
        <TextField
          {...common('tags')}
          label="Tags"
          helperText={errorFor('tags') ?? 'Up to 5, separated by commas: react, pwa, design'}
        />
        {tags.length > 0 && errorFor('tags') === undefined ? (
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: -1 }} aria-hidden>
            {tags.map((tag) => (
              <Chip key={tag} size="small" label={`#${tag}`} />
            ))}
          </Stack>
        ) : null}

        {saveState.phase === 'conflict' ? (
          <ConflictPanel
            conflicts={saveState.conflicts}
            onKeep={(conflict, version) => {
              if (version === 'theirs')
                change(conflict.field)({ target: { value: conflict.theirs } });
              onSettle?.(conflict.field);
            }}
          />
        ) : null}
        <SaveStatus saveState={saveState} offline={offline} />

        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={saving}
            startIcon={
              saving && saveState.status === 'published' ? (
                <CircularProgress size={18} color="inherit" aria-hidden />
              ) : undefined
            }
          >
            Publish
          </Button>
          <Button
            variant="outlined"
            size="large"
            disabled={saving}
            onClick={() => submit('draft')}
            startIcon={
              saving && saveState.status === 'draft' ? (
                <CircularProgress size={18} color="inherit" aria-hidden />
              ) : undefined
            }
          >
            Save draft
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function SaveStatus({ saveState, offline }: { saveState: SaveState; offline: boolean }) {
  if (saveState.phase === 'failed') {
    const verb = saveState.status === 'published' ? 'published' : 'saved';
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>Not {verb}</AlertTitle>
        {saveState.error.message} Everything you typed is still here.
      </Alert>
    );
  }
  if (saveState.phase !== 'saving') return null;
  if (offline) {
    return (
      <Alert
        severity="info"
        icon={<CloudQueueOutlined />}
        role="status"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={paths.home}>
            Gallery
          </Button>
        }
      >
        {saveState.status === 'published'
          ? "Saved on this device, will publish when you're back online."
          : "Saved on this device, will sync when you're back online."}
      </Alert>
    );
  }
  if (saveState.slow) {
    return (
      <Alert severity="info" role="status">
        Saving… waiting for the server to confirm.
      </Alert>
    );
  }
  return null;
}

const fieldLabels: Record<ShowcaseField, string> = {
  title: 'Title',
  description: 'Description',
  url: 'Link',
  imageUrl: 'Image URL',
  tags: 'Tags',
};

/**
 * Both versions of each field that was changed here and elsewhere since the form opened; the
 * user keeps one per field, then saves again. Nothing typed is dropped without that choice.
 */
function ConflictPanel({
  conflicts,
  onKeep,
}: {
  conflicts: FieldConflict[];
  onKeep(conflict: FieldConflict, version: 'mine' | 'theirs'): void;
}) {
  const shown = (text: string) => (text === '' ? '(empty)' : text);
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>Changed elsewhere while you were editing</AlertTitle>
      Nothing was saved yet. Choose which version to keep for each field, then save again.
      <Stack sx={{ gap: 1.5, mt: 1.5 }}>
        {conflicts.map((conflict) => {
          const label = fieldLabels[conflict.field];
          return (
            <Stack key={conflict.field} role="group" aria-label={`${label}: two versions`}>
              <Typography variant="subtitle2">{label}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                Theirs: {shown(conflict.theirs)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                Yours: {shown(conflict.mine)}
              </Typography>
              <Stack direction="row" sx={{ gap: 1, mt: 0.5 }}>
                <Button size="small" variant="outlined" onClick={() => onKeep(conflict, 'mine')}>
                  Keep mine
                </Button>
                <Button size="small" variant="outlined" onClick={() => onKeep(conflict, 'theirs')}>
                  Keep theirs
                </Button>
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Alert>
  );
}
