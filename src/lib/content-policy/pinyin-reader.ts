import { pinyin } from 'pinyin-pro';

import type { PinyinReader } from './pinyin';

/**
 * The policy's ear: pinyin-pro's readings, toneless, ü as v, one per character. Its dictionary is about 300 KB of
 * script, a quarter of a second's work on a slow phone: the browser imports this module only once someone types into
 * a checked text box (PolicyHint.tsx), never with a page.
 */
export const readPinyin: PinyinReader = (text) => pinyin(text, { toneType: 'none', type: 'array', v: true });
