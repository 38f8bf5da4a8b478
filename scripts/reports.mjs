// `npm run reports`: a moderator's view of `reports/{id}`, which no client may read, through the
// Admin SDK (it bypasses firestore.rules). Against the running emulators by default; with
// `--project <id>` against that Firebase project, signed in as Application Default Credentials
// (`gcloud auth application-default login`, or GOOGLE_APPLICATION_CREDENTIALS).
//
//   npm run reports                          the newest 50 reports with what they point at
//   npm run reports -- --limit 200
//   npm run reports -- --dismiss <reportId>  nothing to do: the report is deleted
//   npm run reports -- --remove <reportId>   a comment is deleted (its counter moved in the same
//                                            batch); a showcase is unpublished (back to a draft
//                                            its owner still sees); then the report is deleted
import { parseArgs } from 'node:util';
import { PROJECT_ID, portFromEnv } from '@showcase/dev-stack';

const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    limit: { type: 'string', default: '50' },
    dismiss: { type: 'string' },
    remove: { type: 'string' },
  },
});

if (values.project === undefined) {
  // The Admin SDK talks to an emulator when this is set (gRPC, like the Node client SDK).
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${portFromEnv('SHOWCASE_FIRESTORE_PORT', 8080)}`;
}

const { initializeApp, deleteApp } = await import('firebase-admin/app');
const { FieldValue, getFirestore } = await import('firebase-admin/firestore');
const app = initializeApp({ projectId: values.project ?? PROJECT_ID }, 'showcase-reports');
const db = getFirestore(app);

/** What a report points at now, in a line: a showcase's title and status, a comment's text. */
async function describeTarget(target) {
  const snapshot = await db.doc(target).get();
  if (!snapshot.exists) return 'gone (already deleted)';
  const data = snapshot.data();
  if (target.includes('/comments/'))
    return `comment by ${data.authorName} (${data.authorUid}): ${JSON.stringify(String(data.text).slice(0, 200))}`;
  return `showcase "${data.title}" by ${data.ownerName} (${data.ownerUid}), ${data.status}`;
}

async function list(max) {
  const reports = await db.collection('reports').orderBy('createdAt', 'desc').limit(max).get();
  if (reports.empty) {
    console.log('No reports.');
    return;
  }
  for (const report of reports.docs) {
    const { createdAt, reason, note, reporterUid, target } = report.data();
    console.log(`${report.id}  ${createdAt?.toDate().toISOString() ?? '?'}  ${reason}`);
    console.log(`  target:   ${target}`);
    console.log(`  now:      ${await describeTarget(target)}`);
    if (note) console.log(`  note:     ${JSON.stringify(note)}`);
    console.log(`  reporter: ${reporterUid}`);
  }
}

async function remove(reportId) {
  const report = await db.doc(`reports/${reportId}`).get();
  if (!report.exists) throw new Error(`No report ${reportId}.`);
  const { target } = report.data();
  const batch = db.batch();
  const subject = await db.doc(target).get();
  if (subject.exists && target.includes('/comments/')) {
    const showcase = db.doc(target.split('/comments/')[0]);
    batch.delete(subject.ref);
    // The counter and its marker move with the comment, as the app's own delete does.
    batch.update(showcase, {
      commentCount: FieldValue.increment(-1),
      lastCommentWrite: subject.id,
    });
  } else if (subject.exists) {
    batch.update(subject.ref, { status: 'draft', updatedAt: FieldValue.serverTimestamp() });
  }
  batch.delete(report.ref);
  await batch.commit();
  console.log(
    `${target}: ${subject.exists ? 'removed' : 'already gone'}; report ${reportId} closed.`,
  );
}

try {
  if (values.dismiss) {
    await db.doc(`reports/${values.dismiss}`).delete();
    console.log(`Report ${values.dismiss} dismissed.`);
  } else if (values.remove) {
    await remove(values.remove);
  } else {
    await list(Number.parseInt(values.limit, 10) || 50);
  }
} catch (error) {
  console.error(`Reports: ${error instanceof Error ? error.message : String(error)}`);
  if (values.project === undefined)
    console.error('Are the emulators running? Start them with npm start.');
  process.exitCode = 1;
} finally {
  await deleteApp(app);
}
