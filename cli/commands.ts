// The registry of subcommands. Each command is a module under cli/commands/ exporting
// `run(argv): Promise<number>`, loaded lazily so that a small command does not pay for the
// dependencies of a large one. A command whose module does not exist yet says so plainly.
export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}

interface CommandModule {
  run(argv: string[]): Promise<number>;
}

function lazy(file: string, summary: string): Command {
  return {
    summary,
    async run(argv) {
      const url = new URL(`./commands/${file}.ts`, import.meta.url);
      let module: CommandModule;
      try {
        module = (await import(url.href)) as CommandModule;
      } catch (error) {
        if (isMissing(error, url)) {
          process.stderr.write(`mcs ${file}: not implemented\n`);
          return 2;
        }
        throw error;
      }
      return module.run(argv);
    },
  };
}

function isMissing(error: unknown, url: URL): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === 'ERR_MODULE_NOT_FOUND' && typeof e.message === 'string' && e.message.includes(url.pathname.split('/').pop() ?? '');
}

export const commands: Record<string, Command> = {
  certify: lazy('certify', 'run the conformance suites against a target (default: the embedded reference)'),
  serve: lazy('serve', 'start the reference implementation'),
  'verify-signature': lazy('verify-signature', 'verify a webhook signature header over a body read from stdin'),
  load: lazy('load', 'run a load profile, a capacity search, or merge shard results'),
  report: lazy('report', 'render the HTML report again from a JSON report'),
  'verify-certificate': lazy('verify-certificate', "check a certificate's signature and the report it was issued from"),
  coverage: lazy('coverage', 'list every clause with the tests that check it'),
  init: lazy('init', "write a target.yaml from what a sandbox's public API shows to one key"),
  doctor: lazy('doctor', "check a config's fixtures against the sandbox before a run"),
};
