import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import judging from './scripts/lint/no-catch-all.mjs';

export default tseslint.config(
  { ignores: ['node_modules/**', 'reports/out/**', 'load/out/**', 'spec/types/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Unused names are errors, except deliberately ignored ones written with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Where checks are judged, a catch names what it handles: a finding or a failed expectation always propagates.
    files: ['suites/**/*.ts', 'harness/check/**/*.ts'],
    ignores: ['harness/check/**/*.test.ts'],
    plugins: { judging },
    rules: { 'judging/no-catch-all': 'error' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
