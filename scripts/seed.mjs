// `npm run seed`: seeds the demo data into running emulators (idempotent; the ports come from the
// same SHOWCASE_*_PORT variables as `npm start`), then adds search terms to stored showcases that
// lack them (the migration `npm run migrate` runs on its own). `npm start` seeds a fresh, empty
// emulator whose demo showcases carry their terms, so it has nothing to migrate and skips it.
import { migrateSearchTerms, seedDemoData } from '@showcase/dev-stack';
import {
  failAgainstRunningStack,
  runningAppOrigin,
  runningStackClient,
  runningStorageHost,
} from './lib/running-stack.mjs';

try {
  const client = runningStackClient();
  const result = await seedDemoData(client, {
    appOrigin: runningAppOrigin(),
    storageHost: runningStorageHost(),
  });
  const migration = await migrateSearchTerms(client);
  console.log(
    `Seeded ${result.accountsCreated} accounts and ${result.documentsWritten} documents; added search terms to ${migration.changed} showcases stored without current ones.`,
  );
} catch (error) {
  failAgainstRunningStack('Seeding', error);
}
