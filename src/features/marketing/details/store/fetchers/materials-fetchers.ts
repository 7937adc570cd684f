// The materials area's reads: the library list, one material, the recipients picker.
import type { Clients, DetailFetcher, ListFetcher } from './fetcher-types';

import { requestData } from '@/api';
import type { MaterialDetail, MaterialKind, MaterialPage, RecipientPage } from '@/api/contract/market-map-materials';
import { isMaterialDetail, isMaterialPage, isRecipientPage } from '@/api/generated/market-map-materials';

export type MaterialFilesParams = { project?: string; kind?: MaterialKind; keyword?: string; customer_id?: number };

const materialFiles: ListFetcher<MaterialFilesParams, MaterialPage['list'][number]> = (c: Clients, params) =>
  requestData(
    c.marketMap,
    { method: 'GET', url: '/chance/project/files', params: { ...params, limit: 20 } },
    isMaterialPage,
  );

const materialDetail: DetailFetcher<{ fileId: number; customer_id?: number }, MaterialDetail> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance/file/detail', params }, isMaterialDetail);

const materialRecipients: ListFetcher<
  { fileId: number; keyword?: string; customer_id?: number },
  RecipientPage['list'][number]
> = (c: Clients, params) =>
  requestData(
    c.marketMap,
    { method: 'GET', url: '/chance/file/recipients', params: { ...params, limit: 30 } },
    isRecipientPage,
  );

/** The projects (tabs) come with every page of the list: one more detail kind reads them alone. */
const materialProjects: DetailFetcher<Record<string, never>, string[]> = async (c: Clients) => {
  const page = await requestData(
    c.marketMap,
    { method: 'GET', url: '/chance/project/files', params: { limit: 1 } },
    isMaterialPage,
  );
  return page ? page.projects : null;
};

export const MATERIAL_DETAIL_FETCHERS = { materialDetail, materialProjects };
export const MATERIAL_LIST_FETCHERS = { materialFiles, materialRecipients };
