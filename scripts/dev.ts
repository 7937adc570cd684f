/**
 * Development: the local backend on PORT (default 3000, without building the client) and
 * webpack-dev-server with hot reload on DEV_PORT (default 8080), proxying the service
 * paths to the backend. Open http://localhost:8080/?uuid=u1&date=<today>.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const backendPort = process.env.PORT ?? '3000';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: backendPort, SKIP_BUILD: '1' },
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BACKEND_URL: `http://127.0.0.1:${backendPort}` },
  }),
];

const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
