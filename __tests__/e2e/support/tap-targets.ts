import type { Page } from 'playwright-core';

/** One control a finger may tap, smaller than the 44 × 44 px it needs. */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/** The least a tap target measures in CSS px, both ways (Apple HIG; WCAG 2.5.5 AAA). */
export const MIN_TAP_PX = 44;

/**
 * Every visible control on the page (links, buttons, tabs, radios, checkboxes, inputs) whose box is under
 * 44 px either way. A native checkbox or radio counts by its label when the label wraps it (the label is what
 * a finger meets). Text inputs count by height only (their width is the line's).
 */
export function smallTapTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const out: Array<{ what: string; width: number; height: number }> = [];
    const seen = new Set<Element>();
    const selector =
      'a[href], button, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], input, select, textarea, [role="switch"]';
    for (const raw of Array.from(document.querySelectorAll(selector))) {
      let el: Element = raw;
      if (raw instanceof HTMLInputElement && ['checkbox', 'radio'].includes(raw.type)) el = raw.closest('label') ?? raw;
      if (seen.has(el)) continue;
      seen.add(el);
      if ((el as HTMLElement).closest('[aria-hidden="true"], [hidden], .adm-picker, .adm-popup')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const textual =
        raw instanceof HTMLTextAreaElement ||
        (raw instanceof HTMLInputElement && !['checkbox', 'radio'].includes(raw.type));
      if (r.height + 0.5 >= min && (textual || r.width + 0.5 >= min)) continue;
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      out.push({
        what: `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} 「${label}」`,
        width: Math.round(r.width),
        height: Math.round(r.height),
      });
    }
    return out;
  }, MIN_TAP_PX);
}
