// `npm run migrate`: writes `searchTerms` on every showcase in the running Firestore emulator that
// lacks them or holds stale ones (idempotent; `npm run seed` runs the same step after seeding).
import { migrateSearchTerms } from '@showcase/dev-stack';
import { failAgainstRunningStack, runningStackClient } from './lib/running-stack.mjs';

try {
  const { examined, changed } = await migrateSearchTerms(runningStackClient());
  console.log(`Examined ${examined} showcases; added or refreshed search terms on ${changed}.`);
} catch (error) {
  failAgainstRunningStack('Migrating', error);
}
