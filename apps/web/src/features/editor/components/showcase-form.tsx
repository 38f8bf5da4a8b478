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
  Showcase,
  ShowcaseField,
  ShowcaseFormValues,
  ShowcaseImage,
  ShowcaseInput,
  ShowcaseStatus,
} from '@showcase/schema';
import {
  characterCount,
  completeWebAddress,
  DESCRIPTION_MAX,
  parseTags,
  SHOWCASE_FORM_FIELDS,
  tagSpaceProblem,
  TITLE_MAX,
  validateShowcaseForm,
} from '@showcase/schema';
import type { FormEvent, ReactNode } from 'react';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import type { FieldElement } from '../../../hooks/use-form-fields';
import { useFormFields } from '../../../hooks/use-form-fields';
import { useConnectionStatus } from '../../../lib/firebase/use-connection-status';
import type { SaveState } from '../hooks/use-save-showcase';
import type { RejectedForm } from '../rejected-forms';
import type { SaveIntent } from '../save-intent';
import { actionsOf, intentText, saveActions, statusAfter } from '../save-intent';
import type { FieldConflict } from '../save-plan';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { TextInput } from '../../../components/form/text-input';
import { CardPreview } from './card-preview';
import { ImagesFrame } from './images-frame';

/** Who the card preview shows as the maker, and what the stored showcase already has. */
export type PreviewContext = {
  id: string;
  ownerUid: string;
  ownerName: string;
  likeCount: number;
  /** The image a showcase stored before uploads existed: still shown, no longer edited. */
  legacyImage: Pick<Showcase, 'imageUrl' | 'imageAlt'>;
};

type ShowcaseFormProps = {
  initial: RejectedForm;
  /** The stored showcase is published now: the form offers Save changes and Unpublish. */
  published: boolean;
  saveState: SaveState;
  preview: PreviewContext;
  onSave(fields: ShowcaseInput, intent: SaveIntent, form: RejectedForm): void;
  /** The user picked a version of a conflicting field (the form holds it already). */
  onSettle?(field: ShowcaseField): void;
  /** The Images section (uploads), first in the form: it owns the list. */
  imagesSection: ReactNode;
  /** The images the section has ready, cover first: checked with the fields, shown in the preview. */
  images: ShowcaseImage[];
  /** The user kept the other version of the images in a conflict. */
  onTakeImages(images: readonly ShowcaseImage[]): void;
};

type TextField = keyof ShowcaseFormValues;
const TEXT_FIELDS = SHOWCASE_FORM_FIELDS.filter((name): name is TextField => name !== 'images');

/**
 * Brings a field to the user below the sticky app bar: the page's scroll padding is the bar's
 * height (`AppShell`), and the whole control (its label too) is scrolled to the top of what is
 * left, at any width.
 */
function revealBelowAppBar(element: FieldElement | HTMLElement): void {
  element.focus({ preventScroll: true });
  const control = element.closest<HTMLElement>('.MuiFormControl-root') ?? element;
  control.scrollIntoView({ block: 'start' });
}

/**
 * The form in sections: **Images** (the uploads editor), About (**Title**,
 * **Description**), Links and tags (**Link**, **Tags**), beside a live preview of the card.
 * **Publish** and **Save draft** for a new or draft showcase, **Save changes** and
 * **Unpublish** (after a confirmation) for a published one. What is typed stays in the form
 * until the server confirms the save, and after a rejection too.
 */
