import { describe, expect, it } from 'vitest';
import { LogBuffer } from './log-buffer.js';

describe('LogBuffer', () => {
  it('joins chunks into whole lines and masks each line whole', () => {
    const buffer = new LogBuffer({ mask: (line) => line.replace('secret-value', '***') });
    buffer.write('first line\nkey=secret-');
    buffer.write('value\nlast');
    buffer.end();
    expect(buffer.text()).toBe('first line\nkey=***\nlast\n');
  });

  it('keeps the first and the latest lines of a long log and says how many it left out', () => {
    const buffer = new LogBuffer({ headLines: 2, tailLines: 3 });
    for (let i = 1; i <= 20; i++) buffer.write(`line ${i}\n`);
    expect(buffer.text().split('\n').filter(Boolean)).toEqual(['line 1', 'line 2', '… 15 line(s) left out …', 'line 18', 'line 19', 'line 20']);
  });

  it('bounds a line that never ends', () => {
    const buffer = new LogBuffer({ maxLineChars: 10 });
    buffer.write('x'.repeat(25));
    expect(buffer.text().length).toBeLessThanOrEqual(12);
  });

  it('is empty before anything is written', () => {
    expect(new LogBuffer().text()).toBe('');
  });
});
