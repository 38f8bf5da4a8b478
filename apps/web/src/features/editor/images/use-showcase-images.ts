import type { ShowcaseImage } from '@showcase/schema';
import { IMAGE_WIDTHS, sameImages, showcaseImagePath } from '@showcase/schema';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { describeError, isCancellation } from '../../../lib/errors';
import type { ObjectUpload } from '../../../lib/firebase/storage';
import type { ImageProcessor } from '../../../lib/images';
import {
  ImageRefusedError,
  checkPickedFiles,
  createImageProcessor,
  imageRefusalMessage,
} from '../../../lib/images';
import type { KeptSize } from '../../../lib/images/device-store';
import {
  forgetImage,
  forgetList,
  keepImage,
  keepList,
  keptImage,
  keptList,
} from '../../../lib/images/device-store';
import type { ImageQueue, ProcessedInfo, QueuedImage } from './image-queue';
import {
  hasPendingImages,
  imageQueueFrom,
  imageQueueReducer,
  imagesToSave,
  nextToUpload,
} from './image-queue';
import { useCanUpload } from './use-online';

/** The Storage SDK loads with the first upload or delete, not with the editor. */
const loadStorage = () => import('../../../lib/firebase/storage');

/** An image id: URL- and path-safe, unique without asking anyone. */
/**
 * What the row says when Storage stops an upload, and whether **Retry** can help: a refusal by
 * the rules (`storage/unauthorized`, recovery `none`) would be refused again, so it offers none.
 */
export function uploadFailure(error: unknown): { message: string; retryable: boolean } {
  const described = describeError(error);
  return described.recovery === 'none'
    ? { message: `${described.message} Remove it to save the rest.`, retryable: false }
    : { message: described.message, retryable: true };
}

function newImageId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 24);
}

export type ShowcaseImages = {
  queue: ImageQueue;
  /** Thumbnails for images not stored yet (object URLs of their smallest kept size). */
  previews: ReadonlyMap<string, string>;
  /** Refusals of the last pick, each naming its file. */
  refusals: string[];
  canUpload: boolean;
  pending: boolean;
  add: (files: readonly File[]) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
  moveBy: (id: string, by: -1 | 1) => void;
  moveTo: (id: string, index: number) => void;
  makeCover: (id: string) => void;
  describe: (id: string, alt: string) => void;
  /** The list the document should hold now. */
  toSave: () => ShowcaseImage[];
  /** The document holds `saved`: forget what the device kept for it, delete removed objects. */
  saved: (saved: readonly ShowcaseImage[]) => void;
};

/**
 * A showcase's Images section: pick, process in the worker, keep on the device, upload when
 * online one image at a time, width by width (a width once stored is never sent again).
 */
