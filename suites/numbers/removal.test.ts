// Number removal (section 4, DELETE /channels/{channel}): `channel` is the E.164 number or the ch_ id,
// `reasons` (array of strings) is required, the answer is {data: {phone_number, channel_id, reasons}},
// number.removed is emitted, and the line is unsubscribed and cancelled afterwards. Each check removes a line of
// its own (made by the control API, or one of the config's removable lines), so the file's fixture channels stay
// for the other checks.
import { check, CheckFailure, path, type ApiClient, type CheckContext } from '../../harness/check/index.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import { dataOf } from '../_shared/contacts.js';
import { readChannelStatus, removableLine } from '../_shared/spare-lines.js';
import { useHooks, watchEmitted } from '../_shared/webhooks.js';

const area = 'numbers';
const hooksOf = useHooks();
/** A body missing `reasons`: the row's 400, or section 7's "422 (validation) invalid body". */
const bodyRefusal = [400, 422];

interface Removal {
  phone_number: string;
  channel_id: string | null;
  reasons: string[];
}

/**
 * A removed line "unsubscribes and cancels": channel status values and transitions are not shown, so the
 * line may be gone (404) or still readable with a status other than the one it had before the removal.
 */
async function expectCancelled(t: CheckContext, v4: ApiClient, line: ChannelFixture, statusBefore: unknown): Promise<void> {
  const after = await v4.get(path`/channels/${line.id}`);
  if (after.status !== 200) return t.expect.deletedIsGone(after);
  const statusAfter = dataOf<{ status?: unknown }>(after).status;
  if (statusAfter === statusBefore) {
    throw new CheckFailure(`GET /channels/${line.id} after its removal: still there with the status it had before`, '404, or 200 with a changed status', `200 status ${JSON.stringify(statusAfter)}`);
  }
}

// Caught by: channels.remove.no-event.
check(
  {
    area,
    name: 'removal-by-id-answers-removal-and-emits-number-removed',
    title: 'DELETE /channels/{ch_ id} with reasons answers {phone_number, channel_id, reasons}, emits number.removed, and the line is gone or cancelled',
    clauses: ['channels.delete.result-and-event', 'events.number-removed.emitted', 'channels.delete.reasons-required'],
    needs: ['removable-line'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const line = await removableLine(t, fx);
    // Its payload is not shown: the removal checks run one after another in this file, and nothing else removes lines.
    const emitted = await watchEmitted(t, fx, hooksOf, 'number.removed');
    const statusBefore = (await readChannelStatus(fx.v4(), line.id)).status;
    const reasons = ['no longer needed', 'cost'];
    const removed = await fx.v4().delete(path`/channels/${line.id}`, { json: { reasons } });
    t.expect.hasStatus(removed, 200);
    const data = dataOf<Removal>(removed);
    t.expect.that(data.phone_number, 'phone_number of the removal answer').toBe(line.address);
    t.expect.that(data.channel_id, 'channel_id of the removal answer').toBe(line.id);
    t.expect.that(data.reasons, 'reasons of the removal answer').toEqual(reasons);
    await emitted();
    await expectCancelled(t, fx.v4(), line, statusBefore);
  },
);

// Fault: channels.remove.e164-not-accepted.
check(
  {
    area,
    name: 'removal-by-e164-number',
    title: 'DELETE /channels/{E.164 number} (+ as %2B) removes the line (gone or cancelled) and answers its phone_number',
    clauses: ['channels.delete.result-and-event', 'channels.delete.reasons-required'],
    needs: ['removable-line'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const line = await removableLine(t, fx);
    const statusBefore = (await readChannelStatus(fx.v4(), line.id)).status;
    const removed = await fx.v4().delete(path`/channels/${line.address}`, { json: { reasons: ['moving'] } });
    t.expect.hasStatus(removed, 200);
    t.expect.that(dataOf<Removal>(removed).phone_number, 'phone_number of the removal answer (line given by its number)').toBe(line.address);
    await expectCancelled(t, fx.v4(), line, statusBefore);
  },
);

// Fault: channels.remove.reasons-optional.
check(
  {
    area,
    name: 'removal-without-reasons-gets-400',
    title: 'DELETE /channels/{channel} without reasons answers 400 (or 422) and the line stays',
    clauses: ['channels.delete.reasons-required'],
    needs: ['removable-line'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const line = await removableLine(t, fx);
    t.expect.errorShape(await fx.v4().delete(path`/channels/${line.id}`, { json: {} }), bodyRefusal);
    t.expect.errorShape(await fx.v4().delete(path`/channels/${line.id}`), bodyRefusal);
    t.expect.hasStatus(await fx.v4().get(path`/channels/${line.id}`), 200);
  },
);

// Caught by: auth.ignore-scopes.
check(
  {
    area,
    name: 'removal-needs-numbers-manage',
    title: 'an app token with numbers:read only cannot remove a line; one with numbers:manage can',
    clauses: ['auth.scope.numbers-manage', 'channels.delete.result-and-event'],
    needs: ['removable-line'],
  },
  async (t) => {
    const fx = await t.fixtures();
    const line = await removableLine(t, fx);
    const reader = fx.v4(fx.appToken({ with: ['numbers:read'], without: ['numbers:manage'] }));
    t.expect.errorShape(await reader.delete(path`/channels/${line.id}`, { json: { reasons: ['test'] } }), [403, 401]);
    const manager = fx.v4(fx.appToken({ with: ['numbers:manage'] }));
    t.expect.hasStatus(await manager.delete(path`/channels/${line.id}`, { json: { reasons: ['test'] } }), 200);
  },
);
