/**
 * Puts text on the clipboard: the Clipboard API where the page may use it, else a selected hidden textarea and
 * execCommand('copy'), which older WeChat and WeCom webviews still honour. Rejects when neither worked, so the
 * caller can say "长按链接复制" instead of a copy that did not happen.
 */
export async function copyText(text: string): Promise<void> {
  const clipboard = globalThis.navigator?.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, or not a secure context): the older way below may still work.
    }
  }
  const doc = globalThis.document;
  if (!doc?.body) throw new Error('no clipboard');
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    if (!doc.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}
