// The lint rule that keeps catch-alls out of suites/ and harness/check/ (scripts/lint/no-catch-all.mjs): a catch
// there names what it handles and rethrows the rest, so a finding or a failed expectation always propagates.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noCatchAll } from '../../scripts/lint/no-catch-all.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-catch-all', noCatchAll, {
  valid: [
    'try { await wait(); } catch (error) { if (!isNothingArrived(error)) throw error; return t.notVerifiable("never came"); }',
    'try { step(); } catch (error) { throw isAssertion(error) ? attribute(error, broken) : error; }',
    'shared().catch((error: unknown) => { throw carryBrokenAnswer(error); });',
    'wait.catch((error: unknown) => { if (!isNothingArrived(error)) throw error; return error.message; });',
    'try { json(); } catch (error) { if (!(error instanceof SyntaxError)) throw error; return undefined; }',
  ],
  invalid: [
    { code: 'try { await wait(); } catch { return t.notVerifiable("never came"); }', errors: [{ messageId: 'unbound' }] },
    { code: 'try { await wait(); } catch (error) { return t.notVerifiable(String(error)); }', errors: [{ messageId: 'swallowed' }] },
    { code: 'hooks.waitForEvent(sub, type).catch(() => undefined);', errors: [{ messageId: 'unbound' }] },
    { code: 'wait.catch((error: unknown) => (error instanceof Error ? error.message : String(error)));', errors: [{ messageId: 'swallowed' }] },
    // A rethrow only inside a nested function does not rethrow from the catch.
    { code: 'try { a(); } catch (error) { later(() => { throw error; }); }', errors: [{ messageId: 'swallowed' }] },
  ],
});
