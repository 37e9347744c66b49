// An ESLint rule: no catch-alls where checks are judged (suites/, harness/check/). A catch there names what it
// handles and rethrows the rest: `catch (error) { if (!isNothingArrived(error)) throw error; ... }`. A catch
// without a binding, or one that never throws what it caught (itself, or wrapped: `throw carry(error)`), could
// turn a finding or a failed expectation into "not verifiable", a missed fault no report shows. The same holds
// for a promise's `.catch(handler)`. Where swallowing is the point (a tidy-up that changes nothing), say why in
// an eslint-disable comment.

/** Whether `node` (not looking into nested functions) throws the caught value `name`, or a call made with it. */
function throwsCaught(node, name) {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((child) => throwsCaught(child, name));
  if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') return false;
  if (node.type === 'ThrowStatement') return mentions(node.argument, name);
  return Object.entries(node).some(([key, child]) => key !== 'parent' && typeof child === 'object' && throwsCaught(child, name));
}

/** Whether the expression is `name`, or a call or `new` taking `name` among its arguments. */
function mentions(expression, name) {
  if (expression?.type === 'Identifier') return expression.name === name;
  if (expression?.type === 'CallExpression' || expression?.type === 'NewExpression') return expression.arguments.some((argument) => mentions(argument, name));
  if (expression?.type === 'TSAsExpression') return mentions(expression.expression, name);
  if (expression?.type === 'ConditionalExpression') return mentions(expression.consequent, name) || mentions(expression.alternate, name);
  return false;
}

const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

export const noCatchAll = {
  meta: {
    type: 'problem',
    docs: { description: 'a catch names what it handles and rethrows what it does not name' },
    messages: {
      unbound: 'A catch without a binding swallows every error: name what it handles and rethrow the rest.',
      swallowed: "This catch never rethrows '{{name}}': handle only what it names (a finding or failed expectation must propagate).",
    },
    schema: [],
  },
  create(context) {
    const judge = (node, param, body) => {
      if (param === undefined || param === null) return context.report({ node, messageId: 'unbound' });
      if (param.type !== 'Identifier') return context.report({ node, messageId: 'swallowed', data: { name: 'the error' } });
      if (!throwsCaught(body, param.name)) context.report({ node, messageId: 'swallowed', data: { name: param.name } });
      return undefined;
    };
    return {
      CatchClause(node) {
        judge(node, node.param, node.body);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || callee.property.name !== 'catch') return;
        const [handler] = node.arguments;
        if (!isFunction(handler)) return;
        judge(handler, handler.params[0], handler.body);
      },
    };
  },
};

export default { rules: { 'no-catch-all': noCatchAll } };
