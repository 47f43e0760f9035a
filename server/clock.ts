/**
 * The business clock: the time the models engine dates what people read with (records and their audit
 * trails, contracts and their PDFs, 协议管理, to-dos, SMS sent by a transition; DESIGN.md section 13). By
 * default the wall clock. `CLOCK_START` (tests and demos, only with `TEST_MODE=true`) starts it at an
 * instant and lets it run on from there, so a contract can be signed at 23:30 China time whatever the
 * hour (tests/e2e/contractDates.ts). Sessions, request signatures, UKEY originals and one-time links
 * keep the wall clock: they are checked against the browser's and the signing agent's clocks.
 *
 * Returns undefined when unset (the wall clock).
 * @throws Error saying what to set, for a value that is not an instant with its UTC offset, or when
 *   TEST_MODE is not on.
 */
export function businessClockFromEnv(
  value: string | undefined,
  testMode: boolean,
  wall: () => number = Date.now,
): (() => Date) | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  if (!testMode)
    throw new Error(
      'CLOCK_START dates records, contracts and messages at a made-up time: it is for tests and demos only ' +
        'and needs TEST_MODE=true. Unset it on a real platform.',
    );
  // The offset is required: "23:30" means China time only if it says +08:00.
  const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
    ? Date.parse(v)
    : NaN;
  if (Number.isNaN(start))
    throw new Error(
      `CLOCK_START must be an instant with its UTC offset, e.g. 2026-11-20T23:30:00+08:00, not "${v}".`,
    );
  const startedAt = wall();
  return () => new Date(start + (wall() - startedAt));
}
