// `npm run seed`: seeds the demo data into running emulators (idempotent; the ports come from the
// same SHOWCASE_*_PORT variables as `npm start`).
import { EmulatorClient, portFromEnv, seedDemoData } from '@showcase/dev-stack';

const at = (envVar, fallback) => `http://127.0.0.1:${portFromEnv(envVar, fallback)}`;
try {
  const client = new EmulatorClient({
    authUrl: at('SHOWCASE_AUTH_PORT', 9099),
    firestoreUrl: at('SHOWCASE_FIRESTORE_PORT', 8080),
  });
  const result = await seedDemoData(client, { appOrigin: at('SHOWCASE_WEB_PORT', 5173) });
  console.log(
    `Seeded ${result.accountsCreated} accounts and ${result.documentsWritten} documents.`,
  );
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error('Are the emulators running? Start them with npm start.');
  process.exit(1);
}
