import type { Firestore } from 'firebase/firestore';
import { addDoc, collection, serverTimestamp } from './sdk';
import type { ReportInput } from '@showcase/schema';
import { trackWrite } from './connection-store';

/**
 * Files a report (`validateReport` first). Nobody reads reports from a client: moderators see
 * them in the console or through the Admin SDK.
 */
export function createReport(
  db: Firestore,
  reporterUid: string,
  report: ReportInput,
): Promise<void> {
  return trackWrite(
    addDoc(collection(db, 'reports'), {
      reporterUid,
      target: report.target,
      reason: report.reason,
      ...(report.note === null ? {} : { note: report.note }),
      createdAt: serverTimestamp(),
    }).then(() => undefined),
  );
}
