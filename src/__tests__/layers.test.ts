/**
 * The layer rules (.dependency-cruiser.cjs, run by `npm run depcheck` in `npm test`) must catch what
 * they exist for: each case writes a tiny tree that breaks one rule and runs the real check on it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const repo = resolve(__dirname, '../..');
const cli = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

function depcheck(cwd: string, targets: string[]) {
  const run = spawnSync(
    process.execPath,
    [cli, ...targets, '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    {
      cwd,
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A small tree in the real layout: app → features/{a,b} → store, lib. */
const clean: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['src/*'] } } }),
  'src/lib/format.ts': 'export const format = (n: number) => String(n);\n',
  'src/store/index.ts': "import { format } from '@/lib/format';\nexport const store = format(1);\n",
  'src/features/a/index.ts': "export { helper } from './helper';\n",
  'src/features/a/helper.ts': "import { store } from '@/store';\nexport const helper = () => store;\n",
  'src/features/b/index.ts': "import { helper } from '@/features/a';\nexport const b = helper;\n",
  'src/features/b/__tests__/b.test.ts': "import { b } from '../index';\nexport const t = b;\n",
  'src/app/App.ts':
    "import { b } from '@/features/b';\nimport { helper } from '@/features/a';\nexport const app = [b, helper];\n",
};

/** An area with sub-features: src/features/marketing/x is reached through its index.ts. */
const subFeatures: Record<string, string> = {
  'src/features/marketing/x/index.ts': "export { inner } from './inner';\n",
  'src/features/marketing/x/inner.ts': 'export const inner = 1;\n',
  'src/features/marketing/x/__tests__/fixtures.ts': 'export const fixture = 1;\n',
};

