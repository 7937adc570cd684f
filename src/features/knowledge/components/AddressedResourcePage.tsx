import type { ReactNode } from 'react';

import type { ResourceKind } from '../store/knowledge-slice';
import { ResourceView, useAddressedResource } from './parts';

/** The page of one addressed resource (a fund, a contract, a question, a member): `invalid` when the link has no id. */
export function AddressedResourcePage<T>({
  kind,
  names,
  invalid,
  children,
}: {
  kind: ResourceKind;
  names?: readonly string[];
  invalid: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { valid, r } = useAddressedResource<T>(kind, names);
  if (!valid) return invalid;
  return (
    <main className="kn-page">
      <ResourceView r={r}>{children}</ResourceView>
    </main>
  );
}
