import { Converter } from 'opencc-js/t2cn';

// OpenCC's maintained tables: Taiwan and Hong Kong variants and phrases, then traditional → simplified.
const fromTw = Converter({ from: 'tw', to: 'cn' });
const fromHk = Converter({ from: 'hk', to: 'cn' });

/** Traditional (Taiwan, Hong Kong or plain) Chinese to simplified, by OpenCC's full tables. */
export const toSimplified = (text: string): string => fromHk(fromTw(text));
