// Who may browse, buy and poll numbers (section 4, Channels; section 5 item 4): browsing and buying need
// the number purchase feature (else 403), and an app token needs numbers:read to browse and poll and
// numbers:manage to buy. The refusal status for a missing scope is not named: 403 or 401 is accepted.
import { check } from '../../harness/check/index.js';
import { availablePath, buyingOrganization, pollPurchase, purchase, purchaseOf } from '../_shared/numbers.js';

const area = 'numbers';

// Caught by: numbers.feature-check-skipped.
check(
  {
    area,
    name: 'feature-disabled-gets-403',
    title: 'with the number purchase feature off, browsing and buying answer 403',
    clauses: ['channels.available.feature-required'],
    needs: ['organization-with-purchases-off'],
  },
  async (t) => {
    // Only browsing and buying "need the number purchase feature enabled"; polling a purchase is not said
    // to, so what it answers with the feature off is left alone.
    const fx = await t.otherOrganization('organization-with-purchases-off');
    const v4 = fx.v4();
    t.expect.errorShape(await v4.get(availablePath), 403);
    t.expect.errorShape(await purchase(v4, { plan: 'dedicated_com' }), 403);
  },
);

// Caught by: auth.ignore-scopes.
check(
  {
    area,
    name: 'numbers-read-token-cannot-buy',
    title: 'an app token with numbers:read but not numbers:manage may browse and poll but not buy',
    clauses: ['auth.scope.numbers-read', 'auth.scope.numbers-manage'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const bought = await purchase(fx.v4(), { plan: 'dedicated_com' });
    t.expect.hasStatus(bought, 202);
    const reader = fx.v4(fx.appToken({ with: ['numbers:read'], without: ['numbers:manage'] }));
    t.expect.hasStatus(await reader.get(availablePath), 200);
    t.expect.hasStatus(await pollPurchase(reader, purchaseOf(bought).purchase_id), 200);
    t.expect.errorShape(await purchase(reader, { plan: 'dedicated_com' }), [403, 401]);
  },
);

// Fault: numbers.purchase.needs-read-scope.
check(
  {
    area,
    name: 'numbers-manage-token-can-buy',
    title: 'an app token with numbers:manage (and no numbers:read) can buy: 202',
    clauses: ['auth.scope.numbers-manage', 'purchases.create.accepted-202'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const manager = fx.v4(fx.appToken({ with: ['numbers:manage'], without: ['numbers:read'] }));
    t.expect.hasStatus(await purchase(manager, { plan: 'dedicated_com' }), 202);
  },
);

// Caught by: auth.ignore-scopes.
check(
  {
    area,
    name: 'numbers-manage-token-cannot-poll',
    title: 'an app token with numbers:manage but not numbers:read cannot poll a purchase',
    clauses: ['auth.scope.numbers-read'],
    needs: ['buying-organization'],
  },
  async (t) => {
    const fx = await buyingOrganization(t);
    const bought = await purchase(fx.v4(), { plan: 'dedicated_com' });
    t.expect.hasStatus(bought, 202);
    const manager = fx.v4(fx.appToken({ with: ['numbers:manage'], without: ['numbers:read'] }));
    t.expect.errorShape(await pollPurchase(manager, purchaseOf(bought).purchase_id), [403, 401]);
  },
);
