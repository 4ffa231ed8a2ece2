/** A size in people's words: `812 B`, `4.5 KB`, `65 MB`, `1.5 GB` (units of 1024). The one formatter of sizes. */
export function sizeInWords(bytes: number): string {
  const n = Math.max(0, Math.round(bytes));
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const shown = v < 10 ? Math.round(v * 10) / 10 : Math.round(v);
  return `${shown} ${units[i]}`;
}
