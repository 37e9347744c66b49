// Where `mcs certify` keeps its reports: the folder is taken for the run before anything starts (a folder
// another run is writing into is refused in one line), and at the end the reports are written whole
// (reports/index.ts). A write that fails (a full disk, a refused write) does not cost the verdict: certify still
// prints it, then one line naming the file and the cause, and exits 2; the previous reports stay as they were.
import { lockReportsFolder, OutputInUseError, ReportWriteError, SigningKeyError, writeReports, type IssueOptions, type OutputLock } from '../reports/index.js';
import { readSigningKeyFile } from '../reports/signing-key-file.js';
import type { RunReport } from '../results/model.js';
import { UsageError } from './errors.js';

/** The reports folder, held until `release()`: UsageError when another run holds it. */
export async function holdReportsDir(dir: string): Promise<OutputLock> {
  try {
    return await lockReportsFolder(dir, `--reports-dir ${dir}`);
  } catch (error) {
    if (error instanceof OutputInUseError || error instanceof ReportWriteError) throw new UsageError(error instanceof ReportWriteError ? `--reports-dir ${dir}: ${error.message} (${error.systemCode})` : error.message);
    throw error;
  }
}

export interface ReportsWritten {
  /** What the summary says about the reports. */
  line: string;
  /** Why they were not written, in one line (exit 2). */
  problem?: string;
}

export async function writeRunReports(report: RunReport, dir: string, options: IssueOptions): Promise<ReportsWritten> {
  try {
    return { line: `reports: ${(await writeReports(report, dir, options)).files.join(', ')}` };
  } catch (error) {
    if (!(error instanceof ReportWriteError)) throw error;
    return { line: `reports: not written (below)`, problem: `${error.message} (${error.systemCode}); the previous reports in ${dir} are left as they were` };
  }
}

/** The key of --sign-key; a key open to group or others is refused under --strict, else named in `warn`. */
export async function readSignKey(path: string, strict: boolean, warn: (line: string) => void) {
  try {
    const { key, warning } = await readSigningKeyFile(path, { strict });
    if (warning !== undefined) warn(warning);
    return key;
  } catch (error) {
    if (error instanceof SigningKeyError) throw new UsageError(`--sign-key ${error.message}`);
    throw error;
  }
}
