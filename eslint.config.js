// Lint is where the architecture is enforced: the dependency arrows of design.md
// (schemas, locales <- engine <- server; engine <- src) are rules here, not a memory.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'dist.next-*/**', 'dist.previous-*/**', 'storybook-static-*/**', 'storybook-static/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // Our imports are relative and extensionless; the node resolver with TS extensions finds them.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Cycles and zones are about our code: never parse packages (it is slow, and some overflow the parser).
      'import/ignore': ['node_modules'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // schemas/ and locales/ are data: they import nothing of ours.
            { target: './schemas', from: ['./engine', './server', './src', './stories', './tests', './locales'], message: 'schemas/ is data only.' },
            // engine/ runs unchanged in the browser and the server.
            { target: './engine', from: ['./server', './src', './stories', './tests'], message: 'engine/ may import only schemas/ and locales/.' },
            { target: './server', from: ['./src', './stories'], message: 'server/ never imports the browser app.' },
            { target: './src', from: ['./server'], message: 'src/ talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // The framework-free engine must not grow a React dependency outside its renderer folder.
    files: ['engine/**/*.{ts,tsx}'],
    ignores: ['engine/react/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@mui/*', '@rjsf/core', '@rjsf/mui', 'react-admin'], message: 'Only engine/react/ may use React.' }] }],
    },
  },
);
