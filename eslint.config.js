import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['out', 'dist', 'release', 'node_modules', 'test/e2e/__screenshots__'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  // Globals per environment, as the tsconfig.<env>.json files give the types: no folder sees
  // another environment's globals.
  {
    files: ['electron/**', 'node/**', 'cli/**', 'bench/**', 'scripts/**', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['renderer/**'],
    ignores: ['renderer/workers/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['renderer/workers/**'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // The tests run in Node; the component tests render into jsdom, the e2e tests evaluate in a page.
    files: ['test/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The page and its workers run in a browser: Node's globals are not there.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'require', 'Buffer', 'global', '__dirname'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Conversation text is shown as text, never as HTML.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render conversation text as text, never as HTML.',
        },
      ],
    },
  },
  {
    // The app reads the core, never the command-line tool: what both show lives in src/.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/cli', '**/cli/*'], message: 'renderer/ imports the core (@core), not cli/.' },
          ],
        },
      ],
    },
  },
  {
    // Workers answer the page; they never reach into its store (flat config replaces the list
    // above for these files, so it is repeated).
    files: ['renderer/workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/cli', '**/cli/*'], message: 'renderer/ imports the core (@core), not cli/.' },
            { group: ['**/store', '**/store/*'], message: 'Workers import nothing from the store.' },
          ],
        },
      ],
    },
  },
  {
    // The core is pure: the app, the CLI and the tests all call it, in any process.
    files: ['src/**/*.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/ is pure: no Node modules.' },
            { group: ['electron', 'electron/*'], message: 'src/ is pure: no Electron.' },
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*'], message: 'src/ is pure: no UI.' },
            { group: ['fs', 'path', 'os', 'child_process', 'worker_threads', 'url', 'crypto'], message: 'src/ is pure: no Node modules.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'Buffer', 'navigator', 'localStorage'],
    },
  },
)
