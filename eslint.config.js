// @ts-check
import { readdirSync } from 'node:fs';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const dirs = (path) => {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

// Layout rules of ARCHITECTURE section 2, one zone per folder so a new feature or module is
// covered without touching this file.
const webFeatureZones = dirs('apps/web/src/features').map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; compose them in app/.',
}));
const serverModules = dirs('apps/server/src/modules');
const serverModuleZones = serverModules.map((name) => ({
  target: `./apps/server/src/modules/${name}/**`,
  from: serverModules
    .filter((o) => o !== name)
    .map((o) => `./apps/server/src/modules/${o}/**/!(*.service).ts`),
  message: 'A module uses another module only through its service.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.bench/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatureZones,
            ...serverModuleZones,
            {
              target: ['./apps/web/src/features', './apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/app',
              message: 'app/ composes features; features and shared code never import from it.',
            },
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: 'Platform plugins must not depend on domain modules.',
            },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
