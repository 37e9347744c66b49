// Test-only: validate an HTTP answer against the response schema an OpenAPI file of spec/ declares for it.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadOpenApi, type OpenApiName } from '../spec/index.js';
import { jsonPointer, pathTemplates } from './spec-paths.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an OpenAPI document

export interface Checked {
  status: number;
  body: unknown;
}


/** A checker for one spec: `check(method, pathBelowServerPrefix, answer)` -> problems (empty when valid). */
export function specChecker(name: OpenApiName): (method: string, path: string, answer: Checked) => string[] {
  const doc = loadOpenApi(name) as Json;
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, name);
  const templates = pathTemplates(doc.paths as Json);

  return (method, path, answer) => {
    const found = templates.find((x) => x.matcher.test(path.split('?')[0]!));
    if (!found) return [`no spec path for ${path}`];
    const { template } = found;
    const responses = doc.paths[template]?.[method.toLowerCase()]?.responses as Json | undefined;
    if (!responses) return [`no spec operation ${method} ${template}`];
    const status = String(answer.status);
    const key = status in responses ? status : 'default' in responses ? 'default' : null;
    if (!key) return [`status ${status} not declared for ${method} ${template}`];
    let ref = `${name}#/${jsonPointer('paths', template, method.toLowerCase(), 'responses', key)}`;
    let response = responses[key] as Json;
    if (typeof response.$ref === 'string') {
      ref = `${name}${response.$ref}`;
      response = ajv.getSchema(ref)?.schema as Json;
    }
    if (!response?.content?.['application/json']?.schema) return [];
    const validate = ajv.getSchema(`${ref}/content/application~1json/schema`);
    if (!validate) return [`cannot compile ${ref}`];
    return validate(answer.body) ? [] : (validate.errors ?? []).map((e) => `${method} ${path} ${status}: ${e.instancePath} ${e.message}`);
  };
}
