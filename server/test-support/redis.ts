import { spawnSync } from 'node:child_process';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether Redis answers, decided synchronously (jest picks describe vs skip while collecting) by a probe in a child process. */
export function redisReachable(url = TEST_REDIS_URL): { ok: boolean; reason: string } {
  const probe =
    `const {Redis}=require('ioredis');const r=new Redis(process.argv[1],{lazyConnect:true,maxRetriesPerRequest:1,connectTimeout:3000,retryStrategy:()=>null});` +
    `r.connect().then(()=>r.ping()).then(()=>{r.disconnect();process.exit(0)},e=>{console.error(e.message);process.exit(1)})`;
  const r = spawnSync(process.execPath, ['-e', probe, url], { encoding: 'utf8', timeout: 8000, cwd: __dirname });
  return { ok: r.status === 0, reason: (r.stderr || r.error?.message || `exit ${r.status}`).trim() };
}
