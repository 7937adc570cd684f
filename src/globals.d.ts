import type { RemoteValues } from '../config/environments';

/**
 * Build-time values injected by webpack's DefinePlugin. Undefined under jest and any
 * build that does not define them; read them with a `typeof` guard.
 */
declare global {
  /** Remote environments' values from config/load-remote.ts. */
  const __REMOTE_ENVIRONMENTS__: RemoteValues | undefined;
  /** App version (docs/rules/constants.md#versions: 1.37.0), from config/app.ts. */
  const __APP_VERSION__: string | undefined;
  /** Whether /__replay is served in this build (development and local builds). */
  const __REPLAY_VIEWER_ENABLED__: boolean | undefined;
}

export {};
