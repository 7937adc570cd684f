import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

import { loadRemoteEnvironments } from '../../config/load-remote';

/**
 * Security headers on the app and the API, by @fastify/helmet: a
 * Content-Security-Policy the built app really runs under, nosniff, a referrer policy, and
 * framing by the app's own origin only (its /iframe page frames guarded screens of the same origin).
 */

/** The `'sha256-…'` source of each inline <script> in the built page: allowed by hash, never by 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(m[1] ?? '') || !(m[2] ?? '').trim()) continue;
    out.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return out;
}

/** Origins the client may call in the remote environments (a host name picks one at run time). */
export function remoteOrigins(values: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' && /^(https?|wss?):\/\//.test(v)) {
      try {
        found.add(new URL(v).origin);
      } catch {
        // not a URL after all: nothing to allow
      }
    } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(values);
  return [...found].sort();
}

export interface PolicyInput {
  scriptHashes: readonly string[];
  origins: readonly string[];
  production: boolean;
}

/**
 * The policy. Scripts: this origin's files and hashed inline ones only. Styles keep
 * 'unsafe-inline': the page's critical <style>, the local pages' <style> blocks and rich text's
 * style attributes need it, and inline style cannot run code. Media and workers take blob: (HLS
 * through MediaSource, hls.js's worker); images come from anywhere over https (covers, avatars).
 */
export function policyDirectives(p: PolicyInput): Record<string, string[] | null> {
  const remote = [...p.origins];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...p.scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', ...remote],
    'connect-src': ["'self'", ...remote],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    // Only where the site is served over https: on http://localhost it would send every request to https.
    'upgrade-insecure-requests': p.production ? [] : null,
  };
}

export interface SecurityHeaderOptions {
  production: boolean;
  distDir: string;
}

export async function installSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions): Promise<void> {
  const indexHtml = path.join(opts.distDir, 'index.html');
  const html = fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : '';
  let origins: string[] = [];
  try {
    origins = remoteOrigins(loadRemoteEnvironments());
  } catch {
    // A broken remote config fails the build loudly; here the policy just allows no remote host.
  }
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: policyDirectives({ scriptHashes: inlineScriptHashes(html), origins, production: opts.production }),
    },
    // The app's own /iframe frames guarded screens: same origin only (frame-ancestors says the same for CSP browsers).
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS means something only over https, which production terminates in front of this server.
    hsts: opts.production ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Media and covers may be embedded by the firm's other sites; scripts and API stay same-origin by CSP/CORS.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
