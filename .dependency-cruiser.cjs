// The layer rules of docs/architecture.md, checked in `npm test` (npm run depcheck), for the client and the server.
// app (composition) → features/* → store, routes, api, platform, ui, lib. Layers only point down.
// server/ → src/api/contract, src/api/generated, src/lib and features' index.ts (server/ssr also src/app, routes, store).
// A feature may hold sub-features (src/features/marketing/<sub>/, each with its own index.ts); a sub-feature is a
// feature for these rules: its siblings and everyone else reach it only through its index.ts.
const FEATURE = '(marketing/[^/]+|[^/]+)';
const SURFACE = '^src/features/(marketing/)?[^/]+/index\\.ts$';
// Tests whose subject spans two features, kept beside the one that owns the rule: the content-policy composers
// (the question box in knowledge, the leave-message box in lives) and the adviser-work type strings checked against the
// marketing actions they name. Only these may reach another feature's internals.
const CROSS_FEATURE_TESTS = [
  '^src/features/knowledge/__tests__/policy/',
  '^src/features/tracking/__tests__/adviser-work-types\\.test\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle means no file in it can be understood, tested or moved alone.',
      from: { path: '^(src|server)/' },
      to: { circular: true },
    },
    {
      name: 'no-app-from-below',
      severity: 'error',
      comment:
        "src/app only composes; nothing below it may depend on it. A feature's tests may render their screens in " +
        'the composed store (createAppStore), as the app runs them.',
      from: { path: '^src/', pathNot: ['^src/(app/|main\\.tsx$)', '/__tests__/'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'no-deep-feature-import',
      severity: 'error',
      comment:
        'Another (sub-)feature is reached only through its public surface index.ts. Sub-features of one area may ' +
        "share a stylesheet (it has nothing to surface); a test may also use another feature's test support.",
      from: { path: `^src/features/${FEATURE}/`, pathNot: CROSS_FEATURE_TESTS },
      to: {
        path: '^src/features/',
        pathNot: [
          '^src/features/$1/',
          SURFACE,
          '^src/features/marketing/[^/]+/.+\\.css$',
          '^src/features/.*/__tests__/',
        ],
      },
    },
    {
      name: 'test-support-stays-in-tests',
      severity: 'error',
      comment: "Only tests use another feature's test support (fixtures, fakes).",
      from: { path: `^src/features/${FEATURE}/`, pathNot: '/__tests__/' },
      to: { path: '^src/features/.*/__tests__/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'no-deep-sub-feature-import-from-area',
      severity: 'error',
      comment:
        "An area's own files (the marketing saga shell and workers) compose its sub-features through their index.ts.",
      from: { path: '^src/features/marketing/[^/]+$' },
      to: { path: '^src/features/marketing/[^/]+/', pathNot: SURFACE },
    },
    {
      name: 'no-deep-feature-import-from-app',
      severity: 'error',
      comment:
        'The app composes features through their public surface; lazy chunks (screens, heavy parts) by dynamic import, ' +
        'and the replay reducer names the lazy slices it injects. Its tests may reach further.',
      from: { path: '^src/(app/|main\\.tsx$)', pathNot: '/__tests__/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: [
          SURFACE,
          '^src/features/(marketing/)?[^/]+/screens/',
          '^src/features/(marketing/)?[^/]+/store/[^/]+-slice\\.ts$',
        ],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'lower-layers-stay-below-features',
      severity: 'error',
      comment: 'routes, store, api, platform, ui and lib are shared below every feature.',
      from: { path: '^src/(routes|store|api|platform|ui|lib)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'server-uses-shared-code-and-public-surfaces',
      severity: 'error',
      comment:
        'The server imports from src/ only what both sides share (the contract, its generated guards, src/lib) and a ' +
        "feature's public surface features/<x>/index.ts. Server tests and test support drive client code and may reach further.",
      from: { path: '^server/', pathNot: ['^server/ssr/', '/__tests__/', '^server/test-support/'] },
      to: {
        path: '^src/',
        pathNot: ['^src/api/contract/', '^src/api/generated/', '^src/lib/', SURFACE],
      },
    },
    {
      name: 'ssr-renders-through-the-app',
      severity: 'error',
      comment:
        'The first render composes the app as the browser does: the app, routes, store and public surfaces, never ' +
        "a feature's internals.",
      from: { path: '^server/ssr/' },
      to: {
        path: '^src/',
        pathNot: ['^src/api/contract/', '^src/api/generated/', '^src/lib/', SURFACE, '^src/(app|routes|store)/'],
      },
    },
    {
      name: 'server-plugins-reach-db-through-repositories',
      severity: 'error',
      comment:
        'Routes run no statement of their own: they call repositories, which hold every query. A type-only import ' +
        '(the Database a local page hands to a job) runs nothing and is allowed.',
      from: { path: '^server/plugins/' },
      to: { path: '^server/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-repositories-never-import-plugins',
      severity: 'error',
      comment: 'Repositories sit below the routes: a query never depends on how a route answers.',
      from: { path: '^server/repositories/' },
      to: { path: '^server/plugins/' },
    },
    {
      name: 'server-db-stays-below',
      severity: 'error',
      comment:
        'The schema, migrations and clients are the bottom layer. The seed (db/seed) is the one writer in db/ and may ' +
        'write through repositories (password hashes, the compliance chain) so seeded rows are what the app writes; ' +
        'nothing in db/ imports a route.',
      from: { path: '^server/db/', pathNot: '^server/db/seed/' },
      to: { path: '^server/(plugins|repositories)/' },
    },
    {
      name: 'server-seed-never-imports-routes',
      severity: 'error',
      comment: 'The seed writes as the app writes (through repositories at most), never through a route.',
      from: { path: '^server/db/seed/' },
      to: { path: '^server/plugins/' },
    },
    {
      name: 'who-imports-server-db',
      severity: 'error',
      comment:
        'Statements run in repositories; beside them only the composition (app.ts, start*.ts), the workbench engine ' +
        "(server/marketing: jobs that own their statements), retention.ts and the audit trail's verifier use the " +
        'database. Types (Db, Database) may be named anywhere. Tests and test support may reach it.',
      from: {
        path: '^server/',
        pathNot: [
          '^server/(db|repositories|marketing|test-support)/',
          '/__tests__/',
          '^server/(app|start|start-settings|main|retention)\\.ts$',
          '^server/security/audit-verify\\.ts$',
        ],
      },
      to: { path: '^server/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      comment:
        'The server is not in the bundle: shared code lives in src/api/contract or src/lib, never in server/. ' +
        'Contract tests may check the client against the server.',
      from: { path: '^(src|config)/', pathNot: '/__tests__/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    // Type-only imports count too: a type circle is still a circle for a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
