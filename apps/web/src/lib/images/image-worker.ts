/// <reference lib="webworker" />
/**
 * The image pipeline's worker: decoding and encoding a 12-megapixel photo takes hundreds of
 * milliseconds, which on the main thread would freeze the editor while the user types.
 */
import type { ImageRefusal } from './image-refusals';
import { ImageRefusedError } from './image-refusals';
import type { ProcessedImage } from './process-image';
import { processImage } from './process-image';

export type ImageJob = { jobId: number; file: Blob; fileName: string; widths: number[] };

export type ImageJobResult =
  | { jobId: number; ok: true; image: ProcessedImage }
  | { jobId: number; ok: false; refusal: ImageRefusal | null; message: string };

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async ({ data }: MessageEvent<ImageJob>) => {
  const { jobId, file, fileName, widths } = data;
  let result: ImageJobResult;
  try {
    result = { jobId, ok: true, image: await processImage(file, fileName, widths) };
  } catch (error) {
    result = {
      jobId,
      ok: false,
      refusal: error instanceof ImageRefusedError ? error.refusal : null,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  self.postMessage(result);
};
