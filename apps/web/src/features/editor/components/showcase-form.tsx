import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import CloudQueueOutlined from '@mui/icons-material/CloudQueueOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
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
  IMAGE_ALT_MAX,
  parseTags,
  safeHttpUrl,
  SHOWCASE_FORM_FIELDS,
  TITLE_MAX,
  validateShowcaseForm,
} from '@showcase/schema';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useFormFields } from '../../../hooks/use-form-fields';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import { useImageLoad } from '../hooks/use-image-load';
import type { SaveState } from '../hooks/use-save-showcase';
import type { SaveIntent } from '../save-intent';
import { actionsOf, intentText, saveActions, statusAfter } from '../save-intent';
import type { FieldConflict } from '../save-plan';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { TextInput } from '../../../components/form/text-input';
import { ShowcaseImage } from '../../../components/showcases/showcase-image';
import { showcaseDisplayImages } from '../../../lib/showcases/showcase-images';

type ShowcaseFormProps = {
  initial: ShowcaseFormValues;
  /** The stored showcase is published now: the form offers Save changes and Unpublish. */
  published: boolean;
  saveState: SaveState;
  onSave(fields: ShowcaseInput, intent: SaveIntent, values: ShowcaseFormValues): void;
  /** The user picked a version of a conflicting field (the form holds it already). */
  onSettle?(field: ShowcaseField): void;
  /** The Images section (uploads), first in the form. */
  imagesSection?: ReactNode;
};

const formErrors = (values: ShowcaseFormValues, status: ShowcaseStatus) => {
  const result = validateShowcaseForm(values, status);
  return result.ok ? {} : result.errors;
};

/**
 * Title, Description, Link, Image URL, Image description, Tags; **Publish** and **Save draft**
 * for a new or draft showcase, **Save changes** and **Unpublish** (after a confirmation) for a
 * published one. What is typed stays in the form until the server confirms the save, and after
 * a rejection too.
 */
export function ShowcaseForm({
  initial,
  published,
  saveState,
  onSave,
  onSettle,
  imagesSection,
}: ShowcaseFormProps) {
  // The status the last attempt was checked for (a draft needs only a title). After a first
  // attempt, messages follow the typing so the user sees them clear.
  const [attempted, setAttempted] = useState<ShowcaseStatus>('published');
  const { values, setFieldErrors, errorFor, change, field } = useFormFields(initial, {
    validate: (current) => formErrors(current, attempted),
    order: SHOWCASE_FORM_FIELDS,
  });
  // The checked fields waiting for the user to confirm Unpublish.
  const [unpublishing, setUnpublishing] = useState<ShowcaseInput | null>(null);
  const offline = useConnectionStatus() === 'offline';
  const saving = saveState.phase === 'saving';
  // While a save runs the buttons stay those it started from, even once the live document
  // already shows the new status.
  const [submitIntent, otherIntent] = saving ? actionsOf(saveState.intent) : saveActions(published);

  const submit = (intent: SaveIntent) => {
    if (saving) return;
    const status = statusAfter(intent);
    const result = validateShowcaseForm(values, status);
    setAttempted(status);
    setFieldErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    if (intent === 'unpublish') setUnpublishing(result.value);
    else onSave(result.value, intent, values);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(submitIntent);
  };

  const common = (name: ShowcaseField) => ({ ...field(name), readOnly: saving });

  const tags = parseTags(values.tags);
  const titleCount = characterCount(values.title.trim());
  const descriptionCount = characterCount(values.description.trim());
  const imageAltCount = characterCount(values.imageAlt.trim());
  const imageSrc = errorFor('imageUrl') === undefined ? safeHttpUrl(values.imageUrl) : null;
  const imageLoad = useImageLoad(imageSrc);
  const spinner = (intent: SaveIntent) =>
    saving && saveState.intent === intent ? (
      <CircularProgress size={18} color="inherit" aria-hidden />
    ) : undefined;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-busy={saving}>
      <Stack sx={{ gap: 2.5 }}>
        {imagesSection}
        <TextInput
          {...common('title')}
          label="Title"
          required
          autoFocus={initial.title === ''}
          hint={`${titleCount}/${TITLE_MAX}`}
        />
        <TextInput
          {...common('description')}
          label="Description"
          minRows={4}
          hint={`${descriptionCount.toLocaleString()}/${DESCRIPTION_MAX.toLocaleString()}`}
        />
        <TextInput
          {...common('url')}
          label="Link"
          type="url"
          placeholder="https://"
          hint="Where people can see what you made. Needed to publish; a draft can wait."
        />
        <TextInput
          {...common('imageUrl')}
          label="Image URL"
          type="url"
          placeholder="https://"
          hint={
            imageLoad === 'failed' ? (
              <ImageNotLoaded />
            ) : (
              'Optional. A picture for the gallery card.'
            )
          }
          // Screen readers hear it when the address turns out not to load.
          announceMessage
        />
        <TextInput
          {...common('imageAlt')}
          label="Image description"
          hint={`Optional. What the image shows, for people who cannot see it. ${imageAltCount}/${IMAGE_ALT_MAX}`}
        />
        {imageSrc !== null && imageLoad === 'loaded' ? (
          <Box
            sx={{
              maxWidth: 360,
              borderRadius: 1,
              overflow: 'hidden',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <ShowcaseImage
              image={showcaseDisplayImages({ images: [], imageUrl: imageSrc, imageAlt: null })[0]!}
              title={values.title}
              alt={values.imageAlt.trim()}
              frame="card"
            />
          </Box>
        ) : null}
        <TextInput
          {...common('tags')}
          label="Tags"
          hint="Up to 5, separated by commas: react, pwa, design"
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
            startIcon={spinner(submitIntent)}
          >
            {intentText[submitIntent].label}
          </Button>
          <Button
            variant="outlined"
            size="large"
            disabled={saving}
            onClick={() => submit(otherIntent)}
            startIcon={spinner(otherIntent)}
          >
            {intentText[otherIntent].label}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={unpublishing !== null}
        title="Unpublish this showcase?"
        text={`“${values.title.trim() || 'Untitled'}” leaves the gallery and becomes a draft that only you can see. Changes in this form are saved with it. You can publish it again at any time.`}
        confirmLabel="Unpublish"
        onCancel={() => setUnpublishing(null)}
        onConfirm={() => {
          if (unpublishing !== null) onSave(unpublishing, 'unpublish', values);
          setUnpublishing(null);
        }}
      />
    </Box>
  );
}

/** The Image URL's message when the address does not load as an image. */
function ImageNotLoaded() {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, color: 'text.primary' }}>
      <BrokenImageOutlined fontSize="small" aria-hidden />
      This image could not be loaded. Check the address; until it loads, cards show a placeholder.
    </Box>
  );
}

function SaveStatus({ saveState, offline }: { saveState: SaveState; offline: boolean }) {
  if (saveState.phase === 'failed') {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>{intentText[saveState.intent].failed}</AlertTitle>
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
        {intentText[saveState.intent].queued}
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
  imageAlt: 'Image description',
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
