import type { Rule } from 'eslint';

export declare const noCatchAll: Rule.RuleModule;
declare const plugin: { rules: { 'no-catch-all': Rule.RuleModule } };
export default plugin;
