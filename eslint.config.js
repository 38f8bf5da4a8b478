// One flat config for the whole monorepo. Every rule is an error: CI runs with --max-warnings=0.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TRANSPORT = 'packages/emulator/src/transport';
const TRANSPORT_ADAPTERS = ['http', 'webchannel', 'grpc'];

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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/dev-dist/**',
      '.data/**',
      // Vendored from firebase-js-sdk, kept byte-for-byte apart from the shims its README lists.
      'packages/emulator/test/sdk-suite/upstream/**',
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A regex, not gitignore globs: 'firebase/*' would also match '../lib/firebase/x'.
              regex: '^@?firebase(/|$)',
              message:
                'Only apps/web/src/lib/firebase/ talks to the Firebase SDK; import from there.',
            },
          ],
        },
      ],
    },
  },
  // Screen tests run in the browser too (their Node-side support files are plain Node).
  {
    files: ['apps/web/screens/**/*.{ts,tsx}'],
    ignores: ['apps/web/screens/support/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/lib/firebase/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Transports are adapters under the composition root: they never reach up into admin/. Each
  // adapter folder (http, webchannel, grpc) also stays out of the others: what two of them share
  // (codec, RPC table, streams, status, HTTP helpers) lives in transport/ itself.
  ...transportBoundaries(),
  // Emulator cores never reach for an adapter: transports depend on the service, not the reverse.
  {
    files: ['packages/emulator/src/{model,query,rules,store,service}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/transport/**', '**/server', '**/server.js', '**/cli', '**/cli.js'],
              message: 'Cores (model, query, rules, store, service) must not import transports.',
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
