import { businessDate } from '../src/api/contract/dates';
import { startServer } from './start';
import { settingsFromEnv } from './start-settings';

/** `npm start`: the whole product on one machine, configured by the environment (start-settings.ts lists it). */
async function main() {
  const config = settingsFromEnv(process.env, process.argv);
  if (config.redisUrl && !config.databaseUrl)
    throw new Error(
      'REDIS_URL is for several servers on one DATABASE_URL; PGlite (no DATABASE_URL) is one server per data folder',
    );
  const server = await startServer(config);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing in-flight requests, then closing the database…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Printed once the stop is wired: a harness that stops the server on this line must find it listening for that.
  console.info(`Database: ${server.database.location}${config.redisUrl ? ', shared state in Redis' : ''}`);
  console.info(`Listening on ${server.url}/?uuid=u1&date=${businessDate(new Date())}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
