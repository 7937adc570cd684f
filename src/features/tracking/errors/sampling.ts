/** Error reporting's trace sampling (docs/rules/constants.md#error-reporting), apart so the first load can decide it. */
export const TRACES_SAMPLE_RATE = 0.1;

/**
 * Whether this page load is traced, decided once as it starts error reporting: a load that is not (nine in ten)
 * never loads or runs the tracing code, which instruments the page's requests, history and paint timings and was
 * the larger part of the reporting's work on a phone's main thread. A traced load traces all it does.
 */
export const tracedLoad = (random: () => number = Math.random): boolean => random() < TRACES_SAMPLE_RATE;
