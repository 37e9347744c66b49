// GET /channels/native/available: browse masked inventory rows, or quote area codes.
import type { App } from '../../server/app.js';
import { orgOf } from '../../server/caller.js';
import { httpError } from '../../server/errors.js';
import { page } from '../../server/reply.js';
import type { Ctx } from '../../server/types.js';
import { cursorPage } from '../../store/pagination.js';
import type { InventoryNumber, LinePlan, Org } from '../../store/types.js';
import { either, scoped } from '../options.js';
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

/** How much of a number masked_national shows: the area code only, or (faults) the exchange too, or all of it. */
export type Masking = 'area-code' | 'exchange' | 'none';

/** `(415) 555-XXXX`: the area code and the exchange (what a broken mask reveals). */
function exchangeRevealed(e164: string): string | null {
  const masked = maskNational(e164);
  return masked === null ? null : masked.replace('XXX', e164.slice(5, 8));
}

export function inventoryRow(number: InventoryNumber, masking: Masking): Record<string, unknown> {
  const country = countryOf(number.phoneNumber);
  const shown = { 'area-code': maskNational, exchange: exchangeRevealed, none: (e164: string) => e164 }[masking];
  const row: Record<string, unknown> = {
    masked_national: shown(number.phoneNumber),
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

/**
 * Quote mode: a line per requested code, paged with `limit` and `cursor` like every list; matched_count and
 * custom_order_count count the lines of every page, since they describe the whole quote.
 */
function quote(ctx: Ctx, stock: InventoryNumber[], codes: string[]) {
  const lines = codes.map((areaCode) => {
    const matched = stock.some((n) => areaCodeOf(n.phoneNumber) === areaCode);
    // Fault: numbers.quote.other-area-code (each line names a code one above the one asked for).
    const line: Record<string, unknown> = { area_code: ctx.app.fault('numbers.quote.other-area-code') ? String(Number(areaCode) + 1) : areaCode, matched };
    if (!matched) line.custom_order = true;
    // Fault: numbers.quote.custom-order-false (a line without a fee says custom_order false).
    else if (ctx.app.fault('numbers.quote.custom-order-false')) line.custom_order = false;
    // Fault: numbers.quote.matched-with-custom-fee (a line with a custom fee says matched true as well).
    if (!matched && ctx.app.fault('numbers.quote.matched-with-custom-fee')) line.matched = true;
    // Fault: numbers.quote.asked-code-auto-assigned (a line for a code that was asked for says auto_assigned true).
    if (ctx.app.fault('numbers.quote.asked-code-auto-assigned')) line.auto_assigned = true;
    const zip = zipFor(areaCode);
    // Fault: numbers.quote.zip-code-number (zip_code as a number).
    if (zip) line.zip_code = ctx.app.fault('numbers.quote.zip-code-number') ? Number(zip) : zip;
    return line;
  });
  const countsWrong = ctx.app.fault('numbers.quote.counts-wrong');
  return {
    ...cursorPage(lines, ctx.query, ctx.app.variant),
    matched_count: lines.filter((l) => l.matched).length + (countsWrong ? 1 : 0),
    custom_order_count: lines.filter((l) => l.custom_order === true).length,
  };
}

export function registerAvailableRoutes(app: App): void {
  app.route('GET', '/v4/channels/native/available', (ctx) => {
    if (ctx.caller.kind === 'appToken' && !ctx.scopes.has('numbers:read') && !ctx.scopes.has('numbers:manage')) {
      throw httpError(403, 'insufficient_scope', 'The app token lacks the scope numbers:read', { required_scope: 'numbers:read' });
    }
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
    // Fault: numbers.inventory.exchange-revealed (masked_national shows the exchange digits as well as the area code).
    const masking: Masking = ctx.app.fault('numbers.inventory.full-number') ? 'none' : ctx.app.fault('numbers.inventory.exchange-revealed') ? 'exchange' : 'area-code';
    const rows = cursorPage(stock.map((n) => inventoryRow(n, masking)), ctx.query, ctx.app.variant);
    // Fault: numbers.inventory.country-mislabelled (each row names a country other than its number's).
    if (ctx.app.fault('numbers.inventory.country-mislabelled')) rows.data = rows.data.map((row) => ({ ...row, phone_number_country: row.phone_number_country === 'CA' ? 'US' : 'CA' }));
    // Fault: numbers.inventory.country-code-iso (country_code carries the ISO country code, not the calling code).
    if (ctx.app.fault('numbers.inventory.country-code-iso')) rows.data = rows.data.map((row) => ({ ...row, country_code: row.phone_number_country }));
    // Fault: numbers.inventory.area-code-number (area_code as a number).
    if (ctx.app.fault('numbers.inventory.area-code-number')) rows.data = rows.data.map((row) => ({ ...row, area_code: Number(row.area_code) }));
    // Fault: pagination.available-skip.
    if (ctx.app.fault('pagination.available-skip') && rows.has_more) rows.data = rows.data.slice(0, -1);
    return page(rows);
    // Fault: auth.numbers-manage-suffices-to-browse (checked in the handler: numbers:read or numbers:manage).
  }, app.fault('auth.numbers-manage-suffices-to-browse') ? either : scoped('numbers:read'));
}
