// POSIX shell words: text a reader pastes into a shell (a curl line, a replay command, a launch script) is
// read back by the shell as exactly the text written, whatever it holds.

/** Single-quoted, always: `'O'\''Hara'`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Characters a shell reads as themselves anywhere in an unquoted word. */
const plainWord = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** As it is when the shell would read it so (ids, numbers, flags stay readable); else single-quoted. */
export function shellWord(text: string): string {
  return plainWord.test(text) ? text : shellQuote(text);
}
