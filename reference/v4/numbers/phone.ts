// What may be said about an inventory number without revealing it.
const countries: Array<[string, string]> = [
  ['1', 'US'],
  ['44', 'GB'],
  ['49', 'DE'],
  ['33', 'FR'],
  ['61', 'AU'],
];

const zipByAreaCode: Record<string, string> = { '212': '10001', '310': '90001', '312': '60601', '415': '94105', '512': '73301', '617': '02108' };

export function countryOf(e164: string): { code: string | null; iso: string | null } {
  const digits = e164.slice(1);
  const found = countries.find(([code]) => digits.startsWith(code));
  return { code: found?.[0] ?? null, iso: found?.[1] ?? null };
}

/** The US area code of a +1 number, else null. */
export function areaCodeOf(e164: string): string | null {
  return e164.startsWith('+1') && e164.length === 12 ? e164.slice(2, 5) : null;
}

/** Only the area code revealed: `(415) XXX-XXXX`; null when the number has no area code we know. */
export function maskNational(e164: string): string | null {
  const area = areaCodeOf(e164);
  return area ? `(${area}) XXX-XXXX` : null;
}

/** A zip code the area code maps to: a known one, else one made from the code, so that every quote line has one. */
export function zipFor(areaCode: string): string | null {
  return zipByAreaCode[areaCode] ?? (/^[2-9][0-9]{2}$/.test(areaCode) ? `${areaCode}01` : null);
}
