import { templateDataDir } from './database';
import { postgresReachable, preparePostgresTemplate } from './postgres';

/**
 * Builds the seeded templates (the PGlite tarball and, when the server answers, the PostgreSQL database) once, before
 * jest starts its workers. Left to the suites, the first suite on each worker built them at the same time as the other
 * worker, on a cold transform cache, and their 30 s setup hooks ran out on a fresh clone.
 * Run by global-setup.ts in its own process: PGlite needs Node's own ES-module loader, not jest's.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const pg = postgresReachable();
  const [dir, tpl] = await Promise.all([templateDataDir(), pg.ok ? preparePostgresTemplate() : Promise.resolve(null)]);
  const where = tpl ? ` and PostgreSQL template ${tpl}` : ' (PostgreSQL unreachable: its suites say so)';
  console.info(
    `server tests: PGlite template (${Math.round(dir.size / 1024)} KB)${where} ready in ${Date.now() - started} ms`,
  );
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
