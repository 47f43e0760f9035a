import { fromCents, toCents } from '@renderer/core/format';

/** Deterministic pseudo-random values for demo data: the same seed gives the same demo world. */
export class SeedRandom {
  constructor(private state = 20261120) {}

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    this.state = (this.state * 1103515245 + 12345) % 2147483648;
    return min + (this.state % (max - min + 1));
  }

  /** A money amount in [min, max] yuan with cents (decimal string). */
  money(min: number, max: number): string {
    return fromCents(BigInt(this.int(min, max)) * 100n + BigInt(this.int(0, 99)));
  }

  /** Splits an amount into `parts` exact pieces (each of the first ones 20–45 % of the whole). */
  split(amount: string, parts: number): string[] {
    const total = toCents(amount);
    const out: bigint[] = [];
    let left = total;
    for (let i = 0; i < parts - 1; i++) {
      const piece = (total * BigInt(this.int(20, 45))) / 100n;
      out.push(piece);
      left -= piece;
    }
    out.push(left);
    return out.map(fromCents);
  }

  /** `percent` % of an amount, rounded down to the cent, for a percent drawn from [min, max]. */
  part(amount: string, min: number, max: number): string {
    return fromCents((toCents(amount) * BigInt(this.int(min, max))) / 100n);
  }
}