function treeWith(extra: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [path, text] of Object.entries({ ...clean, ...extra })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function check(extra: Record<string, string>) {
  const root = treeWith(extra);
  roots.push(root);
  return depcheck(root, Object.keys(extra).some((f) => f.startsWith('server/')) ? ['src', 'server'] : ['src']);
}

describe('the layer check', () => {
  it('passes a tree that keeps the rules', () => {
    expect(check({})).toMatchObject({ status: 0 });
  });

  it('fails on a circle', () => {
    const { status, output } = check({
      'src/lib/one.ts': "import { two } from './two';\nexport const one = () => two;\n",
      'src/lib/two.ts': "import { one } from './one';\nexport const two = () => one;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('no-circular');
  });

  it('fails on a deep import into another feature', () => {
    const { status, output } = check({
      'src/features/b/deep.ts': "import { helper } from '@/features/a/helper';\nexport const d = helper;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('no-deep-feature-import: src/features/b/deep.ts → src/features/a/helper.ts');
  });

  it('fails when a feature imports the app layer', () => {
    const { status, output } = check({
      'src/features/a/up.ts': "import { app } from '@/app/App';\nexport const up = app;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('no-app-from-below');
  });

  it("lets a feature's test compose the app", () => {
    expect(
      check({ 'src/features/a/__tests__/in-app.test.ts': "import { app } from '@/app/App';\nexport const t = app;\n" }),
    ).toMatchObject({ status: 0 });
  });

  it('fails when a shared layer imports a feature', () => {
    const { status, output } = check({
      'src/store/up.ts': "import { b } from '@/features/b';\nexport const up = b;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('lower-layers-stay-below-features');
  });

  it("lets the server use shared code and a feature's public surface", () => {
    expect(
      check({
        'server/plugin.ts':
          "import { format } from '../src/lib/format';\nimport { helper } from '../src/features/a';\nexport const p = [format, helper];\n",
      }),
    ).toMatchObject({ status: 0 });
  });

  it('lets a sub-feature reach a sibling through its index.ts, and a test use test support', () => {
    expect(
      check({
        ...subFeatures,
        'src/features/marketing/y/use.ts': "import { inner } from '@/features/marketing/x';\nexport const u = inner;\n",
        'src/features/marketing/y/__tests__/use.test.ts':
          "import { fixture } from '@/features/marketing/x/__tests__/fixtures';\nexport const t = fixture;\n",
      }),
    ).toMatchObject({ status: 0 });
  });

  it('fails on a deep import into a sibling sub-feature', () => {
    const { status, output } = check({
      ...subFeatures,
      'src/features/marketing/y/deep.ts':
        "import { inner } from '@/features/marketing/x/inner';\nexport const d = inner;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain(
      'no-deep-feature-import: src/features/marketing/y/deep.ts → src/features/marketing/x/inner.ts',
    );
  });

  it("fails when an area's own file reaches into its sub-feature", () => {
    const { status, output } = check({
      ...subFeatures,
      'src/features/marketing/workers.ts': "import { inner } from './x/inner';\nexport const w = inner;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain(
      'no-deep-sub-feature-import-from-area: src/features/marketing/workers.ts → src/features/marketing/x/inner.ts',
    );
  });

  it("fails when code outside tests uses another feature's test support", () => {
    const { status, output } = check({
      ...subFeatures,
      'src/features/b/uses-fixture.ts':
        "import { fixture } from '@/features/marketing/x/__tests__/fixtures';\nexport const u = fixture;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('test-support-stays-in-tests');
  });

  it('fails when the server reaches into a feature', () => {
    const { status, output } = check({
      'server/plugin.ts': "import { helper } from '../src/features/a/helper';\nexport const p = helper;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain(
      'server-uses-shared-code-and-public-surfaces: server/plugin.ts → src/features/a/helper.ts',
    );
  });

  it('fails when client code imports the server', () => {
    const { status, output } = check({
      'server/rule.ts': 'export const rule = 1;\n',
      'src/lib/up.ts': "import { rule } from '../../server/rule';\nexport const up = rule;\n",
    });
    expect(status).not.toBe(0);
    expect(output).toContain('client-never-imports-server');
  });

  describe("the server's own layers: plugins → repositories → db", () => {
    const db = {
      'server/db/schema.ts': 'export const lives = { name: "lives" };\n',
      'server/db/client.ts': 'export interface Database { url: string }\nexport const connect = () => 1;\n',
    };

    it('passes routes that query through repositories, and a type named from db', () => {
      expect(
        check({
          ...db,
          'server/repositories/lives.ts': "import { lives } from '../db/schema';\nexport const list = () => lives;\n",
          'server/plugins/lives.ts':
            "import type { Database } from '../db/client';\nimport { list } from '../repositories/lives';\n" +
            'export const route = (d: Database) => [d, list()];\n',
        }),
      ).toMatchObject({ status: 0 });
    });

    it('fails when a route imports the database', () => {
      const { status, output } = check({
        ...db,
        'server/plugins/lives.ts': "import { lives } from '../db/schema';\nexport const route = () => lives;\n",
      });
      expect(status).not.toBe(0);
      expect(output).toContain(
        'server-plugins-reach-db-through-repositories: server/plugins/lives.ts → server/db/schema.ts',
      );
    });

    it('fails when a repository imports a route', () => {
      const { status, output } = check({
        'server/plugins/lives.ts': 'export const route = 1;\n',
        'server/repositories/lives.ts': "import { route } from '../plugins/lives';\nexport const list = route;\n",
      });
      expect(status).not.toBe(0);
      expect(output).toContain('server-repositories-never-import-plugins');
    });

    it('fails when the schema imports a repository', () => {
      const { status, output } = check({
        'server/repositories/lives.ts': 'export const list = 1;\n',
        'server/db/schema.ts': "import { list } from '../repositories/lives';\nexport const lives = list;\n",
      });
      expect(status).not.toBe(0);
      expect(output).toContain('server-db-stays-below: server/db/schema.ts → server/repositories/lives.ts');
    });

    it('fails when the seed imports a route', () => {
      const { status, output } = check({
        'server/plugins/lives.ts': 'export const route = 1;\n',
        'server/db/seed/index.ts': "import { route } from '../../plugins/lives';\nexport const seed = route;\n",
      });
      expect(status).not.toBe(0);
      expect(output).toContain('server-seed-never-imports-routes');
    });

    it('fails when other server code runs statements outside the repositories', () => {
      const { status, output } = check({
        ...db,
        'server/http/guard.ts': "import { connect } from '../db/client';\nexport const guard = connect;\n",
      });
      expect(status).not.toBe(0);
      expect(output).toContain('who-imports-server-db: server/http/guard.ts → server/db/client.ts');
    });
  });

  it('passes on this repository', () => {
    const { status, output } = depcheck(repo, ['src', 'server']);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  }, 120_000);
});
