import type { ShowcaseImage } from '@showcase/schema';
import { describe, expect, test } from 'vitest';
import type { ImageQueue, ImageQueueAction } from './image-queue';
import {
  emptyImageQueue,
  hasPendingImages,
  imageQueueFrom,
  imageQueueReducer,
  imagesToSave,
  nextToUpload,
} from './image-queue';

const run = (queue: ImageQueue, ...actions: ImageQueueAction[]): ImageQueue =>
  actions.reduce(imageQueueReducer, queue);

const info = { width: 960, height: 720, placeholder: 'hash', widths: [480, 960] };
const url = (id: string, width: number) => `https://storage.example/${id}/${width}.webp`;

/** Picked, processed and fully stored. */
const uploaded = (id: string): ImageQueueAction[] => [
  { type: 'picked', id, fileName: `${id}.jpg` },
  { type: 'processed', id, info },
  { type: 'upload-started', id },
  { type: 'size-stored', id, size: { width: 480, url: url(id, 480) } },
  { type: 'size-stored', id, size: { width: 960, url: url(id, 960) } },
];

const ids = (queue: ImageQueue) => queue.images.map((image) => image.id);

describe('image queue', () => {
  test('an image goes processing → waiting → uploading → done, width by width', () => {
    let queue = run(emptyImageQueue, { type: 'picked', id: 'a', fileName: 'a.jpg' });
    expect(queue.images[0]).toMatchObject({ phase: 'processing', fileName: 'a.jpg' });
    expect(nextToUpload(queue)).toBeUndefined();
    queue = run(queue, { type: 'processed', id: 'a', info });
    expect(nextToUpload(queue)?.id).toBe('a');
    queue = run(
      queue,
      { type: 'upload-started', id: 'a' },
      { type: 'progress', id: 'a', progress: 0.4 },
    );
    expect(queue.images[0]).toMatchObject({ phase: 'uploading', progress: 0.4 });
    queue = run(queue, { type: 'size-stored', id: 'a', size: { width: 480, url: url('a', 480) } });
    expect(queue.images[0]!.phase).toBe('uploading');
    queue = run(queue, { type: 'size-stored', id: 'a', size: { width: 960, url: url('a', 960) } });
    expect(queue.images[0]).toMatchObject({ phase: 'done', progress: 1 });
    expect(hasPendingImages(queue)).toBe(false);
  });

  test('one upload at a time, in list order', () => {
    const queue = run(
      emptyImageQueue,
      { type: 'picked', id: 'a', fileName: 'a' },
      { type: 'picked', id: 'b', fileName: 'b' },
      { type: 'processed', id: 'b', info },
      { type: 'processed', id: 'a', info },
    );
    expect(nextToUpload(queue)?.id).toBe('a');
    expect(nextToUpload(run(queue, { type: 'upload-started', id: 'a' }))).toBeUndefined();
  });

  test('a failure keeps what was stored; Retry sends only the missing width', () => {
    const queue = run(emptyImageQueue, ...uploaded('a').slice(0, 4), {
      type: 'failed',
      id: 'a',
      message: 'The upload could not finish.',
      retryable: true,
    });
    expect(queue.images[0]).toMatchObject({ phase: 'failed', stored: [{ width: 480 }] });
    expect(nextToUpload(queue)).toBeUndefined();
    const retried = run(queue, { type: 'retry', id: 'a' });
    expect(retried.images[0]).toMatchObject({ phase: 'waiting', message: undefined });
    expect(retried.images[0]!.stored).toHaveLength(1);
  });

  test('a final refusal offers no Retry: a retry action leaves it failed', () => {
    const queue = run(emptyImageQueue, ...uploaded('a').slice(0, 3), {
      type: 'failed',
      id: 'a',
      message: 'You may not upload or open this image.',
      retryable: false,
    });
    expect(run(queue, { type: 'retry', id: 'a' }).images[0]).toMatchObject({
      phase: 'failed',
      retryable: false,
    });
    expect(nextToUpload(queue)).toBeUndefined();
  });

  test('losing the connection makes an upload wait, not fail; a reload does the same', () => {
    const uploading = run(emptyImageQueue, ...uploaded('a').slice(0, 3));
    expect(run(uploading, { type: 'connection-lost', id: 'a' }).images[0]!.phase).toBe('waiting');
    expect(
      run(emptyImageQueue, { type: 'restored', images: uploading.images }).images[0]!.phase,
    ).toBe('waiting');
  });

  test('a reload right after the last width was stored finds the image done', () => {
    const lastStored = run(emptyImageQueue, ...uploaded('a')).images.map((image) => ({
      ...image,
      phase: 'uploading' as const,
    }));
    expect(run(emptyImageQueue, { type: 'restored', images: lastStored }).images[0]).toMatchObject({
      phase: 'done',
      progress: 1,
    });
  });

  test('reorder: earlier, later, to an index, cover; the ends stay put', () => {
    const queue = run(emptyImageQueue, ...uploaded('a'), ...uploaded('b'), ...uploaded('c'));
    expect(ids(run(queue, { type: 'moved', id: 'b', by: -1 }))).toEqual(['b', 'a', 'c']);
    expect(ids(run(queue, { type: 'moved', id: 'b', by: 1 }))).toEqual(['a', 'c', 'b']);
    expect(run(queue, { type: 'moved', id: 'a', by: -1 })).toBe(queue);
    expect(run(queue, { type: 'moved', id: 'c', by: 1 })).toBe(queue);
    expect(ids(run(queue, { type: 'made-cover', id: 'c' }))).toEqual(['c', 'a', 'b']);
    expect(ids(run(queue, { type: 'moved-to', id: 'a', index: 2 }))).toEqual(['b', 'c', 'a']);
  });

  test('at most ten images, each picked once; descriptions are capped', () => {
    let queue = emptyImageQueue;
    for (let i = 0; i < 12; i++) queue = run(queue, { type: 'picked', id: `i${i}`, fileName: 'x' });
    expect(queue.images).toHaveLength(10);
    expect(run(queue, { type: 'picked', id: 'i0', fileName: 'x' })).toBe(queue);
    const described = run(queue, { type: 'alt-changed', id: 'i0', alt: 'x'.repeat(250) });
    expect(described.images[0]!.alt).toHaveLength(200);
  });

  test('the document gets exactly the finished images, in order, with stable ids', () => {
    const queue = run(
      emptyImageQueue,
      ...uploaded('a'),
      { type: 'picked', id: 'b', fileName: 'b' },
      ...uploaded('c'),
      { type: 'alt-changed', id: 'c', alt: '  A lamp  ' },
      { type: 'made-cover', id: 'c' },
    );
    const images = imagesToSave(queue);
    expect(images.map((image) => [image.id, image.alt])).toEqual([
      ['c', 'A lamp'],
      ['a', ''],
    ]);
    expect(images[0]).toEqual({
      id: 'c',
      alt: 'A lamp',
      width: 960,
      height: 720,
      placeholder: 'hash',
      sizes: [
        { width: 480, url: url('c', 480) },
        { width: 960, url: url('c', 960) },
      ],
    });
    // Whatever is replayed (a retried save, a repeated upload answer), the list is the same.
    const replayed = run(queue, ...uploaded('a'), ...uploaded('c'));
    expect(imagesToSave(replayed)).toEqual(images);
  });

  test('an edit starts from the stored images, all done, and saves them unchanged', () => {
    const stored: ShowcaseImage[] = [
      {
        id: 's1',
        alt: 'Front',
        width: 960,
        height: 720,
        placeholder: '',
        sizes: [{ width: 960, url: url('s1', 960) }],
      },
    ];
    const queue = imageQueueFrom(stored);
    expect(hasPendingImages(queue)).toBe(false);
    expect(imagesToSave(queue)).toEqual(stored);
    expect(imagesToSave(run(queue, { type: 'removed', id: 's1' }))).toEqual([]);
  });
});
