// What `docker run IMAGE` starts, read from the Dockerfile itself so that a test running the image's files
// without Docker starts them as the image would, and follows when the Dockerfile changes. Only the forms
// this project writes are read; any other throws, so a change the test cannot follow fails loudly instead
// of running something else.

export interface ImageEntry {
  /** The final stage's ENV, as the container's process gets it (on top of the base image's). */
  env: Record<string, string>;
  /** ENTRYPOINT then CMD, both exec form, as Docker joins them when `docker run` is given no arguments. */
  command: string[];
}

export function imageEntry(dockerfile: string): ImageEntry {
  let env: Record<string, string> = {};
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  const lines = dockerfile.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const line of lines) {
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    const [, instruction = '', rest = ''] = match;
    switch (instruction.toUpperCase()) {
      case 'FROM': // only the last stage is the image (one built FROM an earlier stage would inherit it: not read here)
        [env, entrypoint, cmd] = [{}, [], []];
        break;
      case 'ENV':
        Object.assign(env, envPairs(rest));
        break;
      case 'ENTRYPOINT':
        entrypoint = execForm(rest, instruction);
        break;
      case 'CMD':
        cmd = execForm(rest, instruction);
        break;
    }
  }
  // Without one the base image's would run, which is not known here. (Its CMD never runs: Docker drops an
  // inherited CMD when ENTRYPOINT is set, and one set earlier in the same stage is the `cmd` kept here.)
  if (entrypoint.length === 0) throw new Error("the Dockerfile gives no ENTRYPOINT: its base image's would run");
  return { env, command: [...entrypoint, ...cmd] };
}

function envPairs(text: string): Record<string, string> {
  const pairs = [...text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)];
  if (pairs.length === 0) throw new Error(`ENV ${text}: only the KEY=value form is read here`);
  return Object.fromEntries(pairs.map(([, key = '', value = '']) => [key, value.startsWith('"') ? (JSON.parse(value) as string) : value]));
}

function execForm(text: string, instruction: string): string[] {
  const parsed: unknown = text.trim().startsWith('[') ? JSON.parse(text) : undefined;
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`${instruction} ${text}: only the exec form (a JSON array of strings) is read here`);
  return parsed;
}
