// `npm run seed`: seeds the demo data into running emulators (idempotent; the ports come from the
// same SHOWCASE_*_PORT variables as `npm start`), then adds search terms to stored showcases and
// profiles that lack them (the migration `npm run migrate` runs on its own). `npm start` seeds a
// fresh, empty emulator whose demo documents carry their terms, so it has nothing to migrate.
import { migrateSearchFields, seedDemoData } from '@showcase/dev-stack';
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
  const { showcases, profiles } = await migrateSearchFields(client);
  console.log(
    `Seeded ${result.accountsCreated} accounts and ${result.documentsWritten} documents; added search terms to ${showcases.changed} showcases and name terms to ${profiles.changed} profiles stored without current ones.`,
  );
} catch (error) {
  failAgainstRunningStack('Seeding', error);
}
