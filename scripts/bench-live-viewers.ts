/**
 * `npm run bench`'s run of one live with 10,000 viewers on two servers (PostgreSQL + Redis), as
 * scripts/load-live-viewers.ts does it with its defaults: about 4 minutes, loopback only, its database and Redis keys
 * dropped afterwards. Its figures go into the bench's table.
 */
import './load-live-viewers';
