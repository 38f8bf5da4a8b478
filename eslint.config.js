// One flat config for the whole monorepo. Every rule is an error: CI runs with --max-warnings=0.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TRANSPORT = 'packages/emulator/src/transport';
const TRANSPORT_ADAPTERS = ['http', 'webchannel', 'grpc', 'storage-http'];

function transportBoundaries() {
  const upward = {
    group: ['**/admin/**', '**/server', '**/server.js', '**/cli', '**/cli.js'],
    message: 'Transports must not import admin/, server or cli; server.ts wires them.',
  };
  const adapterImports = (adapters) => ({
    group: adapters.map((adapter) => `**/${adapter}/**`),
    message:
      'A transport adapter never imports another (or is imported by transport/ itself); move what they share into transport/.',
  });
  return [
    {
      files: [`${TRANSPORT}/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [upward, adapterImports(TRANSPORT_ADAPTERS)] },
        ],
      },
    },
    ...TRANSPORT_ADAPTERS.map((adapter) => ({
      files: [`${TRANSPORT}/${adapter}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [upward, adapterImports(TRANSPORT_ADAPTERS.filter((a) => a !== adapter))],
          },
        ],
      },
    })),
  ];
}

const WEB = 'apps/web/src';
const SHARED = ['components', 'hooks', 'lib', 'utils', 'config', 'theme'];
const FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's import flow, shared -> features -> app, as `no-restricted-imports` patterns per
 * folder. Imports are relative, so the patterns are regexes over the written path: a path that
 * names a `features/` segment, climbs (`../`) into `app/` or `first-paint/`, or climbs into a
 * sibling feature's folder. (A config for a file replaces the rule's options, so each one
 * repeats the SDK boundary.)
 */
function webBoundaries() {
  const sdk = {
    // A regex, not gitignore globs: 'firebase/*' would also match '../lib/firebase/x'.
    regex: '^@?firebase(/|$)',
    message: 'Only apps/web/src/lib/firebase/ talks to the Firebase SDK; import from there.',
  };
  const anyFeature = {
    regex: '(^|/)features(/|$)',
    message:
      'Shared code (components, hooks, lib, utils, config, theme) and first-paint/ never import a feature; move what both need into shared code.',
  };
  const app = {
    regex: '^(\\.\\./)+(app(/|$)|main$)',
    message: 'Only app/ composes features into routes; nothing imports it back.',
  };
  const firstPaint = {
    regex: '^(\\.\\./)+first-paint(/|$)',
    message:
      'first-paint/ is its own bundle, inlined into index.html; the app meets it only through lib/first-paint-hand-over.ts.',
  };
  const internals = (features) => ({
    // `../../gallery` (its index.ts) is a feature's public surface; anything under it is not.
    regex: `^\\.\\.?/(.*/)?(${features.join('|')})/.`,
    message:
      "Import a feature only through its index.ts (its public surface), never another feature's files.",
  });
  const restrict = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  return [
    restrict([`${WEB}/{${SHARED.join(',')}}/**/*.{ts,tsx}`], [sdk, anyFeature, app, firstPaint]),
    // The SDK's own folder: the layers still hold, the SDK boundary does not.
    restrict([`${WEB}/lib/firebase/**/*.{ts,tsx}`], [anyFeature, app, firstPaint]),
    // The differential test reads the first paint's REST requests beside the SDK's queries.
    restrict([`${WEB}/lib/firebase/first-paint-rest.test.ts`], [anyFeature, app]),
    // The first paint is plain DOM over shared code: no feature, no app.
    restrict([`${WEB}/first-paint/**/*.{ts,tsx}`], [sdk, anyFeature, app]),
    ...FEATURES.map((feature) =>
      restrict(
        [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
        [
          sdk,
          app,
          firstPaint,
          internals(FEATURES.filter((other) => other !== feature)),
          {
            // Within a feature, import the file itself: through the index it would be a cycle.
            regex: `^\\.\\.?(/\\.\\.)*(/index)?$|^(\\.\\./)+(features/)?${feature}(/index)?$`,
            message: "Inside a feature, import the file itself, not the feature's index.ts.",
          },
        ],
      ),
    ),
    restrict([`${WEB}/{app/**/*,main}.{ts,tsx}`], [sdk, firstPaint, internals(FEATURES)]),
    // Test helpers sit above app/: the screen tests' renderApp composes the whole app as main.tsx
    // does. The app never imports them.
    restrict([`${WEB}/testing/**/*.{ts,tsx}`], [sdk, firstPaint, internals(FEATURES)]),
    {
      // The Firestore SDK is loaded on demand (lib/firebase/sdk.ts): a static import would put it
      // back before every data screen's first render.
      files: [`${WEB}/**/*.{ts,tsx}`],
      ignores: [`${WEB}/lib/firebase/firestore-functions.ts`, `${WEB}/**/*.test.{ts,tsx}`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: 'firebase/firestore',
                allowTypeImports: true,
                message:
                  'Call the SDK through lib/firebase/sdk.ts, which loads it on demand; types may be imported.',
              },
            ],
          },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The function's deploy bundle (functions/scripts/build.mjs).
      'functions/lib/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/dev-dist/**',
      '.data/**',
      // Vendored from firebase-js-sdk, kept byte-for-byte apart from the shims its README lists.
      'packages/emulator/test/sdk-suite/upstream/**',
      'packages/emulator/test/storage-sdk-suite/upstream/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  // The web app: browser globals, hooks rules, and the SDK boundary.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Imports flow shared -> features -> app; first-paint/ sits beside features, over shared code.
  ...webBoundaries(),
  // Screen tests run in the browser too (their Node-side support files are plain Node).
  {
    files: ['apps/web/screens/**/*.{ts,tsx}'],
    ignores: ['apps/web/screens/support/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Transports are adapters under the composition root: they never reach up into admin/. Each
  // adapter folder (http, webchannel, grpc, storage-http) also stays out of the others: what two of them share
  // (codec, RPC table, streams, status, HTTP helpers) lives in transport/ itself.
  ...transportBoundaries(),
  // The link-preview function's core is pure: no transport, no SDK (serve.ts and
  // firestore-reader.ts are its adapters).
  {
    files: ['functions/src/preview-page.ts', 'functions/src/rewrites.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'firebase-admin',
                'firebase-admin/*',
                'firebase-functions',
                'firebase-functions/*',
                './serve*',
                './firestore-reader*',
                './index*',
              ],
              message:
                'The preview core is pure; I/O lives in serve.ts, firestore-reader.ts and index.ts.',
            },
          ],
        },
      ],
    },
  },
  // Emulator cores never reach for an adapter: transports depend on the service, not the reverse.
  {
    files: ['packages/emulator/src/{model,query,rules,store,service,storage}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/transport/**', '**/server', '**/server.js', '**/cli', '**/cli.js'],
              message:
                'Cores (model, query, rules, store, service, storage) must not import transports.',
            },
            {
              group: ['node:http', 'node:http2', 'node:net', '@grpc/*'],
              message: 'Cores are transport-free; wire concerns live in src/transport/.',
            },
          ],
        },
      ],
    },
  },
);
