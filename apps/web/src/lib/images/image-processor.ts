import type { ImageRefusal } from './image-refusals';
import { ImageRefusedError } from './image-refusals';
import type { ImageJob, ImageJobResult } from './image-worker';
import type { ProcessedImage } from './process-image';

export type ImageProcessor = {
  /** The file's sizes at `widths` (never upscaled), or an `ImageRefusedError` naming the file. */
  process: (file: Blob, fileName: string, widths: readonly number[]) => Promise<ProcessedImage>;
  /** Ends the worker; pending jobs reject. */
  close: () => void;
};

/**
 * One worker for a screen's images, processing them one at a time in pick order (two at once
 * would double the peak memory of 12-megapixel bitmaps for no gain on a phone's few cores).
 * Only the editor and the profile screen import this module, so the pipeline and its worker
 * never load on the gallery or a showcase page.
 */
export function createImageProcessor(): ImageProcessor {
  const worker = new Worker(new URL('./image-worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<
    number,
    { resolve: (image: ProcessedImage) => void; reject: (error: unknown) => void }
  >();
  let nextJobId = 1;
  worker.onmessage = ({ data }: MessageEvent<ImageJobResult>) => {
    const job = pending.get(data.jobId);
    if (!job) return;
    pending.delete(data.jobId);
    if (data.ok) job.resolve(data.image);
    else job.reject(data.refusal ? new ImageRefusedError(data.refusal) : new Error(data.message));
  };
  worker.onerror = (event) => {
    for (const job of pending.values()) job.reject(new Error(event.message));
    pending.clear();
  };
  return {
    process(file, fileName, widths) {
      const jobId = nextJobId++;
      return new Promise<ProcessedImage>((resolve, reject) => {
        pending.set(jobId, { resolve, reject });
        const job: ImageJob = { jobId, file, fileName, widths: [...widths] };
        worker.postMessage(job);
      });
    },
    close() {
      worker.terminate();
      for (const job of pending.values()) job.reject(new Error('The image processor was closed.'));
      pending.clear();
    },
  };
}

export type { ImageRefusal, ProcessedImage };
export { ImageRefusedError };
