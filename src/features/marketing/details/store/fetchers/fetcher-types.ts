import type { ServiceClients } from '@/api';

/** What every fetcher takes: the shared clients (only the marketing map is used). */
export type Clients = Pick<ServiceClients, 'marketMap'>;

/** A fetcher of one thing: null means the service answered without data (malformed). */
export type DetailFetcher<P, T> = (c: Clients, params: P) => Promise<T | null>;
/** A fetcher of one page: `next_cursor` null on the last page; `total` when the service counts. */
export type ListFetcher<P, T> = (
  c: Clients,
  params: P & { cursor?: string },
) => Promise<{ list: T[]; next_cursor: string | null; total?: number } | null>;
