// WOFF 1.0 → plain OpenType bytes. fontkit reads WOFF, but inflates a table again on every access (with a pure-JS
// inflater), so each glyph lookup in a 1.5 MB CJK font cost a full decompression of its outlines: minutes per seed.
// Node's zlib inflates every table once here, and fontkit then reads the plain font directly.
import { inflateSync } from 'node:zlib';

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [
      woff.readUInt32BE(at),
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
      woff.readUInt32BE(at + 16),
    ];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const pad = (n: number) => (n + 3) & ~3;
  let size = 12 + numTables * 16;
  const offsets = tables.map((t) => {
    const at = size;
    size += pad(t.data.length);
    return at;
  });
  const out = Buffer.alloc(size);
  const entrySelector = Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(2 ** entrySelector * 16, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offsets[i]!, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offsets[i]!);
  });
  return out;
}
