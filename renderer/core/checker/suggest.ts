/** Suggestions for misspelled names in the checker's messages ('是否应为 "title"？'). */

/** Edit distance, to suggest the name an analyst probably meant. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] as number;
      row[j] = Math.min(current + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] as number;
}

/** The closest of `allowed` to `name` when it is close enough to be a typo, else null. */
export function closest(name: string, allowed: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

/** `，是否应为 "x"？` when a close name exists, else ''. */
export function didYouMean(name: string, allowed: readonly string[]): string {
  const best = closest(name, allowed);
  return best === null ? '' : `，是否应为 "${best}"？`;
}
