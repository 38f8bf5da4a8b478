// `npm run seed`: seeds the demo data into running emulators (idempotent; the ports come from the
// same SHOWCASE_*_PORT variables as `npm start`), then adds search terms to stored showcases that
// lack them (the migration `npm run migrate` runs on its own).
import { seedDemoData } from '@showcase/dev-stack';
import {
  failAgainstRunningStack,
  runningAppOrigin,
  runningStackClient,
} from './lib/running-stack.mjs';

try {
  const result = await seedDemoData(runningStackClient(), { appOrigin: runningAppOrigin() });
  console.log(
    `Seeded ${result.accountsCreated} accounts and ${result.documentsWritten} documents; added search terms to ${result.searchTermsBackfilled} showcases stored without current ones.`,
  );
} catch (error) {
  failAgainstRunningStack('Seeding', error);
}
