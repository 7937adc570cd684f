/**
 * TRUST_PROXY as Fastify's trustProxy. A number is how many proxies stand in front: 1 (one balancer) takes the
 * address that balancer appended to X-Forwarded-For and ignores whatever the client put before it, so rotating
 * the header buys nothing. `true` believes the left-most address a client sent, which is only safe when no
 * one can reach the server except through proxies that overwrite the header; a list of addresses/CIDRs
 * trusts those proxies only.
 */
export function trustProxyFrom(value: string | undefined): boolean | number | string | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? undefined : Number(value);
  if (value === 'true') return true;
  return value;
}
