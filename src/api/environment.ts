import { type Environment, environmentForHost, type RemoteValues } from '../../config/environments';

/** Remote values baked in at build time (config/load-remote.ts); none under jest. */
export function remoteValues(): RemoteValues {
  return typeof __REMOTE_ENVIRONMENTS__ === 'undefined' ? {} : __REMOTE_ENVIRONMENTS__;
}

/** The environment this page runs in, chosen by host name (docs/rules/product.md#environments, config/environments.ts). */
export function currentEnvironment(hostname: string = globalThis.location?.hostname ?? ''): Environment {
  return environmentForHost(hostname, remoteValues());
}
