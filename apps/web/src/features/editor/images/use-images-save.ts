import type { ShowcaseImage, ShowcaseInput } from '@showcase/schema';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../../lib/session';
import type { SaveState } from '../hooks/use-save-showcase';
import type { RejectedForm } from '../rejected-forms';
import type { SaveIntent } from '../save-intent';
import type { ShowcaseImages } from './use-showcase-images';
import { useShowcaseImages } from './use-showcase-images';

type Save = (input: ShowcaseInput, intent: SaveIntent, form: RejectedForm) => Promise<boolean>;
type SaveRequest = { input: ShowcaseInput; intent: SaveIntent; form: RejectedForm };

/**
 * The form's save with its images. A save asked for while images are still being prepared or
 * uploaded (or wait offline) waits for them, then runs once, writing the document with `images`
 * set to exactly the finished ones (one write, so nobody ever sees the showcase without them), by
 * their stable ids, so a repeated write cannot duplicate an image. An image whose upload failed
 * does not hold the save up; it stays in the list, kept on the device, for **Retry** and the next
 * save.
 */
export function useImagesSave(
  showcaseId: string,
  storedImages: readonly ShowcaseImage[],
  save: Save,
): {
  section: ShowcaseImages & { saveWaiting: boolean };
  /** The images ready to be saved now, cover first (what the form checks and previews). */
  ready: ShowcaseImage[];
  /** A save state while the save waits for images (the form shows it), else null. */
  waiting: SaveState | null;
  onSave: (input: ShowcaseInput, intent: SaveIntent, form: RejectedForm) => void;
} {
  const user = useCurrentUser();
  // The list the document held when the form opened: what "unchanged" means.
  const [initialImages] = useState(storedImages);
  const section = useShowcaseImages(user.uid, showcaseId, initialImages);
  const [request, setRequest] = useState<SaveRequest | null>(null);
  const inFlight = section.queue.images.some((image) =>
    ['processing', 'waiting', 'uploading'].includes(image.phase),
  );

  const run = async ({ input, intent, form }: SaveRequest) => {
    // The list as it is once the uploads settled, not as it was when the save was asked for.
    const images = section.toSave();
    if (await save({ ...input, images }, intent, { ...form, images })) section.saved(images);
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
    ready: section.toSave(),
    waiting: request === null ? null : { phase: 'saving', intent: request.intent, slow: false },
    onSave: (input, intent, form) => setRequest({ input, intent, form }),
  };
}
