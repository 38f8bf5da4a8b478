// Export and import of Storage objects: `storage/objects.json` (every object's metadata) and
// one file per object's bytes in a fresh `storage/blobs-{id}/` folder, under the same directory
// as the Firestore export. The metadata file is renamed into place last and older blob folders
// are removed only after it, so a crash mid-export never leaves it pointing at missing bytes.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Timestamp } from '../model/types.js';
import type { ObjectStore } from './object-store.js';
import type { StoredObject } from './types.js';

export const STORAGE_EXPORT_DIR = 'storage';
const METADATA_FILE = 'objects.json';
const FORMAT = 'showcase-storage-emulator-export';

type ExportedObject = Omit<StoredObject, 'data'> & { readonly blob: string };
type ExportFile = { format: typeof FORMAT; version: 1; objects: ExportedObject[] };

export async function exportObjects(objects: ObjectStore, dir: string): Promise<void> {
  const root = join(dir, STORAGE_EXPORT_DIR);
  const blobs = `blobs-${Date.now()}-${process.pid}`;
  await mkdir(join(root, blobs), { recursive: true });
  const exported: ExportedObject[] = [];
  let n = 0;
  for (const object of objects.all()) {
    const blob = `${blobs}/${n++}`;
    await writeFile(join(root, blob), object.data);
    const { data: _data, ...metadata } = object;
    exported.push({ ...metadata, blob });
  }
  const file: ExportFile = { format: FORMAT, version: 1, objects: exported };
  const path = join(root, METADATA_FILE);
  const temporary = `${path}.tmp-${process.pid}`;
  await writeFile(temporary, JSON.stringify(file, null, 1) + '\n', 'utf8');
  await rename(temporary, path);
  for (const entry of await readdir(root)) {
    if (entry.startsWith('blobs') && entry !== blobs) {
      await rm(join(root, entry), { recursive: true, force: true });
    }
  }
}

function isTimestamp(value: unknown): value is Timestamp {
  const t = value as Timestamp;
  return (
    typeof t === 'object' && t !== null && Number.isInteger(t.seconds) && Number.isInteger(t.nanos)
  );
}

/** The objects exported under `dir`, or undefined when it holds no Storage export. */
export async function importObjects(dir: string): Promise<StoredObject[] | undefined> {
  const root = join(dir, STORAGE_EXPORT_DIR);
  let text: string;
  try {
    text = await readFile(join(root, METADATA_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const file = JSON.parse(text) as ExportFile;
  if (file.format !== FORMAT || !Array.isArray(file.objects)) {
    throw new Error(`${join(root, METADATA_FILE)} is not a Storage emulator export`);
  }
  const out: StoredObject[] = [];
  for (const entry of file.objects) {
    if (
      typeof entry.blob !== 'string' ||
      !/^blobs-\d+-\d+\/\d+$/.test(entry.blob) ||
      typeof entry.name !== 'string' ||
      typeof entry.bucket !== 'string' ||
      !isTimestamp(entry.timeCreated) ||
      !isTimestamp(entry.updated)
    ) {
      throw new Error(`${join(root, METADATA_FILE)} has a malformed object entry`);
    }
    const { blob, ...metadata } = entry;
    out.push({ ...metadata, data: await readFile(join(root, blob)) });
  }
  return out;
}
