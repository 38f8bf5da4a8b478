import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IMAGE_ALT_MAX, IMAGES_MAX, characterCount } from '@showcase/schema';
import type { ClipboardEvent, DragEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { QueuedImage } from './image-queue';
import type { ShowcaseImages } from './use-showcase-images';

const imageFiles = (list: FileList | null | undefined): File[] => (list ? [...list] : []);

/**
 * The editor's **Images** section: **Add images** (or drop or paste them), then per image a
 * thumbnail, its upload's progress with **Cancel** / **Retry**, **Image description**,
 * **Make cover**, **Move earlier** / **Move later** (and dragging), **Remove**. The first image
 * is the cover.
 */
export function ImagesSection({ images }: { images: ShowcaseImages & { saveWaiting: boolean } }) {
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const { queue, add } = images;
  const full = queue.images.length >= IMAGES_MAX;

  // Pasting an image anywhere in the editor adds it (text fields keep pasted text).
  useEffect(() => {
    const onPaste = (event: globalThis.ClipboardEvent) => {
      const files = imageFiles(event.clipboardData?.files);
      if (files.length === 0) return;
      event.preventDefault();
      add(files);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [add]);

  const move = (image: QueuedImage, by: -1 | 1) => {
    const from = queue.images.indexOf(image);
    const to = from + by;
    if (to < 0 || to >= queue.images.length) return;
    images.moveBy(image.id, by);
    setAnnouncement(
      `${labelOf(image, from)} moved to position ${to + 1} of ${queue.images.length}.`,
    );
  };

  const onDropFiles = (event: DragEvent) => {
    const files = imageFiles(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    add(files);
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      onDragOver={(event: DragEvent) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={onDropFiles}
      onPaste={(event: ClipboardEvent) => event.stopPropagation()}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6">
          Images
        </Typography>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlined />}
          onClick={() => input.current?.click()}
          disabled={full}
        >
          Add images
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="add-images-input"
          onChange={(event) => {
            add(imageFiles(event.target.files));
            event.target.value = '';
          }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Up to {IMAGES_MAX}; drop or paste them here too. The first is the cover. Photos are turned
        upright and stripped of their location and camera details before they leave this device.
      </Typography>
      {images.refusals.length > 0 ? (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          {images.refusals.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      {!images.canUpload && queue.images.some((i) => i.phase === 'waiting') ? (
        <Alert severity="info" icon={<CloudOffOutlined />} role="status" sx={{ mb: 1.5 }}>
          You’re offline. Your pictures are kept on this device and upload when you’re back online.
        </Alert>
      ) : null}
      {images.saveWaiting ? (
        <Alert severity="info" role="status" sx={{ mb: 1.5 }}>
          Your showcase is saved as soon as its images finish uploading.
        </Alert>
      ) : null}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {queue.images.length > 0 ? (
        <Stack component="ol" aria-label="Images" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
          {queue.images.map((image, index) => (
            <ImageRow
              key={image.id}
              image={image}
              index={index}
              count={queue.images.length}
              preview={images.previews.get(image.id) ?? image.stored[0]?.url ?? null}
              images={images}
              onMove={(by) => move(image, by)}
              dragging={dragging === image.id}
              onDragStart={() => setDragging(image.id)}
              onDragEnd={() => setDragging(null)}
              onDropHere={(id) => {
                images.moveTo(id, index);
                setDragging(null);
              }}
            />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

// Strings: in `sx`, a number ≤ 1 is a fraction of the parent (1 would be 100%).
/** What a dragged row carries (files dragged in from outside carry `Files`). */
const ROW_DRAG_TYPE = 'application/x-showcase-image';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function labelOf(image: QueuedImage, index: number): string {
  return image.fileName || image.alt.trim() || `Image ${index + 1}`;
}

function phaseText(image: QueuedImage, canUpload: boolean): string {
  switch (image.phase) {
    case 'processing':
      return 'Preparing…';
    case 'waiting':
      return canUpload ? 'Ready to upload' : 'Waiting to upload';
    case 'uploading':
      return `Uploading ${Math.round(image.progress * 100)}%`;
    case 'failed':
      return image.message ?? 'The upload could not finish.';
    case 'done':
      return 'Uploaded';
  }
}

type ImageRowProps = {
  image: QueuedImage;
  index: number;
  count: number;
  preview: string | null;
  images: ShowcaseImages;
  onMove: (by: -1 | 1) => void;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  /** Another row (`id`) was dropped on this one. */
  onDropHere: (id: string) => void;
};

function ImageRow({
  image,
  index,
  count,
  preview,
  images,
  onMove,
  dragging,
  onDragStart,
  onDragEnd,
  onDropHere,
}: ImageRowProps) {
  const label = labelOf(image, index);
  const busy = image.phase === 'processing' || image.phase === 'uploading';
  const ratio = image.info ? `${image.info.width} / ${image.info.height}` : '4 / 3';
  return (
    <Box
      component="li"
      aria-label={label}
      draggable
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move';
        // The row travels with the drag itself, so a drop never depends on a re-render.
        event.dataTransfer.setData(ROW_DRAG_TYPE, image.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event: DragEvent) => {
        if (event.dataTransfer.types.includes(ROW_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event: DragEvent) => {
        const id = event.dataTransfer.getData(ROW_DRAG_TYPE);
        if (!id) return;
        event.preventDefault();
        event.stopPropagation();
        onDropHere(id);
      }}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '96px 1fr', sm: '128px 1fr' },
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: index === 0 ? 'primary.main' : 'divider',
        borderRadius: 1,
        opacity: dragging ? 0.5 : 1,
      }}
    >
      <Box
        sx={{
          aspectRatio: ratio,
          maxHeight: 128,
          bgcolor: 'action.hover',
          borderRadius: 0.5,
          overflow: 'hidden',
          alignSelf: 'start',
        }}
      >
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : null}
      </Box>
      <Stack sx={{ gap: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          {index === 0 ? <Chip size="small" color="primary" label="Cover" /> : null}
          <Typography
            variant="body2"
            color={image.phase === 'failed' ? 'error' : 'text.secondary'}
            role={image.phase === 'failed' ? 'alert' : undefined}
          >
            {phaseText(image, images.canUpload)}
          </Typography>
        </Stack>
        {busy ? (
          <LinearProgress
            aria-label={`Upload of ${label}`}
            variant={image.phase === 'uploading' ? 'determinate' : 'indeterminate'}
            value={Math.round(image.progress * 100)}
          />
        ) : null}
        <TextField
          size="small"
          label="Image description"
          value={image.alt}
          onChange={(event) => images.describe(image.id, event.target.value)}
          helperText={`What it shows, for people who cannot see it. ${characterCount(image.alt)}/${IMAGE_ALT_MAX}`}
          slotProps={{ htmlInput: { maxLength: IMAGE_ALT_MAX } }}
        />
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {image.phase === 'uploading' || image.phase === 'processing' ? (
            <Button size="small" onClick={() => images.cancel(image.id)}>
              Cancel
            </Button>
          ) : null}
          {image.phase === 'failed' && image.retryable !== false ? (
            <Button size="small" variant="outlined" onClick={() => images.retry(image.id)}>
              Retry
            </Button>
          ) : null}
          {index > 0 ? (
            <Button size="small" onClick={() => images.makeCover(image.id)}>
              Make cover
            </Button>
          ) : null}
          <Tooltip title="Move earlier">
            <span>
              <IconButton
                size="small"
                aria-label="Move earlier"
                aria-disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move later">
            <span>
              <IconButton
                size="small"
                aria-label="Move later"
                aria-disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Button size="small" color="error" onClick={() => images.remove(image.id)}>
            Remove
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