export function ShowcaseForm({
  initial,
  published,
  saveState,
  preview,
  onSave,
  onSettle,
  imagesSection,
  images,
  onTakeImages,
}: ShowcaseFormProps) {
  // The status the last attempt was checked for (a draft needs only a title). After a first
  // attempt, messages follow the typing so the user sees them clear.
  const [attempted, setAttempted] = useState<ShowcaseStatus>('published');
  const [imagesError, setImagesError] = useState<string | undefined>(undefined);
  const imagesFrame = useRef<HTMLDivElement>(null);
  const { values, setFieldErrors, errorFor, change, setValue, field } = useFormFields(
    initial.values,
    {
      validate: (current) => textErrors(current, attempted, images),
      order: TEXT_FIELDS,
      reveal: revealBelowAppBar,
    },
  );
  // The address the form completed with https:// (shown, never silent), while it is unchanged.
  const [completedLink, setCompletedLink] = useState<string | null>(null);
  // The checked fields waiting for the user to confirm Unpublish.
  const [unpublishing, setUnpublishing] = useState<ShowcaseInput | null>(null);
  const offline = useConnectionStatus() === 'offline';
  const saving = saveState.phase === 'saving';
  // While a save runs the buttons stay those it started from, even once the live document
  // already shows the new status.
  const [submitIntent, otherIntent] = saving ? actionsOf(saveState.intent) : saveActions(published);

  /** `example.com` becomes `https://example.com` in the field, and the hint says so. */
  const completeLink = (current: ShowcaseFormValues): ShowcaseFormValues => {
    const completed = completeWebAddress(current.url);
    if (completed === null) return current;
    setValue('url', completed);
    setCompletedLink(completed);
    return { ...current, url: completed };
  };

  const submit = (intent: SaveIntent) => {
    if (saving) return;
    const status = statusAfter(intent);
    const checked = completeLink(values);
    const result = validateShowcaseForm(checked, status, images);
    setAttempted(status);
    const errors = result.ok ? {} : result.errors;
    setImagesError(errors.images);
    const { images: _images, ...textOnly } = errors;
    setFieldErrors(textOnly);
    // The images come first on screen, so their message takes the focus over any field's.
    if (errors.images !== undefined && imagesFrame.current) revealBelowAppBar(imagesFrame.current);
    if (!result.ok) return;
    if (intent === 'unpublish') setUnpublishing(result.value);
    else onSave(result.value, intent, { values: checked, images });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(submitIntent);
  };

  const common = (name: TextField) => ({ ...field(name), readOnly: saving });

  const tags = parseTags(values.tags);
  const tagAdvice = tagSpaceProblem(values.tags);
  const titleCount = characterCount(values.title.trim());
  const descriptionCount = characterCount(values.description.trim());
  const spinner = (intent: SaveIntent) =>
    saving && saveState.intent === intent ? (
      <CircularProgress size={18} color="inherit" aria-hidden />
    ) : undefined;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={saving}
      // The floating label sits above its control's box: keep room for it under the app bar.
      sx={{ '& .MuiFormControl-root, & [data-images-slot]': { scrollMarginTop: 16 } }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Stack sx={{ gap: 3, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Fields marked * are required.
          </Typography>
          {/* The Images section brings its own heading and region. */}
          <ImagesFrame
            legacyImageUrl={images.length === 0 ? preview.legacyImage.imageUrl : null}
            error={imagesError}
            focusRef={imagesFrame}
          >
            {imagesSection}
          </ImagesFrame>
          <FormSection id="about" title="About">
            <TextInput
              {...common('title')}
              label="Title"
              required
              autoFocus={initial.values.title === ''}
              hint={`${titleCount}/${TITLE_MAX}`}
            />
            <TextInput
              {...common('description')}
              label="Description"
              minRows={4}
              hint={`${descriptionCount.toLocaleString()}/${DESCRIPTION_MAX.toLocaleString()}`}
            />
          </FormSection>
          <FormSection id="links-and-tags" title="Links and tags">
            <TextInput
              {...common('url')}
              label="Link"
              type="url"
              placeholder="https://"
              onBlur={() => {
                completeLink(values);
              }}
              hint={
                completedLink !== null && completedLink === values.url
                  ? `Added https:// in front: ${completedLink}. Change it if that is not the address.`
                  : 'Where people can see what you made. Needed to publish; a draft can wait.'
              }
              announceMessage
            />
            <TextInput
              {...common('tags')}
              label="Tags"
              hint={tagAdvice ?? 'Up to 5, separated by commas: react, pwa, web-design'}
              announceMessage
            />
            {tags.length > 0 && tagAdvice === undefined && errorFor('tags') === undefined ? (
              <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mt: -1 }} aria-hidden>
                {tags.map((tag) => (
                  <Chip key={tag} size="small" label={`#${tag}`} />
                ))}
              </Stack>
            ) : null}
          </FormSection>

          {saveState.phase === 'conflict' ? (
            <ConflictPanel
              conflicts={saveState.conflicts}
              onKeep={(conflict, version) => {
                if (version === 'theirs') {
                  if (conflict.field === 'images') onTakeImages(saveState.against.images);
                  else change(conflict.field)({ target: { value: conflict.theirs } });
                }
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
        <Box sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
          <CardPreview
            id={preview.id}
            values={values}
            images={images}
            legacyImage={preview.legacyImage}
            ownerUid={preview.ownerUid}
            ownerName={preview.ownerName}
            likeCount={preview.likeCount}
          />
        </Box>
      </Box>
      <ConfirmDialog
        open={unpublishing !== null}
        title="Unpublish this showcase?"
        text={`“${values.title.trim() || 'Untitled'}” leaves the gallery and becomes a draft that only you can see. Changes in this form are saved with it. You can publish it again at any time.`}
        confirmLabel="Unpublish"
        onCancel={() => setUnpublishing(null)}
        onConfirm={() => {
          if (unpublishing !== null) onSave(unpublishing, 'unpublish', { values, images });
          setUnpublishing(null);
        }}
      />
    </Box>
  );
}

/** The text fields' messages for a save with `status` (the images' show in their section). */
function textErrors(
  values: ShowcaseFormValues,
  status: ShowcaseStatus,
  images: readonly ShowcaseImage[],
) {
  const result = validateShowcaseForm(values, status, images);
  if (result.ok) return {};
  const { images: _images, ...errors } = result.errors;
  return errors;
}

/** One titled part of the form. */
function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `showcase-form-${id}`;
  return (
    <Stack component="section" aria-labelledby={headingId} sx={{ gap: 2.5 }}>
      <Typography id={headingId} component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Stack>
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
  images: 'Images',
  title: 'Title',
  description: 'Description',
  url: 'Link',
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
