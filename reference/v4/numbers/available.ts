// GET /channels/native/available: browse masked inventory rows, or quote area codes.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError } from '../../server/errors.js';
import { page } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { cursorPage, parseLimit } from '../../store/pagination.js';
import type { InventoryNumber, LinePlan, Org } from '../../store/types.js';
import { scoped } from '../options.js';
import { areaCodeOf, countryOf, maskNational, zipFor } from './phone.js';
import { requirePurchaseFeature } from './feature.js';

const lineTypes = new Set(['shared', 'dedicated', 'inbound']);

function requestedAreaCodes(query: URLSearchParams, commaFormIgnored = false): string[] {
  const commaForm = commaFormIgnored ? [] : query.getAll('area_codes').flatMap((v) => v.split(','));
  const codes = [...query.getAll('area_code'), ...commaForm].map((c) => c.trim()).filter((c) => c !== '');
  for (const code of codes) {
    if (!/^[2-9][0-9]{2}$/.test(code)) throw httpError(400, 'invalid_area_code', `${code} is not a 3-digit US area code`, { area_code: code });
  }
  return [...new Set(codes)];
}

export function inventoryRow(number: InventoryNumber, leak: boolean): Record<string, unknown> {
  const country = countryOf(number.phoneNumber);
  const row: Record<string, unknown> = {
    masked_national: leak ? number.phoneNumber : maskNational(number.phoneNumber),
    area_code: areaCodeOf(number.phoneNumber),
    country_code: country.code,
    phone_number_country: country.iso,
  };
  if (number.location) row.location = number.location;
  return row;
}

function inStock(org: Org, type: LinePlan, country: string | null): InventoryNumber[] {
  return org.inventory.filter((n) => n.kind === type && !org.channelsByAddress.has(n.phoneNumber) && (country === null || countryOf(n.phoneNumber).iso === country));
}

function quote(ctx: Ctx, stock: InventoryNumber[], codes: string[]) {
  const limit = parseLimit(ctx.query, ctx.app.variant);
  const lines = codes.slice(0, limit).map((areaCode) => {
    const matched = stock.some((n) => areaCodeOf(n.phoneNumber) === areaCode);
    const line: Record<string, unknown> = { area_code: areaCode, matched };
    if (!matched) line.custom_order = true;
    const zip = zipFor(areaCode);
    if (zip) line.zip_code = zip;
    return line;
  });
  const countsWrong = ctx.app.fault('numbers.quote.counts-wrong');
  return {
    data: lines,
    has_more: codes.length > lines.length,
    next_cursor: null,
    matched_count: lines.filter((l) => l.matched).length + (countsWrong ? 1 : 0),
    custom_order_count: lines.filter((l) => l.custom_order === true).length,
  };
}

export function registerAvailableRoutes(app: App): void {
  app.route('GET', '/v4/channels/native/available', (ctx) => {
    const org = orgOf(ctx);
    requirePurchaseFeature(ctx, org);
    const type = (ctx.query.get('type') ?? (ctx.app.fault('numbers.available.default-not-shared') ? 'dedicated' : 'shared')) as LinePlan;
    if (!lineTypes.has(type)) throw httpError(400, 'invalid_parameter', 'type must be shared, dedicated or inbound', { type });
    const country = ctx.query.get('country');
    if (country !== null && !/^[A-Za-z]{2}$/.test(country)) throw httpError(400, 'invalid_parameter', 'country must be an ISO country code', { country });
    const codes = requestedAreaCodes(ctx.query, ctx.app.fault('numbers.quote.area-codes-ignored'));
    if (codes.length > 0 && type === 'shared') {
      throw httpError(400, 'area_code_not_supported', 'area_code applies to dedicated and inbound numbers only', { type });
    }
    const stock = inStock(org, type, country?.toUpperCase() ?? null);
    if (codes.length > 0) return page(quote(ctx, stock, codes));
    const leak = ctx.app.fault('numbers.inventory.full-number');
    return page(cursorPage(stock.map((n) => inventoryRow(n, leak)), ctx.query, ctx.app.variant));
  }, scoped('numbers:read'));
}
