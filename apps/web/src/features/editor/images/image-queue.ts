import type { ImageSize, ShowcaseImage } from '@showcase/schema';
import { IMAGE_ALT_MAX, IMAGES_MAX } from '@showcase/schema';

/**
 * The Images section's state as a pure reducer: every picked image from the moment it is picked
 * until the showcase holds it. The same state is kept on the device (IndexedDB, with the encoded
 * sizes), so a reload, a cut connection or a closed tab resumes where it stopped.
 *
 * Exactly once, by construction: an image has one stable id from the moment it is picked (its
 * Storage path and its entry in the document); each width is uploaded once and remembered
 * (`stored`), so a retry sends only what is missing; and the document is written with the whole
 * list (`imagesToSave`), never appended to, so writing it again after a crash changes nothing.
 */
export type ImagePhase =
  /** In the worker. */
  | 'processing'
  /** Processed and kept on the device; uploads when online. */
  | 'waiting'
  | 'uploading'
  /** Stopped with a message; **Retry** sends what is missing (unless the refusal is final). */
  | 'failed'
  /** Every width stored. */
  | 'done';

/** What the pipeline decided for an image (its encoded bytes live on the device, apart). */
export type ProcessedInfo = {
  width: number;
  height: number;
  placeholder: string;
  /** Every width to store, narrowest first. */
  widths: number[];
};

export type QueuedImage = {
  id: string;
  /** The picked file's name, for messages. */
  fileName: string;
  alt: string;
  phase: ImagePhase;
  /** 0–1 of the bytes of all its widths. */
  progress: number;
  /** Why it stopped (`failed`). */
  message?: string;
  /**
   * False when it stopped for good (Storage refused it: sending it again would be refused
   * again), so the row offers no **Retry**, only **Remove**.
   */
  retryable?: boolean;
  info?: ProcessedInfo;
  /** Widths already in Storage, with their download URLs. */
  stored: ImageSize[];
};

export type ImageQueue = { images: QueuedImage[] };

export type ImageQueueAction =
  | { type: 'picked'; id: string; fileName: string }
  | { type: 'processed'; id: string; info: ProcessedInfo }
  /** The pipeline refused the file: it leaves the list (the refusal is said elsewhere). */
  | { type: 'refused'; id: string }
  | { type: 'upload-started'; id: string }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'size-stored'; id: string; size: ImageSize }
  | { type: 'failed'; id: string; message: string; retryable: boolean }
  /** The connection went: uploads stop and wait, without an error. */
  | { type: 'connection-lost'; id: string }
  | { type: 'retry'; id: string }
  /** Cancel and Remove both take the image out of the list. */
  | { type: 'removed'; id: string }
  | { type: 'moved'; id: string; by: -1 | 1 }
  | { type: 'moved-to'; id: string; index: number }
  | { type: 'made-cover'; id: string }
  | { type: 'alt-changed'; id: string; alt: string }
  /** What the device kept, on a reload: an upload cut by the reload waits again. */
  | { type: 'restored'; images: QueuedImage[] };

export const emptyImageQueue: ImageQueue = { images: [] };

/** The queue for a showcase's stored images (an edit starts from them, all done). */
export function imageQueueFrom(images: readonly ShowcaseImage[]): ImageQueue {
  return {
    images: images.map((image) => ({
      id: image.id,
      fileName: '',
      alt: image.alt,
      phase: 'done',
      progress: 1,
      info: {
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
        widths: image.sizes.map((size) => size.width),
      },
      stored: image.sizes,
    })),
  };
}

function update(
  queue: ImageQueue,
  id: string,
  change: (image: QueuedImage) => QueuedImage,
): ImageQueue {
  let changed = false;
  const images = queue.images.map((image) => {
    if (image.id !== id) return image;
    const next = change(image);
    changed ||= next !== image;
    return next;
  });
  return changed ? { images } : queue;
}

function moveTo(queue: ImageQueue, id: string, index: number): ImageQueue {
  const from = queue.images.findIndex((image) => image.id === id);
  const to = Math.max(0, Math.min(queue.images.length - 1, index));
  if (from < 0 || from === to) return queue;
  const images = [...queue.images];
  const [moving] = images.splice(from, 1);
  images.splice(to, 0, moving!);
  return { images };
}

