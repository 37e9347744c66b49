// v2 errors (section 7 body shape 2, section 9 item 2): v2 answers errors with the flat body
// {error, message, status} (sometimes with code), and 503 when no active number is available.
import { check, path } from '../../harness/check/index.js';
import { uniquePhone } from '../_shared/values.js';
import { sendV2 } from '../_shared/v2.js';

const area = 'v2';

// Fault: v2.errors.standard-shape.
check(
  {
    area,
    name: 'errors-are-flat',
    title: 'v2 errors (an unknown message, a body that is not an object) use the flat {error, message, status}',
    clauses: ['errors.shape.flat', 'versioning.v2.flat-errors-and-webhooks'],
    needs: ['v2'],
    // Which 4xx a non-object body gets is not shown for v2; the shape is what is checked.
    responses: 'schema',
    concurrent: true,
  },
  async (t) => {
    const fx = await t.fixtures();
    const v2 = fx.v2();
    const unknown = await v2.get(path`/chats/${uniquePhone()}/messages/${'msg_mcsunknown0'}/status`);
    t.expect.errorShape(unknown, 404, 'flat');
    const notAnObject = await v2.post(path`/chats/${uniquePhone()}/messages`, { body: '"just a string"', contentType: 'application/json' });
    t.expect.errorShape(notAnObject, undefined, 'flat');
  },
);

// Fault: v2.no-active-number.ignored.
check(
  {
    area,
    name: 'no-active-number-503',
    title: 'in an organization without an active number a v2 send answers 503 with the flat body',
    clauses: ['errors.503.v2-no-active-number', 'errors.shape.flat'],
    needs: ['v2', 'organization-without-numbers'],
    concurrent: true,
  },
  async (t) => {
    const fx = await t.otherOrganization('organization-without-numbers');
    const response = await sendV2(fx.v2(), uniquePhone());
    t.expect.errorShape(response, 503, 'flat');
  },
);
