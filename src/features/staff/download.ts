/**
 * Saves the trail's CSV through a temporary link (the browser's download). The text arrives
 * decoded, which drops the byte order mark: it is put back so Excel reads the file as UTF-8.
 */
export function saveCsv(csv: string, fileName: string): void {
  const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after the click returns: revoke it a moment later.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
