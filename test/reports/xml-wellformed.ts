// A small XML well-formedness checker for the tests (no XML parser is a dependency of the project):
// one root element, tags balanced and properly nested, attributes quoted and unique, only the five
// predefined entities and numeric references, no raw `<` or `&` in text or attributes, no characters XML
// forbids. Returns the problems found (empty when well-formed) and the element names in document order.
const nameStart = 'A-Za-z_:';
const name = `[${nameStart}][${nameStart}0-9.\\-]*`;
const reference = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/y;
const forbidden = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export interface XmlCheck {
  problems: string[];
  elements: string[];
}

function checkText(text: string, where: string, problems: string[]): void {
  if (forbidden.test(text)) problems.push(`${where}: character not allowed in XML`);
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    reference.lastIndex = i;
    if (!reference.test(text)) problems.push(`${where}: bad entity reference at ${text.slice(i, i + 12)}`);
  }
  if (text.includes('<')) problems.push(`${where}: raw '<'`);
}

export function checkXml(xml: string): XmlCheck {
  const problems: string[] = [];
  const elements: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  const decl = /^<\?xml[^?]*\?>/.exec(xml);
  if (decl) i = decl[0].length;
  const tag = new RegExp(`<(/?)(${name})((?:\\s+${name}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`, 'y');
  const attr = new RegExp(`(${name})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (stack.length === 0 && text.trim() !== '') problems.push(`text outside the root element: ${text.trim().slice(0, 20)}`);
    checkText(text, `text at ${i}`, problems);
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) return { problems: [...problems, 'unterminated comment'], elements };
      i = end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      if (end < 0 || stack.length === 0) return { problems: [...problems, 'bad CDATA section'], elements };
      i = end + 3;
      continue;
    }
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) return { problems: [...problems, `malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`], elements };
    const [whole, closing, tagName = '', attributes = '', selfClosing] = m;
    if (closing) {
      if (attributes.trim() !== '' || selfClosing) problems.push(`malformed end tag </${tagName}>`);
      const open = stack.pop();
      if (open !== tagName) problems.push(`</${tagName}> closes <${open ?? 'nothing'}>`);
    } else {
      if (stack.length === 0 && ++roots > 1) problems.push(`second root element <${tagName}>`);
      elements.push(tagName);
      const seen = new Set<string>();
      for (const a of attributes.matchAll(attr)) {
        const attrName = a[1] ?? '';
        if (seen.has(attrName)) problems.push(`<${tagName}> repeats attribute ${attrName}`);
        seen.add(attrName);
        checkText(a[2] ?? a[3] ?? '', `<${tagName} ${attrName}>`, problems);
      }
      if (!selfClosing) stack.push(tagName);
    }
    i = lt + whole.length;
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots === 0) problems.push('no root element');
  return { problems, elements };
}
