import { describe, expect, it } from 'vitest';
import { formatReport, measureRoutes } from './route-sizes.mjs';

// A build in miniature: the entry imports the shell; the gallery screen imports the data
// layer, which the Auth chunk shares with nobody; the search field is lazy in the app bar.
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shell.js'] },
  '_shell.js': { file: 'assets/shell.js' },
  'src/lib/firebase/auth.ts': { file: 'assets/auth.js', imports: ['_shell.js', '_app.js'] },
  '_app.js': { file: 'assets/app.js' },
  'src/gallery.tsx': { file: 'assets/gallery.js', imports: ['_data.js', '_app.js', '_shell.js'] },
  '_data.js': { file: 'assets/data.js', css: ['assets/data.css'] },
  'src/search.tsx': { file: 'assets/search.js', imports: ['_shell.js'] },
  'src/welcome.tsx': { file: 'assets/welcome.js' },
};
const bytes = {
  'assets/index.js': 100 * 1024,
  'assets/shell.js': 20 * 1024,
  'assets/auth.js': 30 * 1024,
  'assets/app.js': 5 * 1024,
  'assets/gallery.js': 40 * 1024,
  'assets/data.js': 150 * 1024,
  'assets/search.js': 2 * 1024,
  'assets/welcome.js': 4 * 1024,
};
const sizeOf = (file) => bytes[file];
const routes = [
  { route: '/', viewer: 'visitor', screen: 'src/gallery.tsx', lazySlots: ['src/search.tsx'] },
  {
    route: '/welcome',
    viewer: 'visitor',
    screen: 'src/welcome.tsx',
    lazySlots: ['src/search.tsx'],
  },
];

describe('measureRoutes', () => {
  it('counts the entry and the screen with their static imports, each file once', () => {
    const report = measureRoutes({ manifest, sizeOf, routes });
    expect(report.entry).toEqual({ files: ['assets/index.js', 'assets/shell.js'], gzipKb: 120 });
    const [gallery] = report.routes;
    // The shared app chunk comes with Auth at start-up, so the screen does not count it again.
    expect(gallery.firstPaintFiles).toEqual([
      'assets/index.js',
      'assets/shell.js',
      'assets/gallery.js',
      'assets/data.js',
    ]);
    expect(gallery.firstPaintKb).toBe(310);
    expect(gallery.screenChunksKb).toBe(190);
    expect(gallery.withLazySlotsKb).toBe(312);
    expect(gallery.withAuthKb).toBe(347);
  });

  it('holds each budgeted route to its budget and leaves the others unbudgeted', () => {
    const [gallery, welcome] = measureRoutes({ manifest, sizeOf, routes }).routes;
    expect(gallery).toMatchObject({ budgetKb: 300, overBudget: true });
    expect(welcome).toMatchObject({ budgetKb: 165, firstPaintKb: 124, overBudget: false });
    const unbudgeted = measureRoutes({
      manifest,
      sizeOf,
      routes: [{ route: '/signin', viewer: 'visitor', screen: 'src/welcome.tsx', lazySlots: [] }],
    }).routes[0];
    expect(unbudgeted).toMatchObject({ budgetKb: null, overBudget: false });
    expect(formatReport(measureRoutes({ manifest, sizeOf, routes }))).toMatch(
      /^\/ +visitor +310 KB {2}≤ 300 OVER/mu,
    );
  });

  it('counts the Firestore SDK apart when the data layer loads it on demand', () => {
    const withSdk = {
      ...manifest,
      'src/lib/firebase/firestore-functions.ts': {
        file: 'assets/firestore-functions.js',
        imports: ['_app.js'],
      },
    };
    const sized = (file) => (file === 'assets/firestore-functions.js' ? 108 * 1024 : sizeOf(file));
    const report = measureRoutes({ manifest: withSdk, sizeOf: sized, routes });
    // The app chunk comes with Auth, so the SDK's own file is all it adds.
    expect(report.firestore).toEqual({ files: ['assets/firestore-functions.js'], gzipKb: 108 });
    expect(report.routes[0].firestore).toBe('on demand');
    expect(formatReport(report)).toMatch(/^Firestore SDK \(dynamic import .*\): 108 KB gzip$/mu);
  });

  it('refuses a route module the build does not have', () => {
    expect(() =>
      measureRoutes({
        manifest,
        sizeOf,
        routes: [{ route: '/', viewer: 'visitor', screen: 'src/renamed.tsx', lazySlots: [] }],
      }),
    ).toThrow(/src\/renamed\.tsx is not in the build's manifest/u);
  });

  it('lists modules that exist in the real build', async () => {
    // Every key of ROUTES names a source file, so a rename shows up here before a build.
    const { ROUTES } = await import('./route-sizes.mjs');
    const { existsSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const webRoot = fileURLToPath(new URL('..', import.meta.url));
    for (const { screen, lazySlots } of ROUTES) {
      for (const key of [screen, ...lazySlots]) expect(existsSync(webRoot + key), key).toBe(true);
    }
  });
});
