import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import patterns of the portal, the server and the schemas, and of the UI libraries, for the boundary rules.
const APP_SIDES = ['@/*', '@server/*', '@schemas/*'];
const UI_LIBRARIES = ['react', 'react-dom', 'antd', '@formily/react', '@formily/antd-v5'];

// eval and new Function are refused everywhere (the portal runs under a CSP without unsafe-eval).
const NO_EVAL = [
  {
    selector: "NewExpression[callee.name='Function']",
    message: 'No new Function: the portal runs without unsafe-eval.',
  },
  {
    selector: "CallExpression[callee.name='eval']",
    message: 'No eval: the portal runs without unsafe-eval.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-bench',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'bench-results',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Rules of hooks, exhaustive deps and the React Compiler's correctness rules (purity, globals, ...), all errors.
    // Five compiler rules still flag existing patterns (ref caches read during render, loading state set in an
    // effect, a component built in render); they stay off until those screens are reworked.
    files: ['**/*.tsx', 'src/**/*.ts', 'renderer/react/**/*.ts'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...Object.fromEntries(
        Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error']),
      ),
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/static-components': 'off',
      'react-hooks/use-memo': 'off',
    },
  },
  { files: ['**/*.{js,mjs,ts,tsx}'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...NO_EVAL],
    },
  },
  {
    // antd's static message, notification and Modal.confirm/info/... render outside the portal's
    // ConfigProvider (src/AntdRoot.tsx): no accessible theme, and motion under reduced motion. Screens use
    // App.useApp()'s (or the renderer's) instead.
    files: ['src/**/*.{ts,tsx}', 'renderer/react/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_EVAL,
        {
          selector:
            "ImportDeclaration[source.value='antd'] > ImportSpecifier[imported.name=/^(message|notification)$/]",
          message: "antd's static message and notification ignore the portal's theme: use App.useApp().",
        },
        {
          selector:
            "CallExpression[callee.object.name='Modal'][callee.property.name=/^(confirm|info|success|error|warning)$/]",
          message: "antd's static Modal methods ignore the portal's theme: use App.useApp().modal.",
        },
      ],
    },
  },
  {
    // E2e tests wait for what they need (a locator's state, expect.poll, a process's exit), never for a
    // fixed time: a fixed wait is too short on a busy machine and too long on a quiet one. Waiting for a
    // helper is fixtures.ts's untilAnswers / stopProcess; its own timers are deadlines, not waits.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_EVAL,
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed waits in e2e: wait for a state (expect, expect.poll, a locator).',
        },
        {
          selector: "CallExpression[callee.name='setTimeout']",
          message: 'No fixed waits in e2e: wait for a state (expect.poll, untilAnswers, stopProcess).',
        },
      ],
    },
  },
  {
    // The renderer is a library: it never reaches into the portal, the server or the schemas.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/*', '@server/*', '@schemas/*', '**/src/*', '**/server/*'] },
      ],
    },
  },
  {
    // renderer/core is shared with the server: no React.
    files: ['renderer/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...APP_SIDES, ...UI_LIBRARIES] }] },
  },
  {
    // The contract is the portal's and the server's common ground: plain data and functions, no React, no
    // browser or Node globals, and nothing from either side (nor the renderer).
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...APP_SIDES,
            '@renderer/*',
            '**/src/*',
            '**/server/*',
            '**/renderer/*',
            ...UI_LIBRARIES,
            'node:*',
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'navigator',
        'process',
        'Buffer',
      ],
    },
  },
  {
    // The server (and the products' server plugins) never imports the portal or the React renderer.
    files: ['server/**/*.ts', 'products/*/server/**/*.ts', 'tests/fixtures/*/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/*', '**/src/*', '@renderer/react*', '**/renderer/react/*'] },
      ],
    },
  },
);
