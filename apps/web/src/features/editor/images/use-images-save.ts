import type { ShowcaseFormValues, ShowcaseImage, ShowcaseInput } from '@showcase/schema';
import { sameImages } from '@showcase/schema';
import { useEffect, useState } from 'react';
import { useNotify } from '../../../components/feedback/notifier';
import { describeError } from '../../../lib/errors';
import { setShowcaseImages } from '../../../lib/firebase/showcases';
import { useFirestore } from '../../../lib/firebase/use-snapshot';
import { useCurrentUser } from '../../../lib/session';
import type { SaveState } from '../hooks/use-save-showcase';
import type { SaveIntent } from '../save-intent';
import type { ShowcaseImages } from './use-showcase-images';
import { useShowcaseImages } from './use-showcase-images';

type Save = (
  input: ShowcaseInput,
  intent: SaveIntent,
  values: ShowcaseFormValues,
) => Promise<boolean>;
type SaveRequest = { input: ShowcaseInput; intent: SaveIntent; values: ShowcaseFormValues };

/**
 * The form's save with its images. A save asked for while images are still being prepared or
 * uploaded (or wait offline) waits for them, then runs once: the document first, then its
 * `images` set to exactly the finished ones, by their stable ids, so a repeated write cannot
 * duplicate an image. An image whose upload failed does not hold the save up; it stays in the
 * list, kept on the device, for **Retry** and the next save.
 */
export function useImagesSave(
  showcaseId: string,
  storedImages: readonly ShowcaseImage[],
  save: Save,
): {
  section: ShowcaseImages & { saveWaiting: boolean };
  /** A save state while the save waits for images (the form shows it), else null. */
  waiting: SaveState | null;
  onSave: (input: ShowcaseInput, intent: SaveIntent, values: ShowcaseFormValues) => void;
} {
  const user = useCurrentUser();
  const db = useFirestore();
  const notify = useNotify();
  // The list the document held when the form opened: what "unchanged" means.
  const [initialImages] = useState(storedImages);
  const section = useShowcaseImages(user.uid, showcaseId, initialImages);
  const [request, setRequest] = useState<SaveRequest | null>(null);
  const inFlight = section.queue.images.some((image) =>
    ['processing', 'waiting', 'uploading'].includes(image.phase),
  );

  const run = async ({ input, intent, values }: SaveRequest) => {
    if (!(await save(input, intent, values))) return;
    const images = section.toSave();
    try {
      if (!sameImages(images, initialImages)) await setShowcaseImages(db, showcaseId, images);
      section.saved(images);
    } catch (error) {
      notify({
        severity: 'error',
        message: `The images were not saved with the showcase. ${describeError(error).message}`,
      });
    }
  };

  useEffect(() => {
    if (request === null || inFlight) return;
    setRequest(null);
    void run(request);
    // Runs when the last image settles, with the request as it was asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, inFlight]);

  return {
    section: { ...section, saveWaiting: request !== null },
    waiting: request === null ? null : { phase: 'saving', intent: request.intent, slow: false },
    onSave: (input, intent, values) => setRequest({ input, intent, values }),
  };
}
