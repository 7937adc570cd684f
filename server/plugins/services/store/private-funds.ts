import type { FastifyPluginAsync } from 'fastify';

import {
  StorePrivateContractQuery,
  StorePrivateContractResponse,
  type StoreProduct,
  StoreQualificationResponse,
  StoreQualifiedConfirmRequest,
  StoreQualifiedDeclineRequest,
  StoreQualifiedDeclineResponse,
} from '../../../../src/api/contract/store';
import { COOLING_OFF_HOURS, QUALIFIED_INVESTOR_RULE } from '../../../../src/api/contract/store-constants';
import { ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { declareQualification, declineQualification } from '../../../materials/qualification';
import { gated, type StoreRouteOptions, userOf } from './context';
import { fundAccess } from './fund-access';

/** The qualified-investor step of a private fund: the reader's status, declaring or declining, the contract. */
export const storePrivateFundRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { qualificationOf, privateAccess, visibleProduct, privateProduct } = fundAccess(deps);
  const personal = guards.personal;

  app.get(
    '/api/store/qualified_status',
    { schema: { response: responses(StoreQualificationResponse) }, preValidation: personal },
    async (request) => ok(await qualificationOf(userOf(request).id)),
  );
  app.post(
    '/api/store/qualified_confirm',
    {
      schema: { body: StoreQualifiedConfirmRequest, response: responses(StoreQualificationResponse) },
      preValidation: personal,
    },
    async (request) => {
      const { product, master } = await privateProduct(request.body.product_id);
      const user = userOf(request);
      const { basis, amount } = request.body;
      await declareQualification(
        deps,
        user.id,
        { basis, amount },
        { subject: `store_product:${product.id}`, storeProductId: product.id, masterProductId: master.id },
      );
      return ok(await qualificationOf(user.id));
    },
  );
  app.post(
    '/api/store/qualified_decline',
    {
      schema: { body: StoreQualifiedDeclineRequest, response: responses(StoreQualifiedDeclineResponse) },
      preValidation: personal,
    },
    async (request) => {
      const { product, master } = await privateProduct(request.body.product_id);
      await declineQualification(deps, userOf(request).id, {
        subject: `store_product:${product.id}`,
        storeProductId: product.id,
        masterProductId: master.id,
      });
      return ok({ recorded: true });
    },
  );
  app.get(
    '/api/store/private_contract',
    {
      schema: { querystring: StorePrivateContractQuery, response: responses(StorePrivateContractResponse) },
      preValidation: personal,
    },
    async (request) => {
      const { product: fund } = await privateProduct(request.query.product_id);
      // The page is the qualified-investor step itself: a reader who may not see the fund yet is asked to
      // declare and told how their level compares, but is sent nothing that names or describes the fund.
      const product = (await visibleProduct(fund.id, userOf(request))) ? fund : anonymousPrivateFund(fund);
      const access = await privateAccess(userOf(request).id, product);
      const m = access.match;
      const risk_match = {
        status: m.status,
        customer_level: m.customerLevel,
        expires_at: m.expiresAt?.getTime() ?? null,
        product_level: m.productLevel,
        message: m.message,
      };
      // Nothing of the contract leaves before the confirmation is on record and the assessed level matches this product's.
      return ok({
        product: gated(product, access.open),
        qualification: access.qualification,
        risk_match,
        contract: access.open ? contractFor(product.name) : null,
      });
    },
  );
};

/**
 * A private fund as the qualified-investor step shows it to a reader who may not see it yet: its level (the
 * match is against it) and nothing else of it, neither name, code, highlight nor performance.
 */
function anonymousPrivateFund(p: StoreProduct): StoreProduct {
  return {
    ...p,
    code: '',
    name: '私募基金',
    category: '私募基金',
    latest_nav: null,
    one_year_return: null,
    yield_7d: null,
    highlight: '',
  };
}

function contractFor(productName: string) {
  return {
    title: `${productName}基金合同`,
    cooling_off_hours: COOLING_OFF_HOURS,
    sections: [
      {
        heading: '第一节 合格投资者',
        body: `本基金仅向合格投资者募集。合格投资者指${QUALIFIED_INVESTOR_RULE}的个人，且风险识别能力和承担能力与本基金风险等级相匹配。`,
      },
      {
        heading: '第二节 投资冷静期',
        body: `投资者签署本合同并缴纳认购款后，享有${COOLING_OFF_HOURS}小时的投资冷静期。冷静期内投资者可以解除合同，管理人将全额退还认购款。冷静期内管理人不得主动联系投资者。`,
      },
      {
        heading: '第三节 风险揭示',
        body: '私募基金投资可能面临市场风险、流动性风险、管理风险与本金损失风险。基金管理人不保证基金财产一定盈利，也不保证最低收益。',
      },
      {
        heading: '第四节 回访确认',
        body: '冷静期满后，管理人将以录音电话或邮件方式进行回访，回访成功前投资者仍可解除合同。',
      },
      {
        heading: '第五节 费用与收益分配',
        body: '认购费、管理费、业绩报酬依产品要素表收取，收益分配以基金份额净值为基础。',
      },
    ],
  };
}
