// Model-based property of channel ownership (section 3 "Channel ownership", section 4 assignment rules): any
// sequence of assignments and unassignments over a few keys and lines keeps every line with at most one
// owner (as the keys' channel lists show it), and each assignment reports `reassigned` and `unchanged`
// truly against a model of who owns what. Runs in an organization with number pools (several lines per key):
// one of its own with a control API, else the configured one when its stated plan has them. The lines are the
// check's own for all its runs (fresh, or spare lines leased); the keys are new for each run, and the previous
// run's keys give their lines back and are deprecated first.
import fc from 'fast-check';
import { check, type ApiClient, type CheckContext, type Fixtures } from '../../harness/check/index.js';
import type { ChannelFixture } from '../../harness/fixtures/control-client.js';
import { fail } from '../_shared/common.js';
import { assign, assignmentOf, deleteOk, dropOwnKey, keyAdmin, listsChannel, ownedItems, ownKey, unassign } from '../_shared/api-keys.js';
import { lineOfItsOwn } from '../_shared/spare-lines.js';
import { configuredWithPlan } from '../_shared/stated-plan.js';

const keyCount = 3;
const lineCount = 3;

/** Who owns each line (index of the key, or null). */
interface Model {
  owner: (number | null)[];
}

interface Real {
  admin: ApiClient;
  keys: string[];
  lines: ChannelFixture[];
}

/** Every key's channel list agrees with the model: each line listed by its owner only, or by none. */
async function agreesWithModel(model: Model, real: Real, after: string): Promise<void> {
  const owned = await Promise.all(real.keys.map((key) => ownedItems(real.admin, key)));
  real.lines.forEach((line, l) => {
    const listers = owned.flatMap((items, k) => (listsChannel(items, line) ? [k] : []));
    const expected = model.owner[l] === null ? [] : [model.owner[l]];
    if (listers.length > 1) fail(`after ${after}: line L${l} is listed by ${listers.length} keys`, 'at most one owner', `listed by keys ${listers.map((k) => `K${k}`).join(', ')}`);
    if (JSON.stringify(listers) !== JSON.stringify(expected)) {
      fail(`after ${after}: line L${l} owners disagree with the sequence of assignments`, `owned by ${expected.map((k) => `K${k}`).join('') || 'no key'}`, `listed by ${listers.map((k) => `K${k}`).join(', ') || 'no key'}`);
    }
  });
}

class Assign implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly key: number,
    readonly line: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const previous = model.owner[this.line] ?? null;
    const result = assignmentOf(await assign(real.admin, real.keys[this.key]!, real.lines[this.line]!.id));
    const expected = { reassigned: previous !== null && previous !== this.key, unchanged: previous === this.key };
    const actual = { reassigned: result.reassigned, unchanged: result.unchanged };
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      fail(`${this.toString()}: the flags do not tell what happened (previous owner ${previous === null ? 'none' : `K${previous}`})`, JSON.stringify(expected), JSON.stringify(actual));
    }
    model.owner[this.line] = this.key;
    await agreesWithModel(model, real, this.toString());
  }
  toString(): string {
    return `assign(K${this.key}, L${this.line})`;
  }
}

/** Only a key's own line is unassigned: what unassigning a line the key does not own does is not shown. */
class Unassign implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly key: number,
    readonly line: number,
  ) {}
  check(model: Readonly<Model>): boolean {
    return model.owner[this.line] === this.key;
  }
  async run(model: Model, real: Real): Promise<void> {
    const response = await unassign(real.admin, real.keys[this.key]!, real.lines[this.line]!.id);
    if (!(deleteOk as readonly number[]).includes(response.status)) fail(`${this.toString()} answered ${response.status}`, '200 or 204', response.text.slice(0, 300));
    model.owner[this.line] = null;
    await agreesWithModel(model, real, this.toString());
  }
  toString(): string {
    return `unassign(K${this.key}, L${this.line})`;
  }
}

/** An organization whose keys may own several lines; not verifiable when none is to be had. */
async function pooledOrganization(t: CheckContext): Promise<Fixtures> {
  if (t.hasControl) return t.freshOrganization({ plan: { number_pools: true, active_key_ceiling: 1000 } });
  return configuredWithPlan(t, { number_pools: true });
}

/** The set-up of each run of the model: new keys over the check's lines, all of them unowned. */
function setUpOver(t: CheckContext, fx: Fixtures, lines: ChannelFixture[]): () => Promise<{ model: Model; real: Real }> {
  const admin = keyAdmin(fx);
  let previous: { model: Model; real: Real } | undefined;
  return async () => {
    if (previous !== undefined) await letGo(fx, previous);
    const keys: string[] = [];
    for (let k = 0; k < keyCount; k++) keys.push(await ownKey(t, fx));
    previous = { model: { owner: lines.map(() => null) }, real: { admin, keys, lines } };
    return previous;
  };
}

/** The previous run's keys give back what the model says they own, and are deprecated (their slots are wanted). */
async function letGo(fx: Fixtures, { model, real }: { model: Model; real: Real }): Promise<void> {
  for (const [l, owner] of model.owner.entries()) {
    if (owner === null) continue;
    const response = await unassign(real.admin, real.keys[owner]!, real.lines[l]!.id);
    if (!(deleteOk as readonly number[]).includes(response.status)) fail(`giving line L${l} back before the next run answered ${response.status}`, '200 or 204', response.text.slice(0, 300));
  }
  for (const key of real.keys) await dropOwnKey(fx, key);
}

// Fault: ownership.reassign-keeps-previous, ownership.unchanged-reported-reassigned, ownership.unassign-ignored.
check(
  {
    area: 'api-keys',
    name: 'ownership-model',
    title: 'any sequence of assignments and unassignments keeps each line with at most one owner and reports reassigned/unchanged truly',
    clauses: ['ownership.assign.sole-owner-reassigned', 'ownership.assign.same-owner-unchanged', 'apikeys.assign.idempotent', 'ownership.unassign.delete-key-channel'],
    needs: ['fresh-key', 'spare-line'],
    concurrent: true,
  },
  async (t) => {
    const fx = await pooledOrganization(t);
    const lines: ChannelFixture[] = [];
    for (let l = 0; l < lineCount; l++) lines.push(await lineOfItsOwn(t, fx));
    const setUp = setUpOver(t, fx, lines);
    const index = (count: number) => fc.integer({ min: 0, max: count - 1 });
    const commands = fc.commands(
      [
        fc.tuple(index(keyCount), index(lineCount)).map(([k, l]) => new Assign(k, l)),
        fc.tuple(index(keyCount), index(lineCount)).map(([k, l]) => new Unassign(k, l)),
      ],
      { maxCommands: 10 },
    );
    await t.assertProperty(
      fc.asyncProperty(commands, (cmds) => fc.asyncModelRun(setUp, cmds)),
      { numRuns: 8 },
    );
  },
);
