/**
 * Seeds of randomised tests. Each run prints its seed; setting the printed variable replays it:
 * `<NAME>_SEED=<seed>` for one test, or `TEST_SEED=<seed>` for every randomised test of a run.
 */
export function testSeed(name: string): number {
  const given = process.env[`${name}_SEED`] ?? process.env.TEST_SEED;
  const seed =
    given !== undefined && given !== '' ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isFinite(seed)) throw new Error(`${name}_SEED must be a number, got ${given}`);
  console.log(`${name.toLowerCase()} seed: ${seed} (replay with ${name}_SEED=${seed})`);
  return seed;
}

/** A small seeded generator (mulberry32): the same seed gives the same numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
