import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Where code runs decides what it may use: client/ and shared/ ship in the browser bundle (shared/
// is rendered on the server too, so it imports nothing from server/ or Node), server/ runs in Node alone.
const BROWSER_CODE = ['client/**', 'shared/**'];
const NODE_CODE = ['server/**'];

/** What code that ships in the browser may not import (pattern: reason, or the rule's pattern options). */
const BROWSER_IMPORTS = {
  '^node:': 'client/ and shared/ run in the browser: no Node modules here.',
  '^(.*/)?server(/|$)': 'client/ and shared/ must not import server code; pass values in from the server instead.',
  // Through the package's index, esbuild puts every icon the site uses in one chunk that each page loading any icon fetches.
  '^lucide$': {
    message:
      "Import each icon from 'lucide/dist/esm/icons/<name>.mjs' (drawn by shared/components/Icon.tsx), so each chunk carries only its own icons.",
    allowTypeImports: true,
  },
  '^lucide-react(/|$)':
    "Draw icons with shared/components/Icon.tsx and lucide's shapes: lucide-react's renderer is 1.5 KB on every page that hydrates one.",
  // Either brings in React Router's DOM module, about 6 KB on every page.
  '^react-router$': {
    importNames: ['Link', 'NavLink', 'useSearchParams'],
    message:
      'Link to pages with shared/components/Link.tsx (a plain anchor that client/pageLinks.ts follows) and read the query with shared/components/useSearchParams.ts.',
  },
};
/** shared/ is rendered by the server too. */
const SHARED_IMPORTS = {
  '^(\\.\\./)+client(/|$)': 'shared/ runs on the server too: it does not import the browser entry.',
};
const NOT_IN_BROWSER = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require'];

/**
 * shared/'s floors, low to high, with the folders above each: lib/ is pure logic; content/ the texts and facts,
 * with generated/ (what the build writes from the Markdown and the images); model/ what the pages compute from
 * the content; then components/, pages/, and the route table with the page shell on top.
 */
const SHARED_FLOORS = [
  [['shared/lib/**'], ['content', 'generated', 'model', 'components', 'pages', 'routes', 'pageShell']],
  [
    ['shared/content/**', 'shared/generated/**'],
    ['model', 'components', 'pages', 'routes', 'pageShell'],
  ],
  [['shared/model/**'], ['components', 'pages', 'routes', 'pageShell']],
  [['shared/components/**'], ['pages', 'routes', 'pageShell']],
  [['shared/pages/**'], ['routes', 'pageShell']],
  [['shared/*.{ts,tsx}'], []],
];

/** Import patterns that name a folder (or top-level module) of a higher floor. */
function floorBelow(above) {
  return Object.fromEntries(
    above.map((name) => [
      `(^|/)${name}(/|$)`,
      `An import from ${name} runs up a floor: move the shared piece down instead.`,
    ]),
  );
}

/** What server code may not import, on every floor. */
const SERVER_IMPORTS = { '(^|/)client(/|$)': 'The server does not import the browser entry.' };
const NOT_IN_NODE = ['window', 'document', 'navigator', 'location', 'sessionStorage', 'localStorage'];

/**
 * server/'s floors, low to high: a file imports from its own floor or a lower one, never from one above, so what
 * many parts share never depends on a part that uses it. `names`: the folders (or root files) an import path
 * reaches the floor by; `why`: why nothing below it may.
 */
const SERVER_FLOORS = [
  { files: ['server/lib/**', 'server/config.ts'], names: ['lib', 'config'] },
  { files: ['server/db/**'], names: ['db'], why: 'The helpers and the settings work without a database.' },
  {
    files: ['server/cli/**', 'server/http/**'],
    names: ['cli', 'http'],
    why: 'What lies below does not depend on how the server is reached, by a command or a request.',
  },
  {
    files: ['server/outbox/**', 'server/pages/**'],
    names: ['outbox', 'pages'],
    why: 'The plumbing below sends and renders nothing itself.',
  },
  {
    files: ['server/console/**', 'server/site/**'],
    names: ['console', 'site'],
    why: 'The console kit and what a feature is made of serve every feature, so they render and send nothing themselves.',
  },
  {
    files: ['server/{alerts,analytics,articles,booking,crm,formGuard,identity,leads,newsletter,privacy,vitals}/**'],
    names: [
      'alerts',
      'analytics',
      'articles',
      'booking',
      'crm',
      'formGuard',
      'identity',
      'leads',
      'newsletter',
      'privacy',
      'vitals',
    ],
    why: "Nothing below a feature knows one: each feature's front door (index.ts) says what it brings, and the composition root (app.ts, main.ts) mounts it.",
  },
  {
    files: ['server/app.ts', 'server/main.ts', 'server/commands.ts'],
    names: ['app', 'main', 'commands'],
    why: 'They wire the server together: nothing they wire depends on the wiring.',
  },
];

/** "server/lib/ and server/config.ts": the places a list of globs names. */
const folders = (files) => files.map((glob) => glob.replace('/**', '/')).join(' and ');

/** Import patterns (relative paths, as server/ writes them) that reach a server floor above the one at `index`, each with why not. */
function serverFloorsAbove(index) {
  const { files } = SERVER_FLOORS[index];
  return Object.fromEntries(
    SERVER_FLOORS.slice(index + 1).map((floor) => [
      `^(\\.\\.?/)+(${floor.names.join('|')})(/|$)`,
      `${folders(files)} may import only from their own floor of server/ or a lower one, not from ${folders(floor.files)}. ${floor.why}`,
    ]),
  );
}

/**
 * One side of the boundary: the globals it has, the imports it may not use (pattern: reason, or the
 * rule's pattern options)
 * and the other side's globals, which do not exist where it runs.
 */
function side(files, ownGlobals, forbiddenImports, otherGlobals) {
  const where = folders(files);
  return {
    files,
    languageOptions: { globals: ownGlobals },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: Object.entries(forbiddenImports).map(([regex, rule]) => ({
            regex,
            ...(typeof rule === 'string' ? { message: rule } : rule),
          })),
        },
      ],
      'no-restricted-globals': [
        'error',
        ...otherGlobals.map((name) => ({ name, message: `No such global where the code in ${where} runs.` })),
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'react-hooks': reactHooks, 'simple-import-sort': simpleImportSort },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests, the build and the configuration files drive both sides.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: [...BROWSER_CODE, ...NODE_CODE],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // shared/ in floors, low to high: each imports only its own floor and those below it.
  ...SHARED_FLOORS.map(([files, above]) =>
    side(files, globals.browser, { ...BROWSER_IMPORTS, ...SHARED_IMPORTS, ...floorBelow(above) }, NOT_IN_BROWSER),
  ),
  side(['client/**'], globals.browser, BROWSER_IMPORTS, NOT_IN_BROWSER),
  side(NODE_CODE, globals.node, SERVER_IMPORTS, NOT_IN_NODE),
  // server/ in floors, low to high: each imports only its own floor and those below it.
  ...SERVER_FLOORS.map(({ files }, index) =>
    side(files, globals.node, { ...SERVER_IMPORTS, ...serverFloorsAbove(index) }, NOT_IN_NODE),
  ),
);
