// Import and export of all data to a directory: one JSON file per database (REST value
// encoding) plus a manifest. Every file is written to a temporary name and renamed, and the
// manifest goes last, so a crash mid-export never leaves a manifest pointing at partial data.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDatabaseName } from '../model/paths.js';
import type { Document, Timestamp } from '../model/types.js';
import { compareTimestamps } from '../model/values.js';
import {
  formatTimestamp,
  fromJsonDocument,
  toJsonDocument,
  type JsonDocument,
} from './export-codec.js';
import type { Store } from './store.js';

export const MANIFEST_FILE = 'firestore-export.json';
export const EXPORT_FORMAT = 'showcase-firestore-emulator-export';
export const EXPORT_VERSION = 1;

export type ExportManifest = {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportTime: string;
  databases: { database: string; file: string; documentCount: number }[];
};

type DatabaseFile = { database: string; documents: JsonDocument[] };

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.tmp-${process.pid}-${Date.now()}`;
  await writeFile(temporary, content, 'utf8');
  await rename(temporary, path);
}

function databaseFileName(database: string): string {
  const { projectId, databaseId } = parseDatabaseName(database);
  return `databases/${encodeURIComponent(projectId)}.${encodeURIComponent(databaseId)}.json`;
}

/** Writes every database of `store` under `dir` (created if needed). */
export async function exportStore(
  store: Store,
  dir: string,
  exportTime: Timestamp,
): Promise<ExportManifest> {
  await mkdir(join(dir, 'databases'), { recursive: true });
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportTime: formatTimestamp(exportTime),
    databases: [],
  };
  for (const database of store.databases().sort()) {
    const documents = [...store.databaseDocuments(database)]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(toJsonDocument);
    const file = databaseFileName(database);
    const content: DatabaseFile = { database, documents };
    await writeAtomically(join(dir, file), JSON.stringify(content, null, 1) + '\n');
    manifest.databases.push({ database, file, documentCount: documents.length });
  }
  await writeAtomically(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

export type ImportedData = {
  readonly databases: readonly {
    readonly database: string;
    readonly documents: readonly Document[];
  }[];
  /** The greatest create/update time in the data; the clock must move past it. */
  readonly maxTime: Timestamp | null;
};

/** Reads an export written by exportStore. Throws with a clear message when it is not one. */
export async function readExport(dir: string): Promise<ImportedData> {
  let manifestText: string;
  try {
    manifestText = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    throw new Error(`No emulator export found in ${dir} (missing ${MANIFEST_FILE}).`, {
      cause: error,
    });
  }
  const manifest = JSON.parse(manifestText) as ExportManifest;
  if (manifest.format !== EXPORT_FORMAT || manifest.version !== EXPORT_VERSION) {
    throw new Error(`${join(dir, MANIFEST_FILE)} is not a supported emulator export.`);
  }
  let maxTime: Timestamp | null = null;
  const databases = [];
  for (const entry of manifest.databases) {
    const content = JSON.parse(await readFile(join(dir, entry.file), 'utf8')) as DatabaseFile;
    const documents = content.documents.map(fromJsonDocument);
    for (const doc of documents) {
      parseDatabaseName(entry.database);
      if (!doc.name.startsWith(`${entry.database}/documents/`)) {
        throw new Error(
          `Document ${doc.name} in ${entry.file} is not in database ${entry.database}.`,
        );
      }
      for (const time of [doc.createTime, doc.updateTime]) {
        if (maxTime === null || compareTimestamps(time, maxTime) > 0) maxTime = time;
      }
    }
    databases.push({ database: entry.database, documents });
  }
  return { databases, maxTime };
}