export function useShowcaseImages(
  ownerUid: string,
  showcaseId: string,
  initial: readonly ShowcaseImage[],
): ShowcaseImages {
  const [queue, dispatch] = useReducer(imageQueueReducer, initial, imageQueueFrom);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(new Map());
  const previewUrls = useRef<string[]>([]);
  // The thumbnails' object URLs hold their bytes until revoked.
  useEffect(
    () => () => {
      for (const url of previewUrls.current) URL.revokeObjectURL(url);
      previewUrls.current = [];
    },
    [],
  );
  const canUpload = useCanUpload();
  const processor = useRef<ImageProcessor | null>(null);
  const uploads = useRef(new Map<string, { object: ObjectUpload | null; stopped: boolean }>());
  const restored = useRef(false);
  // Images cancelled while the worker still had them: its answer is dropped, nothing is kept.
  const dropped = useRef(new Set<string>());
  // Images in the stored document that the user removed: deleted once the document drops them.
  const removedStored = useRef(new Set<string>());
  const queueRef = useRef(queue);
  queueRef.current = queue;

  const showPreview = useCallback((id: string, sizes: KeptSize[]) => {
    const smallest = sizes[0];
    if (!smallest) return;
    const url = URL.createObjectURL(smallest.blob);
    previewUrls.current.push(url);
    setPreviews((current) => new Map(current).set(id, url));
  }, []);

  // What the device kept from an earlier visit (a reload, a closed tab) comes back first.
  useEffect(() => {
    let cancelled = false;
    void keptList<QueuedImage[]>(ownerUid, showcaseId).then(async (images) => {
      if (cancelled) return;
      restored.current = true;
      if (!images || images.length === 0) return;
      dispatch({ type: 'restored', images });
      for (const image of images) {
        if (image.phase === 'done') continue;
        const kept = await keptImage<ProcessedInfo>(ownerUid, image.id);
        if (cancelled) return;
        if (kept) showPreview(image.id, kept.sizes);
        if (image.phase !== 'processing') continue;
        if (kept?.info) {
          // The page went after the picture was prepared but before the list said so.
          dispatch({ type: 'processed', id: image.id, info: kept.info });
        } else {
          // The page went while the picture was being prepared; the file itself is never kept.
          dispatch({ type: 'refused', id: image.id });
          void forgetImage(ownerUid, image.id);
          setRefusals((current) => [
            ...current,
            `“${image.fileName}” was still being prepared when the page closed. Add it again.`,
          ]);
        }
      }
    });
    return () => {
      cancelled = true;
    };
  }, [ownerUid, showcaseId, showPreview]);

  // Keep the list on the device whenever it holds something the document does not (a pick, an
  // upload, a new order or description); otherwise the document is the truth, and a kept list
  // would only shadow later changes made elsewhere.
  useEffect(() => {
    if (!restored.current) return;
    if (hasPendingImages(queue) || !sameImages(imagesToSave(queue), initial))
      void keepList(ownerUid, showcaseId, queue.images);
    else void forgetList(ownerUid, showcaseId);
  }, [queue, initial, ownerUid, showcaseId]);

  useEffect(
    () => () => {
      processor.current?.close();
      processor.current = null;
      for (const upload of uploads.current.values()) {
        upload.stopped = true;
        upload.object?.cancel();
      }
    },
    [],
  );

  // The uploader: the next waiting image, while uploads may run.
  const next = canUpload ? nextToUpload(queue) : undefined;
  useEffect(() => {
    if (!next?.info) return;
    const image = next;
    const info = image.info!;
    if (uploads.current.has(image.id)) return;
    const handle: { object: ObjectUpload | null; stopped: boolean } = {
      object: null,
      stopped: false,
    };
    uploads.current.set(image.id, handle);
    dispatch({ type: 'upload-started', id: image.id });
    void (async () => {
      const sizes = (await keptImage(ownerUid, image.id))?.sizes ?? [];
      const { uploadImageObject } = await loadStorage();
      const missing = info.widths.filter((w) => !image.stored.some((s) => s.width === w));
      const bytesOf = (widths: number[]) =>
        widths.reduce((sum, w) => sum + (sizes.find((s) => s.width === w)?.blob.size ?? 0), 0);
      const total = bytesOf(info.widths);
      let sent = total - bytesOf(missing);
      try {
        for (const width of missing) {
          const kept = sizes.find((s) => s.width === width);
          if (!kept)
            throw new Error('The picture is no longer on this device. Remove it and add it again.');
          if (handle.stopped) return;
          handle.object = uploadImageObject(
            showcaseImagePath(ownerUid, showcaseId, image.id, width),
            kept.blob,
            (bytes) =>
              dispatch({ type: 'progress', id: image.id, progress: (sent + bytes) / total }),
          );
          const url = await handle.object.done;
          sent += kept.blob.size;
          dispatch({ type: 'size-stored', id: image.id, size: { width, url } });
        }
        await forgetImage(ownerUid, image.id);
      } catch (error) {
        if (handle.stopped) {
          // Stopped by the app (offline, or the section closed), not by the user: it waits.
          if (!isCancellation(error) || !navigator.onLine)
            dispatch({ type: 'connection-lost', id: image.id });
          return;
        }
        if (isCancellation(error)) return;
        if (!navigator.onLine) dispatch({ type: 'connection-lost', id: image.id });
        else dispatch({ type: 'failed', id: image.id, ...uploadFailure(error) });
      } finally {
        if (uploads.current.get(image.id) === handle) uploads.current.delete(image.id);
      }
    })();
    // Keyed on the image chosen, not on progress.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next?.id, next?.info, ownerUid, showcaseId]);

  // Going offline stops the running upload; it waits and resumes when back.
  useEffect(() => {
    if (canUpload) return;
    for (const [id, upload] of uploads.current) {
      upload.stopped = true;
      upload.object?.cancel();
      dispatch({ type: 'connection-lost', id });
    }
  }, [canUpload]);

  const add = useCallback(
    (files: readonly File[]) => {
      const { accepted, refusals: early } = checkPickedFiles(files, queueRef.current.images.length);
      const messages = early.map(imageRefusalMessage);
      setRefusals(messages);
      processor.current ??= createImageProcessor();
      const worker = processor.current;
      for (const index of accepted) {
        const file = files[index]!;
        const id = newImageId();
        dispatch({ type: 'picked', id, fileName: file.name });
        void worker
          .process(file, file.name, IMAGE_WIDTHS)
          .then(async (image) => {
            if (dropped.current.has(id)) return;
            const sizes = image.sizes.map(({ width, blob }) => ({ width, blob }));
            const info: ProcessedInfo = {
              width: image.width,
              height: image.height,
              placeholder: image.placeholder,
              widths: sizes.map((s) => s.width),
            };
            await keepImage(ownerUid, id, { sizes, info });
            showPreview(id, sizes);
            dispatch({ type: 'processed', id, info });
          })
          .catch((error: unknown) => {
            dispatch({ type: 'refused', id });
            const message =
              error instanceof ImageRefusedError
                ? error.message
                : `“${file.name}” could not be prepared. ${describeError(error).message}`;
            setRefusals((current) => [...current, message]);
          });
      }
    },
    [ownerUid, showPreview],
  );

  const discard = useCallback(
    (id: string) => {
      const upload = uploads.current.get(id);
      if (upload) upload.object?.cancel();
      const image = queueRef.current.images.find((i) => i.id === id);
      if (image?.phase === 'processing') dropped.current.add(id);
      dispatch({ type: 'removed', id });
      void forgetImage(ownerUid, id);
      if (!image) return;
      if (initial.some((stored) => stored.id === id)) removedStored.current.add(id);
      else
        void loadStorage()
          .then(({ deleteImageObjects }) =>
            deleteImageObjects(
              image.stored.map((s) => showcaseImagePath(ownerUid, showcaseId, id, s.width)),
            ),
          )
          .catch(() => undefined);
    },
    [initial, ownerUid, showcaseId],
  );

  const saved = useCallback(
    (list: readonly ShowcaseImage[]) => {
      const gone = [...removedStored.current].filter((id) => !list.some((i) => i.id === id));
      removedStored.current.clear();
      const paths = gone.flatMap((id) =>
        (initial.find((i) => i.id === id)?.sizes ?? []).map((s) =>
          showcaseImagePath(ownerUid, showcaseId, id, s.width),
        ),
      );
      if (paths.length > 0)
        void loadStorage()
          .then(({ deleteImageObjects }) => deleteImageObjects(paths))
          .catch(() => undefined);
      if (!hasPendingImages(queueRef.current)) void forgetList(ownerUid, showcaseId);
    },
    [initial, ownerUid, showcaseId],
  );

  return {
    queue,
    previews,
    refusals,
    canUpload,
    pending: hasPendingImages(queue),
    add,
    cancel: discard,
    retry: (id) => dispatch({ type: 'retry', id }),
    remove: discard,
    moveBy: (id, by) => dispatch({ type: 'moved', id, by }),
    moveTo: (id, index) => dispatch({ type: 'moved-to', id, index }),
    makeCover: (id) => dispatch({ type: 'made-cover', id }),
    describe: (id, alt) => dispatch({ type: 'alt-changed', id, alt }),
    toSave: () => imagesToSave(queueRef.current),
    saved,
  };
}
