import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../server/models/ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('record ids (UUID v7)', () => {
  it('are UUID version 7 with the RFC 9562 variant and carry their millisecond', () => {
    const at = Date.UTC(2026, 10, 25, 8, 30);
    const id = timeOrderedId(at + 10_000);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at + 10_000);
  });

  it('sort in the order they were made, within one millisecond and when the clock goes back', () => {
    const ms = Date.UTC(2027, 0, 1);
    const made = [
      ...Array.from({ length: 5000 }, () => timeOrderedId(ms)),
      timeOrderedId(ms - 60_000),
      timeOrderedId(ms + 1),
    ];
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
  });
});
