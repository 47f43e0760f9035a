import { randomBytes } from 'node:crypto';

/**
 * Record ids that sort in creation order (UUID version 7, RFC 9562): 48 bits of Unix milliseconds, then a
 * 12-bit counter that keeps ids made in the same millisecond (or by a clock that went back, like the seed's)
 * increasing, then 62 random bits. Lists break ties of their sort column by id, so rows with the same date
 * come newest first instead of in random order (a new row used to fall onto page 2 among same-day rows).
 */
let lastMs = 0;
let counter = 0;

export function timeOrderedId(at: Date | number = Date.now()): string {
  let ms = typeof at === 'number' ? at : at.getTime();
  const bytes = randomBytes(16);
  if (ms > lastMs) {
    lastMs = ms;
    // A random start below half the range leaves room to count up within the millisecond.
    counter = ((bytes[6]! & 0x07) << 8) | bytes[7]!;
  } else {
    ms = lastMs;
    counter += 1;
    if (counter > 0xfff) {
      lastMs = ms = lastMs + 1;
      counter = 0;
    }
  }
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | (counter >>> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