const allStored = (image: QueuedImage): boolean =>
  image.info !== undefined &&
  image.info.widths.every((width) => image.stored.some((size) => size.width === width));

export function imageQueueReducer(queue: ImageQueue, action: ImageQueueAction): ImageQueue {
  switch (action.type) {
    case 'picked':
      if (queue.images.length >= IMAGES_MAX || queue.images.some((i) => i.id === action.id))
        return queue;
      return {
        images: [
          ...queue.images,
          {
            id: action.id,
            fileName: action.fileName,
            alt: '',
            phase: 'processing',
            progress: 0,
            stored: [],
          },
        ],
      };
    case 'processed':
      return update(queue, action.id, (image) =>
        image.phase === 'processing' ? { ...image, phase: 'waiting', info: action.info } : image,
      );
    case 'refused':
    case 'removed':
      return queue.images.some((image) => image.id === action.id)
        ? { images: queue.images.filter((image) => image.id !== action.id) }
        : queue;
    case 'upload-started':
      return update(queue, action.id, (image) =>
        image.phase === 'waiting' ? { ...image, phase: 'uploading', message: undefined } : image,
      );
    case 'progress':
      return update(queue, action.id, (image) =>
        image.phase === 'uploading'
          ? { ...image, progress: Math.max(image.progress, Math.min(1, action.progress)) }
          : image,
      );
    case 'size-stored':
      return update(queue, action.id, (image) => {
        if (image.stored.some((size) => size.width === action.size.width)) return image;
        const stored = [...image.stored, action.size].sort((a, b) => a.width - b.width);
        const next = { ...image, stored };
        return allStored(next) ? { ...next, phase: 'done', progress: 1 } : next;
      });
    case 'failed':
      return update(queue, action.id, (image) =>
        image.phase === 'uploading'
          ? { ...image, phase: 'failed', message: action.message, retryable: action.retryable }
          : image,
      );
    case 'connection-lost':
      return update(queue, action.id, (image) =>
        image.phase === 'uploading' ? { ...image, phase: 'waiting' } : image,
      );
    case 'retry':
      return update(queue, action.id, (image) =>
        image.phase === 'failed' && image.retryable !== false
          ? { ...image, phase: 'waiting', message: undefined, retryable: undefined }
          : image,
      );
    case 'moved': {
      const index = queue.images.findIndex((image) => image.id === action.id);
      return index < 0 ? queue : moveTo(queue, action.id, index + action.by);
    }
    case 'moved-to':
      return moveTo(queue, action.id, action.index);
    case 'made-cover':
      return moveTo(queue, action.id, 0);
    case 'alt-changed':
      return update(queue, action.id, (image) => ({
        ...image,
        alt: Array.from(action.alt).slice(0, IMAGE_ALT_MAX).join(''),
      }));
    case 'restored':
      // An upload cut by the reload waits again; one whose last width was stored just before
      // it is done.
      return {
        images: action.images.map((image) =>
          image.phase !== 'uploading' && image.phase !== 'waiting'
            ? image
            : allStored(image)
              ? { ...image, phase: 'done', progress: 1 }
              : { ...image, phase: 'waiting' },
        ),
      };
  }
}

/** The next image to upload (in list order), if any: one at a time keeps the order sensible. */
export function nextToUpload(queue: ImageQueue): QueuedImage | undefined {
  if (queue.images.some((image) => image.phase === 'uploading')) return undefined;
  return queue.images.find((image) => image.phase === 'waiting');
}

/** True while some image still needs the network (or the worker). */
export function hasPendingImages(queue: ImageQueue): boolean {
  return queue.images.some((image) => image.phase !== 'done');
}

/**
 * What the showcase document holds: the images whose every width is stored, in the list's
 * order (the first is the cover), with trimmed descriptions.
 */
export function imagesToSave(queue: ImageQueue): ShowcaseImage[] {
  return queue.images
    .filter((image) => image.phase === 'done' && image.info !== undefined)
    .map((image) => ({
      id: image.id,
      alt: image.alt.trim(),
      width: image.info!.width,
      height: image.info!.height,
      placeholder: image.info!.placeholder,
      sizes: image.stored,
    }));
}
