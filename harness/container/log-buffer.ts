// Collects a container's output as whole lines, masked as they arrive, within a bound: the first lines
// (start-up) and the most recent ones are kept, the middle of a very chatty log is counted, not stored.

export interface LogBufferOptions {
  headLines?: number;
  tailLines?: number;
  maxLineChars?: number;
  mask?: (line: string) => string;
}

export class LogBuffer {
  readonly #head: string[] = [];
  #tail: string[] = [];
  #dropped = 0;
  #partial = '';
  readonly #headLines: number;
  readonly #tailLines: number;
  readonly #maxLineChars: number;
  readonly #mask: (line: string) => string;

  constructor(options: LogBufferOptions = {}) {
    this.#headLines = options.headLines ?? 200;
    this.#tailLines = options.tailLines ?? 1_000;
    this.#maxLineChars = options.maxLineChars ?? 2_000;
    this.#mask = options.mask ?? ((line) => line);
  }

  write(chunk: string): void {
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    // A line that never ends is still bounded.
    if (this.#partial.length > this.#maxLineChars) {
      lines.push(this.#partial);
      this.#partial = '';
    }
    for (const line of lines) this.#add(line);
  }

  /** Takes a last line that had no newline. */
  end(): void {
    if (this.#partial !== '') this.#add(this.#partial);
    this.#partial = '';
  }

  text(): string {
    const tail = this.#tail.slice(-this.#tailLines);
    const dropped = this.#dropped + this.#tail.length - tail.length;
    const gap = dropped > 0 ? [`… ${dropped} line(s) left out …`] : [];
    const pending = this.#partial === '' ? [] : [this.#clip(this.#partial)];
    const lines = [...this.#head, ...gap, ...tail, ...pending];
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  }

  #add(raw: string): void {
    const line = this.#clip(raw.replace(/\r$/, ''));
    if (this.#head.length < this.#headLines) {
      this.#head.push(line);
      return;
    }
    this.#tail.push(line);
    // Trimmed in batches rather than on every line: the array is sliced once per tailLines lines.
    if (this.#tail.length > this.#tailLines * 2) {
      this.#dropped += this.#tail.length - this.#tailLines;
      this.#tail = this.#tail.slice(-this.#tailLines);
    }
  }

  #clip(line: string): string {
    const masked = this.#mask(line);
    return masked.length > this.#maxLineChars ? `${masked.slice(0, this.#maxLineChars)}…` : masked;
  }
}
