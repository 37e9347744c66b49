// Tests and their set-ups that change process.env put it back as they found it: a name that was unset is unset again.

/** Remembers the named variables now; the function returned puts them back. */
export function savedEnv(names: readonly string[]): () => void {
  const saved = names.map((name) => [name, process.env[name]] as const);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
