import { describe, expect, it } from 'vitest';
import { PLATFORM_HOSTS } from '@server/seed/platforms';

/** The first two digits of the postcodes of the cities the demo brands give as their address. */
const POSTCODE_PREFIX: Record<string, string> = { 北京市: '10', 上海市: '20' };

describe('spec section 1 (footer from the platform config): each brand’s footer is its own', () => {
  const brands = [...new Map(PLATFORM_HOSTS.map(([, c]) => [c.platformType, c])).values()];

  it('gives a postcode of the city of its contact address', () => {
    for (const brand of brands) {
      const city = Object.keys(POSTCODE_PREFIX).find((c) => brand.contactAddress.startsWith(c));
      expect(city, brand.contactAddress).toBeDefined();
      expect(brand.postcode.slice(0, 2), `${brand.platformType} ${brand.contactAddress}`).toBe(
        POSTCODE_PREFIX[city!],
      );
    }
  });

  it('has an English copyright of its own when its Chinese copyright names another holder', () => {
    for (const a of brands)
      for (const b of brands)
        if (a !== b && a.copyrightCn !== b.copyrightCn) expect(a.copyrightEn).not.toBe(b.copyrightEn);
  });
});
