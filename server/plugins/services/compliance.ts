import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';

import { COMPLIANCE_EVENT_LABELS } from '../../../src/api/contract/compliance-events';
import {
  COMPLIANCE_CSV_COLUMNS,
  COMPLIANCE_EXPORT_MAX,
  COMPLIANCE_PAGE_DEFAULT,
  COMPLIANCE_REASON_LABELS,
  type ComplianceEvent,
  ComplianceEventPageResponse,
  ComplianceEventsQuery,
  ComplianceFilterOptionsResponse,
  ComplianceFilterQuery,
  decisionLabel,
} from '../../../src/api/contract/compliance-trail';
import { businessDateTime, DAY_MS, parseBusinessDate } from '../../../src/api/contract/dates';
import { maskPersonalNumbers } from '../../../src/lib/content-policy';
import { badRequest, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ComplianceFilter, ComplianceRepository } from '../../repositories/compliance';
import { roleGuards } from '../../security/roles';
import type { ServiceOptions } from '../deps';

/** The officer's days are business days (UTC+8). */
function dayStart(day: string, field: string): Date {
  // A well-formed but impossible day (2026-02-30) would roll over in Date: refuse it instead.
  const d = parseBusinessDate(day);
  if (!d) throw badRequest(`${field}日期无效：${day}`);
  return d;
}

/** The query's filters as the repository takes them; a period that ends before it starts is refused. */
export function filterOf(q: ComplianceFilterQuery): Omit<ComplianceFilter, 'limit'> {
  const from = q.from ? dayStart(q.from, '开始') : undefined;
  const to = q.to ? new Date(dayStart(q.to, '结束').getTime() + DAY_MS) : undefined;
  if (from && to && to <= from) throw badRequest('结束日期不能早于开始日期');
  return { kind: q.kind, adviserId: q.adviser_id, customerId: q.customer_id, productId: q.product_id, from, to };
}

type NamedRow = Awaited<ReturnType<ComplianceRepository['listNamed']>>[number];

/**
 * The trail's words as the officer reads them: every string inside `detail` (matched words, a reviewer's note)
 * through the one policy masking, so no personal number shows here either (the stored row, and its hash, stay as
 * they were written).
 */
export function maskedDetail(value: unknown): unknown {
  if (typeof value === 'string') return maskPersonalNumbers(value);
  if (Array.isArray(value)) return value.map(maskedDetail);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskedDetail(v)]));
  }
  return value;
}
const named = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? `#${id}` });

function eventOut(r: NamedRow): ComplianceEvent {
  return {
    id: r.e.id,
    kind: r.e.kind,
    at: r.e.at.getTime(),
    actor: named(r.e.actorId, r.actorName),
    adviser: named(r.e.adviserId, r.adviserName),
    customer: named(r.e.customerId, r.customerName),
    product: named(r.e.productId, r.productName),
    subject: r.e.subject,
    decision: r.e.decision,
    reason: r.e.reason === null ? null : maskPersonalNumbers(r.e.reason),
    detail: maskedDetail(r.e.detail) as Record<string, unknown>,
  };
}

/** yyyy-mm-dd hh:mm:ss in China time. */
export function chinaTime(at: Date): string {
  return businessDateTime(at);
}

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; a leading = + - @ (or
 * tab/CR) is prefixed with ' so Excel shows the text instead of running it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(r: NamedRow): string {
  const e = r.e;
  const detail = Object.keys(e.detail).length ? JSON.stringify(maskedDetail(e.detail)) : '';
  return [
    chinaTime(e.at),
    COMPLIANCE_EVENT_LABELS[e.kind] ?? e.kind,
    r.actorName ?? (e.actorId === null ? '访客' : `#${e.actorId}`),
    r.adviserName ?? '',
    r.customerName ?? '',
    r.productName ?? '',
    e.subject,
    decisionLabel(e.decision),
    e.reason ? (COMPLIANCE_REASON_LABELS[e.reason] ?? maskPersonalNumbers(e.reason)) : '',
    detail,
    e.decision,
    // A reason a reviewer typed is free text: masked like the words above it.
    maskPersonalNumbers(e.reason ?? ''),
    e.seq == null ? '' : String(e.seq),
    e.hash ?? '',
  ]
    .map(csvField)
    .join(',');
}

/** Rows read per query while the export streams: memory stays flat however long the period. */
const EXPORT_BATCH = 1000;

/**
 * The compliance officer's reading of the trail, /api/compliance/* on the live service: the list
 * (keyset pages, newest first), the filter choices and the CSV export. The compliance role only.
 */
export const compliancePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const officer = { preValidation: [deps.signed('basic'), roleGuards(deps.guards)('compliance')] };
  const repo = deps.repos.compliance;

  app.get(
    '/api/compliance/events',
    { schema: { querystring: ComplianceEventsQuery, response: responses(ComplianceEventPageResponse) }, ...officer },
    async (request) => {
      const limit = request.query.limit ?? COMPLIANCE_PAGE_DEFAULT;
      // One row more than asked says whether there is a next page.
      const rows = await repo.listNamed({
        ...filterOf(request.query),
        beforeId: request.query.before_id,
        limit: limit + 1,
      });
      const list = rows.slice(0, limit).map(eventOut);
      return ok({ list, next_before_id: rows.length > limit ? (list[list.length - 1]?.id ?? null) : null });
    },
  );

  app.get(
    '/api/compliance/filters',
    { schema: { response: responses(ComplianceFilterOptionsResponse) }, ...officer },
    async () => {
      const { advisers, products } = await repo.filterOptions();
      return ok({ advisers: advisers.map((a) => ({ id: a.id, name: a.name, employee_id: a.employeeId })), products });
    },
  );

  app.get(
    '/api/compliance/events.csv',
    { schema: { querystring: ComplianceFilterQuery }, ...officer },
    async (request, reply) => {
      const filter = filterOf(request.query);
      async function* lines() {
        // The byte order mark makes Excel read the file as UTF-8 (Chinese headings and names).
        yield `\uFEFF${COMPLIANCE_CSV_COLUMNS.join(',')}\r\n`;
        let beforeId: number | undefined;
        let sent = 0;
        while (sent < COMPLIANCE_EXPORT_MAX) {
          const rows = await repo.listNamed({
            ...filter,
            beforeId,
            limit: Math.min(EXPORT_BATCH, COMPLIANCE_EXPORT_MAX - sent),
          });
          if (!rows.length) return;
          yield rows.map((r) => `${csvLine(r)}\r\n`).join('');
          sent += rows.length;
          beforeId = rows[rows.length - 1]!.e.id;
        }
      }
      const stamp = chinaTime(deps.now()).slice(0, 10).replace(/-/g, '');
      void reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="compliance-${stamp}.csv"; filename*=UTF-8''${encodeURIComponent(`合规记录-${stamp}.csv`)}`,
        )
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
  );
};
