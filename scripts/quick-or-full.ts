/**
 * `npm run bench` runs every bench in one go, which the slowest benches' long runs made most of an hour; by default
 * they take shorter runs and fewer rounds, and `--full` (after `npm run bench --`, it reaches every bench) gives them
 * their longer ones. A bench's own flags (`--duration=`, `--rounds=`…) still win over either.
 */
export const FULL = process.argv.includes('--full');

/** The quick default, or the full one under `--full`. */
export const byMode = <T>(quick: T, full: T): T => (FULL ? full : quick);
