// The XML text of socket commands (docs/protocol.md), with every value escaped.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export interface XmlBet {
  code: string;
  amount: string;
  /** A free bet's chips (docs/protocol.md "Free bets at a table"). */
  chipCount?: string;
}

/** <name a="1" b="2"/> or <name ...><bet code="" amount=""/>...</name>; undefined attributes are left out. */
export function xmlCommand(
  name: string,
  attrs: Record<string, string | undefined>,
  bets: XmlBet[] = [],
): string {
  const a = Object.entries(attrs)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (bets.length === 0) return `<${name}${a}/>`;
  const inner = bets
    .map(
      (b) =>
        `<bet code="${escapeXml(b.code)}" amount="${escapeXml(b.amount)}"${
          b.chipCount === undefined ? '' : ` chipCount="${escapeXml(b.chipCount)}"`
        }/>`,
    )
    .join('');
  return `<${name}${a}>${inner}</${name}>`;
}

/** A command whose content is text (chat): the text is escaped, never markup. */
export function xmlTextCommand(
  name: string,
  attrs: Record<string, string | undefined>,
  text: string,
): string {
  const a = Object.entries(attrs)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  return `<${name}${a}>${escapeXml(text)}</${name}>`;
}
