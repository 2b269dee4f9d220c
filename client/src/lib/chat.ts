// The chat's word check, as the server makes it (gateway/chat.cpp): a word of the casino's
// swear-word list (lower case), as a whole word, in any case. A letter of another script
// counts as part of a word, like the server's any byte over 0x7F.
const WORD = /[\p{L}\p{N}]/u;

export function hasSwearword(text: string, words: readonly string[]): boolean {
  const t = text.toLowerCase();
  for (const w of words) {
    if (!w) continue;
    for (let at = t.indexOf(w); at >= 0; at = t.indexOf(w, at + 1)) {
      const before = at === 0 ? '' : t[at - 1]!;
      const after = t[at + w.length] ?? '';
      const boundary = (c: string) => c === '' || (!WORD.test(c) && c.charCodeAt(0) < 0x80);
      if (boundary(before) && boundary(after)) return true;
    }
  }
  return false;
}
