import { all, call } from 'redux-saga/effects';

import type { AuthApi } from './api';

import type { PhoneRegion, PhoneRegionConfig } from '@/api/contract/auth';
import type { PhoneRegionList } from '@/api/contract/phone-sign-in';
import { ApiError } from '@/api/errors';

/**
 * The picker's regions: phone_region's, in the order opconfig names them (its first is the default).
 * Without a usable config every region, mainland China first, so a person can always pick theirs.
 */
export function offeredRegions(list: PhoneRegion[], codes: string[] | null): PhoneRegion[] {
  const chosen = (codes ?? [])
    .map((code) => list.find((r) => r.code === code))
    .filter((r): r is PhoneRegion => r !== undefined);
  if (chosen.length > 0) return chosen;
  return [...list].sort((a, b) => Number(b.code === '86') - Number(a.code === '86'));
}

function* configOrNull(api: AuthApi) {
  try {
    const config: PhoneRegionConfig | null = yield call([api, api.phoneRegionConfig]);
    return config;
  } catch {
    return null;
  }
}

/**
 * The regions for /login and the registration form: phone_region (needed: its lengths check the number)
 * and opconfig liveCommonPhoneRegion (only orders them), both at once. Throws when the list cannot load.
 */
export function* loadOfferedRegions(api: AuthApi) {
  const [list, config]: [PhoneRegionList | null, PhoneRegionConfig | null] = yield all([
    call([api, api.phoneRegionList]),
    call(configOrNull, api),
  ]);
  if (!list || list.list.length === 0)
    throw new ApiError({ kind: 'network', detail: 'empty value after a network failure' });
  return offeredRegions(list.list, config?.value.codes ?? null);
}
