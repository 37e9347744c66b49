// Variant startingStock: an organization that starts with stock of its own, as a vendor's sandbox may make it (the
// description says nothing of a new organization's stock). Two numbers of each line type in each of twelve common US
// area codes, so that an area code taken for unstocked without looking is most likely stocked.
import type { InventoryNumber, LinePlan } from './types.js';

const areaCodes = ['201', '212', '213', '303', '305', '312', '404', '415', '503', '512', '602', '617'];
const lineTypes: LinePlan[] = ['shared', 'dedicated', 'inbound'];

/** A US number of `areaCode` with a random exchange (2-9 first) and line. */
function usNumber(areaCode: string): string {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return `+1${areaCode}${2 + Math.floor(Math.random() * 8)}${digits}`;
}

export function startingStock(): InventoryNumber[] {
  return areaCodes.flatMap((code) => lineTypes.flatMap((kind) => [0, 1].map(() => ({ phoneNumber: usNumber(code), kind, location: null }))));
}
