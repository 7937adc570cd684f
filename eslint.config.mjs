import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';

// check-file's globs: PascalCase (a capital, then letters and digits) and kebab-case.
const PASCAL = '+([A-Z])*([a-zA-Z0-9])';
const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // WCAG checks a linter can see in markup (labels, roles, alt text, keyboard handlers beside click handlers).
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, 'simple-import-sort': simpleImportSort },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: '19' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      // One import order everywhere, fixed by `eslint --fix`, so diffs show changes rather than shuffles.
      // Side-effect imports (styles, slice registration) go last: a screen's own CSS then follows its
      // children's, as the cascade expects, and registration runs after the modules it extends.
      'simple-import-sort/imports': ['error', { groups: [['^node:', '^@?\\w'], ['^\\.\\.', '^\\.'], ['^\\u0000']] }],
      'simple-import-sort/exports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // RTK's lazy slices declare themselves with `interface LazyLoadedSlices extends WithSlice<...> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Memoized selectors come from reselect itself (the stack names it), not its re-export through RTK.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@reduxjs/toolkit',
              importNames: ['createSelector', 'createDraftSafeSelector'],
              message: "Import createSelector from 'reselect'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Screens and components never touch the network, storage or timers directly (ARCHITECTURE.md).
    files: ['src/**/screens/**/*.tsx', 'src/**/components/**/*.tsx', 'src/ui/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'axios', message: 'Screens dispatch events; sagas call the API.' },
            // Repeated from above: a later block's options replace the earlier ones for these files.
            {
              name: '@reduxjs/toolkit',
              importNames: ['createSelector', 'createDraftSafeSelector'],
              message: "Import createSelector from 'reselect'.",
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Storage is read by sagas through src/platform/storage.' },
        { name: 'sessionStorage', message: 'Storage is read by sagas through src/platform/storage.' },
      ],
    },
  },
  {
    // One file-naming style (docs/architecture.md "Naming"): a React component's file (and its test) is
    // PascalCase, every other file and every folder kebab-case. /work/tools/rename-files.mjs applies it.
    files: ['{src,server,scripts,config,__tests__}/**/*.{ts,tsx,js,cjs,mjs}'],
    ignores: ['server/db/migrations/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.tsx': `@(${PASCAL}|${KEBAB})`, '**/*.{ts,js,cjs,mjs}': KEBAB },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': KEBAB }, { ignoreWords: ['__tests__'] }],
    },
  },
  {
    // A component file stays readable in one screen: split it into named parts past 120 lines.
    // Blank lines and comments count: they are part of what a reader scrolls through.
    files: ['src/**/*.tsx'],
    ignores: ['**/__tests__/**', '**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 120, skipBlankLines: false, skipComments: false }] },
  },
  {
    // A function longer than a screenful or two is more than a reader holds at once; tests and generated code
    // read top to bottom and are exempt.
    files: ['{src,server,scripts,config}/**/*.{ts,tsx}'],
    ignores: [
      '**/__tests__/**',
      '**/*.test.{ts,tsx}',
      'server/test-support/**',
      'src/api/generated/**',
      'server/db/migrations/**',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
