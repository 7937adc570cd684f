import { saveFile } from '@/platform/download';

/**
 * Saves the trail's CSV through the browser's download. The text arrives decoded, which drops the byte order
 * mark: it is put back so Excel reads the file as UTF-8.
 */
export function saveCsv(csv: string, fileName: string): void {
  const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
