import autocannon from 'autocannon';

import { signRequest } from '../server/test-support/sign';

/**
 * The load of an in-process benchmark, run in a process of its own: clients are elsewhere in real use, and an
 * autocannon sharing the server's event loop would bill the parsing of each answer to the server (an 18 KB
 * page of cards weighed 60 times a 300-byte read that way). Every request is signed afresh (nonces are single-use).
 * Usage (by the benches): node --import tsx scripts/signed-load.ts '<json of LoadSpec>'; prints the result as JSON.
 */
export interface LoadSpec {
  url: string;
  path: string;
  /** The marketing-map session the requests carry. */
  sid: string;
  /** The server's clock (epoch ms): signatures are checked against it. */
  now: number;
  duration: number;
  connections: number;
  /** Several advisers' sessions, taken in turn (a firm's reads spread over its advisers); `sid` alone when absent. */
  sids?: string[];
  /** A POST of this JSON body signed by the content scheme (the live list) instead of a marketing-map GET. */
  body?: object;
}

export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  bad: number;
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  const sids = spec.sids ?? [spec.sid];
  let turn = 0;
  const signed = () => {
    if (spec.body !== undefined)
      return signRequest(
        { method: 'POST', url: spec.path, body: spec.body },
        { scheme: 'content', now: new Date(spec.now) },
      );
    turn = (turn + 1) % sids.length;
    return signRequest(
      { method: 'GET', url: spec.path },
      { scheme: 'marketMap', accountId: sids[turn]!, now: new Date(spec.now) },
    );
  };
  const r = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    requests: [
      {
        path: spec.path,
        setupRequest: (req) => {
          const s = signed();
          return { ...req, method: s.method, headers: s.headers, body: s.payload };
        },
      },
    ],
  });
  const out: LoadResult = {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
  };
  process.stdout.write(JSON.stringify(out));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
