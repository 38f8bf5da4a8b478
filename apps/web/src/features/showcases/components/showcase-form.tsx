import CloudQueueOutlined from '@mui/icons-material/CloudQueueOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import type { ShowcaseStatus } from '../../../lib/firebase/converters';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import type { SaveState } from '../hooks/use-save-showcase';
import type { ShowcaseFieldErrors, ShowcaseFields, ShowcaseFormValues } from '../validation';
import {
  characterCount,
  DESCRIPTION_MAX,
  parseTags,
  TITLE_MAX,
  validateShowcaseForm,
} from '../validation';
import { ShowcaseImage } from './showcase-image';

type ShowcaseFormProps = {
  initial: ShowcaseFormValues;
  saveState: SaveState;
  onSave(fields: ShowcaseFields, status: ShowcaseStatus, values: ShowcaseFormValues): void;
};

const fieldOrder: Array<keyof ShowcaseFormValues> = [
  'title',
  'description',
  'url',
  'imageUrl',
  'tags',
];

/**
 * Title, Description, Link, Image URL, Tags; **Publish** and **Save draft**. What is typed stays
 * in the form until the server confirms the save, and after a rejection too.
 */
export function ShowcaseForm({ initial, saveState, onSave }: ShowcaseFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ShowcaseFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const offline = useConnectionStatus() === 'offline';
  const fields = useRef<
    Partial<Record<keyof ShowcaseFormValues, HTMLInputElement | HTMLTextAreaElement | null>>
  >({});
  const saving = saveState.phase === 'saving';

  const change = (field: keyof ShowcaseFormValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After a first attempt, messages follow the typing so the user sees them clear.
    if (submitted) {
      const result = validateShowcaseForm(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (status: ShowcaseStatus) => {
    if (saving) return;
    setSubmitted(true);
    const result = validateShowcaseForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = fieldOrder.find((field) => result.errors[field] !== undefined);
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    onSave(result.value, status, values);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit('published');
  };

  const register =
    (field: keyof ShowcaseFormValues) =>
    (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[field] = element;
    };

  const common = (field: keyof ShowcaseFormValues) => ({
    value: values[field],
    onChange: change(field),
    error: errors[field] !== undefined,
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
          helperText={errors.title ?? `${titleCount}/${TITLE_MAX}`}
        />
        <TextField
          {...common('description')}
          label="Description"
          multiline
          minRows={4}
          helperText={
            errors.description ??
            `${descriptionCount.toLocaleString()}/${DESCRIPTION_MAX.toLocaleString()}`
          }
        />
        <TextField
          {...common('url')}
          label="Link"
          type="url"
          required
          placeholder="https://"
          helperText={errors.url ?? 'Where people can see what you made.'}
        />
        <TextField
          {...common('imageUrl')}
          label="Image URL"
          type="url"
          placeholder="https://"
          helperText={errors.imageUrl ?? 'Optional. A picture for the gallery card.'}
        />
        {values.imageUrl.trim() && errors.imageUrl === undefined ? (
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
          helperText={errors.tags ?? 'Up to 5, separated by commas: react, pwa, design'}
        />
        {tags.length > 0 && errors.tags === undefined ? (
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: -1 }} aria-hidden>
            {tags.map((tag) => (
              <Chip key={tag} size="small" label={`#${tag}`} />
            ))}
          </Stack>
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
