// Plan facts of a new organization, and their validation (control API PATCH /plan).
import type { PlanFacts } from './types.js';

export const defaultPlan: PlanFacts = {
  number_pools: true,
  active_key_ceiling: 10,
  number_purchase_enabled: true,
  payment_method: 'valid',
  purchase_line_cap: 10,
  outbound_cap_per_organization: null,
  outbound_cap_per_number: null,
  new_conversation_cap: null,
};

// fails_after_acceptance: the purchase is accepted (202 provisioning) and the payment then fails, as a payment
// provider's test card that attaches but fails on charge; the sandbox's provider (sandbox/progress.ts) fails it.
const paymentMethods = new Set(['valid', 'absent', 'declining', 'requires_3ds', 'fails_after_acceptance']);

/** The error text for an invalid patch, or null when it is valid. */
export function planPatchError(patch: unknown): string | null {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return 'plan must be an object';
  for (const [key, value] of Object.entries(patch)) {
    switch (key) {
      case 'number_pools':
      case 'number_purchase_enabled':
        if (typeof value !== 'boolean') return `${key} must be a boolean`;
        break;
      case 'active_key_ceiling':
      case 'purchase_line_cap':
        if (!Number.isInteger(value) || (value as number) < 1) return `${key} must be an integer >= 1`;
        break;
      case 'outbound_cap_per_organization':
      case 'outbound_cap_per_number':
      case 'new_conversation_cap':
        if (value !== null && (!Number.isInteger(value) || (value as number) < 0)) return `${key} must be an integer >= 0 or null`;
        break;
      case 'payment_method':
        if (typeof value !== 'string' || !paymentMethods.has(value)) return 'payment_method must be valid, absent, declining, requires_3ds or fails_after_acceptance';
        break;
      default:
        return `unknown plan fact ${key}`;
    }
  }
  return null;
}
