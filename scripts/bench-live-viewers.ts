import { FULL } from './quick-or-full';

/**
 * `npm run bench`'s run of one live with 10,000 viewers on two servers (PostgreSQL + Redis), as
 * scripts/load-live-viewers.ts does it: loopback only, its database and Redis keys dropped afterwards. Its figures
 * go into the bench's table. A 120 s run (the ramp 40 s, a tenth leaving at 50-60 s and a minute after it) unless
 * `--full` (its own 180 s, about 5 minutes in all) or a `--duration=` of the caller's.
 */
if (!FULL && !process.argv.some((a) => a.startsWith('--duration='))) process.argv.push('--duration=120');
// After the defaults are in place: the load script reads the arguments as it loads.
void import('./load-live-viewers');
