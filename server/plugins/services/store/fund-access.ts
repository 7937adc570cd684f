import type { StoreProduct, StoreQualification } from '../../../../src/api/contract/store';
import { notFound } from '../../../http/errors';
import { riskMatch } from '../../../materials/private-access';
import { maySeePrivateFund, privateViewerOf } from '../../../materials/private-visibility';
import type { UserRow } from '../../../repositories/users';
import type { ServiceDeps } from '../../deps';

/** Who may see a private fund, and its performance: what the product and qualified-investor routes share. */
export function fundAccess(deps: ServiceDeps) {
  const repo = deps.repos.store;
  const qualificationOf = async (userId: number): Promise<StoreQualification> => {
    const q = await repo.qualification(userId);
    return q
      ? { confirmed: true, confirmed_at: q.confirmedAt.getTime(), basis: q.basis, declared_amount: q.declaredAmount }
      : { confirmed: false, confirmed_at: null, basis: null, declared_amount: null };
  };
  /** Both tests, each the server's: the recorded qualification and the assessed level against the master's. */
  const privateAccess = async (userId: number, product: StoreProduct) => {
    const [qualification, customer] = await Promise.all([qualificationOf(userId), repo.customerOf(userId)]);
    const match = riskMatch(
      customer && { riskLevel: customer.riskLevel, riskExpiresAt: customer.riskExpiresAt },
      product.risk_level,
      deps.now(),
    );
    return { qualification, match, customer, open: qualification.confirmed && match.status === 'matched' };
  };
  /**
   * A product as this reader may see it: a private fund the reader may not see is answered exactly like a
   * product that does not exist, so an id reveals nothing of it (private-visibility.ts).
   */
  const visibleProduct = async (id: number, user: UserRow | null | undefined) => {
    const found = await repo.privateLevelOf(id);
    if (!found) return null;
    if (found.privateLevel !== null) {
      const viewer = await privateViewerOf(repo, user);
      if (!maySeePrivateFund(viewer, found.privateLevel, deps.now())) return null;
    }
    return repo.product(id);
  };
  const privateProduct = async (id: number) => {
    const product = await repo.product(id);
    if (!product || product.kind !== 'private') throw notFound('私募产品不存在');
    return { product, master: (await repo.masterOf(product.code))! };
  };
  return { qualificationOf, privateAccess, visibleProduct, privateProduct };
}
