// A tiny target image for the module's own tests: the imported Node.js base and a one-line HTTP server
// under /svc that prints a secret from its environment (which the logs must mask). It listens on
// $HOST:$PORT, by default 0.0.0.0:8080; on the host's network the tests give it a free loopback port.
import { docker } from './support.js';
import { timeLimit } from '../support/pace.js';

export const TINY_IMAGE = 'mcs-container-test:local';
export const SECRET_ENV = 'MCS_TEST_TOKEN';

const server = `
const http = require('node:http');
console.log('token from env: ' + process.env.${SECRET_ENV});
console.log('Authorization: Bearer ' + process.env.${SECRET_ENV});
http.createServer((req, res) => {
  res.statusCode = req.url === '/svc/ready' ? 200 : req.url === '/svc/never' ? 503 : 404;
  res.end(req.url);
}).listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '0.0.0.0', () => console.log('tiny target listening'));
process.on('SIGTERM', () => { console.log('tiny target stopping'); process.exit(0); });
`;

const LABEL = 'org.mcs-conformance.image=container-test';

export async function buildTinyImage(baseImage: string): Promise<void> {
  const dockerfile = `FROM ${baseImage}\nLABEL ${LABEL}\nCMD ${JSON.stringify(['node', '-e', server])}\n`;
  await docker(['build', '--quiet', '-t', TINY_IMAGE, '-'], timeLimit({ quietMs: 60_000 }), dockerfile);
  // A changed server leaves the previous image untagged, a full copy on disk with the vfs driver.
  await docker(['image', 'prune', '--force', '--filter', `label=${LABEL}`]);
}
