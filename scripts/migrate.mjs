// `npm run migrate`: writes `searchTerms` on every showcase and `nameTerms` on every profile in the
// running Firestore emulator that lack them or hold stale ones (idempotent; `npm run seed` runs the
// same step after seeding).
import { migrateSearchFields } from '@showcase/dev-stack';
import { failAgainstRunningStack, runningStackClient } from './lib/running-stack.mjs';

try {
  const { showcases, profiles } = await migrateSearchFields(runningStackClient());
  console.log(
    `Examined ${showcases.examined} showcases and ${profiles.examined} profiles; added or refreshed search terms on ${showcases.changed} showcases and name terms on ${profiles.changed} profiles.`,
  );
} catch (error) {
  failAgainstRunningStack('Migrating', error);
}
