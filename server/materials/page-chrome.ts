/**
 * A public account's page chrome: the share / like / 在看 buttons are links to script (javascript:) that the
 * sanitizer disarms but whose words would stay in the adviser's material as stray text ("分享"). They never carry
 * the article's content, so the forwarding assistant drops them (with a paragraph they leave empty).
 */
const CHROME_WORDS = [
  '分享',
  '点赞',
  '在看',
  '收藏',
  '赞赏',
  '喜欢作者',
  '留言',
  '写留言',
  '关注',
  '阅读原文',
  '复制链接',
];

const words = CHROME_WORDS.join('|');
// An anchor with no address, or one to script, whose whole text is one chrome word.
const CHROME_LINK = new RegExp(`<a\\b(?![^>]*\\bhref="(?!\\s*javascript:)[^"]+")[^>]*>\\s*(?:${words})\\s*</a>`, 'gi');

export function dropPageChrome(html: string): string {
  return html.replace(CHROME_LINK, '').replace(/<p\b[^>]*>\s*<\/p>/gi, '');
}
